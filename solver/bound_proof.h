// The driver behind `solve --prove-optimal` (internal to solver/): whether the best value a
// maximize/minimize query found within its bound is the best at every depth.
//
// With B the bounded answer, the property P is `EXPR <= B` (maximize) or `EXPR >= B`
// (minimize) in every reachable state (states where EXPR is a model error do not count, as
// in the bounded search). P is proved by k-induction, strengthened with invariants found by
// Houdini: candidate clauses over the state's fields that a sample of reachable states
// satisfies (invariant_candidates.h, state_sample.h) are checked for holding initially and
// for being kept by every move from a state that has them all and P; the candidates that
// fail are dropped until none does. The survivors C hold in every reachable state where P
// holds up to the current one, so the induction's step case may assume P and C on its first
// k states. Counterexamples to induction that no sampled state resembles are blocked with new
// candidates (bound_proof.cc). The base case, P in every state within k - 1 moves, is the
// bounded answer itself up to the bound + 1, and checked beyond. Catches z3::exception.
#ifndef RULECHECK_SOLVER_BOUND_PROOF_H_
#define RULECHECK_SOLVER_BOUND_PROOF_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"
#include "solver/bmc_context.h"
#include "solver/state_sample.h"

namespace rulecheck::solver::internal {

struct BoundProofLimits {
  int max_k = 4;                  // tries k = 1..max_k
  size_t max_candidates = 20000;  // candidate invariants kept from the sample
  size_t max_learnt = 500;        // clauses learnt from counterexamples to induction
  SampleLimits sample;
};

// Proves that no reachable state does better than `bound`, which the bounded search found to
// be the best within `searched` moves (every state within them checked). The time-out and
// cancel flag of `bc` bound the whole proof; a time-out gives proved == false with the reason.
absl::StatusOr<results::BoundProof> ProveBound(const model::Model& model, const BmcContext& bc,
                                               const ir::Query& query, int64_t bound, int searched,
                                               const BoundProofLimits& limits);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_BOUND_PROOF_H_
