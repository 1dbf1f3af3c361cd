// End-to-end tests of `rulecheck diff OLD NEW` on the pairs of versions in tests/e2e/diff/,
// whose differences each file works out by hand in its opening comment: the summary of each
// version (states, transitions, terminal states), declarations added and removed, findings
// new and fixed, query answers that moved, the behaviour over the shared variables that one
// version allows and the other does not (with its trace), the exit codes and --fail-on, and
// bad input (exit 2).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

std::string Diff(const std::string& name) { return "tests/e2e/diff/" + name + ".rules"; }

RunResult RunDiff(const std::string& old_name, const std::string& new_name,
                  std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"diff", "-q", Diff(old_name), Diff(new_name)};
  args.insert(args.end(), extra.begin(), extra.end());
  return RunRulecheck(args);
}

json RunJson(const std::string& old_name, const std::string& new_name) {
  const RunResult run = RunDiff(old_name, new_name, {"--format", "json"});
  EXPECT_TRUE(run.stderr_text.empty()) << run.stderr_text;
  return json::parse(run.stdout_text);
}

TEST(DiffTest, IdenticalFilesHaveNoDifference) {
  const RunResult run = RunDiff("base", "base");
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text,
              HasSubstr("old: tests/e2e/diff/base.rules: 6 states, 5 transitions, 3 terminal"));
  EXPECT_THAT(run.stdout_text,
              HasSubstr("findings: 0 new (0 errors), 0 fixed, 0 changed; 0 declarations and 0 "
                        "query answers differ"));
  const json report = RunJson("base", "base");
  EXPECT_TRUE(report["declarations"].empty());
  EXPECT_TRUE(report["findings"].empty());
  EXPECT_TRUE(report["queries"].empty());
}

TEST(DiffTest, SummaryOfEachVersion) {
  const json report = RunJson("base", "score");
  EXPECT_EQ(report["command"], "diff");
  EXPECT_EQ(report["old"]["file"], Diff("base"));
  EXPECT_EQ(report["old"]["states"], 6);
  EXPECT_EQ(report["old"]["transitions"], 5);
  EXPECT_EQ(report["old"]["terminal_states"], 3);
  EXPECT_EQ(report["new"]["file"], Diff("score"));
  EXPECT_EQ(report["new"]["states"], 8);
  EXPECT_EQ(report["new"]["transitions"], 7);
  EXPECT_EQ(report["new"]["terminal_states"], 4);
  EXPECT_EQ(report["new"]["complete"], true);
}

TEST(DiffTest, AScoreThatMoves) {
  const RunResult run = RunDiff("base", "score");
  EXPECT_THAT(run.stdout_text, HasSubstr("maximize best: 2 (optimal) -> 3 (optimal)"));
  const json report = RunJson("base", "score");
  ASSERT_EQ(report["queries"].size(), 1u);
  EXPECT_EQ(report["queries"][0]["name"], "best");
  EXPECT_EQ(report["queries"][0]["old"], "2 (optimal)");
  EXPECT_EQ(report["queries"][0]["new"], "3 (optimal)");
}

TEST(DiffTest, ARenameIsAnActionRemovedAndOneAdded) {
  const RunResult run = RunDiff("base", "renamed");
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("action inc removed\n  action step added\n"));
  const json report = RunJson("base", "renamed");
  ASSERT_EQ(report["declarations"].size(), 2u);
  EXPECT_EQ(report["declarations"][0]["kind"], "action");
  EXPECT_EQ(report["declarations"][0]["name"], "inc");
  EXPECT_EQ(report["declarations"][0]["change"], "removed");
  EXPECT_EQ(report["declarations"][1]["name"], "step");
  EXPECT_EQ(report["declarations"][1]["change"], "added");
  EXPECT_EQ(report["new"]["states"], 6);
  EXPECT_EQ(report["new"]["transitions"], 5);
}

TEST(DiffTest, ANewErrorFindingExitsOne) {
  const RunResult run = RunDiff("base", "new_error");
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("error: assert failed in action boom: boom"));
  EXPECT_THAT(run.stdout_text, HasSubstr("findings: 2 new (1 error), 0 fixed, 0 changed"));
  const json report = RunJson("base", "new_error");
  ASSERT_EQ(report["findings"].size(), 2u);
  EXPECT_EQ(report["new_errors"], 1);
  EXPECT_EQ(report["findings"][0]["status"], "new");
  EXPECT_EQ(report["findings"][0]["new"]["kind"], "assert");
  EXPECT_EQ(report["findings"][0]["new"]["trace"].size(), 4u);  // init, inc, inc, boom
  EXPECT_TRUE(report["findings"][0]["old"].is_null());
  EXPECT_EQ(report["findings"][1]["new"]["kind"], "dead_action");
}

// The same pair the other way round: both findings are fixed, and fixing fails nothing.
TEST(DiffTest, FixedFindingsDoNotFail) {
  const RunResult run = RunDiff("new_error", "base");
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("findings: 0 new (0 errors), 2 fixed, 0 changed"));
  EXPECT_THAT(run.stdout_text, HasSubstr("action boom removed"));
}

// The move names of a trace in JSON, in order.
std::vector<std::string> Moves(const json& trace) {
  std::vector<std::string> moves;
  for (const json& step : trace) moves.push_back(step["move"]);
  return moves;
}

TEST(DiffTest, AMoveOnlyTheNewVersionAllows) {
  const RunResult run = RunDiff("base", "new_move");
  EXPECT_EQ(run.exit_code, 4) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("only the new version moves from x = 2, done = false "
                                         "to x = 0, done = false:\n  1. init"));
  const json report = RunJson("base", "new_move");
  const json& behaviour = report["behaviour"];
  EXPECT_EQ(behaviour["compared"], true);
  EXPECT_EQ(behaviour["shared"], json({"x", "done"}));
  EXPECT_EQ(behaviour["only_old"]["states"], 0);
  EXPECT_EQ(behaviour["only_old"]["moves"], 0);
  EXPECT_EQ(behaviour["only_new"]["states"], 0);
  EXPECT_EQ(behaviour["only_new"]["moves"], 1);
  ASSERT_EQ(behaviour["only_new"]["shown"].size(), 1u);
  const json& move = behaviour["only_new"]["shown"][0];
  EXPECT_EQ(move["kind"], "move");
  EXPECT_EQ(move["from"], "x = 2, done = false");
  EXPECT_EQ(move["to"], "x = 0, done = false");
  EXPECT_EQ(Moves(move["trace"]), (std::vector<std::string>{"init", "inc()", "inc()", "back()"}));
}

TEST(DiffTest, AStateOnlyTheOldVersionReaches) {
  const RunResult run = RunDiff("base", "removed_move");
  EXPECT_EQ(run.exit_code, 4) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("only the old version reaches x = 0, done = true:"));
  const json report = RunJson("base", "removed_move");
  EXPECT_EQ(report["new"]["states"], 5);
  EXPECT_EQ(report["new"]["transitions"], 4);
  EXPECT_EQ(report["new"]["terminal_states"], 2);
  const json& behaviour = report["behaviour"];
  EXPECT_EQ(behaviour["only_old"]["states"], 1);
  EXPECT_EQ(behaviour["only_old"]["moves"], 0);
  EXPECT_EQ(behaviour["only_new"]["states"], 0);
  EXPECT_EQ(behaviour["only_new"]["moves"], 0);
  const json& state = behaviour["only_old"]["shown"][0];
  EXPECT_EQ(state["kind"], "state");
  EXPECT_EQ(state["from"], "x = 0, done = true");
  EXPECT_EQ(Moves(state["trace"]), (std::vector<std::string>{"init", "stop()"}));
  // The other way round, the same state is one only the new version reaches.
  const json reverse = RunJson("removed_move", "base");
  EXPECT_EQ(reverse["behaviour"]["only_new"]["states"], 1);
  EXPECT_EQ(reverse["behaviour"]["only_old"]["states"], 0);
}

// A witness only the old version has is lost, not fixed: the property no longer holds.
TEST(DiffTest, AWitnessTheNewVersionLacksIsLostNotFixed) {
  const RunResult run = RunDiff("reach_two", "reach_two_lost");
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;  // `two` never holds: a new error
  EXPECT_THAT(run.stdout_text,
              HasSubstr("(in the old version only: the new version no longer reaches it):"));
  EXPECT_THAT(run.stdout_text, HasSubstr("findings: 1 new (1 error), 0 fixed, 0 changed, 1 lost"));
  const json report = RunJson("reach_two", "reach_two_lost");
  std::vector<std::string> statuses;
  for (const json& finding : report["findings"]) statuses.push_back(finding["status"]);
  EXPECT_THAT(statuses, ::testing::UnorderedElementsAre("new", "lost"));
}

// The new version still reaches x == 2, only later: stopped at 6 states, its search has not
// got there, so the old version's witness is not counted as lost (it was, from a Ctrl-C).
TEST(DiffTest, AFindingAStoppedSearchHasNotReachedIsNoDifference) {
  const RunResult run = RunDiff("reach_two", "reach_two_slow", {"--max-states", "6"});
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("lost finding")));
  EXPECT_THAT(run.stdout_text, HasSubstr("findings: 0 new (0 errors), 0 fixed, 0 changed;"));
  EXPECT_THAT(run.stdout_text, HasSubstr("(a finding only one version has is not counted where "
                                         "the other version's search stopped"));
  // Reversed, the witness the old search did not reach is not new either.
  const RunResult reverse = RunDiff("reach_two_slow", "reach_two", {"--max-states", "6"});
  EXPECT_THAT(reverse.stdout_text, HasSubstr("findings: 0 new (0 errors), 0 fixed, 0 changed;"));
  // Complete, both have the witness: changed (a longer trace), neither new nor lost.
  EXPECT_THAT(RunDiff("reach_two", "reach_two_slow").stdout_text,
              HasSubstr("findings: 0 new (0 errors), 0 fixed, 1 changed;"));
}

// diff does not run odds: a file's chance queries are named as not compared.
TEST(DiffTest, ChanceQueriesAreSaidNotToBeCompared) {
  const RunResult run = RunRulecheck(
      {"diff", "-q", "tests/e2e/odds/four_rolls.rules", "tests/e2e/odds/four_rolls.rules"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("2 chance queries (probability, expect) not compared: "
                                         "run `rulecheck odds` on each version"));
  EXPECT_THAT(RunDiff("base", "score").stdout_text, ::testing::Not(HasSubstr("chance quer")));
}

// A variable whose type changed (a wider range) is still compared, by its values.
TEST(DiffTest, AWiderRangeIsComparedByItsValues) {
  const RunResult run = RunDiff("base", "wider");
  EXPECT_EQ(run.exit_code, 4) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("variable x changed: 0..3 -> 0..5"));
  EXPECT_THAT(run.stdout_text, HasSubstr("only the new version reaches x = 3, done = false:"));
  const json report = RunJson("base", "wider");
  const json& behaviour = report["behaviour"];
  EXPECT_EQ(behaviour["shared"], json({"x", "done"}));
  EXPECT_EQ(behaviour["only_new"]["states"], 4);
  EXPECT_EQ(behaviour["only_new"]["moves"], 0);
  EXPECT_EQ(behaviour["only_old"]["states"], 0);
}

TEST(DiffTest, ShortestTracesFirstAndAsManyAsAskedFor) {
  const json report = RunJson("base", "score");
  const json& only_new = report["behaviour"]["only_new"];
  EXPECT_EQ(only_new["states"], 2);
  ASSERT_EQ(only_new["shown"].size(), 2u);
  EXPECT_EQ(only_new["shown"][0]["from"], "x = 3, done = false");
  EXPECT_EQ(only_new["shown"][0]["trace"].size(), 4u);
  EXPECT_EQ(only_new["shown"][1]["from"], "x = 3, done = true");
  EXPECT_EQ(only_new["shown"][1]["trace"].size(), 5u);
  const RunResult one = RunDiff("base", "score", {"--max-traces", "1", "--format", "json"});
  const json limited = json::parse(one.stdout_text);
  EXPECT_EQ(limited["behaviour"]["only_new"]["states"], 2);
  ASSERT_EQ(limited["behaviour"]["only_new"]["shown"].size(), 1u);
  EXPECT_EQ(limited["behaviour"]["only_new"]["shown"][0]["from"], "x = 3, done = false");
}

TEST(DiffTest, ARenameDoesNotChangeBehaviour) {
  const json report = RunJson("base", "renamed");
  EXPECT_EQ(report["behaviour"]["compared"], true);
  EXPECT_EQ(report["behaviour"]["differs"], false);
}

// A move that changes only a variable the old version lacks is invisible over the shared
// variables, however many states it doubles.
TEST(DiffTest, MovesOfANewVariableAloneAreNotABehaviourDifference) {
  const RunResult run = RunDiff("base", "hidden_flip");
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("12 states, 16 transitions, 6 terminal"));
  EXPECT_THAT(run.stdout_text, HasSubstr("variable light added\n  action flip added\n"));
  EXPECT_THAT(run.stdout_text, HasSubstr("same behaviour"));
  // Nothing to count on either side: said in words, not as "0 states and 0 moves".
  EXPECT_THAT(run.stdout_text,
              HasSubstr("behaviour over x, done: the same states and moves in both versions\n"));
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("only the old version allows")));
}

TEST(DiffTest, FailOnChoosesWhichDifferencesFail) {
  EXPECT_EQ(RunDiff("base", "new_move", {"--fail-on", "findings"}).exit_code, 0);
  EXPECT_EQ(RunDiff("base", "new_move", {"--fail-on", "none"}).exit_code, 0);
  EXPECT_EQ(RunDiff("base", "new_error", {"--fail-on", "findings"}).exit_code, 1);
  EXPECT_EQ(RunDiff("base", "new_error", {"--fail-on", "none"}).exit_code, 0);
  EXPECT_EQ(RunDiff("base", "new_move", {"--fail-on", "everything"}).exit_code, 2);
}

TEST(DiffTest, AStoppedSearchLeavesBehaviourUncompared) {
  const RunResult run = RunDiff("base", "score", {"--max-states", "3"});
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  // Both stop at 3 states: both are named.
  EXPECT_THAT(run.stdout_text, HasSubstr("behaviour: not compared: the searches of both "
                                         "versions stopped (old: "));
  EXPECT_THAT(run.stdout_text, HasSubstr("; new: "));
  // Only the new one stops (base has 6 states, score more).
  const RunResult one = RunDiff("base", "score", {"--max-states", "6"});
  EXPECT_EQ(one.exit_code, 3) << one.stderr_text;
  EXPECT_THAT(one.stdout_text, HasSubstr("behaviour: not compared: the search of the new "
                                         "version stopped"));
}

TEST(DiffTest, TheSameReportForOneOrTwoThreads) {
  const RunResult one = RunDiff("base", "score", {"--threads", "1", "--format", "json"});
  const RunResult two = RunDiff("base", "score", {"--threads", "2", "--format", "json"});
  EXPECT_EQ(one.stdout_text, two.stdout_text);
}

// low fails in both versions (same identifier), at x = 2 by 3 steps in the old one and at
// x = 3 by 4 steps in the new one: changed, not new, so no exit code 1.
TEST(DiffTest, AFindingInBothWithAnotherTraceIsChanged) {
  const RunResult run = RunDiff("invariant_two", "invariant_three");
  EXPECT_EQ(run.exit_code, 4) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("was \"invariant low is violated\" (3 steps), now:"));
  EXPECT_THAT(run.stdout_text, HasSubstr("findings: 0 new (0 errors), 0 fixed, 1 changed"));
  const json report = RunJson("invariant_two", "invariant_three");
  ASSERT_EQ(report["findings"].size(), 1u);
  EXPECT_EQ(report["findings"][0]["status"], "changed");
  EXPECT_EQ(report["findings"][0]["old"]["trace"].size(), 3u);
  EXPECT_EQ(report["findings"][0]["new"]["trace"].size(), 4u);
  EXPECT_EQ(report["new_errors"], 0);
}

// --const applies to both versions; a constant one of them lacks is refused, naming that file.
TEST(DiffTest, AConstantAVersionLacksIsRefusedNamingIt) {
  const RunResult run = RunDiff("base", "score", {"--const", "NOPE=1"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("tests/e2e/diff/base.rules: --const NOPE=1"));
  EXPECT_TRUE(run.stdout_text.empty());
}

TEST(DiffTest, FilesOfTwoGamesAreRefused) {
  const RunResult run = RunDiff("base", "other_game");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              HasSubstr("tests/e2e/diff/other_game.rules:4:3: error: tests/e2e/diff/"
                        "other_game.rules shares no state variable"));
  EXPECT_TRUE(run.stdout_text.empty());
}

TEST(DiffTest, AFileThatDoesNotLoadIsRefused) {
  const RunResult missing = RunDiff("base", "no_such_file");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.stderr_text, HasSubstr("no_such_file.rules"));
  const RunResult bad = RunRulecheck(
      {"diff", "-q", "tests/e2e/bad_inputs/05_missing_rbrace_at_eof.rules", Diff("base")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.stderr_text, HasSubstr("tests/e2e/bad_inputs/05_missing_rbrace_at_eof.rules:"));
  EXPECT_TRUE(bad.stdout_text.empty());
}

// Both versions are read, so that one run names the errors of both files.
TEST(DiffTest, TheErrorsOfBothFilesAreReported) {
  const RunResult run =
      RunRulecheck({"diff", "-q", "tests/e2e/bad_inputs/05_missing_rbrace_at_eof.rules",
                    "tests/e2e/bad_inputs/13_undefined_type.rules"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("tests/e2e/bad_inputs/05_missing_rbrace_at_eof.rules:"));
  EXPECT_THAT(run.stderr_text, HasSubstr("tests/e2e/bad_inputs/13_undefined_type.rules:"));
  EXPECT_TRUE(run.stdout_text.empty());
}

TEST(DiffTest, AnUnknownFormatIsRefused) {
  const RunResult run = RunDiff("base", "score", {"--format", "pdf"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--format"));
  EXPECT_TRUE(run.stdout_text.empty());
}

}  // namespace
}  // namespace rulecheck::e2e
