// Snapshots under ThreadSanitizer: a search stopped part-way through a level by its cancel
// flag while four workers run, saved, and resumed on three, which put the saved states back
// into the store in parallel, ends with the uninterrupted search's levels.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "explorer/explorer.h"
#include "explorer/search_snapshot.h"
#include "model/model_state_space.h"
#include "tests/explorer/explore_test_util.h"

namespace rulecheck::explorer {
namespace {

// Raises the cancel flag at its `stop_after`-th visit; has no state of its own to save.
class Canceller final : public ExplorationObserver {
 public:
  Canceller(std::atomic<bool>& cancel, int stop_after) : cancel_(cancel), stop_after_(stop_after) {}
  void OnVisit(const StateRef& /*state*/, bool /*terminal*/) override {
    if (visits_.fetch_add(1) + 1 == stop_after_) cancel_.store(true);
  }
  bool snapshots() const override { return true; }

 private:
  std::atomic<bool>& cancel_;
  int stop_after_;
  std::atomic<int> visits_{0};
};

TEST(SearchSnapshotThreadsTest, StoppedOnFourWorkersResumedOnThree) {
  auto model = LoadGame("puzzle8.rules");
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  ExploreSummary whole = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 26});
  ASSERT_EQ(whole.stats.states, 181440u);

  std::string dir = (std::filesystem::temp_directory_path() / "rulecheck_snapshot_XXXXXX").string();
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = SnapshotPath(dir);
  std::atomic<bool> cancel{false};
  Canceller canceller(cancel, 60000);
  ExplorationObserver* observers[] = {&canceller};
  ExploreOptions options{.threads = 4, .memory_bytes = 1 << 26, .cancel = &cancel};
  options.checkpoint.path = path;
  options.checkpoint.every_seconds = 0;
  options.checkpoint.identity = {"test", 1, ""};
  const Exploration stopped = Explore(space, observers, options);
  EXPECT_EQ(stopped.stats().stop_reason, StopReason::kCancelled);

  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path, "test");
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  Canceller idle(cancel, -1);
  ExplorationObserver* again[] = {&idle};
  std::atomic<bool> no_cancel{false};
  absl::StatusOr<Exploration> resumed = ResumeExplore(
      space, again, {.threads = 3, .memory_bytes = 1 << 26, .cancel = &no_cancel}, *snapshot);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  EXPECT_TRUE(resumed->stats().complete);
  EXPECT_EQ(resumed->stats().states, whole.stats.states);
  EXPECT_EQ(resumed->stats().transitions, whole.stats.transitions);
  ASSERT_EQ(resumed->level_count(), static_cast<int>(whole.levels.size()));
  for (int d = 0; d < resumed->level_count(); ++d) {
    ASSERT_EQ(resumed->Level(d).size(), whole.levels[d].size());
    for (size_t p = 0; p < whole.levels[d].size(); ++p) {
      ASSERT_EQ(resumed->StateWords(resumed->Level(d)[p]), whole.levels[d][p]) << d << " " << p;
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

}  // namespace
}  // namespace rulecheck::explorer
