// The symbolic engine on the games in games/, with queries added to the rules text: known
// answers worked out by hand (tic-tac-toe's quickest wins, hanoi's 2^N - 1 moves), and for
// every query the explicit engine's answer over the states within the bound (a breadth-first
// search, tests/solver/oracle.h) must equal Z3's. Both optimisation methods are checked.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "model/model.h"
#include "solver/solver.h"
#include "tests/solver/agreement_models.h"
#include "tests/solver/oracle.h"

namespace rulecheck::solver {
namespace {

using testing::kPuzzle8Queries;
using testing::kTicTacToeQueries;

std::unique_ptr<model::Model> LoadGame(const std::string& game, const std::string& queries,
                                       const std::vector<model::ConstOverride>& overrides = {}) {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/games/" + game);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << game;
  auto model = model::LoadModelFromText(game, text.str() + "\n" + queries, overrides);
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

const results::Answer& Answer(const std::vector<results::Answer>& results,
                              const std::string& name) {
  for (const results::Answer& r : results) {
    if (r.name == name) return r;
  }
  ADD_FAILURE() << "no result for " << name;
  return results.front();
}

// Z3's answer to every query equals the explicit one (value and depth).
void ExpectAgreement(model::Model& model, OptimizeMethod method) {
  int max_within = 0;
  for (const auto& q : model.program.queries) max_within = std::max<int>(max_within, q.within);
  testing::Levels levels = testing::ExploreLevels(model, max_within);
  SolveOptions options;
  options.method = method;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  for (size_t i = 0; i < model.program.queries.size(); ++i) {
    const auto& q = model.program.queries[i];
    const std::string name = q.name;
    const bool reachable = q.kind == ir::QueryKind::kReachable;
    testing::Answer expected =
        testing::ExplicitAnswer(model, levels, static_cast<int>(i), static_cast<int>(q.within));
    const results::Answer& r = Answer(*results, name);
    SCOPED_TRACE(name + ": " + r.message);
    if (!expected.value) {
      EXPECT_EQ(r.verdict, results::Verdict::kUnsat);
      continue;
    }
    EXPECT_EQ(r.verdict, reachable ? results::Verdict::kSat : results::Verdict::kOptimal);
    if (!reachable) {
      EXPECT_EQ(r.value, expected.value);
    }
    EXPECT_EQ(r.depth, expected.depth);
    EXPECT_EQ(r.trace.size(), static_cast<size_t>(r.depth) + 1);
  }
}

TEST(GamesTest, TicTacToeKnownAnswers) {
  std::unique_ptr<model::Model> model = LoadGame("tictactoe.rules", kTicTacToeQueries);
  ASSERT_NE(model, nullptr);
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, SolveOptions{});
  ASSERT_TRUE(results.ok()) << results.status();
  // X needs three marks: moves 1, 3, 5; O needs its third mark on move 6.
  EXPECT_EQ(Answer(*results, "x_wins").depth, 5);
  EXPECT_EQ(Answer(*results, "o_wins").depth, 6);
  // Four moves place two X marks.
  EXPECT_EQ(Answer(*results, "most_x").value, 2);
  EXPECT_EQ(Answer(*results, "fewest_empty").value, 4);
  // O in the centre with only one O mark and X winning: X's third mark comes on move 5, but O
  // has two marks by then; so never within 6 moves.
  EXPECT_EQ(Answer(*results, "centre_o").verdict, results::Verdict::kUnsat);
}

TEST(GamesTest, TicTacToeAgreesWithExplicit) {
  std::unique_ptr<model::Model> model = LoadGame("tictactoe.rules", kTicTacToeQueries);
  ASSERT_NE(model, nullptr);
  ExpectAgreement(*model, OptimizeMethod::kBinarySearch);
  ExpectAgreement(*model, OptimizeMethod::kOptimizer);
}

TEST(GamesTest, Puzzle8AgreesWithExplicit) {
  std::unique_ptr<model::Model> model = LoadGame("puzzle8.rules", kPuzzle8Queries);
  ASSERT_NE(model, nullptr);
  ExpectAgreement(*model, OptimizeMethod::kBinarySearch);
  ExpectAgreement(*model, OptimizeMethod::kOptimizer);
}

TEST(GamesTest, Puzzle8KnownAnswers) {
  std::unique_ptr<model::Model> model = LoadGame("puzzle8.rules", kPuzzle8Queries);
  ASSERT_NE(model, nullptr);
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, SolveOptions{});
  ASSERT_TRUE(results.ok()) << results.status();
  // The blank goes 8 -> 5 -> 4 (or 8 -> 7 -> 4).
  EXPECT_EQ(Answer(*results, "centre").depth, 2);
  // The blank is 4 steps from cell 0: within 4 moves it gets there at best.
  EXPECT_EQ(Answer(*results, "blank_far").value, 0);
  EXPECT_EQ(Answer(*results, "blank_far").depth, 4);
}

TEST(GamesTest, HanoiSolvedInTwoToTheNMinusOne) {
  std::unique_ptr<model::Model> model =
      LoadGame("hanoi.rules",
               "query solved_q: reachable len(pegs[2]) == N within 7\n"
               "query too_soon: reachable len(pegs[2]) == N within 6\n"
               "query most_on_1: maximize len(pegs[1]) * 10 - len(pegs[0]) within 5\n",
               {{"N", "3"}});
  ASSERT_NE(model, nullptr);
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, SolveOptions{});
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(Answer(*results, "solved_q").verdict, results::Verdict::kSat);
  EXPECT_EQ(Answer(*results, "solved_q").depth, 7);
  EXPECT_EQ(Answer(*results, "too_soon").verdict, results::Verdict::kUnsat);
  ExpectAgreement(*model, OptimizeMethod::kBinarySearch);
}

TEST(GamesTest, HanoiInvariantsProvedOrBounded) {
  std::unique_ptr<model::Model> model = LoadGame("hanoi.rules", "", {{"N", "3"}});
  ASSERT_NE(model, nullptr);
  SolveOptions options;
  options.queries = false;
  options.check_depth = 4;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  for (const results::Answer& r : *results)
    EXPECT_EQ(r.verdict, results::Verdict::kUnsat) << r.message;
}

TEST(GamesTest, Puzzle8BlankTrackedIsInductive) {
  std::unique_ptr<model::Model> model = LoadGame("puzzle8.rules", "");
  ASSERT_NE(model, nullptr);
  ProveOptions options;
  options.invariant = "blank_tracked";
  options.by_listing = false;  // the 181,440 states are few enough to list
  absl::StatusOr<std::vector<results::Answer>> results = Prove(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->front().verdict, results::Verdict::kUnsat) << results->front().message;
  EXPECT_EQ(results->front().depth, 1);
}

}  // namespace
}  // namespace rulecheck::solver
