// Tests for solver/reachable_best.h on a model worked out by hand: x goes 0, 1, 2, 3, 4, and
// 12 / (2 - x) is 6, 12, a division by zero, -12 and -6 there.
#include "solver/reachable_best.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
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
query most: maximize 12 / (2 - x) within 9
query least: minimize 12 / (2 - x) within 9
query nothing: maximize 1 / (x - x) within 9
query four: reachable x == 4 within 9
query ten: reachable x == 10 - x within 9
query broken: reachable 1 / (x - x) == 0 within 9
)";

// Every state of `model` (x = 0 to 4, one after the other), each added to `best`.
void AddEveryState(const model::Model& model, ReachableBest& best) {
  model::SuccessorGenerator gen(model);
  SuccessorCollector at(model.layout.words());
  gen.Initial(at);
  for (int depth = 0; !at.states.empty(); ++depth) {
    ASSERT_EQ(at.states.size(), 1u);
    best.Add(gen, at.states[0].data(), depth);
    SuccessorCollector next(model.layout.words());
    gen.Successors(at.states[0].data(), next);
    at = std::move(next);
  }
}

TEST(ReachableBestTest, TheBestOverTheStatesSkipsModelErrors) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  ReachableBest best(model->program);
  AddEveryState(*model, best);
  EXPECT_EQ(best.states(), 5u);
  EXPECT_EQ(best.Best(0), 12);
  EXPECT_EQ(best.Best(1), -12);
  EXPECT_FALSE(best.Best(2).has_value());  // a model error in every state
  EXPECT_FALSE(best.Best(3).has_value());  // not a maximize/minimize query
  // Reachable queries: x == 4 first holds 4 moves deep; x == 5 (x == 10 - x) nowhere; a model
  // error in every state counts as not holding.
  EXPECT_EQ(best.FirstAt(3), 4);
  EXPECT_FALSE(best.FirstAt(4).has_value());
  EXPECT_FALSE(best.FirstAt(5).has_value());
  EXPECT_FALSE(best.FirstAt(0).has_value());  // not a reachable query
}

// 12 / (2 - x) over x = 0..4 is 6, 12, an error, -12, -6: the maximum improves once (to 12
// at depth 1), the minimum starts at 6 and improves to -12 at depth 3.
TEST(ReachableBestTest, EachBetterValueIsKeptWithItsFewestMoves) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  ReachableBest best(model->program);
  AddEveryState(*model, best);
  const std::vector<ListedValue>& most = best.Records(0);
  ASSERT_EQ(most.size(), 2u);
  EXPECT_EQ(most[0].depth, 0);
  EXPECT_EQ(most[0].value, 6);
  EXPECT_EQ(most[1].depth, 1);
  EXPECT_EQ(most[1].value, 12);
  EXPECT_EQ(BestWithin(most, 0)->value, 6);
  EXPECT_EQ(BestWithin(most, 9)->value, 12);
  EXPECT_EQ(BestWithin(most, 9)->depth, 1);
  const std::vector<ListedValue>& least = best.Records(1);
  ASSERT_EQ(least.size(), 2u);
  EXPECT_EQ(BestWithin(least, 2)->value, 6);
  EXPECT_EQ(BestWithin(least, 2)->depth, 0);
  EXPECT_EQ(BestWithin(least, 3)->value, -12);
  EXPECT_EQ(BestWithin(least, 3)->depth, 3);
  EXPECT_FALSE(BestWithin(best.Records(2), 9).has_value());  // no state has a value
  EXPECT_FALSE(BestWithin(most, -1).has_value());
}

TEST(ReachableBestTest, NothingAddedGivesNoValue) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  ReachableBest best(model->program);
  EXPECT_EQ(best.states(), 0u);
  EXPECT_FALSE(best.Best(0).has_value());
}

}  // namespace
}  // namespace rulecheck::solver::internal
