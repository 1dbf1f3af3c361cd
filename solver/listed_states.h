// The reachable states the fixed-bit pass's breadth-first search lists, with their moves
// (internal to solver/).
//
// Where the search sees every reachable state (fixed_bits.h), it keeps each state once, the
// depth it was first reached at, the states its moves lead to and the rules it has a move of
// (failing or not). Everything the pass learns level by level then comes from this graph,
// without running the successor generator again: the states reached in exactly d moves (a
// state may be reached at several depths), and the longest play.
#ifndef RULECHECK_SOLVER_LISTED_STATES_H_
#define RULECHECK_SOLVER_LISTED_STATES_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace rulecheck::solver::internal {

// Not thread-safe.
class ListedStates {
 public:
  // `num_rules`: the rules of a step, numbered as control_slice.h numbers them.
  explicit ListedStates(int num_rules) : num_rules_(num_rules) {}

  // The index of `state`, added if new (then `*added` is set).
  uint32_t Intern(const std::vector<uint32_t>& state, bool* added);
  size_t size() const { return states_.size(); }
  const std::vector<uint32_t>& state(uint32_t i) const { return states_[i]; }

  // The initial states (indices, each once).
  void SetInitial(std::vector<uint32_t> initial) { initial_ = std::move(initial); }
  const std::vector<uint32_t>& initial() const { return initial_; }
  // The moves of the next state in index order (0 first): the states they lead to (duplicates
  // allowed) and, by rule, whether it has a move of it.
  void AddMoves(const std::vector<uint32_t>& to, const std::vector<bool>& rules);
  // Whether every state's moves were added.
  bool expanded() const { return edge_begin_.size() == states_.size() + 1; }
  // REQUIRES: state i's moves were added.
  std::pair<const uint32_t*, const uint32_t*> Successors(uint32_t i) const {
    return {edges_.data() + edge_begin_[i], edges_.data() + edge_begin_[i + 1]};
  }
  bool HasMoveOf(uint32_t i, int rule) const {
    return rules_[static_cast<size_t>(i) * num_rules_ + rule];
  }

  // The most moves of any play from an initial state, or kEndless when some play can go on
  // forever (a cycle is reachable). REQUIRES: expanded().
  static constexpr int kEndless = std::numeric_limits<int>::max();
  int LongestPlay() const;
  // A shortest play from an initial state to state `target`, its states in order (the first
  // an initial state, the last `target`). REQUIRES: every state before `target`'s level was
  // expanded, which a breadth-first listing has done by the time it expands `target`.
  std::vector<std::vector<uint32_t>> PathTo(uint32_t target) const;

 private:
  int num_rules_;
  std::vector<std::vector<uint32_t>> states_;
  absl::flat_hash_map<std::vector<uint32_t>, uint32_t> index_;
  std::vector<uint32_t> initial_;
  std::vector<uint32_t> edge_begin_{0};  // state i's successors: edges_[begin[i]..begin[i+1])
  std::vector<uint32_t> edges_;
  std::vector<bool> rules_;  // by state, then rule
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_LISTED_STATES_H_
