// `rulecheck solve --engine explicit --threads N` answers as `rulecheck solve` (Z3) does:
// the same status, value and depth for every query, and for 1, 2 and 4 threads the same
// witness traces. On the hand-worked model and on tic-tac-toe with queries added (written to
// a temporary file, the game's text and tests/solver/agreement_models.h's queries). A
// *_threads_test: CI also runs it on a ThreadSanitizer build of rulecheck.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/e2e/solve_json.h"
#include "tests/solver/agreement_models.h"

namespace rulecheck::e2e {
namespace {

using json = nlohmann::json;

void ExpectEnginesAgree(const std::string& path) {
  const SolveRun symbolic = SolveJson({path});
  EXPECT_EQ(symbolic.run.exit_code, 0) << symbolic.run.stderr_text;
  ASSERT_FALSE(symbolic.queries.empty());
  std::map<std::string, json> first;
  for (const char* threads : {"1", "2", "4"}) {
    SCOPED_TRACE(std::string(threads) + " threads");
    const SolveRun bfs = SolveJson({path, "--engine", "explicit", "--threads", threads});
    EXPECT_EQ(bfs.run.exit_code, 0) << bfs.run.stderr_text;
    ASSERT_EQ(bfs.queries.size(), symbolic.queries.size());
    for (const auto& [name, z3] : symbolic.queries) {
      SCOPED_TRACE(name);
      const json& q = bfs.queries.at(name);
      EXPECT_EQ(q["status"], z3["status"]) << q["message"] << " / " << z3["message"];
      EXPECT_EQ(q["value"], z3["value"]);
      EXPECT_EQ(q["depth"], z3["depth"]);
      if (first.count(name) == 0) first[name] = q["trace"];
      EXPECT_EQ(q["trace"], first[name]);
    }
  }
}

TEST(ExplicitSolveThreadsTest, HandWorkedModel) {
  ExpectEnginesAgree("tests/e2e/symbolic/hand_worked.rules");
}

TEST(ExplicitSolveThreadsTest, TicTacToe) {
  std::ifstream in(SourcePath("games/tictactoe.rules"));
  std::stringstream text;
  text << in.rdbuf();
  ASSERT_FALSE(text.str().empty());
  const std::string path = ::testing::TempDir() + "/explicit_solve_tictactoe.rules";
  std::ofstream(path) << text.str() << "\n" << solver::testing::kTicTacToeQueries;
  ExpectEnginesAgree(path);
}

}  // namespace
}  // namespace rulecheck::e2e
