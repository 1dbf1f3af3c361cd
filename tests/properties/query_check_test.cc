// The explicit engine's query answers (properties/query_check.h) on the hand-worked model of
// tests/e2e/symbolic/hand_worked.rules, whose header works out every level and answer; and
// how far the search goes: only to the largest bound, or to the level where the last query
// was settled, and a --max-states cut that leaves answers inexact.
#include "properties/query_check.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"

namespace rulecheck::properties {
namespace {

std::unique_ptr<model::Model> HandWorked() {
  auto model = model::LoadModel(
      std::string(RULECHECK_SOURCE_DIR) + "/tests/e2e/symbolic/hand_worked.rules", {});
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

QueryRun Answer(const model::Model& model, QueryOptions options) {
  options.explore.threads = 1;
  options.explore.memory_bytes = 1 << 24;
  absl::StatusOr<QueryRun> run = AnswerQueries(model, options);
  EXPECT_TRUE(run.ok()) << run.status();
  return run.ok() ? *std::move(run) : QueryRun{};
}

const QueryAnswer& Named(const QueryRun& run, const std::string& name) {
  for (const QueryAnswer& answer : run.answers) {
    if (answer.name == name) return answer;
  }
  ADD_FAILURE() << "no answer for " << name;
  static const QueryAnswer none;
  return none;
}

// The actions of a trace after its initial state.
std::vector<std::string> Moves(const model::Model& model, const results::Trace& trace) {
  std::vector<std::string> moves;
  for (size_t i = 1; i < trace.size(); ++i) {
    moves.push_back(model.program.actions[trace[i].move.index].name);
  }
  return moves;
}

using Strings = std::vector<std::string>;

TEST(QueryCheckTest, HandWorkedAnswers) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  const QueryRun run = Answer(*model, {});
  ASSERT_EQ(run.answers.size(), 6u);

  const QueryAnswer& farthest = Named(run, "farthest");
  EXPECT_TRUE(farthest.exact);
  EXPECT_TRUE(farthest.found);
  EXPECT_EQ(farthest.value, 60);
  EXPECT_EQ(farthest.depth, 3);
  EXPECT_EQ(farthest.pos, 4u);
  EXPECT_EQ(Moves(*model, farthest.trace), (Strings{"jump", "jump", "jump"}));

  const QueryAnswer& centred = Named(run, "centred");
  EXPECT_EQ(centred.value, 0);
  EXPECT_EQ(centred.depth, 2);
  EXPECT_EQ(centred.pos, 0u);
  EXPECT_EQ(Moves(*model, centred.trace), (Strings{"step", "jump"}));

  const QueryAnswer& two_coins = Named(run, "two_coins");
  EXPECT_TRUE(two_coins.found);
  EXPECT_EQ(two_coins.depth, 3);
  EXPECT_EQ(two_coins.pos, 3u);
  EXPECT_EQ(Moves(*model, two_coins.trace), (Strings{"step", "grab", "grab"}));

  const QueryAnswer& rich_end = Named(run, "rich_end");
  EXPECT_TRUE(rich_end.exact);
  EXPECT_FALSE(rich_end.found);
  EXPECT_TRUE(rich_end.trace.empty());

  const QueryAnswer& ratio = Named(run, "ratio");
  EXPECT_EQ(ratio.value, 12);
  EXPECT_EQ(ratio.depth, 2);
  EXPECT_EQ(ratio.pos, 0u);
  EXPECT_EQ(ratio.errors, 1u);
  EXPECT_NE(ratio.first_error.find("division by zero"), std::string::npos) << ratio.first_error;

  const QueryAnswer& broken = Named(run, "broken");
  EXPECT_TRUE(broken.exact);
  EXPECT_FALSE(broken.found);
  EXPECT_EQ(broken.errors, 3u);
}

TEST(QueryCheckTest, SearchesNoDeeperThanTheLargestBound) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  const QueryRun run = Answer(*model, {});
  // Bound 4: levels 0..4 (1 + 2 + 3 + 5 + 5 states) are visited, only 0..3 expanded
  // (2 + 5 + 8 + 10 moves).
  EXPECT_EQ(run.stats.stop_reason, explorer::StopReason::kMaxDepth);
  EXPECT_EQ(run.stats.levels, 4);
  EXPECT_EQ(run.levels_done, 4);
  EXPECT_EQ(run.stats.states, 16u);
  EXPECT_EQ(run.stats.transitions, 25u);
}

TEST(QueryCheckTest, StopsOnceEveryQueryIsSettled) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  // two_coins holds in level 3: level 4 is not needed.
  const QueryRun run = Answer(*model, {.query = "two_coins"});
  ASSERT_EQ(run.answers.size(), 1u);
  EXPECT_TRUE(run.answers[0].found);
  EXPECT_EQ(run.stats.stop_reason, explorer::StopReason::kStoppedByObserver);
  EXPECT_EQ(run.stats.levels, 3);
  EXPECT_EQ(run.stats.states, 11u);
}

TEST(QueryCheckTest, WithinOverridesEveryBound) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  const QueryRun run = Answer(*model, {.query = "rich_end", .within = 5});
  const QueryAnswer& rich_end = Named(run, "rich_end");
  EXPECT_EQ(rich_end.within, 5);
  EXPECT_TRUE(rich_end.found);
  EXPECT_EQ(rich_end.depth, 5);
  EXPECT_EQ(rich_end.pos, 0u);
  EXPECT_EQ(Moves(*model, rich_end.trace), (Strings{"step", "jump", "jump", "grab", "step"}));
}

TEST(QueryCheckTest, MaxStatesLeavesDeepAnswersInexact) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  QueryOptions options;
  options.explore.max_states = 5;
  const QueryRun run = Answer(*model, options);
  // Levels 0 and 1 (3 states), then the first 2 of level 2's 3: (3,0), (1,1).
  EXPECT_EQ(run.stats.stop_reason, explorer::StopReason::kMaxStates);
  EXPECT_EQ(run.stats.states, 5u);
  EXPECT_EQ(run.levels_done, 1);
  const QueryAnswer& farthest = Named(run, "farthest");
  EXPECT_FALSE(farthest.exact);
  EXPECT_EQ(farthest.value, 30);  // the best found: (3,0)
  EXPECT_EQ(farthest.depth, 2);
  EXPECT_FALSE(Named(run, "two_coins").exact);
  EXPECT_FALSE(Named(run, "ratio").exact);
  // Bound 1: levels 0 and 1 were visited whole.
  EXPECT_TRUE(Named(run, "broken").exact);
}

TEST(QueryCheckTest, MaxStatesThatCutTheNextLevelToNothingAnswerTheLastLevel) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  // Level 0 is the start alone, levels 0 and 1 hold 3 states: a limit of 1 or 3 keeps no
  // state of the next level, and the levels it kept were all visited.
  for (uint64_t max_states : {1, 3}) {
    QueryOptions options;
    options.explore.max_states = max_states;
    const QueryRun run = Answer(*model, options);
    EXPECT_EQ(run.stats.stop_reason, explorer::StopReason::kMaxStates);
    const int levels_done = max_states == 1 ? 0 : 1;
    EXPECT_EQ(run.levels_done, levels_done);
    // broken's bound is 1: answered exactly once level 1 is whole.
    EXPECT_EQ(Named(run, "broken").exact, levels_done == 1);
    EXPECT_FALSE(Named(run, "farthest").exact);
  }
}

TEST(QueryCheckTest, UnknownQueryIsNotFound) {
  std::unique_ptr<model::Model> model = HandWorked();
  ASSERT_NE(model, nullptr);
  QueryOptions options;
  options.query = "nope";
  absl::StatusOr<QueryRun> run = AnswerQueries(*model, options);
  EXPECT_EQ(run.status().code(), absl::StatusCode::kNotFound);
}

TEST(QueryCheckTest, NoQueriesNoSearch) {
  auto model =
      model::LoadModelFromText("t.rules", "state { n: 0..3 }\naction inc() { n += 1 }\n", {});
  ASSERT_TRUE(model.ok()) << model.status();
  const QueryRun run = Answer(**model, {});
  EXPECT_TRUE(run.answers.empty());
  EXPECT_EQ(run.stats.states, 0u);
}

}  // namespace
}  // namespace rulecheck::properties
