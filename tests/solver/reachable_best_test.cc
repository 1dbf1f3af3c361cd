// Tests for solver/reachable_best.h on a model worked out by hand: x goes 0, 1, 2, 3, 4, and
// 12 / (2 - x) is 6, 12, a division by zero, -12 and -6 there.
#include "solver/reachable_best.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>

#include "model/model.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver::internal {
namespace {

constexpr char kFiveStates[] = R"(
state { x: 0..9 }
action up() when x < 4 { x += 1 }
query most: maximize 12 / (2 - x) within 9
query least: minimize 12 / (2 - x) within 9
query nothing: maximize 1 / (x - x) within 9
)";

const auto kNeverStop = [] { return false; };

TEST(ReachableBestTest, TheBestOverEveryStateSkipsModelErrors) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  std::optional<ReachableBestValue> most =
      ReachableBest(*model, model->program.queries[0], 100, kNeverStop);
  ASSERT_TRUE(most.has_value());
  EXPECT_EQ(most->value, 12);
  EXPECT_EQ(most->states, 5u);
  std::optional<ReachableBestValue> least =
      ReachableBest(*model, model->program.queries[1], 100, kNeverStop);
  ASSERT_TRUE(least.has_value());
  EXPECT_EQ(least->value, -12);
}

TEST(ReachableBestTest, NoneWhenNoStateHasAValue) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  EXPECT_FALSE(ReachableBest(*model, model->program.queries[2], 100, kNeverStop).has_value());
}

TEST(ReachableBestTest, NoneWhenTheStatesDoNotFitOrTheSearchStops) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFiveStates);
  ASSERT_NE(model, nullptr);
  EXPECT_FALSE(ReachableBest(*model, model->program.queries[0], 4, kNeverStop).has_value());
  EXPECT_TRUE(ReachableBest(*model, model->program.queries[0], 5, kNeverStop).has_value());
  EXPECT_FALSE(
      ReachableBest(*model, model->program.queries[0], 100, [] { return true; }).has_value());
}

}  // namespace
}  // namespace rulecheck::solver::internal
