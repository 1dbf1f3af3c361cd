// The explorer under ThreadSanitizer: several workers on one store must agree with one.
#include <gtest/gtest.h>

#include "explorer/explorer.h"
#include "tests/explorer/explore_test_util.h"

namespace rulecheck::explorer {
namespace {

TEST(ExplorerThreadsTest, FourThreadsMatchOne) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  ExploreSummary one = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 26});
  ExploreSummary four = ExploreAndCollect(*model, {.threads = 4, .memory_bytes = 1 << 26});
  EXPECT_EQ(four.stats.states, 5478u);
  EXPECT_EQ(four.levels, one.levels);
}

TEST(ExplorerThreadsTest, MaxStatesWithFourThreadsMatchesOne) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  ExploreOptions options{.threads = 1, .memory_bytes = 1 << 26, .max_states = 2000};
  ExploreSummary one = ExploreAndCollect(*model, options);
  options.threads = 4;
  ExploreSummary four = ExploreAndCollect(*model, options);
  EXPECT_EQ(four.stats.states, 2000u);
  EXPECT_EQ(four.levels, one.levels);
}

TEST(ExplorerThreadsTest, ProgressFromTheMonitorThread) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  std::atomic<int> calls{0};
  ExploreOptions options{.threads = 2, .memory_bytes = 1 << 26};
  options.progress = [&](const Progress&) { calls.fetch_add(1); };
  options.progress_interval = 0.001;
  ExploreSummary summary = ExploreAndCollect(*model, options);
  EXPECT_EQ(summary.stats.states, 5478u);
}

}  // namespace
}  // namespace rulecheck::explorer
