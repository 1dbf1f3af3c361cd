// Unit tests of CheckOptions::on_explored (property.h) and of RunVersions (version_diff.h),
// which compares two versions' behaviour on the explorations of their checks, so that each
// version is searched once. The programs are base.rules and score.rules of tests/e2e/diff
// without their comments: x counts to 2 (6 states: x 0..2, done or not) or to 3 (8 states);
// only the second reaches x = 3, with done and without.
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "model/model.h"
#include "properties/property.h"
#include "properties/version_diff.h"
#include "tests/shared/load_model.h"

namespace rulecheck::properties {
namespace {

// x counts up to `top` while the game runs; `stop` ends it.
std::string Counter(int top) {
  return "state {\n  x: 0..3\n  done: bool\n}\naction inc() when not done and x < " +
         std::to_string(top) +
         " { x += 1 }\naction stop() when not done { done := true }\nterminal when done\n";
}

TEST(VersionRunsTest, CheckHandsItsExplorationOverOnce) {
  const std::unique_ptr<model::Model> model = test_models::LoadTestModel(Counter(2));
  CheckOptions options;
  options.explore.threads = 1;
  int calls = 0;
  uint64_t states = 0;
  options.on_explored = [&](const explorer::Exploration& exploration) {
    ++calls;
    states = exploration.stats().states;
  };
  const CheckResult result = Check(*model, options);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(states, 6u);
  EXPECT_EQ(result.stats.states, 6u);
}

TEST(VersionRunsTest, BothVersionsCheckedAndTheirBehaviourCompared) {
  const std::unique_ptr<model::Model> old_model = test_models::LoadTestModel(Counter(2));
  const std::unique_ptr<model::Model> new_model = test_models::LoadTestModel(Counter(3));
  CheckOptions options;
  options.explore.threads = 2;
  const VersionsRun run = RunVersions(*old_model, *new_model, options, 3);
  EXPECT_EQ(run.old_run.check.stats.states, 6u);
  EXPECT_EQ(run.new_run.check.stats.states, 8u);
  EXPECT_EQ(run.new_run.check.stats.transitions, 7u);
  ASSERT_TRUE(run.behaviour.compared) << run.behaviour.reason;
  EXPECT_EQ(run.behaviour.only_old.states + run.behaviour.only_old.moves, 0u);
  EXPECT_EQ(run.behaviour.only_new.states, 2u);
  EXPECT_EQ(run.behaviour.only_new.moves, 0u);
  ASSERT_EQ(run.behaviour.only_new.shown.size(), 2u);
  EXPECT_EQ(run.behaviour.only_new.shown[0].from, "x = 3, done = false");
  EXPECT_EQ(run.behaviour.only_new.shown[0].trace.size(), 4u);  // init, inc, inc, inc
}

// A stopped search of the old version still checks the new one, and leaves the behaviour
// uncompared, saying why.
TEST(VersionRunsTest, AStoppedSearchStillChecksTheOtherVersion) {
  const std::unique_ptr<model::Model> old_model = test_models::LoadTestModel(Counter(2));
  const std::unique_ptr<model::Model> new_model = test_models::LoadTestModel(Counter(3));
  CheckOptions options;
  options.explore.threads = 1;
  options.explore.max_states = 3;
  const VersionsRun run = RunVersions(*old_model, *new_model, options, 3);
  EXPECT_FALSE(run.old_run.check.stats.complete);
  EXPECT_FALSE(run.new_run.check.stats.complete);
  EXPECT_EQ(run.new_run.check.stats.states, 3u);
  EXPECT_FALSE(run.behaviour.compared);
  EXPECT_EQ(run.behaviour.reason.rfind("the searches of both versions stopped (old: ", 0), 0u)
      << run.behaviour.reason;
}

}  // namespace
}  // namespace rulecheck::properties
