// `solve --engine explicit` against `solve` (Z3) in process, on the small models of
// tests/solver/agreement_models.h (one per encoding of the symbolic engine: bags, seqs,
// options, triggers with pending lists, chance, a Monster Mutators fragment) and on the games
// with queries added: every query must get the same status, value and depth from both
// engines, and the explicit witness must end in a state with the answer's value.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/explicit_solve.h"
#include "model/model.h"
#include "model/successors.h"
#include "solver/solver.h"
#include "tests/solver/agreement_models.h"

namespace rulecheck::cli {
namespace {

std::unique_ptr<model::Model> Load(const std::string& text,
                                   const std::vector<model::ConstOverride>& overrides = {}) {
  auto model = model::LoadModelFromText("t.rules", text, overrides);
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

// The text of games/`name` with `queries` appended.
std::string GameWith(const std::string& name, const std::string& queries) {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/games/" + name);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str() + "\n" + queries;
}

void ExpectEnginesAgree(const model::Model& model) {
  absl::StatusOr<std::vector<results::Answer>> symbolic =
      solver::Solve(model, solver::SolveOptions{});
  ASSERT_TRUE(symbolic.ok()) << symbolic.status();
  SolveFlags flags;
  flags.quiet = true;
  flags.threads = 1;
  flags.engine = "interpreted";  // the reference meaning (the compiled one is tested against it)
  AnswerEnv env;
  env.memory_bytes = uint64_t{256} << 20;
  std::ostringstream notes;
  absl::StatusOr<std::vector<results::Answer>> explicit_results =
      SolveExplicit(model, flags, env, notes);
  ASSERT_TRUE(explicit_results.ok()) << explicit_results.status();
  ASSERT_EQ(explicit_results->size(), symbolic->size());
  ASSERT_FALSE(symbolic->empty());
  model::SuccessorGenerator generator(model);
  for (size_t i = 0; i < symbolic->size(); ++i) {
    const results::Answer& z3 = (*symbolic)[i];
    const results::Answer& bfs = (*explicit_results)[i];
    SCOPED_TRACE(z3.name + ": " + z3.message + " / " + bfs.message);
    EXPECT_EQ(bfs.name, z3.name);
    EXPECT_EQ(bfs.kind, z3.kind);
    EXPECT_EQ(bfs.verdict, z3.verdict);
    EXPECT_EQ(bfs.value, z3.value);
    EXPECT_EQ(bfs.depth, z3.depth);
    if (bfs.verdict != results::Verdict::kSat && bfs.verdict != results::Verdict::kOptimal)
      continue;
    ASSERT_EQ(bfs.trace.size(), static_cast<size_t>(bfs.depth) + 1);
    const model::PropertyValue v =
        generator.Evaluate(model.program.queries[i], bfs.trace.back().state.data());
    ASSERT_TRUE(v.ok);
    EXPECT_EQ(v.value, bfs.value.value_or(1));
  }
}

TEST(ExplicitAgreementTest, EncodingModels) {
  for (const char* text : solver::testing::kAgreementModels) {
    std::unique_ptr<model::Model> model = Load(text);
    ASSERT_NE(model, nullptr);
    ExpectEnginesAgree(*model);
  }
}

TEST(ExplicitAgreementTest, HandWorkedModel) {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/tests/e2e/symbolic/hand_worked.rules");
  std::stringstream text;
  text << in.rdbuf();
  std::unique_ptr<model::Model> model = Load(text.str());
  ASSERT_NE(model, nullptr);
  ExpectEnginesAgree(*model);
}

TEST(ExplicitAgreementTest, TicTacToe) {
  std::unique_ptr<model::Model> model =
      Load(GameWith("tictactoe.rules", solver::testing::kTicTacToeQueries));
  ASSERT_NE(model, nullptr);
  ExpectEnginesAgree(*model);
}

TEST(ExplicitAgreementTest, Puzzle8) {
  std::unique_ptr<model::Model> model =
      Load(GameWith("puzzle8.rules", solver::testing::kPuzzle8Queries));
  ASSERT_NE(model, nullptr);
  ExpectEnginesAgree(*model);
}

TEST(ExplicitAgreementTest, Hanoi) {
  std::unique_ptr<model::Model> model =
      Load(GameWith("hanoi.rules",
                    "query solved_q: reachable len(pegs[2]) == N within 7\n"
                    "query too_soon: reachable len(pegs[2]) == N within 6\n"
                    "query most_on_1: maximize len(pegs[1]) * 10 - len(pegs[0]) within 5\n"),
           {{"N", "3"}});
  ASSERT_NE(model, nullptr);
  ExpectEnginesAgree(*model);
}

}  // namespace
}  // namespace rulecheck::cli
