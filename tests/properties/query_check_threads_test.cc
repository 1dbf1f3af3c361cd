// The explicit engine's query answers do not depend on the thread count: on the 8-puzzle,
// whose levels past depth 12 are large enough to be expanded in parallel, 1, 2 and 4 workers
// give the same values, the same canonical states (depth and position) and the same traces,
// whole or cut by --max-states.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "model/model.h"
#include "properties/query_check.h"

namespace rulecheck::properties {
namespace {

constexpr char kQueries[] = R"(
query corner: maximize board[0] * 10 + board[8] within 16
query misplaced: minimize (count cell in 0..8: board[cell] != (cell + 1) % 9) - blank within 15
query swapped: reachable board[0] == 2 and board[1] == 1 within 20
query never: reachable board[0] == 0 and board[8] == 0 within 14
)";

std::unique_ptr<model::Model> Puzzle8() {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/games/puzzle8.rules");
  std::stringstream text;
  text << in.rdbuf();
  auto model = model::LoadModelFromText("puzzle8.rules", text.str() + kQueries, {});
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

void ExpectSameAnswers(const QueryRun& one, const QueryRun& other) {
  EXPECT_EQ(other.stats.states, one.stats.states);
  EXPECT_EQ(other.stats.stop_reason, one.stats.stop_reason);
  EXPECT_EQ(other.levels_done, one.levels_done);
  ASSERT_EQ(other.answers.size(), one.answers.size());
  for (size_t i = 0; i < one.answers.size(); ++i) {
    const QueryAnswer& a = one.answers[i];
    const QueryAnswer& b = other.answers[i];
    SCOPED_TRACE(a.name);
    EXPECT_EQ(b.found, a.found);
    EXPECT_EQ(b.exact, a.exact);
    EXPECT_EQ(b.value, a.value);
    EXPECT_EQ(b.depth, a.depth);
    EXPECT_EQ(b.pos, a.pos);
    ASSERT_EQ(b.trace.size(), a.trace.size());
    for (size_t s = 0; s < a.trace.size(); ++s) EXPECT_EQ(b.trace[s].state, a.trace[s].state);
  }
}

QueryRun AnswerWith(const model::Model& model, int threads, uint64_t max_states) {
  QueryOptions options;
  options.explore.threads = threads;
  options.explore.memory_bytes = 1 << 26;
  options.explore.max_states = max_states;
  absl::StatusOr<QueryRun> run = AnswerQueries(model, options);
  EXPECT_TRUE(run.ok()) << run.status();
  return run.ok() ? *std::move(run) : QueryRun{};
}

TEST(QueryCheckThreadsTest, SameAnswersForAnyThreadCount) {
  std::unique_ptr<model::Model> model = Puzzle8();
  ASSERT_NE(model, nullptr);
  const QueryRun one = AnswerWith(*model, 1, 0);
  ASSERT_EQ(one.answers.size(), 4u);
  for (const QueryAnswer& answer : one.answers) EXPECT_TRUE(answer.exact) << answer.name;
  EXPECT_TRUE(one.answers[0].found);
  EXPECT_TRUE(one.answers[1].found);
  EXPECT_FALSE(one.answers[3].found);  // the blank is one cell
  for (int threads : {2, 4}) {
    SCOPED_TRACE(threads);
    ExpectSameAnswers(one, AnswerWith(*model, threads, 0));
  }
}

TEST(QueryCheckThreadsTest, SameCutForAnyThreadCount) {
  std::unique_ptr<model::Model> model = Puzzle8();
  ASSERT_NE(model, nullptr);
  const QueryRun one = AnswerWith(*model, 1, 5000);
  EXPECT_EQ(one.stats.stop_reason, explorer::StopReason::kMaxStates);
  EXPECT_FALSE(one.answers[0].exact);
  for (int threads : {2, 4}) {
    SCOPED_TRACE(threads);
    ExpectSameAnswers(one, AnswerWith(*model, threads, 5000));
  }
}

}  // namespace
}  // namespace rulecheck::properties
