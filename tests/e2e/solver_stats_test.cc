// `RULECHECK_SOLVER_STATS` end to end (solver/step_stats.h): with 1, the symbolic engine
// prints the growth of each of a rule's own statements; with a larger number N, statements
// nested up to N deep too, each indented under the one that holds it.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The `if` is on line 4, the assignment inside it on line 5.
constexpr char kNested[] =
    "state { n: 0..9\n flag: bool }\n"
    "action step when n < 3 {\n"
    "  if not flag {\n"
    "    n += 1\n"
    "  }\n"
    "}\n"
    "query most: maximize n within 3\n";

class SolverStatsTest : public testing_support::TempFolderTest {
 protected:
  RunResult Solve(const std::string& stats) {
    const std::string file = WriteFile("nested.rules", kNested);
    return RunProgram("/usr/bin/env", {"RULECHECK_SOLVER_STATS=" + stats, RULECHECK_BINARY, "solve",
                                       file, "--query", "most", "-q"});
  }
};

TEST_F(SolverStatsTest, NestedStatementsAreMeasuredOnlyWhenAskedFor) {
  const RunResult top = Solve("1");
  EXPECT_EQ(top.exit_code, 0) << top.stdout_text << top.stderr_text;
  EXPECT_THAT(top.stderr_text, HasSubstr("stats:   statement at line 4: +"));
  EXPECT_THAT(top.stderr_text, Not(HasSubstr("statement at line 5")));

  const RunResult nested = Solve("2");
  EXPECT_EQ(nested.exit_code, 0) << nested.stdout_text << nested.stderr_text;
  EXPECT_THAT(nested.stderr_text, HasSubstr("stats:   statement at line 4: +"));
  EXPECT_THAT(nested.stderr_text, HasSubstr("stats:     statement at line 5: +"));
  // The same answer either way.
  for (const RunResult* run : {&top, &nested}) {
    EXPECT_THAT(run->stdout_text, HasSubstr("the maximum of most within 3 moves is 3"));
  }
}

}  // namespace
}  // namespace rulecheck::e2e
