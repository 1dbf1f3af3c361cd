// The path the BMC, optimisation and induction drivers unroll (internal to solver/).
//
// An Unrolling asserts the path S_0 -> S_1 -> ... -> S_k through `add` (into an
// IncrementalSolver or a z3::optimize): S_0 an initial state, each later state a fresh constant
// equal to the successor terms of its parent, each step a real move. Drivers ask their question
// about the last state, then extend the path by one move; the terms of the shorter path are
// reused.
#ifndef RULECHECK_SOLVER_UNROLLING_H_
#define RULECHECK_SOLVER_UNROLLING_H_

#include <z3++.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {

// Not thread-safe; `enc` must outlive it.
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
  // S_0, S_1, ... are the states of `play` (as far as both go).
  z3::expr Is(const std::vector<std::vector<uint32_t>>& play);

 private:
  StepEncoder& enc_;
  AddFn add_;
  bool from_initial_;
  std::vector<SymState> states_;
  std::unique_ptr<StepTerms> next_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_UNROLLING_H_
