// End-to-end: a `reachable` query whose shortest witness is deep. Tower of Hanoi with 8 disks
// (games/hanoi.rules, 6,561 states) is solved in exactly 255 moves at the fewest. Z3 alone
// refutes depths 0 to 254 in about 3 s but does not find the 255-move play within a minute;
// the explicit engine's search from the initial state (solver/nearby_values.h) lists every
// state and hands the play to Z3, which only has to admit it (docs/symbolic.md).
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "tests/e2e/solve_json.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

class ReachablePlayTest : public testing_support::TempFolderTest {};

TEST_F(ReachablePlayTest, HanoisSolutionIsFoundAt255Moves) {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/games/hanoi.rules");
  std::stringstream text;
  text << in.rdbuf() << "\nquery solved_in: reachable len(pegs[2]) == N within 300\n";
  const std::string path = WriteFile("hanoi.rules", text.str());
  // The time-out is far above the few seconds this takes, for slow (sanitized) builds.
  const SolveRun solve = SolveJson({path, "--query", "solved_in", "--timeout", "120"});
  EXPECT_EQ(solve.run.exit_code, 0) << solve.run.stderr_text;
  ASSERT_EQ(solve.queries.count("solved_in"), 1u) << solve.run.stdout_text;
  const nlohmann::json& query = solve.queries.at("solved_in");
  EXPECT_EQ(query["status"], "sat") << query.dump();
  EXPECT_EQ(query["depth"], 255);
  EXPECT_EQ(TraceMoves(query).size(), 256u);  // init and 255 moves
}

}  // namespace
}  // namespace rulecheck::e2e
