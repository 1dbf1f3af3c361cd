// Which rules can fire at each depth of a play, from the model's control variables (internal to
// solver/).
//
// Many rules can fire only in some phases of a turn (`when phase == Feeding and ...`), and a
// play starts in one phase: the first moves of an unrolling cannot use most of the rules. A
// control variable is a state variable of a small finite type (bool, enum, range) that every
// statement of the rules writes with a constant, and whose initial value is a constant: then
// the values it can have after d moves follow from the rules alone, without Z3. SliceByControl
// computes, for each depth d, a set of control tuples (one value per control variable) that
// contains the tuple of every state reachable in exactly d moves: the initial run from the
// initial values, then each move from each tuple by every rule whose guard is not false there,
// following the constant writes through the rule's `if`s, loops and `may`s (a condition that
// does not fold keeps every tuple on both sides). A rule is left out of depth d's step when its
// guard folds to false, with no way to fail before that, under every tuple of depth d: then no
// state of depth d can take it or fail in it.
//
// Each tuple also says which events' triggers the pending list may hold: actions run only on
// an empty list, an `emit` may add its event's triggers, and a trigger runs only where its
// event may be pending (and may leave more behind). A trigger is left out of depth d's step
// when no tuple of depth d may have its event pending; its guard is evaluated when its event
// is emitted, not when it runs, so nothing else leaves it out.
//
// The sets over-approximate (a condition the folder cannot decide lets every tuple through),
// never under-approximate: leaving a rule out is sound.
#ifndef RULECHECK_SOLVER_CONTROL_SLICE_H_
#define RULECHECK_SOLVER_CONTROL_SLICE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace rulecheck::solver::internal {

// Plain data. Rules are numbered actions first (in program order), then triggers.
struct ControlSlice {
  std::vector<int> control_vars;  // state variable indices
  // enabled[d][r] for the depths computed: the sets repeat with period `period` from depth
  // `loop_start` on (enabled.size() == loop_start + period), or, when `period` is 0, every
  // rule may fire past the last depth computed.
  std::vector<std::vector<bool>> enabled;
  int loop_start = 0;
  int period = 0;
  int num_rules = 0;

  // Whether rule `rule` may fire from a state reachable in exactly `depth` moves.
  bool Enabled(int depth, int rule) const;
  // Whether some rule is left out at some depth (otherwise slicing changes nothing).
  bool SlicesAnything() const;
  // Whether rule `rule` is left out at some depth.
  bool EverDisabled(int rule) const;
  // "control: phase, atk; rules per depth: 5 7 23 23 (from depth 3, period 1)".
  std::string Describe(const ir::Program& program) const;
};

// The rules of a step, numbered as the slices number them: the actions in program order,
// then the triggers.
inline int NumRules(const ir::Program& program) {
  return static_cast<int>(program.actions.size() + program.triggers.size());
}
inline int TriggerRule(const ir::Program& program, size_t trigger) {
  return static_cast<int>(program.actions.size() + trigger);
}
// The rule a move is of. REQUIRES: an action's or a trigger's move (not init's).
inline int RuleOfMove(const ir::Program& program, const ir::Move& move) {
  return move.kind == ir::Move::Kind::kTrigger ? TriggerRule(program, move.index) : move.index;
}

// The slice of `program`. Never fails: without control variables, or when the tuples grow
// past a cap, every rule is enabled at every depth. Thread-safe (reads `program` only).
ControlSlice SliceByControl(const ir::Program& program);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_CONTROL_SLICE_H_
