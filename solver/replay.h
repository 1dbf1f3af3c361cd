// Trace replay (internal to solver/): the concrete states of a Z3 model, turned into a trace of
// the explicit engine. Every witness the drivers return goes through it, so that a
// mistranslation shows up as an InternalError instead of a wrong answer.
#ifndef RULECHECK_SOLVER_REPLAY_H_
#define RULECHECK_SOLVER_REPLAY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/finding.h"
#include "results/trace.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

// The explicit engine's trace through `states` (S_0 first): each move is the first successor
// (in the generator's order) leading to the next state. `from_initial`: S_0 must be an
// initial state. `fail_at_end`: the last step is a failing move tried in the last state (or,
// with no states, a failing init), and when `failure` is not null it is set to that failure.
// InternalError when no such move exists. Thread-compatible.
absl::StatusOr<results::Trace> ReplayTrace(const model::Model& model,
                                           const std::vector<std::vector<uint32_t>>& states,
                                           bool from_initial, bool fail_at_end,
                                           ir::StepFailure* failure = nullptr);

// The Finding of a violation a bounded check or an induction found, as the explicit engine
// reports it: `finding` (results/violations.h) placed in its file, with the answer's `trace`,
// whose failed last step (when `failure` is given) has the explicit engine's wording.
results::Finding ViolationFinding(const model::Model& model, results::Finding finding,
                                  results::Trace trace, const ir::StepFailure* failure = nullptr);

// "invariant inv is violated after 2 moves", for a violation whose `trace` ends in the
// violating state; where evaluating the invariant there hit a model error (which counts as a
// violation), the sentence names it, as `check` does: "; evaluating it hit a model error:
// integer overflow in ... (FILE:LINE:COL)".
std::string InvariantViolationSentence(const model::Model& model, const ir::Property& invariant,
                                       const results::Trace& trace, int depth);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_REPLAY_H_
