// The parallel breadth-first explorer on small models whose state graphs are worked out by
// hand, and its limits.
#include "explorer/explorer.h"

#include <gtest/gtest.h>

#include <atomic>

#include "model/model_state_space.h"
#include "tests/explorer/explore_test_util.h"
#include "tests/shared/load_model.h"

namespace rulecheck::explorer {
namespace {

// n counts 0..5 and the game ends at 5: six states in a line, five moves, one terminal.
constexpr char kCounter[] = R"(
state { n: 0..5 }
action inc() when n < 5 { n += 1 }
terminal when n == 5
)";

// A walk on a 3x3 grid from (0, 0), right or down. Canonical order follows the parents'
// order and then the actions' order: level 1 is (1,0) then (0,1); level 2 is (2,0), (1,1),
// (0,2), since (1,1) is first reached from (1,0) by `down`. Nine states, twelve moves; (2,2)
// has no move and is not terminal: the one dead state.
constexpr char kGrid[] = R"(
state {
  x: 0..2
  y: 0..2
}
action right() when x < 2 { x += 1 }
action down() when y < 2 { y += 1 }
)";

TEST(ExplorerTest, CountsALine) {
  auto model = test_models::LoadTestModel(kCounter);
  ASSERT_NE(model, nullptr);
  ExploreSummary summary = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 24});
  EXPECT_TRUE(summary.stats.complete);
  EXPECT_EQ(summary.stats.states, 6u);
  EXPECT_EQ(summary.stats.whole_levels, summary.stats.levels + 1);
  EXPECT_EQ(summary.stats.transitions, 5u);
  EXPECT_EQ(summary.stats.terminal_states, 1u);
  EXPECT_EQ(summary.stats.levels, 5);
  ASSERT_EQ(summary.levels.size(), 6u);
  for (const auto& level : summary.levels) EXPECT_EQ(level.size(), 1u);
}

class GridTest : public testing::Test {
 protected:
  void SetUp() override {
    model_ = test_models::LoadTestModel(kGrid);
    ASSERT_NE(model_, nullptr);
  }
  // The (x, y) of a state, read through the value formatter's layout.
  std::pair<int, int> XY(const std::vector<uint32_t>& words) {
    const uint32_t word = words[0];
    const uint32_t x = (word >> model_->layout.var_offset(0)) & 3;
    const uint32_t y = (word >> model_->layout.var_offset(1)) & 3;
    return {static_cast<int>(x), static_cast<int>(y)};
  }
  std::unique_ptr<model::Model> model_;
};

TEST_F(GridTest, LevelsAreInCanonicalOrder) {
  for (int threads : {1, 2, 4}) {
    ExploreSummary summary =
        ExploreAndCollect(*model_, {.threads = threads, .memory_bytes = 1 << 24});
    EXPECT_EQ(summary.stats.states, 9u);
    EXPECT_EQ(summary.stats.transitions, 12u);
    EXPECT_EQ(summary.stats.levels, 4);
    ASSERT_EQ(summary.levels.size(), 5u);
    ASSERT_EQ(summary.levels[1].size(), 2u);
    EXPECT_EQ(XY(summary.levels[1][0]), std::make_pair(1, 0));
    EXPECT_EQ(XY(summary.levels[1][1]), std::make_pair(0, 1));
    ASSERT_EQ(summary.levels[2].size(), 3u);
    EXPECT_EQ(XY(summary.levels[2][0]), std::make_pair(2, 0));
    EXPECT_EQ(XY(summary.levels[2][1]), std::make_pair(1, 1));
    EXPECT_EQ(XY(summary.levels[2][2]), std::make_pair(0, 2));
  }
}

TEST_F(GridTest, TraceFollowsTheFirstParent) {
  const model::ModelStateSpace space(*model_);
  Exploration exploration = Explore(space, {}, {.threads = 2, .memory_bytes = 1 << 24});
  results::Trace trace = exploration.TraceTo(2, 1);
  ASSERT_EQ(trace.size(), 3u);
  EXPECT_EQ(trace[0].move.kind, ir::Move::Kind::kInit);
  EXPECT_EQ(trace[1].move.index, 0);  // right, from (0,0) to (1,0)
  EXPECT_EQ(trace[2].move.index, 1);  // down, from (1,0) to (1,1)
  EXPECT_EQ(XY(trace[2].state), std::make_pair(1, 1));
}

// Counts visits and dead states, checking each visit comes once from a valid worker.
class CountingObserver final : public ExplorationObserver {
 public:
  void Begin(int workers) override { workers_ = workers; }
  void OnVisit(const StateRef& state, bool terminal) override {
    EXPECT_GE(state.worker, 0);
    EXPECT_LT(state.worker, workers_);
    visits_.fetch_add(1);
    if (terminal) terminals_.fetch_add(1);
  }
  void OnDeadState(const StateRef& state) override { dead_.push_back(state.pos); }
  int workers_ = 0;
  std::atomic<int> visits_{0};
  std::atomic<int> terminals_{0};
  std::vector<uint64_t> dead_;
};

TEST_F(GridTest, ObserversSeeEveryStateOnceAndTheDeadEnd) {
  CountingObserver observer;
  ExplorationObserver* observers[] = {&observer};
  const model::ModelStateSpace space(*model_);
  Exploration exploration = Explore(space, observers, {.threads = 3, .memory_bytes = 1 << 24});
  EXPECT_EQ(observer.workers_, 3);
  EXPECT_EQ(observer.visits_.load(), 9);
  EXPECT_EQ(observer.terminals_.load(), 0);
  EXPECT_EQ(observer.dead_, std::vector<uint64_t>{0});  // (2,2), alone on level 4
}

TEST(ExplorerTest, SameStatesForAnyThreadCount) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  ExploreSummary one = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 26});
  EXPECT_EQ(one.stats.states, 5478u);
  EXPECT_EQ(one.stats.terminal_states, 958u);
  for (int threads : {2, 4}) {
    ExploreSummary many = ExploreAndCollect(*model, {.threads = threads, .memory_bytes = 1 << 26});
    EXPECT_EQ(many.stats.states, one.stats.states);
    EXPECT_EQ(many.stats.transitions, one.stats.transitions);
    EXPECT_EQ(many.levels, one.levels) << threads << " threads";
  }
}

TEST(ExplorerTest, TheStoreGrowsWithTheStates) {
  // 181,440 states: far more than the first tables hold, so the store is rebuilt bigger
  // several times during the search, and the levels must come out the same.
  auto model = LoadGame("puzzle8.rules");
  ASSERT_NE(model, nullptr);
  ExploreSummary one = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 28});
  ExploreSummary two = ExploreAndCollect(*model, {.threads = 2, .memory_bytes = 1 << 28});
  EXPECT_TRUE(one.stats.complete);
  EXPECT_EQ(one.stats.states, 181440u);
  EXPECT_EQ(one.stats.transitions, 483840u);
  EXPECT_EQ(two.levels, one.levels);
  // A puzzle8 state is two words: the store is its root table alone. While small, the table
  // grows with headroom (search.cc), but never past 2^22 slots for a search this size, and
  // it holds every state at a load of at most a half.
  EXPECT_LE(one.stats.store_bytes, (uint64_t{1} << 22) * 8 + 8);
  EXPECT_GE(one.stats.store_bytes, 181440u * 8 * 2);
}

TEST(ExplorerTest, MaxStatesKeepsTheFirstStatesInCanonicalOrder) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  ExploreSummary full = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 26});
  for (int threads : {1, 2, 4}) {
    ExploreSummary cut = ExploreAndCollect(
        *model, {.threads = threads, .memory_bytes = 1 << 26, .max_states = 1000});
    EXPECT_FALSE(cut.stats.complete);
    EXPECT_EQ(cut.stats.stop_reason, StopReason::kMaxStates);
    EXPECT_EQ(cut.stats.states, 1000u);
    // Every level but the last is whole; the last is a prefix of the full search's.
    ASSERT_FALSE(cut.levels.empty());
    uint64_t counted = 0;
    for (size_t d = 0; d < cut.levels.size(); ++d) {
      counted += cut.levels[d].size();
      if (d + 1 < cut.levels.size()) {
        EXPECT_EQ(cut.levels[d], full.levels[d]);
      } else {
        std::vector<std::vector<uint32_t>> prefix(full.levels[d].begin(),
                                                  full.levels[d].begin() + cut.levels[d].size());
        EXPECT_EQ(cut.levels[d], prefix);
      }
    }
    EXPECT_EQ(counted, 1000u);
    // 1 + 9 + 72 + 252 states in levels 0 to 3; level 4 is cut.
    EXPECT_EQ(cut.stats.levels, 4);
    EXPECT_EQ(cut.stats.whole_levels, 4);
  }
}

TEST(ExplorerTest, MaxStatesThatCutTheNextLevelToNothingLeaveTheLastLevelWhole) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  // 1 state in level 0 and 9 in level 1: a limit of 1 or 10 keeps no state of the next level.
  for (uint64_t max_states : {1, 10}) {
    const ExploreSummary cut = ExploreAndCollect(
        *model, {.threads = 2, .memory_bytes = 1 << 26, .max_states = max_states});
    EXPECT_EQ(cut.stats.stop_reason, StopReason::kMaxStates);
    EXPECT_EQ(cut.stats.states, max_states);
    const int levels = max_states == 1 ? 1 : 2;
    EXPECT_EQ(cut.stats.levels, levels - 1);
    EXPECT_EQ(cut.stats.whole_levels, levels);
  }
}

TEST(ExplorerTest, ExactlyMaxStatesStillCompletes) {
  auto model = test_models::LoadTestModel(kCounter);
  ASSERT_NE(model, nullptr);
  ExploreSummary summary =
      ExploreAndCollect(*model, {.threads = 2, .memory_bytes = 1 << 24, .max_states = 6});
  EXPECT_TRUE(summary.stats.complete);
  EXPECT_EQ(summary.stats.states, 6u);
  EXPECT_EQ(summary.stats.whole_levels, summary.stats.levels + 1);
  ExploreSummary cut =
      ExploreAndCollect(*model, {.threads = 2, .memory_bytes = 1 << 24, .max_states = 5});
  EXPECT_FALSE(cut.stats.complete);
  EXPECT_EQ(cut.stats.states, 5u);
}

TEST(ExplorerTest, MaxDepthVisitsItsLevelWithoutExpandingIt) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  const ExploreSummary full = ExploreAndCollect(*model, {.threads = 1, .memory_bytes = 1 << 26});
  ASSERT_GT(full.levels.size(), 4u);
  const std::vector<std::vector<std::vector<uint32_t>>> first_four(full.levels.begin(),
                                                                   full.levels.begin() + 4);
  for (int threads : {1, 2, 4}) {
    const ExploreSummary upto3 =
        ExploreAndCollect(*model, {.threads = threads, .memory_bytes = 1 << 26, .max_depth = 3});
    EXPECT_EQ(upto3.levels, first_four);
    EXPECT_EQ(upto3.stats.levels, 3);
    EXPECT_EQ(upto3.stats.whole_levels, 4);
    EXPECT_EQ(upto3.stats.stop_reason, StopReason::kMaxDepth);
    EXPECT_FALSE(upto3.stats.complete);
    // 1 + 9 + 9 * 8 + C(9, 2) * 7 states; only levels 0 to 2 were expanded (no game is over
    // before the fifth mark): 1 * 9 + 9 * 8 + 72 * 7 moves.
    EXPECT_EQ(upto3.stats.states, 334u);
    EXPECT_EQ(upto3.stats.transitions, 585u);
  }
}

TEST(ExplorerTest, MaxDepthOnALine) {
  auto model = test_models::LoadTestModel(kCounter);
  ASSERT_NE(model, nullptr);
  struct Case {
    int max_depth;
    uint64_t states;
    bool complete;
  };
  // The line's states are at depths 0..5: a limit past 5 is never reached.
  for (const Case& c : {Case{0, 1, false}, Case{2, 3, false}, Case{9, 6, true}}) {
    SCOPED_TRACE(c.max_depth);
    const ExploreSummary line = ExploreAndCollect(
        *model, {.threads = 2, .memory_bytes = 1 << 24, .max_depth = c.max_depth});
    EXPECT_EQ(line.stats.states, c.states);
    EXPECT_EQ(line.stats.transitions, c.states - 1);  // the last level is not expanded
    EXPECT_EQ(line.stats.complete, c.complete);
    EXPECT_EQ(line.stats.stop_reason, c.complete ? StopReason::kNone : StopReason::kMaxDepth);
  }
}

TEST(ExplorerTest, AFullStoreStopsTheSearch) {
  auto model = LoadGame("puzzle8.rules");
  ASSERT_NE(model, nullptr);
  // 64 KiB: room for a few thousand of the 181,440 states.
  ExploreSummary summary = ExploreAndCollect(*model, {.threads = 2, .memory_bytes = 64 << 10});
  EXPECT_FALSE(summary.stats.complete);
  EXPECT_EQ(summary.stats.stop_reason, StopReason::kStoreFull);
  EXPECT_GT(summary.stats.states, 0u);
  EXPECT_LT(summary.stats.states, 181440u);
}

TEST(ExplorerTest, CancelStopsTheSearch) {
  auto model = LoadGame("puzzle8.rules");
  ASSERT_NE(model, nullptr);
  std::atomic<bool> cancel{true};
  ExploreSummary summary =
      ExploreAndCollect(*model, {.threads = 2, .memory_bytes = 1 << 26, .cancel = &cancel});
  EXPECT_FALSE(summary.stats.complete);
  EXPECT_EQ(summary.stats.stop_reason, StopReason::kCancelled);
  EXPECT_LT(summary.stats.states, 181440u);
}

TEST(ExplorerTest, ReportsProgress) {
  auto model = test_models::LoadTestModel(kGrid);
  ASSERT_NE(model, nullptr);
  std::atomic<int> calls{0};
  ExploreOptions options{.threads = 1, .memory_bytes = 1 << 24};
  options.progress = [&](const Progress& p) {
    calls.fetch_add(1);
    EXPECT_EQ(p.memory_budget, uint64_t{1} << 24);
  };
  options.progress_interval = 3600;  // a tiny search ends long before the first report
  Explore(model::ModelStateSpace(*model), {}, options);
  EXPECT_EQ(calls.load(), 0);
}

}  // namespace
}  // namespace rulecheck::explorer
