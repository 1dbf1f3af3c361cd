// The state graph after a search, made two ways: by expanding every state again
// (BuildStateGraph) and from the search's record of its edges (StateGraphFromRecord). The two
// must give the same graph, for any thread count, through rebuilds of the store, with terminal
// states and with pending triggers; and a record is kept only of a complete search that had
// the memory for it.
#include "explorer/state_graph.h"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model_state_space.h"
#include "tests/explorer/explore_test_util.h"
#include "tests/shared/load_model.h"

namespace rulecheck::explorer {
namespace {

// Six cells of 0..3 poked one at a time; each poke queues the triggers whose guards hold (two
// that do not commute while the cell is below 2), so states with pending triggers can have
// several successors (one per order) and the rest one per cell: 4,096 settled states and
// more with triggers pending.
constexpr char kPokes[] = R"(
event Poke(i: 0..5)
state {
  cells: [0..5] 0..3
}
action poke(i: 0..5) { emit Poke(i) }
trigger bump on Poke(i) when cells[i] < 3 { cells[i] := cells[i] + 1 }
trigger wrap on Poke(i) when cells[i] == 3 { cells[i] := 0 }
trigger twice on Poke(i) when cells[i] < 2 { cells[i] := cells[i] + 2 }
)";

// 1,000 states, each with a move to every state: 1,000,000 edges.
constexpr char kEveryWay[] = R"(
state { x: 0..999 }
init { x := 0 }
action go(y: 0..999) { x := y }
)";

std::unique_ptr<model::Model> Hanoi(int discs) {
  return LoadGame("hanoi.rules", {{"N", std::to_string(discs)}});
}

void ExpectSameGraph(const StateGraph& recorded, const StateGraph& rebuilt) {
  EXPECT_EQ(recorded.level_start, rebuilt.level_start);
  EXPECT_EQ(recorded.id, rebuilt.id);
  EXPECT_EQ(recorded.expanded, rebuilt.expanded);
  EXPECT_EQ(recorded.edge_start, rebuilt.edge_start);
  EXPECT_EQ(recorded.target, rebuilt.target);
}

// Explores `model` on `threads` threads with a record of the edges, and checks that the graph
// of the record is the graph of a second expansion, for every state and for `some` states.
void ExpectRecordIsRebuiltGraph(const model::Model& model, int threads,
                                const std::function<bool(const uint32_t*)>& some) {
  SCOPED_TRACE(threads);
  const model::ModelStateSpace space(model);
  Exploration exploration = Explore(
      space, {}, {.threads = threads, .memory_bytes = uint64_t{256} << 20, .record_edges = true});
  ASSERT_TRUE(exploration.stats().complete);
  std::optional<RecordedEdges> record = exploration.TakeRecordedEdges();
  ASSERT_TRUE(record.has_value());
  EXPECT_FALSE(exploration.TakeRecordedEdges().has_value());  // taken once
  EXPECT_EQ(record->target.size(), exploration.stats().transitions);
  RecordedEdges copy{MemoryCharge(), record->edge_start, record->target};

  absl::StatusOr<StateGraph> recorded = StateGraphFromRecord(exploration, *std::move(record), {});
  absl::StatusOr<StateGraph> rebuilt = BuildStateGraph(exploration, {}, threads, nullptr);
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.status();
  ExpectSameGraph(*recorded, *rebuilt);

  absl::StatusOr<StateGraph> recorded_some =
      StateGraphFromRecord(exploration, std::move(copy), some);
  absl::StatusOr<StateGraph> rebuilt_some = BuildStateGraph(exploration, some, threads, nullptr);
  ASSERT_TRUE(recorded_some.ok()) << recorded_some.status();
  ASSERT_TRUE(rebuilt_some.ok()) << rebuilt_some.status();
  ExpectSameGraph(*recorded_some, *rebuilt_some);
  EXPECT_LT(recorded_some->edges(), recorded->edges());
}

TEST(StateGraphTest, TheRecordGivesTheGraphOfASecondExpansion) {
  // Terminal states (tic-tac-toe's 958 finished games have no edges).
  auto tictactoe = LoadGame("tictactoe.rules");
  ASSERT_NE(tictactoe, nullptr);
  auto odd_first_word = [](const uint32_t* words) { return words[0] % 2 == 1; };
  for (int threads : {1, 2}) ExpectRecordIsRebuiltGraph(*tictactoe, threads, odd_first_word);

  // Wide states in a store that is rebuilt bigger during the search: 3^10 = 59,049 states.
  auto hanoi = Hanoi(10);
  ASSERT_NE(hanoi, nullptr);
  for (int threads : {1, 2}) ExpectRecordIsRebuiltGraph(*hanoi, threads, odd_first_word);

  // Pending triggers, and the states with some pending as the ones asked for, as the
  // reaction-chain analysis asks.
  auto pokes = test_models::LoadTestModel(kPokes);
  ASSERT_NE(pokes, nullptr);
  const ir::StateLayout& layout = pokes->layout;
  auto pending = [&](const uint32_t* words) { return layout.PendingLength(words) > 0; };
  for (int threads : {1, 2}) ExpectRecordIsRebuiltGraph(*pokes, threads, pending);
}

TEST(StateGraphTest, TheRecordIsTheSameForAnyThreadCount) {
  auto hanoi = Hanoi(9);
  ASSERT_NE(hanoi, nullptr);
  const model::ModelStateSpace space(*hanoi);
  // The first run's arrays (a record's charge must not outlive its exploration's budget).
  std::optional<std::pair<std::vector<uint64_t>, std::vector<uint32_t>>> one;
  for (int threads : {1, 3}) {
    Exploration exploration = Explore(
        space, {}, {.threads = threads, .memory_bytes = uint64_t{256} << 20, .record_edges = true});
    std::optional<RecordedEdges> record = exploration.TakeRecordedEdges();
    ASSERT_TRUE(record.has_value());
    EXPECT_EQ(record->edge_start.size(), 19683u + 1);
    if (!one.has_value()) {
      one.emplace(std::move(record->edge_start), std::move(record->target));
      continue;
    }
    EXPECT_EQ(record->edge_start, one->first);
    EXPECT_EQ(record->target, one->second);
  }
}

TEST(StateGraphTest, NoRecordUnlessAskedForAndComplete) {
  auto tictactoe = LoadGame("tictactoe.rules");
  ASSERT_NE(tictactoe, nullptr);
  const model::ModelStateSpace space(*tictactoe);
  Exploration unasked = Explore(space, {}, {.threads = 2, .memory_bytes = uint64_t{64} << 20});
  EXPECT_TRUE(unasked.stats().complete);
  EXPECT_FALSE(unasked.TakeRecordedEdges().has_value());
  Exploration stopped = Explore(
      space, {},
      {.threads = 2, .memory_bytes = uint64_t{64} << 20, .max_states = 1000, .record_edges = true});
  EXPECT_FALSE(stopped.stats().complete);
  EXPECT_FALSE(stopped.TakeRecordedEdges().has_value());
  Exploration shallow = Explore(
      space, {},
      {.threads = 2, .memory_bytes = uint64_t{64} << 20, .max_depth = 3, .record_edges = true});
  EXPECT_FALSE(shallow.stats().complete);
  EXPECT_FALSE(shallow.TakeRecordedEdges().has_value());
}

TEST(StateGraphTest, ASearchWithoutRoomForTheRecordDropsItAndCompletes) {
  // The record of 1,000,000 edges needs some 8 MB; the search itself well under 1 MB.
  auto model = test_models::LoadTestModel(kEveryWay);
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  constexpr uint64_t kBudget = uint64_t{6} << 20;
  Exploration exploration =
      Explore(space, {}, {.threads = 2, .memory_bytes = kBudget, .record_edges = true});
  EXPECT_TRUE(exploration.stats().complete);
  EXPECT_EQ(exploration.stats().states, 1000u);
  EXPECT_EQ(exploration.stats().transitions, 1000000u);
  EXPECT_FALSE(exploration.TakeRecordedEdges().has_value());
  EXPECT_LE(exploration.budget().peak(), kBudget);

  // With room, the record holds every edge.
  Exploration roomy =
      Explore(space, {}, {.threads = 2, .memory_bytes = uint64_t{64} << 20, .record_edges = true});
  std::optional<RecordedEdges> record = roomy.TakeRecordedEdges();
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->target.size(), 1000000u);
  EXPECT_GE(record->charge.bytes(), 1000000u * 4);
}

}  // namespace
}  // namespace rulecheck::explorer
