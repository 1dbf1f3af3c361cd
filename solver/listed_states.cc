// ListedStates (see listed_states.h).
#include "solver/listed_states.h"

#include <algorithm>

namespace rulecheck::solver::internal {

uint32_t ListedStates::Intern(const std::vector<uint32_t>& state, bool* added) {
  const auto [it, inserted] = index_.try_emplace(state, static_cast<uint32_t>(states_.size()));
  *added = inserted;
  if (inserted) states_.push_back(state);
  return it->second;
}

void ListedStates::AddMoves(const std::vector<uint32_t>& to, const std::vector<bool>& rules) {
  edges_.insert(edges_.end(), to.begin(), to.end());
  edge_begin_.push_back(static_cast<uint32_t>(edges_.size()));
  rules_.insert(rules_.end(), rules.begin(), rules.end());
}

int ListedStates::LongestPlay() const {
  // Depth-first from each initial state, without recursion: a successor still on the path
  // is a reachable cycle; otherwise a state's longest play is one more than its successors'
  // longest, known once they are all done.
  enum : uint8_t { kNew, kOnPath, kDone };
  std::vector<uint8_t> mark(states_.size(), kNew);
  std::vector<int> longest(states_.size(), 0);
  std::vector<std::pair<uint32_t, uint32_t>> path;  // state, next successor to look at
  int best = 0;
  for (const uint32_t root : initial_) {
    if (mark[root] != kNew) {
      best = std::max(best, longest[root]);
      continue;
    }
    mark[root] = kOnPath;
    path.push_back({root, edge_begin_[root]});
    while (!path.empty()) {
      auto& [s, next] = path.back();
      if (next == edge_begin_[s + 1]) {
        mark[s] = kDone;
        const int here = longest[s];
        path.pop_back();
        if (!path.empty()) {
          int& parent = longest[path.back().first];
          parent = std::max(parent, here + 1);
        }
        continue;
      }
      const uint32_t t = edges_[next++];
      if (mark[t] == kOnPath) return kEndless;
      if (mark[t] == kDone) {
        longest[s] = std::max(longest[s], longest[t] + 1);
        continue;
      }
      mark[t] = kOnPath;
      path.push_back({t, edge_begin_[t]});
    }
    best = std::max(best, longest[root]);
  }
  return best;
}

std::vector<std::vector<uint32_t>> ListedStates::PathTo(uint32_t target) const {
  // Breadth-first from the initial states over the moves added so far, each state's parent
  // the state it was first reached from.
  constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  std::vector<uint32_t> parent(states_.size(), kNone);
  std::vector<bool> seen(states_.size(), false);
  std::vector<uint32_t> queue;
  for (const uint32_t i : initial_) {
    if (!seen[i]) queue.push_back(i);
    seen[i] = true;
  }
  const size_t added = edge_begin_.size() - 1;  // states whose moves were added
  for (size_t head = 0; head < queue.size() && !seen[target]; ++head) {
    const uint32_t s = queue[head];
    if (s >= added) continue;
    for (uint32_t e = edge_begin_[s]; e < edge_begin_[s + 1]; ++e) {
      const uint32_t t = edges_[e];
      if (seen[t]) continue;
      seen[t] = true;
      parent[t] = s;
      queue.push_back(t);
    }
  }
  std::vector<std::vector<uint32_t>> play;
  if (!seen[target]) return play;
  for (uint32_t s = target; s != kNone; s = parent[s]) play.push_back(states_[s]);
  std::reverse(play.begin(), play.end());
  return play;
}

}  // namespace rulecheck::solver::internal
