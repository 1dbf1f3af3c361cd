// The driver behind Prove (internal to solver/): k-induction for one invariant, for solver.cc
// to collect. Catches z3::exception.
#ifndef RULECHECK_SOLVER_INDUCTION_H_
#define RULECHECK_SOLVER_INDUCTION_H_

#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"
#include "solver/bmc_context.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

struct InductionResult {
  // Implicit: most of the driver's answers are not "not inductive".
  InductionResult(results::Answer a, bool not_inductive_ = false)  // NOLINT
      : answer(std::move(a)), not_inductive(not_inductive_) {}
  results::Answer answer;
  // Unknown because the step case had a counterexample at every k (not a stop): more lemmas
  // may prove it.
  bool not_inductive = false;
};

// k-induction for one invariant, k = 1..max_k. `lemmas`: invariants proved already, so true
// in every reachable state; the induction's states are restricted to those where they hold,
// which can only remove counterexamples (and keeps the proof sound: the states of a real
// play satisfy them).
absl::StatusOr<InductionResult> Induction(const model::Model& model, const BmcContext& bc,
                                          const ir::Property& invariant, int max_k,
                                          const std::vector<const ir::Property*>& lemmas);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_INDUCTION_H_
