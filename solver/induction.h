// The driver behind Prove (internal to solver/): k-induction for one invariant, for solver.cc
// to collect. Catches z3::exception.
#ifndef RULECHECK_SOLVER_INDUCTION_H_
#define RULECHECK_SOLVER_INDUCTION_H_

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"
#include "solver/bmc_context.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

// k-induction for one invariant, k = 1..max_k.
absl::StatusOr<results::Answer> Induction(const model::Model& model, const BmcContext& bc,
                                          const ir::Property& invariant, int max_k);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_INDUCTION_H_
