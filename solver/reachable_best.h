// The best value of a maximize/minimize query over every reachable state, by the explicit
// engine (internal to solver/).
//
// Where the explicit engine can list every reachable state (a rulebook's default preset), the
// largest (smallest) value the query's expression has in any of them bounds the answer at
// every depth: once the unrolling has reached it, no deeper state can do better, and the
// optimiser stops there, as it does at the expression's static bound (optimize.h). Z3 still
// finds the play that reaches it, at the fewest moves.
#ifndef RULECHECK_SOLVER_REACHABLE_BEST_H_
#define RULECHECK_SOLVER_REACHABLE_BEST_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "ir/ir.h"
#include "model/model.h"

namespace rulecheck::solver::internal {

struct ReachableBestValue {
  int64_t value = 0;  // the largest value for maximize, the smallest for minimize
  size_t states = 0;  // how many reachable states there are
};

// The best value of `query`'s expression over every state reachable from an initial state,
// by breadth-first search; states where the expression is a model error do not count. nullopt
// when there are more than `max_states` reachable states, when `stop` says so (asked between
// states), or when no reachable state gives a value. REQUIRES: `query` is maximize/minimize.
std::optional<ReachableBestValue> ReachableBest(const model::Model& model, const ir::Query& query,
                                                size_t max_states,
                                                const std::function<bool()>& stop);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_REACHABLE_BEST_H_
