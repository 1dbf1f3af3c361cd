// The findings both engines report, made in one place so that they read the same whichever
// engine found them: an invariant violated, a move that failed (an assert, a model error, a
// pending-list overflow) and a deadlock. The explicit checks (properties/builtin_checks.h)
// and the symbolic engine's bounded checks (solver/) build their findings with these and add
// the trace and the file (Locate, finding.h).
//
//   results::Finding finding = results::FailedMove(model.program, failure);
//   results::Locate(finding, model.Resolve(finding.location));
#ifndef RULECHECK_RESULTS_VIOLATIONS_H_
#define RULECHECK_RESULTS_VIOLATIONS_H_

#include <string>

#include "ir/ir.h"
#include "ir/move.h"
#include "results/finding.h"

namespace rulecheck::results {

// "action place", "trigger dog" or "init": the rule a move ran. Thread-safe.
std::string RuleName(const ir::Program& program, const ir::Move& move);

// Each returns a Finding with kind, severity (error), name, message and program-wide
// location set, and no trace or file. Thread-safe.

// "invariant NAME is violated", at the invariant.
Finding InvariantViolation(const ir::Property& invariant);
// "assert failed in action play: MESSAGE", "model error in trigger dog: MESSAGE", or
// "unbounded reaction chain in ...: MESSAGE" (kind kReactionChain, chain "overflow"), named
// after the rule that failed and placed where it failed.
Finding FailedMove(const ir::Program& program, const ir::StepFailure& failure);
// "deadlock: a state that is not terminal has no moves", named "deadlock", with no place.
Finding Deadlock();
// "model error while evaluating invariant NAME: MESSAGE" (`what`: "invariant" or
// "reachable"), named after the property and placed where the evaluation failed.
Finding PropertyEvaluationError(const std::string& what, const ir::Property& property,
                                const ir::StepFailure& failure);
// "model error while evaluating `terminal when`: MESSAGE", named "terminal".
Finding TerminalEvaluationError(const ir::StepFailure& failure);
// The game has no initial state (every run of `init` stops short), named "init", at `init`
// (the first init block; invalid where the file has none).
Finding NoInitialState(const ir::Location& init);

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_VIOLATIONS_H_
