// A move as plain data: which rule made it (an action instance, a trigger resolving, or
// `init`), with its arguments, the player, and every choice made while its body ran; and a
// move that failed. The successor generator (model/successors.h) produces them, the explorer
// stores only their index among a state's successors, and findings, traces and reports carry
// and narrate them.
#ifndef RULECHECK_IR_MOVE_H_
#define RULECHECK_IR_MOVE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/source.h"
#include "ir/types.h"

namespace rulecheck::ir {

// One choice made while a move ran: a choose or roll candidate, or whether a may was taken.
struct Choice {
  enum class Kind { kChoose, kRoll, kMay };
  Kind kind = Kind::kChoose;
  std::string name;            // the bound variable; empty for may
  const Type* type = nullptr;  // the bound variable's type; bool for may
  int64_t value = 0;
  // A composite value (a sub-bag chosen or drawn, `choose`/`roll h in sub(b, n)`): its bits from
  // bit 0, and `value` is unused; empty for a scalar.
  std::vector<uint32_t> words;
  // The candidate's position among those of its choose or roll (0 for the first): tells
  // apart two equal elements of a seq, each a path of its own.
  uint32_t position = 0;
  Location loc;
  // A roll's chance (docs/language.md#chance): this outcome has probability weight / total,
  // where `total` sums the weights of every outcome of the roll (1 each, a bag member's
  // copies, or for a sub-bag the ways to draw it). 1 and 1 for a choose and a may. The search
  // ignores them; `simulate` draws by them and `odds` weighs by them.
  uint64_t weight = 1;
  uint64_t total = 1;
};

struct Move {
  enum class Kind { kInit, kAction, kTrigger };
  Kind kind = Kind::kInit;
  int index = -1;                     // the action or trigger
  std::vector<int64_t> args;          // action parameters / trigger binders, logical values
  const Type* player_type = nullptr;  // the `by` expression's type; null without `by`
  int64_t player = 0;
  std::vector<Choice> choices;
  // With SuccessorGenerator::set_record_trail(true): the ids of the statements and `if`
  // branches the move passed, in order (see TrailPoint); else empty.
  std::vector<uint32_t> trail;
};

// A pattern over moves, as `moved(attack(P1, _))` and a policy's `prefer attack(P1, _)` write
// it: an action or trigger, and the arguments it fixes (nullopt: `_`, any value; an empty
// list: any instance).
struct MovePattern {
  bool trigger = false;
  int rule = 0;  // index into Program::actions or Program::triggers
  std::vector<std::optional<int64_t>> args;
  bool operator==(const MovePattern&) const = default;
};

// Whether `move` is an instance of `pattern`'s rule with the arguments it fixes.
inline bool Matches(const MovePattern& pattern, const Move& move) {
  const Move::Kind kind = pattern.trigger ? Move::Kind::kTrigger : Move::Kind::kAction;
  if (move.kind != kind || move.index != pattern.rule) return false;
  for (size_t i = 0; i < pattern.args.size() && i < move.args.size(); ++i) {
    if (pattern.args[i].has_value() && *pattern.args[i] != move.args[i]) return false;
  }
  return true;
}

struct StepFailure {
  enum class Kind { kAssert, kModelError, kPendingOverflow };
  Kind kind = Kind::kModelError;
  Location loc;  // the assert, or the expression or statement that failed
  std::string message;
  Move move;  // the move that failed (kInit for an initial state)
  // The failure is one of the engine's limits (a move's step budget, chance weights past 2^64),
  // not an error of the rules: a question that leaves failed moves out (odds) cannot leave
  // this one out.
  bool limit = false;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_MOVE_H_
