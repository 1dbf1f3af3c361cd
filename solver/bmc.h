// The drivers behind solver.h (internal to solver/): bounded reachability and bounded checks
// (bmc.cc), maximize/minimize (optimize.cc) and k-induction (induction.cc). Each takes a
// checked model and returns results for solver.cc to collect; each catches z3::exception.
#ifndef RULECHECK_SOLVER_BMC_H_
#define RULECHECK_SOLVER_BMC_H_

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "solver/fixed_bits.h"
#include "solver/solver.h"

namespace rulecheck::solver::internal {

struct BmcContext {
  double timeout_seconds = 0;
  const std::atomic<bool>* cancel = nullptr;  // set (Ctrl-C): stop as after a time-out
  std::function<void(const std::string&)> progress;
  // The run's fixed bits, found by its first query and shared by the others (fixed_bits.h).
  std::optional<StateFacts>* facts = nullptr;
};

// `reachable EXPR within N`: the shortest witness, or unsat up to `within`.
absl::StatusOr<results::Answer> Reachable(const model::Model& model, const BmcContext& bc,
                                          const ir::Query& query, int within);

// Every invariant, failing moves, and (when `deadlocks`) deadlocks, up to `depth` moves.
absl::StatusOr<std::vector<results::Answer>> CheckBounded(const model::Model& model,
                                                          const BmcContext& bc, int depth,
                                                          bool deadlocks);

// `maximize|minimize EXPR within N`.
absl::StatusOr<results::Answer> Optimize(const model::Model& model, const BmcContext& bc,
                                         const ir::Query& query, int within, OptimizeMethod method);

// k-induction for one invariant.
absl::StatusOr<results::Answer> Induction(const model::Model& model, const BmcContext& bc,
                                          const ir::Property& invariant, int max_k);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_BMC_H_
