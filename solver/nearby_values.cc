// NearbyValues (see nearby_values.h).
#include "solver/nearby_values.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "solver/objective.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {

NearbyValues::NearbyValues(const model::Model& model, const ir::Query& query, bool maximize,
                           int within, const std::atomic<bool>* cancel)
    : model_(model), query_(query), maximize_(maximize), within_(within), gen_(model) {
  gen_.set_cancel(cancel);
}

std::optional<int64_t> NearbyValues::Objective(const uint32_t* state) {
  const model::PropertyValue v = gen_.Evaluate(query_, state);
  if (!v.ok) return std::nullopt;
  return ObjectiveOf(v.value, maximize_);
}

void NearbyValues::SearchFrom(const std::vector<std::vector<uint32_t>>& play, size_t max_states,
                              const std::function<bool()>& stop) {
  // From the last state back to S_0, each with an even share of the states: a play that ends
  // the game (a score is often made as it ends) has no state after its last, and the better
  // plays branch off earlier.
  const size_t share =
      std::max(std::min(kLeastShare, max_states), max_states / std::max<size_t>(1, play.size()));
  for (size_t end = play.size(); end-- > 0;) {
    if (stop()) return;
    SearchFromEnd(play, end, share, stop);
  }
}

void NearbyValues::SearchFromEnd(const std::vector<std::vector<uint32_t>>& play, size_t end,
                                 size_t max_states, const std::function<bool()>& stop) {
  if (!searched_.insert(play[end]).second) return;
  const int start = static_cast<int>(end);
  // Each state listed once, at the first depth the search reaches it, with its parent (the
  // index of the state it was reached from; -1 for the play's last state).
  auto tree = std::make_shared<SearchTree>();
  tree->prefix.assign(play.begin(), play.begin() + start);
  tree->states.push_back(play[end]);
  tree->parent.push_back(-1);
  std::vector<std::vector<uint32_t>>& nodes = tree->states;
  absl::flat_hash_map<std::vector<uint32_t>, size_t> index{{play[end], 0}};
  size_t level_begin = 0, level_end = 1;
  for (int depth = start + 1; depth <= within_ && level_begin < level_end; ++depth) {
    std::optional<size_t> best_here;  // the node of the best value at `depth`
    int64_t best_value = 0;
    for (size_t i = level_begin; i < level_end && nodes.size() < max_states; ++i) {
      if (stop()) return;
      SuccessorCollector next(model_.layout.words());
      if (!gen_.Successors(nodes[i].data(), next)) return;  // cancelled part-way
      for (std::vector<uint32_t>& s : next.states) {
        if (nodes.size() >= max_states) break;
        if (index.contains(s)) continue;
        index.emplace(s, nodes.size());
        ++listed_;
        const std::optional<int64_t> v = Objective(s.data());
        nodes.push_back(std::move(s));
        tree->parent.push_back(static_cast<int64_t>(i));
        if (v && (!best_here || *v > best_value)) {
          best_here = nodes.size() - 1;
          best_value = *v;
        }
      }
    }
    if (best_here) {
      if (best_.size() <= static_cast<size_t>(depth)) best_.resize(static_cast<size_t>(depth) + 1);
      std::optional<Found>& kept = best_[static_cast<size_t>(depth)];
      if (!kept || best_value > kept->objective) kept = Found{best_value, tree, *best_here};
    }
    level_begin = level_end;
    level_end = nodes.size();
  }
}

std::vector<std::vector<uint32_t>> NearbyValues::Found::play() const {
  std::vector<std::vector<uint32_t>> path;
  for (int64_t n = static_cast<int64_t>(node); n >= 0; n = tree->parent[n]) {
    path.push_back(tree->states[n]);
  }
  std::vector<std::vector<uint32_t>> out = tree->prefix;
  out.insert(out.end(), path.rbegin(), path.rend());
  return out;
}

const NearbyValues::Found* NearbyValues::At(int depth) const {
  if (depth < 0 || static_cast<size_t>(depth) >= best_.size() || !best_[depth]) return nullptr;
  return &*best_[depth];
}

}  // namespace rulecheck::solver::internal
