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

TEST(MemoryBudgetTest, AFlatStoreTurnsToTheTreeLayoutWhenThatHoldsMore) {
  // States of five words start flat. A flat store for a million states (about 56 MB with its
  // links and level lists) does not fit a 24 MB budget. States that share sub-trees (one new
  // node each) cost less in the tree layout, which the growth then takes, as big as fits;
  // states that share nothing (three new nodes each) cost more there, and the flat store
  // takes what room there is.
  for (const uint64_t nodes_per_state : {1, 3}) {
    MemoryBudget budget(uint64_t{24} << 20);
    StoreGrowth growth(5, budget);
    MemoryCharge first_charge(&budget);
    std::unique_ptr<StateStore> first = growth.FirstStore(first_charge);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->layout(), StateStore::Layout::kFlat);
    MemoryCharge charge(&budget);
    std::unique_ptr<StateStore> bigger =
        growth.Bigger(*first, {.roots = 1000000, .nodes = 0}, 0, charge, StoreGrowth::Why::kFilled,
                      [&](uint64_t states) { return states * nodes_per_state; });
    ASSERT_NE(bigger, nullptr);
    EXPECT_EQ(bigger->layout(),
              nodes_per_state == 1 ? StateStore::Layout::kTree : StateStore::Layout::kFlat);
    EXPECT_GT(bigger->root_capacity(), first->root_capacity());
    EXPECT_LE(budget.peak(), budget.limit());
  }

  // With room, a flat store stays flat.
  MemoryBudget roomy(uint64_t{1} << 30);
  StoreGrowth roomy_growth(5, roomy);
  MemoryCharge roomy_first_charge(&roomy);
  std::unique_ptr<StateStore> roomy_first = roomy_growth.FirstStore(roomy_first_charge);
  MemoryCharge roomy_charge(&roomy);
  std::unique_ptr<StateStore> roomy_bigger =
      roomy_growth.Bigger(*roomy_first, {.roots = 1000000, .nodes = 0}, 0, roomy_charge,
                          StoreGrowth::Why::kFilled, [](uint64_t states) { return states; });
  ASSERT_NE(roomy_bigger, nullptr);
  EXPECT_EQ(roomy_bigger->layout(), StateStore::Layout::kFlat);
  EXPECT_GE(roomy_bigger->root_capacity(), 2000000u);  // a million states at half load
}

// The Towers of Hanoi with 11 discs (3^11 = 177,147 positions): three stacks of up to 11
// discs, five words a state.
constexpr char kHanoi11[] = R"(
state { pegs: [0..2] seq<1..11, 11> }
init { for i in 0..10 { push(pegs[0], 11 - i) } }
action move_disc(from: 0..2, to: 0..2)
    when from != to and not empty(pegs[from])
         and (empty(pegs[to]) or top(pegs[to]) > top(pegs[from])) {
  move top(pegs[from]) from pegs[from] to pegs[to]
}
)";

TEST(MemoryBudgetTest, ASearchThatOutgrowsTheFlatLayoutGoesOnInTheTreeLayout) {
  auto model = test_models::LoadTestModel(kHanoi11);
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  ASSERT_TRUE(StateStore::FlatFits(space.words()));
  // Flat, with its links and level lists, the 177,147 states would be charged about 18 MB; in
  // 12 MB the search changes layout on the way. The result is the same as with room to spare.
  const uint64_t small_budget = uint64_t{12} << 20;
  for (int threads : {1, 2}) {
    Exploration small = Explore(space, {}, {.threads = threads, .memory_bytes = small_budget});
    EXPECT_TRUE(small.stats().complete) << threads << " threads";
    EXPECT_FALSE(small.stats().flat_store);
    EXPECT_EQ(small.stats().states, 177147u);
    EXPECT_LE(small.budget().peak(), small_budget);
    Exploration roomy = Explore(space, {}, {.threads = threads, .memory_bytes = uint64_t{1} << 30});
    EXPECT_TRUE(roomy.stats().flat_store);
    EXPECT_EQ(roomy.stats().states, 177147u);
    EXPECT_EQ(roomy.stats().transitions, small.stats().transitions);
    EXPECT_EQ(roomy.stats().levels, small.stats().levels);
  }
}

TEST(MemoryBudgetTest, ARebuildOfTheStoreStopsSoonAfterACancel) {
  // 200,000 one-word states to copy into a new store; the flag is set after the first 5,000,
  // as a Ctrl-C landing part-way through a rebuild would.
  constexpr uint64_t kStates = 200000;
  constexpr uint64_t kCancelAfter = 5000;
  constexpr int kWorkers = 2;
  std::vector<std::vector<uint32_t>> levels(1, std::vector<uint32_t>(kStates));
  StateStore to(1, 1 << 19, 0);
  ParentLinks links(to.id_bound());
  WorkerPool pool(kWorkers);
  LevelSharing sharing(pool);
  SearchCounters counters(kWorkers);
  std::atomic<bool> cancel{false};
  std::atomic<uint64_t> filled{0};
  const PutOutcome outcome = PutStates(
      levels, to, links, pool, sharing, counters, &cancel,
      [&](size_t, uint64_t pos, StateStore::Tree& tree) {
        tree.words[0] = static_cast<uint32_t>(pos);
        if (filled.fetch_add(1) + 1 == kCancelAfter) {
          cancel.store(true);
        }
        return uint32_t{0};
      },
      [](size_t, uint64_t) {});
  EXPECT_EQ(outcome, PutOutcome::kCancelled);
  // Each worker finishes the chunk (1,024 states) it holds, and claims no other.
  EXPECT_LE(filled.load(), kCancelAfter + kWorkers * 1024);
}

}  // namespace
}  // namespace rulecheck::explorer
