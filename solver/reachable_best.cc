// ReachableBest (see reachable_best.h).
#include "solver/reachable_best.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "model/successors.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {

std::optional<ReachableBestValue> ReachableBest(const model::Model& model, const ir::Query& query,
                                                size_t max_states,
                                                const std::function<bool()>& stop) {
  const bool maximize = query.kind == ir::QueryKind::kMaximize;
  const size_t words = model.layout.words();
  model::SuccessorGenerator gen(model);
  SuccessorCollector initial(words);
  gen.Initial(initial);
  absl::flat_hash_set<std::vector<uint32_t>> seen;
  std::vector<std::vector<uint32_t>> level;
  for (std::vector<uint32_t>& s : initial.states) {
    if (seen.insert(s).second) level.push_back(std::move(s));
  }
  std::optional<int64_t> best;
  while (!level.empty()) {
    if (seen.size() > max_states) return std::nullopt;
    SuccessorCollector next(words);
    for (const std::vector<uint32_t>& s : level) {
      if (stop()) return std::nullopt;
      const model::PropertyValue v = gen.Evaluate(query, s.data());
      if (v.ok)
        best = !best ? v.value : maximize ? std::max(*best, v.value) : std::min(*best, v.value);
      gen.Successors(s.data(), next);
    }
    level.clear();
    for (std::vector<uint32_t>& t : next.states) {
      if (seen.insert(t).second) level.push_back(std::move(t));
    }
  }
  if (!best) return std::nullopt;
  return ReachableBestValue{*best, seen.size()};
}

}  // namespace rulecheck::solver::internal
