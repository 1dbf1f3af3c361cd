// The driver behind `maximize|minimize` queries (internal to solver/): the best value within a
// bound, for solver.cc to collect. Catches z3::exception.
#ifndef RULECHECK_SOLVER_OPTIMIZE_H_
#define RULECHECK_SOLVER_OPTIMIZE_H_

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"
#include "solver/bmc_context.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

// `maximize|minimize EXPR within N`.
absl::StatusOr<results::Answer> Optimize(const model::Model& model, const BmcContext& bc,
                                         const ir::Query& query, int within, OptimizeMethod method);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_OPTIMIZE_H_
