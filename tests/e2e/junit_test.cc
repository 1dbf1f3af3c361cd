// End-to-end tests of `--format junit` for `check`, `solve` and `prove`, read by a real JUnit
// consumer: Python's junitparser (Debian's python3-junitparser, installed by
// scripts/install-deps.sh), which lists each suite's counts and each case's outcome. The
// expected cases and counts are worked out by hand from the models' comments.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;

// Prints `suite NAME tests=T failures=F skipped=S errors=E`, junitparser's own counts of the
// cases it read, and `CASE: passed|failure|skipped` for each case.
constexpr char kReader[] = R"(
import sys
from junitparser import JUnitXml, Failure, Skipped, Error
xml = JUnitXml.fromfile(sys.argv[1])
for suite in xml:
    counted = {'tests': 0, 'failures': 0, 'skipped': 0, 'errors': 0}
    lines = []
    for case in suite:
        counted['tests'] += 1
        kinds = [type(r).__name__.lower() for r in case.result]
        outcome = 'failure' if 'failure' in kinds else 'skipped' if 'skipped' in kinds else 'passed'
        counted['failures'] += outcome == 'failure'
        counted['skipped'] += outcome == 'skipped'
        lines.append(case.name + ': ' + outcome)
    print('suite %s tests=%d failures=%d skipped=%d errors=%d' %
          (suite.name, suite.tests, suite.failures, suite.skipped, suite.errors))
    print('counted tests=%(tests)d failures=%(failures)d skipped=%(skipped)d errors=%(errors)d' %
          counted)
    for line in lines:
        print(line)
)";

class JunitTest : public testing_support::TempFolderTest {
 protected:
  // Runs rulecheck with `args` writing JUnit to a file (with --report, or with `as_output`
  // --format junit --output, as `diff` takes it), expects `exit_code`, and returns what
  // junitparser read from it, line by line.
  std::vector<std::string> Read(std::vector<std::string> args, int exit_code,
                                bool as_output = false) {
    const std::string path = (dir_ / "report.xml").string();
    if (as_output) {
      args.insert(args.end(), {"--format", "junit", "--output", path, "--quiet"});
    } else {
      args.insert(args.end(), {"--report", "junit=" + path, "--quiet"});
    }
    const RunResult run = RunRulecheck(args);
    EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
    const RunResult parsed = RunProgram("/usr/bin/python3", {"-c", kReader, path});
    EXPECT_EQ(parsed.exit_code, 0)
        << parsed.stderr_text << "(junitparser comes from scripts/install-deps.sh)";
    std::vector<std::string> lines;
    size_t start = 0;
    const std::string& text = parsed.stdout_text;
    while (start < text.size()) {
      const size_t end = text.find('\n', start);
      lines.push_back(text.substr(start, end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    return lines;
  }
};

// counter.rules: eight cases, worked out in its comment. The invariant, big (unreachable), the
// assert, the deadlock and the dead action `check` fail; two (a witness), the initial state and
// model errors pass. No triggers and no `terminates`: no chain, order or termination case.
TEST_F(JunitTest, CheckHasACasePerPropertyAndCheck) {
  EXPECT_THAT(Read({"check", "tests/e2e/reports/counter.rules"}, 1),
              ElementsAre("suite tests/e2e/reports/counter.rules tests=8 failures=5 skipped=0 "
                          "errors=0",
                          "counted tests=8 failures=5 skipped=0 errors=0", "initial state: passed",
                          "invariant small: failure", "reachable two: passed",
                          "reachable big: failure", "assert: failure", "model errors: passed",
                          "deadlock: failure", "dead rules: failure"));
}

// --skip deadlock and --skip dead switch two checks off: skipped, and no longer failures.
TEST_F(JunitTest, SkippedChecksAreSkipped) {
  EXPECT_THAT(
      Read({"check", "tests/e2e/reports/counter.rules", "--skip", "deadlock", "--skip", "dead"}, 1),
      ElementsAre("suite tests/e2e/reports/counter.rules tests=8 failures=3 skipped=2 "
                  "errors=0",
                  "counted tests=8 failures=3 skipped=2 errors=0", "initial state: passed",
                  "invariant small: failure", "reachable two: passed", "reachable big: failure",
                  "assert: failure", "model errors: passed", "deadlock: skipped",
                  "dead rules: skipped"));
}

// endless.rules stopped after its first state: the initial state exists, and nothing else is
// decided (the cycle needs the second state): five cases skipped.
TEST_F(JunitTest, AStoppedSearchSkipsWhatItCouldNotDecide) {
  EXPECT_THAT(Read({"check", "tests/e2e/analyses/endless.rules", "--max-states", "1"}, 3),
              ElementsAre("suite tests/e2e/analyses/endless.rules tests=6 failures=0 skipped=5 "
                          "errors=0",
                          "counted tests=6 failures=0 skipped=5 errors=0", "initial state: passed",
                          "assert: skipped", "model errors: skipped", "deadlock: skipped",
                          "dead rules: skipped", "termination: skipped"));
}

// order_dependent.rules has triggers: chain, order and pending-at-the-end cases; the order
// dependence fails.
TEST_F(JunitTest, TriggerChecksHaveTheirCases) {
  EXPECT_THAT(Read({"check", "tests/e2e/analyses/order_dependent.rules"}, 0),
              ElementsAre("suite tests/e2e/analyses/order_dependent.rules tests=8 failures=1 "
                          "skipped=0 errors=0",
                          "counted tests=8 failures=1 skipped=0 errors=0", "initial state: passed",
                          "assert: passed", "model errors: passed", "deadlock: passed",
                          "dead rules: passed", "reaction chains: passed", "trigger order: failure",
                          "triggers pending at the end: passed"));
}

// Bounded checks to depth 3 of counter.rules: the invariant fails at depth 2, the assert at
// depth 2 and the deadlock at depth 3, all within the depth. prove: `small` is false at n = 2.
TEST_F(JunitTest, SolveAndProveHaveACasePerAnswer) {
  EXPECT_THAT(Read({"solve", "tests/e2e/reports/counter.rules", "--depth", "3"}, 1),
              ElementsAre("suite tests/e2e/reports/counter.rules tests=3 failures=3 skipped=0 "
                          "errors=0",
                          "counted tests=3 failures=3 skipped=0 errors=0",
                          "invariant small: failure", "failure: failure", "deadlock: failure"));
  EXPECT_THAT(Read({"prove", "tests/e2e/reports/counter.rules"}, 1),
              ElementsAre("suite tests/e2e/reports/counter.rules tests=1 failures=1 skipped=0 "
                          "errors=0",
                          "counted tests=1 failures=1 skipped=0 errors=0", "proof small: failure"));
  // hand_worked.rules' six queries all have answers (see its comment): six passing cases.
  EXPECT_THAT(Read({"solve", "tests/e2e/symbolic/hand_worked.rules", "--engine", "explicit"}, 0),
              ElementsAre("suite tests/e2e/symbolic/hand_worked.rules tests=6 failures=0 "
                          "skipped=0 errors=0",
                          "counted tests=6 failures=0 skipped=0 errors=0",
                          "maximize farthest: passed", "minimize centred: passed",
                          "reachable two_coins: passed", "reachable rich_end: passed",
                          "maximize ratio: passed", "minimize broken: passed"));
}

// diff (tests/e2e/diff/, each pair worked out in the files' comments): two cases, new error
// findings and behaviour. new_error.rules adds a failing assert (and no behaviour
// difference); new_move.rules a move only it allows (and no finding); a stopped search skips
// the behaviour case, and the new error findings case where it found none (no pass: the states
// it did not visit were not checked).
TEST_F(JunitTest, DiffHasACaseForNewErrorsAndOneForBehaviour) {
  const std::string base = "tests/e2e/diff/base.rules";
  EXPECT_THAT(Read({"diff", base, "tests/e2e/diff/new_error.rules"}, 1, true),
              ElementsAre("suite tests/e2e/diff/base.rules -> tests/e2e/diff/new_error.rules "
                          "tests=2 failures=1 skipped=0 errors=0",
                          "counted tests=2 failures=1 skipped=0 errors=0",
                          "new error findings: failure", "behaviour: passed"));
  // Every element the schema gives a time has one: the suites, the suite and both cases.
  std::ifstream file(dir_ / "report.xml");
  const std::string xml((std::istreambuf_iterator<char>(file)), {});
  int times = 0;
  for (size_t at = xml.find(" time=\""); at != std::string::npos;
       at = xml.find(" time=\"", at + 1)) {
    ++times;
  }
  EXPECT_EQ(times, 4) << xml;
  EXPECT_THAT(Read({"diff", base, "tests/e2e/diff/new_move.rules"}, 4, true),
              ElementsAre("suite tests/e2e/diff/base.rules -> tests/e2e/diff/new_move.rules "
                          "tests=2 failures=1 skipped=0 errors=0",
                          "counted tests=2 failures=1 skipped=0 errors=0",
                          "new error findings: passed", "behaviour: failure"));
  EXPECT_THAT(Read({"diff", base, "tests/e2e/diff/score.rules", "--max-states", "3"}, 3, true),
              ElementsAre("suite tests/e2e/diff/base.rules -> tests/e2e/diff/score.rules "
                          "tests=2 failures=0 skipped=2 errors=0",
                          "counted tests=2 failures=0 skipped=2 errors=0",
                          "new error findings: skipped", "behaviour: skipped"));
}

}  // namespace
}  // namespace rulecheck::e2e
