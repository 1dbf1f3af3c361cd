// The memory budget's accounting (charges are refused past the limit, given back when freed,
// and a growing vector is charged for both buffers while it moves), the search stopping at
// the budget whatever its data is (a wide state with a huge fan-out, many states), the
// transition graph refused when the budget has no room for it, and a rebuild of the store
// that stops within a chunk per worker once the cancel flag is set.
#include "explorer/memory_budget.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <vector>

#include "explorer/explorer.h"
#include "explorer/state_graph.h"
#include "explorer/store_growth.h"
#include "model/model_state_space.h"
#include "tests/explorer/explore_test_util.h"
#include "tests/shared/load_model.h"

namespace rulecheck::explorer {
namespace {

TEST(MemoryBudgetTest, RefusesPastTheLimitAndTakesBackWhatIsFreed) {
  MemoryBudget budget(1000);
  EXPECT_TRUE(budget.TryCharge(600));
  EXPECT_FALSE(budget.TryCharge(401));
  EXPECT_EQ(budget.used(), 600u);
  EXPECT_TRUE(budget.TryCharge(400));
  EXPECT_EQ(budget.available(), 0u);
  budget.Release(500);
  EXPECT_EQ(budget.used(), 500u);
  EXPECT_EQ(budget.peak(), 1000u);
  // A charge bigger than the whole budget is refused, not wrapped around.
  EXPECT_FALSE(budget.TryCharge(~uint64_t{0}));
}

TEST(MemoryBudgetTest, AChargeIsGivenBackWhenItsOwnerGoes) {
  MemoryBudget budget(1000);
  {
    MemoryCharge charge(&budget);
    EXPECT_TRUE(charge.Set(300));
    EXPECT_FALSE(charge.Add(701));
    EXPECT_EQ(charge.bytes(), 300u);
    MemoryCharge moved = std::move(charge);
    EXPECT_EQ(budget.used(), 300u);
    EXPECT_TRUE(moved.Set(100));  // a decrease is always granted
    EXPECT_EQ(budget.used(), 100u);
  }
  EXPECT_EQ(budget.used(), 0u);
}

// What an Exploration moved out of a StatusOr does: the object moved to goes first, with the
// budget it shared; the moved-from charge, holding nothing, must not touch the freed budget
// (AddressSanitizer catches it if it does).
TEST(MemoryBudgetTest, AMovedFromChargeOutlivesItsBudget) {
  auto budget = std::make_unique<MemoryBudget>(1000);
  MemoryCharge from(budget.get());
  ASSERT_TRUE(from.Set(300));
  auto to = std::make_unique<MemoryCharge>(std::move(from));
  EXPECT_EQ(from.bytes(), 0u);
  to.reset();
  EXPECT_EQ(budget->used(), 0u);
  budget.reset();
  EXPECT_TRUE(from.Set(0));
}

TEST(MemoryBudgetTest, AVectorIsChargedForBothBuffersWhileItGrows) {
  MemoryBudget budget(4096);
  ChargedVector<uint64_t> items(&budget);
  int pushed = 0;
  while (items.push_back(pushed)) ++pushed;
  // Capacities 16, 32, 64, ...: growing from 128 to 256 items needs 384 * 8 = 3072 bytes at
  // once, from 256 to 512 would need 6144. So 256 items fit and the 257th is refused.
  EXPECT_EQ(pushed, 256);
  EXPECT_EQ(items.size(), 256u);
  EXPECT_EQ(budget.used(), 256u * 8);
  EXPECT_EQ(budget.peak(), 384u * 8);
  items.Free();
  EXPECT_EQ(budget.used(), 0u);
}

// One state of 4,096 bits (128 words), each move sets one more bit: 4,096 successors per
// state, each a new state, so a level is 4,096 times the one before it.
constexpr char kWide[] = R"(
state { bits: [0..4095] bool }
action set(i: 0..4095) when not bits[i] { bits[i] := true }
)";

TEST(MemoryBudgetTest, AWideStateWithAHugeFanOutStopsAtTheBudget) {
  auto model = test_models::LoadTestModel(kWide);
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  const uint64_t budget = uint64_t{8} << 20;
  Exploration exploration = Explore(space, {}, {.threads = 2, .memory_bytes = budget});
  EXPECT_FALSE(exploration.stats().complete);
  EXPECT_EQ(exploration.stats().stop_reason, StopReason::kStoreFull);
  EXPECT_GT(exploration.stats().states, 1u);
  // Nothing the search charged went past the budget, and what the exploration still holds
  // is charged.
  EXPECT_LE(exploration.budget().peak(), budget);
  EXPECT_GT(exploration.budget().used(), 0u);
}

// 1,000 states, each with a move to every state: 1,000,000 edges, about 4 MB of graph.
constexpr char kDense[] = R"(
state { x: 0..999 }
init { x := 0 }
action go(y: 0..999) { x := y }
)";

TEST(MemoryBudgetTest, TheGraphIsRefusedWhenTheBudgetHasNoRoomForIt) {
  auto model = test_models::LoadTestModel(kDense);
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  Exploration small = Explore(space, {}, {.threads = 2, .memory_bytes = uint64_t{4} << 20});
  ASSERT_TRUE(small.stats().complete);
  const uint64_t used = small.budget().used();
  absl::StatusOr<StateGraph> graph = BuildStateGraph(
      small, [](const uint32_t*) { return true; }, 2, nullptr);
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kResourceExhausted);
  // Nothing of the graph stays allocated or charged.
  EXPECT_EQ(small.budget().used(), used);
  EXPECT_LE(small.budget().peak(), uint64_t{4} << 20);

  Exploration big = Explore(space, {}, {.threads = 2, .memory_bytes = uint64_t{64} << 20});
  // Declared after `big`, whose budget its charge refers to.
  const absl::StatusOr<StateGraph> big_graph = BuildStateGraph(
      big, [](const uint32_t*) { return true; }, 2, nullptr);
  ASSERT_TRUE(big_graph.ok()) << big_graph.status();
  EXPECT_EQ(big_graph->edges(), 1000000u);
  EXPECT_GE(big_graph->charge.bytes(), 1000000u * 4);
}

TEST(MemoryBudgetTest, ARebuildOfTheStoreStopsSoonAfterACancel) {
  // 200,000 one-word states to copy into a new store; the flag is set after the first 5,000,
  // as a Ctrl-C landing part-way through a rebuild would.
  constexpr uint64_t kStates = 200000;
  constexpr uint64_t kCancelAfter = 5000;
  constexpr int kWorkers = 2;
  std::vector<std::vector<uint32_t>> levels(1, std::vector<uint32_t>(kStates));
  TreeStore to(1, 1 << 19, 0);
  ParentLinks links(to.id_bound());
  WorkerPool pool(kWorkers);
  LevelSharing sharing(pool);
  SearchCounters counters(kWorkers);
  std::atomic<bool> cancel{false};
  std::atomic<uint64_t> filled{0};
  const PutOutcome outcome = PutStates(levels, to, links, pool, sharing, counters, &cancel,
                                       [&](size_t, uint64_t pos, TreeStore::Tree& tree) {
                                         tree.words[0] = static_cast<uint32_t>(pos);
                                         if (filled.fetch_add(1) + 1 == kCancelAfter) {
                                           cancel.store(true);
                                         }
                                         return uint32_t{0};
                                       });
  EXPECT_EQ(outcome, PutOutcome::kCancelled);
  // Each worker finishes the chunk (1,024 states) it holds, and claims no other.
  EXPECT_LE(filled.load(), kCancelAfter + kWorkers * 1024);
}

}  // namespace
}  // namespace rulecheck::explorer
