// Which cards a move names (internal to properties/): every member of every `cards` enum
// gets a number, and a move names a card when it is one of the move's arguments or choices
// (or, for a bag chosen by `choose h in sub(b, n)`, a member the bag holds), or when a
// statement the move ran moves, adds, removes, pushes or assigns it by name (`move Crown from
// deck to hand`) or through a variable (`for d in hand { move d from hand to pile }`: the
// trail's card ids, ir::Stmt::card_trail); read off Move::trail, so only where the generator
// records it; not in the set-up, whose statements put every card somewhere. The coverage
// check counts this to find cards no move takes; `simulate` counts how often each acted.
#ifndef RULECHECK_PROPERTIES_MOVE_CARDS_H_
#define RULECHECK_PROPERTIES_MOVE_CARDS_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "ir/bits.h"
#include "ir/ir.h"
#include "ir/move.h"

namespace rulecheck::properties {

// The cards of one program. Thread-safe once built; `program` must outlive it.
class CardIndex {
 public:
  explicit CardIndex(const ir::Program& program);

  // Cards of all `cards` enums, numbered in declaration order.
  size_t size() const { return defs_.size(); }
  const ir::EnumDef& def(size_t card) const { return *defs_[card].first; }
  size_t member(size_t card) const { return defs_[card].second; }

  // Whether some statement names a card it acts on: then the moves' trails are needed.
  bool named_by_statements() const { return !by_point_.empty() || by_variable_; }

  // Calls f(card) for each card `move` names, once per mention, arguments first.
  template <typename F>
  void ForEachNamed(const ir::Move& move, F&& f) const {
    const std::vector<ir::Param>* params = nullptr;
    if (move.kind == ir::Move::Kind::kAction) params = &program_.actions[move.index].params;
    if (move.kind == ir::Move::Kind::kTrigger) {
      params = &program_.events[program_.triggers[move.index].event].params;
    }
    // The cards named by arguments and choices: a statement that acts on one of them through
    // a variable (a parameter) does not name it again.
    absl::InlinedVector<size_t, 8> chosen;
    auto note = [&](size_t card) {
      chosen.push_back(card);
      f(card);
    };
    if (params != nullptr) {
      for (size_t i = 0; i < params->size() && i < move.args.size(); ++i) {
        Named((*params)[i].type, move.args[i], note);
      }
    }
    for (const ir::Choice& choice : move.choices) {
      if (choice.words.empty()) {
        Named(choice.type, choice.value, note);
        continue;
      }
      // A bag chosen by `sub(b, n)`: each member it holds is named by the move.
      const ir::Type* bag = choice.type;
      for (int64_t o = 0; o < bag->elem->Cardinality(); ++o) {
        const uint64_t count = ir::bits::Read(
            choice.words.data(), static_cast<uint64_t>(o) * bag->CountWidth(), bag->CountWidth());
        if (count > 0) Named(bag->elem, bag->elem->ValueAt(o), note);
      }
    }
    // Set-up's statements fill the piles with every card by name: that is not acting with one.
    if (move.kind == ir::Move::Kind::kInit) return;
    const size_t points = program_.trail_points.size();
    for (uint32_t id : move.trail) {
      if (id >= points) {
        const size_t card = id - points;
        if (std::find(chosen.begin(), chosen.end(), card) == chosen.end()) f(card);
        continue;
      }
      if (id >= by_point_.size()) continue;
      for (uint32_t card : by_point_[id]) f(static_cast<size_t>(card));
    }
  }

 private:
  // The number of the first member of `def`; size() when it is not a cards enum.
  size_t Base(const ir::EnumDef* def) const;
  template <typename F>
  void Named(const ir::Type* type, int64_t value, F& f) const {
    if (type != nullptr && type->kind == ir::TypeKind::kOption) {  // `choose c in Card?`
      if (value == ir::kNoneValue) return;
      type = type->elem;
    }
    if (type == nullptr || type->kind != ir::TypeKind::kEnum || !type->enum_def->is_cards) return;
    const size_t base = Base(type->enum_def);
    if (base < size() && value >= 0 &&
        static_cast<size_t>(value) < type->enum_def->members.size()) {
      f(base + static_cast<size_t>(value));
    }
  }

  const ir::Program& program_;
  // By trail id: the cards the statement acts on by name (empty when none does anywhere).
  std::vector<std::vector<uint32_t>> by_point_;
  bool by_variable_ = false;  // some statement acts on a card through a variable
  std::vector<std::pair<const ir::EnumDef*, size_t>> defs_;   // per card: its enum and member
  std::vector<std::pair<const ir::EnumDef*, size_t>> bases_;  // per cards enum: first card
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_MOVE_CARDS_H_
