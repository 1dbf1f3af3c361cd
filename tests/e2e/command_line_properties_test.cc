// End-to-end checks of `rulecheck check --invariant EXPR` and `--reachable EXPR`: properties
// a designer adds from the command line without editing the rules file. They are checked
// like the file's own, named by their text, and located in `--invariant` / `--reachable`
// (line 1) in findings and in error messages.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;

json Findings(const RunResult& run) {
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::array() : report["findings"];
}

TEST(CommandLinePropertiesTest, InvariantFromTheCommandLineIsChecked) {
  // X can win: the shortest win is three X moves and two O moves, a trace of 6 steps.
  const RunResult run = RunRulecheck(
      {"check", "games/tictactoe.rules", "--format", "json", "-q", "--invariant", "not won(X)"});
  EXPECT_EQ(run.exit_code, 1);
  const json findings = Findings(run);
  ASSERT_FALSE(findings.empty());
  const json& finding = findings[0];
  EXPECT_EQ(finding["kind"], "invariant");
  EXPECT_EQ(finding["name"], "not won(X)");
  EXPECT_EQ(finding["location"]["file"], "--invariant");
  EXPECT_EQ(finding["location"]["line"], 1);
  EXPECT_EQ(finding["location"]["column"], 1);
  EXPECT_EQ(finding["trace"].size(), 6u);
}

// A command-line property is named by its text, shown as diagnostics show source text: a
// control character or a direction override the shell passed is escaped, not written raw.
TEST(CommandLinePropertiesTest, ANameFromTheCommandLineIsShownEscaped) {
  const RunResult run = RunRulecheck({"check", "games/tictactoe.rules", "-q", "--invariant",
                                      "not won(X) # \xe2\x80\xae note \x1b[31mred"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.stdout_text,
              HasSubstr("invariant not won(X) # \\u202E note \\x1b[31mred is violated"));
  EXPECT_EQ(run.stdout_text.find('\x1b'), std::string::npos);
  EXPECT_EQ(run.stdout_text.find("\xe2\x80\xae"), std::string::npos);
}

TEST(CommandLinePropertiesTest, ReachableFromTheCommandLineGetsAWitness) {
  // A draw with O in the centre: the board is full after 9 moves.
  const RunResult run =
      RunRulecheck({"check", "games/tictactoe.rules", "--format", "json", "-q", "--reachable",
                    "board[1][1] == MO and full()", "--reachable", "board[0][0] == MO"});
  EXPECT_EQ(run.exit_code, 0);
  int witnesses = 0;
  for (const json& finding : Findings(run)) {
    if (finding["kind"] != "witness") continue;
    ++witnesses;
    if (finding["name"] == "board[1][1] == MO and full()") {
      EXPECT_EQ(finding["trace"].size(), 10u);
      EXPECT_EQ(finding["location"]["file"], "--reachable");
    }
    if (finding["name"] == "board[0][0] == MO") {
      EXPECT_EQ(finding["trace"].size(), 3u);
    }
  }
  EXPECT_EQ(witnesses, 3);  // the file's `draw` and the two given here
}

TEST(CommandLinePropertiesTest, UnreachableFromTheCommandLineIsAFinding) {
  // Both players never have a line at once: the game ends at the first line.
  const RunResult run = RunRulecheck({"check", "games/tictactoe.rules", "--format", "json", "-q",
                                      "--reachable", "won(X) and won(O)"});
  EXPECT_EQ(run.exit_code, 1);
  const json findings = Findings(run);
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings[0]["kind"], "unreachable");
  EXPECT_EQ(findings[0]["name"], "won(X) and won(O)");
}

TEST(CommandLinePropertiesTest, SyntaxErrorNamesTheFlagLineAndColumn) {
  const RunResult run =
      RunRulecheck({"check", "games/tictactoe.rules", "--invariant", "board[1][1] =="});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--invariant:1:15: error: expected an expression"));
  EXPECT_THAT(run.stderr_text, HasSubstr("  board[1][1] ==\n"));
  EXPECT_EQ(run.stdout_text, "");
}

TEST(CommandLinePropertiesTest, TypeErrorsNameTheFlagLineAndColumn) {
  RunResult run =
      RunRulecheck({"check", "games/tictactoe.rules", "--reachable", "board[1][1] + 1"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--reachable:1:1: error: type mismatch"));
  run = RunRulecheck({"check", "games/tictactoe.rules", "--invariant", "turn == X", "--invariant",
                      "1 + nosuch > 0"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--invariant:1:5: error: undefined name `nosuch`"));
}

// A property that is a bare state variable's name is that variable, not a second declaration
// of its name (which was refused as a duplicate, even for docs/odds.md's own `--expect rolls`).
TEST(CommandLinePropertiesTest, ABareStateVariableIsAProperty) {
  RunResult run = RunRulecheck({"check", "tests/e2e/odds/four_rolls.rules", "--format", "json",
                                "-q", "--reachable", "six", "--invariant", "six"});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  std::vector<std::string> kinds;
  for (const json& finding : Findings(run)) {
    if (finding["name"] == "six") kinds.push_back(finding["kind"]);
  }
  EXPECT_THAT(kinds, ::testing::UnorderedElementsAre("witness", "invariant"));

  run = RunRulecheck({"odds", "tests/e2e/odds/four_rolls.rules", "-q", "--expect", "rolls"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("671/216"));

  // Not a bool: a type error at the flag, not a duplicate name.
  run = RunRulecheck({"check", "tests/e2e/odds/four_rolls.rules", "--reachable", "rolls"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--reachable:1:1: error:"));
  EXPECT_THAT(run.stderr_text, ::testing::Not(HasSubstr("duplicate")));
}

}  // namespace
}  // namespace rulecheck::e2e
