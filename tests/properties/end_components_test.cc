// The end components among a set of states (properties/end_components.h), on chance graphs
// built by hand: a roll must keep every outcome in, a choice one child; states that can stay
// only by going where they never come back from are in none; and the moves that stay are the
// successors' indices, so a lasso can be drawn through them.
#include "properties/end_components.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "tests/properties/hand_chance_graph.h"

namespace rulecheck::properties {
namespace {

using test_support::Trees;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr uint32_t kOut = 9;  // a state outside the set

TEST(EndComponentsTest, RollThatCanLeaveEndsWithProbabilityOne) {
  // 0: roll {0, out} ("roll again unless a 6").
  Trees t(10);
  const uint32_t again = t.Leaf(0);
  t.Root(0, t.Roll({again, t.Leaf(kOut)}));
  EXPECT_THAT(FindEndComponents(t.graph(), {0}).states, IsEmpty());
}

TEST(EndComponentsTest, ChoiceBetweenRollsThatCanLeave) {
  // 0: choose {roll {0, out}, roll {0, 0, out}}.
  Trees t(10);
  const uint32_t coin = t.Roll({t.Leaf(0), t.Leaf(kOut)});
  const uint32_t die = t.Roll({t.Leaf(0), t.Leaf(0), t.Leaf(kOut)});
  t.Root(0, t.Choice({coin, die}));
  EXPECT_THAT(FindEndComponents(t.graph(), {0}).states, IsEmpty());
}

TEST(EndComponentsTest, ChoiceThatStaysWithoutRolling) {
  // 0: choose {0 (successor 0), roll {0, out} (successors 1 and 2)}.
  Trees t(10);
  const uint32_t stay = t.Leaf(0);
  const uint32_t roll = t.Roll({t.Leaf(0), t.Leaf(kOut)});
  t.Root(0, t.Choice({stay, roll}));
  const EndComponents ends = FindEndComponents(t.graph(), {0});
  EXPECT_THAT(ends.states, ElementsAre(0u));
  EXPECT_THAT(ends.staying, ElementsAre(ElementsAre(0u)));
}

TEST(EndComponentsTest, RollWhoseOutcomesAllComeBack) {
  // 0: roll {1, 2}; 1: 0; 2: 0. A cycle through chance that never leaves.
  Trees t(10);
  t.Root(0, t.Roll({t.Leaf(1), t.Leaf(2)}));
  t.Root(1, t.Leaf(0));
  t.Root(2, t.Leaf(0));
  const EndComponents ends = FindEndComponents(t.graph(), {0, 1, 2});
  EXPECT_THAT(ends.states, ElementsAre(0u, 1u, 2u));
  EXPECT_THAT(ends.staying, ElementsAre(ElementsAre(0u, 1u), ElementsAre(0u), ElementsAre(0u)));
}

TEST(EndComponentsTest, StateThatOnlyPassesThroughIsInNone) {
  // 0: 1; 1: 1. State 0 stays in the set but never comes back to itself.
  Trees t(10);
  t.Root(0, t.Leaf(1));
  t.Root(1, t.Leaf(1));
  EXPECT_THAT(FindEndComponents(t.graph(), {0, 1}).states, ElementsAre(1u));
}

TEST(EndComponentsTest, RollAcrossComponentsNoLongerStays) {
  // 0: choose {roll {0, 1}, 0}; 1: 1. Once {0} and {1} are apart, the roll from 0 can leave
  // 0's component: only the plain move to itself stays.
  Trees t(10);
  const uint32_t roll = t.Roll({t.Leaf(0), t.Leaf(1)});
  const uint32_t stay = t.Leaf(0);
  t.Root(0, t.Choice({roll, stay}));
  t.Root(1, t.Leaf(1));
  const EndComponents ends = FindEndComponents(t.graph(), {0, 1});
  EXPECT_THAT(ends.states, ElementsAre(0u, 1u));
  EXPECT_THAT(ends.staying, ElementsAre(ElementsAre(2u), ElementsAre(0u)));
}

TEST(EndComponentsTest, EndsAndLeaversDropInChain) {
  // 0: 1; 1: roll {2, out}; 2: 0; 3 has no tree (an end). Dropping 1 drops 0, then 2.
  Trees t(10);
  t.Root(0, t.Leaf(1));
  t.Root(1, t.Roll({t.Leaf(2), t.Leaf(kOut)}));
  t.Root(2, t.Leaf(0));
  EXPECT_THAT(FindEndComponents(t.graph(), {0, 1, 2, 3}).states, IsEmpty());
  EXPECT_THAT(FindEndComponents(t.graph(), {}).states, IsEmpty());
}

}  // namespace
}  // namespace rulecheck::properties
