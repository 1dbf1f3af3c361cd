// Tests for solver/listed_states.h on graphs worked out by hand.
#include "solver/listed_states.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace rulecheck::solver::internal {
namespace {

// States 0..n-1 (one word each, the state's number), initial `initial`, moves `edges[i]` from
// state i, no rule.
ListedStates Graph(uint32_t n, const std::vector<uint32_t>& initial,
                   const std::vector<std::vector<uint32_t>>& edges) {
  ListedStates listed(1);
  for (uint32_t i = 0; i < n; ++i) {
    bool added = false;
    EXPECT_EQ(listed.Intern({i}, &added), i);
    EXPECT_TRUE(added);
  }
  listed.SetInitial(initial);
  for (uint32_t i = 0; i < n; ++i) listed.AddMoves(edges[i], {i % 2 == 0});
  EXPECT_TRUE(listed.expanded());
  return listed;
}

TEST(ListedStatesTest, AStateIsListedOnce) {
  ListedStates listed(2);
  bool added = false;
  EXPECT_EQ(listed.Intern({7, 8}, &added), 0u);
  EXPECT_TRUE(added);
  EXPECT_EQ(listed.Intern({9, 8}, &added), 1u);
  EXPECT_EQ(listed.Intern({7, 8}, &added), 0u);
  EXPECT_FALSE(added);
  EXPECT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed.state(1), (std::vector<uint32_t>{9, 8}));
  EXPECT_FALSE(listed.expanded());
}

TEST(ListedStatesTest, TheLongestPlayOfAnAcyclicGraph) {
  // 0 -> 1 -> 3 and 0 -> 2 -> 3 -> 4, and 2 -> 4: the longest play is 0 2 3 4 (or 0 1 3 4).
  const ListedStates listed = Graph(5, {0}, {{1, 2}, {3}, {3, 4}, {4}, {}});
  EXPECT_EQ(listed.LongestPlay(), 3);
  // A second initial state with a longer play of its own: 5 -> 6 -> 0 ... 4.
  const ListedStates two = Graph(7, {0, 5}, {{1, 2}, {3}, {3, 4}, {4}, {}, {6}, {0}});
  EXPECT_EQ(two.LongestPlay(), 5);
  // One state and no move: plays of 0 moves.
  EXPECT_EQ(Graph(1, {0}, {{}}).LongestPlay(), 0);
}

TEST(ListedStatesTest, AReachableCycleMakesPlaysEndless) {
  // 0 -> 1 -> 2 -> 1.
  EXPECT_EQ(Graph(3, {0}, {{1}, {2}, {1}}).LongestPlay(), ListedStates::kEndless);
  // A state that moves to itself.
  EXPECT_EQ(Graph(2, {0}, {{1}, {1}}).LongestPlay(), ListedStates::kEndless);
}

TEST(ListedStatesTest, SuccessorsAndRulesAreKeptByState) {
  const ListedStates listed = Graph(3, {0}, {{1, 2, 1}, {}, {0}});
  auto [b, e] = listed.Successors(0);
  EXPECT_EQ(std::vector<uint32_t>(b, e), (std::vector<uint32_t>{1, 2, 1}));
  auto [b1, e1] = listed.Successors(1);
  EXPECT_EQ(b1, e1);
  EXPECT_TRUE(listed.HasMoveOf(0, 0));
  EXPECT_FALSE(listed.HasMoveOf(1, 0));
  EXPECT_TRUE(listed.HasMoveOf(2, 0));
}

TEST(ListedStatesTest, AShortestPlayToAState) {
  using Play = std::vector<std::vector<uint32_t>>;
  // 0 -> 1 -> 2 -> 3 and 0 -> 3 -> 4: 4 is two moves from 0, through 3.
  const ListedStates listed = Graph(5, {0}, {{1, 3}, {2}, {3}, {4}, {}});
  EXPECT_EQ(listed.PathTo(4), (Play{{0}, {3}, {4}}));
  EXPECT_EQ(listed.PathTo(0), (Play{{0}}));
  // Two initial states: 2 is reached from 5 in one move, from 0 in two.
  const ListedStates two = Graph(6, {0, 5}, {{1}, {2}, {}, {}, {}, {2}});
  EXPECT_EQ(two.PathTo(2), (Play{{5}, {2}}));
  // No play reaches 3.
  EXPECT_TRUE(two.PathTo(3).empty());
}

}  // namespace
}  // namespace rulecheck::solver::internal
