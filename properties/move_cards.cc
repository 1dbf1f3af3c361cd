// The numbering of a program's cards (see move_cards.h).
#include "properties/move_cards.h"

namespace rulecheck::properties {
namespace {

// The card constants `e` is made of when it is written out as cards: a card, `some` of one, or
// a set or bag literal of them. Any other expression (a variable, a choice, a condition that
// compares with a card) names no card by itself.
template <typename F>
void LiteralCards(const ir::Expr& e, F& f) {
  switch (e.op) {
    case ir::ExprOp::kConst:
      f(e.type, e.value);
      break;
    case ir::ExprOp::kSome:
    case ir::ExprOp::kSetLiteral:
    case ir::ExprOp::kBagLiteral:
      for (const ir::ExprPtr& arg : e.args) LiteralCards(*arg, f);
      break;
    default:
      break;
  }
}

}  // namespace

CardIndex::CardIndex(const ir::Program& program) : program_(program) {
  for (const auto& [def, base] : ir::CardBases(program)) {
    bases_.emplace_back(def, static_cast<size_t>(base));
    for (size_t m = 0; m < def->members.size(); ++m) defs_.emplace_back(def, m);
  }
  std::vector<std::vector<uint32_t>> by_point(program.trail_points.size());
  bool any = false;
  for (size_t id = 0; id < program.trail_points.size(); ++id) {
    const ir::TrailPoint& point = program.trail_points[id];
    if (point.branch < 0 && point.stmt != nullptr && point.stmt->card_trail >= 0) {
      by_variable_ = true;
    }
    if (point.branch >= 0 || point.stmt == nullptr || !ir::ActsOnValue(point.stmt->op) ||
        point.stmt->value == nullptr) {
      continue;
    }
    auto note = [&](size_t card) {
      by_point[id].push_back(static_cast<uint32_t>(card));
      any = true;
    };
    auto add = [&](const ir::Type* type, int64_t value) { Named(type, value, note); };
    LiteralCards(*point.stmt->value, add);
  }
  if (any) by_point_ = std::move(by_point);
}

size_t CardIndex::Base(const ir::EnumDef* def) const {
  for (const auto& [d, base] : bases_) {
    if (d == def) return base;
  }
  return size();
}

}  // namespace rulecheck::properties
