// Pieces shared by the BMC, optimisation and induction drivers (internal to solver/).
//
// An Unrolling asserts the path S_0 -> S_1 -> ... -> S_k through `add` (into a Checker or a
// z3::optimize): S_0 an initial state, each later state a fresh constant equal to the successor
// terms of its parent, each step a real move. Drivers ask their question about the last state,
// then extend the path by one move; the terms of the shorter path are reused. ReplayTrace turns the
// concrete states of a Z3 model into a trace of the explicit engine, or fails loudly when they are
// not a real play.
#ifndef RULECHECK_SOLVER_UNROLLING_H_
#define RULECHECK_SOLVER_UNROLLING_H_

#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/finding.h"
#include "results/trace.h"
#include "solver/solver.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {

class Unrolling {
 public:
  using AddFn = std::function<void(const z3::expr&)>;
  // `from_initial`: S_0 is an initial state; otherwise any well-formed state (induction).
  Unrolling(StepEncoder& enc, AddFn add, bool from_initial);

  // Asserts S_0. Returns the translation status.
  absl::Status Start();
  // The step from the last state (encoded on first use, not yet asserted).
  const StepTerms& NextStep();
  // Asserts NextStep() as a real move and adds its successor as the new last state.
  absl::Status Extend();

  int depth() const { return static_cast<int>(states_.size()) - 1; }
  const SymState& state(int i) const { return states_[i]; }
  const SymState& last() const { return states_.back(); }
  // The concrete states S_0..S_upto in `m`.
  std::vector<std::vector<uint32_t>> Concrete(const z3::model& m, int upto);

 private:
  StepEncoder& enc_;
  AddFn add_;
  bool from_initial_;
  std::vector<SymState> states_;
  std::unique_ptr<StepTerms> next_;
};

// The explicit engine's trace through `states` (S_0 first): each move is the first successor
// (in the generator's order) leading to the next state. `from_initial`: S_0 must be an
// initial state. `fail_at_end`: the last step is a failing move tried in the last state (or,
// with no states, a failing init), and when `failure` is not null it is set to that failure.
// InternalError when no such move exists.
absl::StatusOr<results::Trace> ReplayTrace(const model::Model& model,
                                           const std::vector<std::vector<uint32_t>>& states,
                                           bool from_initial, bool fail_at_end,
                                           ir::StepFailure* failure = nullptr);

// The Finding of a violation a bounded check or an induction found, as the explicit engine
// reports it: `finding` (results/violations.h) placed in its file, with the answer's `trace`,
// whose failed last step (when `failure` is given) has the explicit engine's wording.
results::Finding ViolationFinding(const model::Model& model, results::Finding finding,
                                  results::Trace trace, const ir::StepFailure* failure = nullptr);

// The integer value of `s` in `m` (a bool as 0/1).
int64_t ValueIn(const z3::model& m, const Scalar& s);

// Wall-clock deadlines and Z3's per-check timeout.
class Deadline {
 public:
  explicit Deadline(double seconds);
  bool expired() const;
  // Milliseconds left for one check (at least 1); 0 when there is no deadline.
  unsigned CheckMillis() const;
  double Elapsed() const;
  // The time allowed (0: none).
  double seconds() const { return seconds_; }

 private:
  std::chrono::steady_clock::time_point start_;
  double seconds_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_UNROLLING_H_
