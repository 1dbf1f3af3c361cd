// Bounded model checking, the driver behind `reachable` queries and Solve's bounded checks
// (internal to solver/). Each function takes a checked model, returns results for solver.cc to
// collect and catches z3::exception.
#ifndef RULECHECK_SOLVER_BMC_H_
#define RULECHECK_SOLVER_BMC_H_

#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"
#include "solver/bmc_context.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

// `reachable EXPR within N`: the shortest witness, or unsat up to `within`.
absl::StatusOr<results::Answer> Reachable(const model::Model& model, const BmcContext& bc,
                                          const ir::Query& query, int within);

// Every invariant, failing moves, and (when `deadlocks`) deadlocks, up to `depth` moves.
absl::StatusOr<std::vector<results::Answer>> CheckBounded(const model::Model& model,
                                                          const BmcContext& bc, int depth,
                                                          bool deadlocks);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_BMC_H_
