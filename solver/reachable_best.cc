// ReachableBest (see reachable_best.h).
#include "solver/reachable_best.h"

#include <algorithm>

namespace rulecheck::solver::internal {

void ReachableBest::Add(model::SuccessorGenerator& gen, const uint32_t* state, int depth) {
  ++states_;
  for (size_t q = 0; q < program_.queries.size(); ++q) {
    const ir::Query& query = program_.queries[q];
    if (query.kind == ir::QueryKind::kReachable) {
      if (first_at_[q] && *first_at_[q] <= depth) continue;
      const model::PropertyValue v = gen.Evaluate(query, state);
      if (v.ok && v.value != 0) first_at_[q] = depth;
      continue;
    }
    const model::PropertyValue v = gen.Evaluate(query, state);
    if (!v.ok) continue;
    std::optional<int64_t>& best = best_[q];
    if (!best) {
      best = v.value;
    } else {
      best = query.kind == ir::QueryKind::kMaximize ? std::max(*best, v.value)
                                                    : std::min(*best, v.value);
    }
  }
}

}  // namespace rulecheck::solver::internal
