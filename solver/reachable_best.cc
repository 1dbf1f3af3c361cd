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
    std::vector<ListedValue>& records = records_[q];
    const bool better = records.empty() ||
                        (query.kind == ir::QueryKind::kMaximize ? v.value > records.back().value
                                                                : v.value < records.back().value);
    if (better) records.push_back({depth, v.value});
  }
}

std::optional<ListedValue> BestWithin(const std::vector<ListedValue>& records, int within) {
  std::optional<ListedValue> best;
  for (const ListedValue& r : records) {
    if (r.depth > within) break;
    best = r;
  }
  return best;
}

}  // namespace rulecheck::solver::internal
