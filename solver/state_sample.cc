// SampleStates (see state_sample.h).
#include "solver/state_sample.h"

#include <random>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "model/successors.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {

std::vector<std::vector<uint32_t>> SampleStates(const model::Model& model,
                                                const SampleLimits& limits,
                                                const std::function<bool()>& stop,
                                                const std::atomic<bool>* cancel) {
  model::SuccessorGenerator gen(model);
  gen.set_cancel(cancel);
  const size_t words = model.layout.words();
  SuccessorCollector initial(words);
  gen.Initial(initial);
  std::vector<std::vector<uint32_t>> out;
  if (initial.states.empty()) return out;
  absl::flat_hash_set<std::vector<uint32_t>> seen;
  auto keep = [&](const std::vector<uint32_t>& s) {
    if (seen.insert(s).second) out.push_back(s);
  };
  std::vector<std::vector<uint32_t>> level = initial.states;
  while (!level.empty() && seen.size() < limits.bfs_states) {
    SuccessorCollector next(words);
    for (const std::vector<uint32_t>& s : level) {
      if (seen.size() >= limits.bfs_states || seen.contains(s)) continue;
      if (stop()) return out;
      keep(s);
      if (!gen.Successors(s.data(), next)) return out;
    }
    level = std::move(next.states);
  }
  std::mt19937_64 random(20261129);
  for (size_t w = 0; w < limits.walks; ++w) {
    std::vector<uint32_t> s = initial.states[w % initial.states.size()];
    for (size_t step = 0; step < limits.walk_length; ++step) {
      if (stop()) return out;
      SuccessorCollector next(words);
      if (!gen.Successors(s.data(), next)) return out;
      if (next.states.empty()) break;
      s = std::move(next.states[random() % next.states.size()]);
      keep(s);
    }
  }
  return out;
}

}  // namespace rulecheck::solver::internal
