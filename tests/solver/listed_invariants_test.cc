// Tests for solver/listed_invariants.h on a model worked out by hand: x goes 0, 1, 2, 3, 4, one
// move each, and 12 / (2 - x) fails to evaluate at x = 2.
#include "solver/listed_invariants.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "solver/successor_collector.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver::internal {
namespace {

constexpr char kFiveStates[] = R"(
state { x: 0..9 }
action up() when x < 4 { x += 1 }
invariant always: x <= 4
invariant below_three: x < 3
invariant odd_fails: x != 1 and x != 3
invariant divides: 12 / (2 - x) != 5
)";

// Every state of `model` (x = 0 to 4, one after the other), each added at its depth, from
// the last to the first when `backwards` (the least depth must win either way).
void AddEveryState(const model::Model& model, ListedInvariants& listed, bool backwards) {
  model::SuccessorGenerator gen(model);
  std::vector<std::vector<uint32_t>> states;
  SuccessorCollector at(model.layout.words());
  gen.Initial(at);
  while (!at.states.empty()) {
    ASSERT_EQ(at.states.size(), 1u);
    states.push_back(at.states[0]);
    SuccessorCollector next(model.layout.words());
    gen.Successors(at.states[0].data(), next);
    at = std::move(next);
  }
  ASSERT_EQ(states.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    const int depth = backwards ? 4 - i : i;
    listed.Add(gen, states[depth].data(), depth);
  }
}

TEST(ListedInvariantsTest, EachInvariantFailsFirstAtItsLeastDepth) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  for (const bool backwards : {false, true}) {
    SCOPED_TRACE(backwards ? "backwards" : "forwards");
    ListedInvariants listed(model->program);
    AddEveryState(*model, listed, backwards);
    EXPECT_EQ(listed.fails_at(0), std::nullopt);
    EXPECT_FALSE(listed.undecided(0));
    EXPECT_EQ(listed.fails_at(1), 3);
    EXPECT_EQ(listed.fails_at(2), 1);
    EXPECT_FALSE(listed.undecided(2));
  }
}

TEST(ListedInvariantsTest, AModelErrorLeavesTheInvariantUndecided) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  ListedInvariants listed(model->program);
  AddEveryState(*model, listed, false);
  EXPECT_TRUE(listed.undecided(3));
  EXPECT_FALSE(listed.undecided(1));
}

}  // namespace
}  // namespace rulecheck::solver::internal
