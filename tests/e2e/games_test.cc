// End-to-end checks of the games in games/ against answers known from outside the checker
// (see games/README.md): `rulecheck check games/X.rules --format json` must find exactly the
// known number of states, finish, and hold every property. Also the command line's contract
// around them: `--max-states` makes a run incomplete (exit 3), an unknown `--const` or a
// missing file is a usage error (exit 2).
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

// Runs `check` with `--format json` and parses stdout; a test failure when it is not JSON.
json CheckJson(const std::vector<std::string>& args, RunResult& run) {
  std::vector<std::string> full = {"check"};
  full.insert(full.end(), args.begin(), args.end());
  full.insert(full.end(), {"--format", "json"});
  run = RunRulecheck(full);
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << "stdout is not JSON:\n"
                                      << run.stdout_text << "\nstderr:\n"
                                      << run.stderr_text;
  if (report.is_discarded()) return json::object();
  return report;
}

// The findings of one kind.
std::vector<json> FindingsOfKind(const json& report, const std::string& kind) {
  std::vector<json> found;
  for (const json& finding : report.value("findings", json::array())) {
    if (finding.value("kind", "") == kind) found.push_back(finding);
  }
  return found;
}

int64_t PowerOfThree(int k) {
  int64_t result = 1;
  for (int i = 0; i < k; ++i) result *= 3;
  return result;
}

TEST(GamesTest, TicTacToe) {
  RunResult run;
  json report = CheckJson({"games/tictactoe.rules"}, run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(report.value("complete", false), true);
  EXPECT_EQ(report.value("states", -1), 5478);
  EXPECT_EQ(report.value("terminal_states", -1), 958);
  EXPECT_EQ(report.value("transitions", -1), 16167);
  EXPECT_TRUE(FindingsOfKind(report, "deadlock").empty()) << report.dump(2);
  EXPECT_TRUE(FindingsOfKind(report, "invariant").empty()) << report.dump(2);
  std::vector<json> witnesses = FindingsOfKind(report, "witness");
  ASSERT_EQ(witnesses.size(), 1u) << report.dump(2);
  EXPECT_EQ(witnesses[0].value("name", ""), "draw");
  // A draw fills the board: the witness is the initial state and nine moves.
  EXPECT_EQ(witnesses[0].value("trace", json::array()).size(), 10u);
}

TEST(GamesTest, EightPuzzle) {
  RunResult run;
  json report = CheckJson({"games/puzzle8.rules"}, run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(report.value("complete", false), true);
  EXPECT_EQ(report.value("states", -1), 181440);
  EXPECT_EQ(report.value("transitions", -1), 483840);
  EXPECT_EQ(report.value("terminal_states", -1), 0);
  EXPECT_TRUE(FindingsOfKind(report, "deadlock").empty()) << report.dump(2);
  EXPECT_EQ(FindingsOfKind(report, "witness").size(), 2u);
}

TEST(GamesTest, HanoiHasThreeToTheNStates) {
  for (int k = 1; k <= 7; ++k) {
    SCOPED_TRACE("N=" + std::to_string(k));
    RunResult run;
    json report = CheckJson({"games/hanoi.rules", "--const", "N=" + std::to_string(k)}, run);
    EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
    EXPECT_EQ(report.value("complete", false), true);
    EXPECT_EQ(report.value("states", int64_t{-1}), PowerOfThree(k));
    EXPECT_EQ(report.value("transitions", int64_t{-1}), PowerOfThree(k + 1) - 3);
    std::vector<json> witnesses = FindingsOfKind(report, "witness");
    ASSERT_EQ(witnesses.size(), 1u) << report.dump(2);
    EXPECT_EQ(witnesses[0].value("name", ""), "solved");
    // The shortest solution takes 2^N - 1 moves; the trace also holds the initial state.
    EXPECT_EQ(witnesses[0].value("trace", json::array()).size(), size_t{1} << k);
  }
}

TEST(GamesTest, MaxStatesMakesTheRunIncomplete) {
  RunResult run;
  json report = CheckJson({"games/puzzle8.rules", "--max-states", "100"}, run);
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  EXPECT_EQ(report.value("complete", true), false);
}

TEST(GamesTest, UnknownConstantIsAUsageError) {
  RunResult run = RunRulecheck({"check", "games/hanoi.rules", "--const", "NOPE=3"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("NOPE"));
}

// A constant set to a value the file cannot take: the error is where the value makes the file
// wrong, and a note names the flag that set it.
TEST(GamesTest, AnErrorFromAConstantNamesTheFlagThatSetIt) {
  RunResult run = RunRulecheck({"check", "games/hanoi.rules", "--const", "N=0"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("games/hanoi.rules:"));
  EXPECT_THAT(run.stderr_text, HasSubstr("note: the file was read with --const N=0\n"));
}

TEST(GamesTest, MissingFileIsAUsageError) {
  const std::string path = "games/no_such_game.rules";
  RunResult run = RunRulecheck({"check", path});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr(path));
}

}  // namespace
}  // namespace rulecheck::e2e
