// End-to-end tests of `rulecheck simulate` on small games whose chances are worked out by
// hand in each .rules file (tests/e2e/simulate/): a die (a six in 1/6 of the games), a draw
// from a pile of three Aces and a King (an Ace in 3/4, not the 1/2 that a pick among the
// kinds of card would give) followed by a choice (1/2), a coin that leaves half the games
// stuck, and a game that never ends. With a fixed seed each estimate must fall inside its
// own 95% interval, the interval must be narrow, and the report must be the same for one
// and two threads. A violation's trace must read as the trace `check` shows for it (the
// models are built so that only one play reaches the violation). Ctrl-C reports the games
// played so far with exit code 3, and bad input is exit code 2 with a located message.
#include <cmath>
#include <csignal>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/odds_json.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

constexpr char kDie[] = "tests/e2e/simulate/die.rules";
constexpr char kDraw[] = "tests/e2e/simulate/draw.rules";
constexpr char kStuck[] = "tests/e2e/simulate/stuck.rules";
constexpr char kLoop[] = "tests/e2e/simulate/loop.rules";
constexpr char kSixes[] = "tests/e2e/simulate/six_fails.rules";
constexpr char kTwoSeats[] = "tests/e2e/simulate/two_seats.rules";

json SimulateJson(const std::vector<std::string>& args, int expected_exit = 0) {
  std::vector<std::string> full = {"simulate"};
  full.insert(full.end(), args.begin(), args.end());
  full.insert(full.end(), {"--format", "json", "--quiet"});
  const RunResult run = RunRulecheck(full);
  EXPECT_EQ(run.exit_code, expected_exit) << run.stderr_text;
  return json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
}

const json* Named(const json& list, const std::string& name) {
  for (const json& entry : list) {
    if (entry["name"] == name) return &entry;
  }
  return nullptr;
}

// The estimate of `name` among `list`: its interval holds `expected` and is at most `width`
// wide.
void ExpectRate(const json& list, const std::string& name, double expected, double width) {
  SCOPED_TRACE(name);
  const json* entry = Named(list, name);
  ASSERT_NE(entry, nullptr);
  const double low = (*entry)["ci95"][0], high = (*entry)["ci95"][1];
  EXPECT_LE(low, expected);
  EXPECT_GE(high, expected);
  EXPECT_LT(high - low, width);
  EXPECT_LE(low, (*entry)["rate"].get<double>());
  EXPECT_GE(high, (*entry)["rate"].get<double>());
}

TEST(SimulateTest, DieFacesComeUpAsOften) {
  const json report = SimulateJson({kDie, "--games", "20000", "--seed", "11"});
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["games_played"], 20000);
  EXPECT_EQ(report["ended"]["terminal"], 20000);
  EXPECT_EQ(report["moves"]["min"], 1);
  EXPECT_EQ(report["moves"]["max"], 1);
  // A 95% interval of 20,000 games at p = 1/6 is about 0.0103 wide, at 1/3 about 0.013.
  ExpectRate(report["reachables"], "six", 1.0 / 6, 0.012);
  ExpectRate(report["reachables"], "low", 1.0 / 3, 0.015);
}

TEST(SimulateTest, ADrawFromABagIsWeighedByCopiesAndAChoiceIsEven) {
  const json report = SimulateJson({kDraw, "--games", "20000", "--seed", "5"});
  ASSERT_FALSE(report.is_discarded());
  ExpectRate(report["reachables"], "ace", 0.75, 0.015);
  ExpectRate(report["reachables"], "kept_king", 0.125, 0.011);
  // Each game draws one card: the Ace and the King are named 20,000 times between them.
  const json* ace = Named(report["cards"], "Ace");
  const json* king = Named(report["cards"], "King");
  ASSERT_NE(ace, nullptr);
  ASSERT_NE(king, nullptr);
  EXPECT_EQ((*ace)["moves"].get<int>() + (*king)["moves"].get<int>(), 20000);
  EXPECT_EQ(report["actions"][0]["name"], "draw");
  EXPECT_EQ(report["actions"][0]["moves"], 20000);
}

// Cards a rule moves by name are counted as check's coverage counts them
// (tests/e2e/analyses/cards_by_name.rules: every game moves Crown and Relic once, by name).
TEST(SimulateTest, CardsMovedByNameActed) {
  const json report =
      SimulateJson({"tests/e2e/analyses/cards_by_name.rules", "--games", "50", "--seed", "3"});
  ASSERT_FALSE(report.is_discarded());
  for (const char* name : {"Crown", "Relic"}) {
    const json* card = Named(report["cards"], name);
    ASSERT_NE(card, nullptr) << name;
    EXPECT_EQ((*card)["moves"], 50) << name;
  }
  for (const char* name : {"Sword", "Ghost", "Seal"}) {
    const json* card = Named(report["cards"], name);
    ASSERT_NE(card, nullptr) << name;
    EXPECT_EQ((*card)["moves"], 0) << name;
  }
}

// Where several seats could move, simulate draws the seat first and then its move, as odds
// does, so odds' exact figures lie in simulate's intervals (two_seats.rules works them out:
// Ann wins 2/9, Ben waits one 1/9; drawing among all moves at once gave 1/9 and 1/6, and
// intervals of [10.7%, 12.7%] and [15.7%, 18.0%] with this seed).
TEST(SimulateTest, TheSeatToMoveIsDrawnFirstAsOddsDoes) {
  const json odds = Odds({kTwoSeats});
  ExpectExact(Value(odds, "ann_wins_query", "random"), "2/9");
  ExpectExact(Value(odds, "ben_waits_one_query", "random"), "1/9");
  const json report = SimulateJson({kTwoSeats, "--games", "4000", "--seed", "7"});
  ASSERT_FALSE(report.is_discarded());
  // 4,000 games at 2/9 give an interval about 0.026 wide, at 1/3 about 0.03, at 1/9 0.02.
  ExpectRate(report["reachables"], "ann_wins", 2.0 / 9, 0.028);
  ExpectRate(report["reachables"], "ann_moves", 1.0 / 3, 0.032);
  ExpectRate(report["reachables"], "ben_waits_one", 1.0 / 9, 0.022);
}

TEST(SimulateTest, DeadlocksAreCountedAndTraced) {
  const json report = SimulateJson({kStuck, "--games", "4000", "--seed", "2"}, 1);
  ASSERT_FALSE(report.is_discarded());
  const int deadlocks = report["ended"]["deadlock"];
  EXPECT_EQ(deadlocks + report["ended"]["terminal"].get<int>(), 4000);
  ASSERT_EQ(report["findings"].size(), 1u);
  const json& finding = report["findings"][0];
  EXPECT_EQ(finding["kind"], "deadlock");
  EXPECT_EQ(finding["games"], deadlocks);
  // Half the games: the interval of 4,000 games at 1/2 is about 0.031 wide.
  ExpectRate(report["terminals"], "terminal when over", 0.5, 0.032);
  ASSERT_EQ(finding["trace"].size(), 2u);
  EXPECT_EQ(finding["trace"][1]["state"]["coin"], 2);
}

TEST(SimulateTest, AViolationPastTheLongestKeptTraceIsReportedWithoutOne) {
  const json report = SimulateJson(
      {"tests/e2e/simulate/late_violation.rules", "--games", "1", "--max-moves", "300000"}, 1);
  ASSERT_FALSE(report.is_discarded());
  ASSERT_EQ(report["findings"].size(), 1u);
  const json& finding = report["findings"][0];
  EXPECT_EQ(finding["kind"], "invariant");
  EXPECT_TRUE(finding["trace"].empty());
  EXPECT_THAT(finding["message"].get<std::string>(),
              HasSubstr("met after 150,001 steps of game 0; a trace longer than 100,000 steps is "
                        "not kept"));
}

// The file's chance queries, estimated: the intervals hold the exact answers `odds` gives
// (and the classical ones: craps' pass line wins 244/495; at least one six in four rolls,
// 671/1296, after 671/216 rolls on average).
TEST(SimulateTest, ChanceQueriesAreEstimatedWithIntervals) {
  const json craps =
      SimulateJson({"tests/e2e/odds/craps.rules", "--games", "20000", "--seed", "1"});
  ASSERT_FALSE(craps.is_discarded());
  const json* pass = Named(craps["chance"], "pass_wins");
  ASSERT_NE(pass, nullptr);
  EXPECT_EQ((*pass)["kind"], "probability");
  EXPECT_EQ((*pass)["games"], 20000);
  EXPECT_LE((*pass)["ci95"][0].get<double>(), 244.0 / 495);
  EXPECT_GE((*pass)["ci95"][1].get<double>(), 244.0 / 495);
  EXPECT_DOUBLE_EQ((*pass)["estimate"].get<double>(), (*pass)["held"].get<double>() / 20000);

  const json rolls =
      SimulateJson({"tests/e2e/odds/four_rolls.rules", "--games", "20000", "--seed", "1"});
  ASSERT_FALSE(rolls.is_discarded());
  const json* six = Named(rolls["chance"], "a_six");
  const json* made = Named(rolls["chance"], "rolls_made");
  ASSERT_NE(six, nullptr);
  ASSERT_NE(made, nullptr);
  EXPECT_LE((*six)["ci95"][0].get<double>(), 671.0 / 1296);
  EXPECT_GE((*six)["ci95"][1].get<double>(), 671.0 / 1296);
  EXPECT_EQ((*made)["kind"], "expect");
  EXPECT_LE((*made)["ci95"][0].get<double>(), 671.0 / 216);
  EXPECT_GE((*made)["ci95"][1].get<double>(), 671.0 / 216);
  EXPECT_LT((*made)["ci95"][1].get<double>() - (*made)["ci95"][0].get<double>(), 0.05);
}

// The edges of the estimates (tests/e2e/simulate/estimates.rules): a certain event's interval
// ends at exactly 1 and an impossible one's starts at exactly 0; values whose squares pass 128
// bits summed still get the interval of their standard deviation; games where the query hit
// a model error are left out (and the error is a finding).
TEST(SimulateTest, ChanceEstimatesAtTheirEdges) {
  const json report =
      SimulateJson({"tests/e2e/simulate/estimates.rules", "--games", "20000", "--seed", "1"}, 1);
  ASSERT_FALSE(report.is_discarded());
  const json& certain = *Named(report["chance"], "certain");
  EXPECT_EQ(certain["ci95"][1].get<double>(), 1.0);
  const json& never = *Named(report["chance"], "never");
  EXPECT_EQ(never["ci95"][0].get<double>(), 0.0);
  const json& huge = *Named(report["chance"], "huge");
  const double half = (huge["ci95"][1].get<double>() - huge["ci95"][0].get<double>()) / 2;
  EXPECT_NEAR(half / (1.959964 * 2e18 / std::sqrt(20000.0)), 1.0, 0.01);
  EXPECT_LE(huge["ci95"][0].get<double>(), 2e18);
  EXPECT_GE(huge["ci95"][1].get<double>(), 2e18);
  const json& broken = *Named(report["chance"], "broken");
  EXPECT_GT(broken["left_out"].get<uint64_t>(), 0u);
  EXPECT_EQ(broken["held"], broken["games"]);
  EXPECT_EQ(broken["games"].get<uint64_t>() + broken["left_out"].get<uint64_t>(), 20000u);
  bool error_found = false;
  for (const json& finding : report["findings"]) error_found |= finding["kind"] == "model_error";
  EXPECT_TRUE(error_found);
  // Over no counted game there is no estimate.
  const json& nothing = *Named(report["chance"], "nothing");
  EXPECT_EQ(nothing["games"], 0);
  EXPECT_TRUE(nothing["estimate"].is_null());
  EXPECT_TRUE(nothing["ci95"].is_null());
}

// Games cut at the move limit: a probability counts them as undecided (its interval spans
// both readings), an expectation leaves them out. Two rolls of four: a six came in 11/36 of
// the games, the others are cut.
TEST(SimulateTest, CutGamesAreUndecidedOrLeftOut) {
  const json report = SimulateJson(
      {"tests/e2e/odds/four_rolls.rules", "--games", "3600", "--seed", "5", "--max-moves", "2"});
  ASSERT_FALSE(report.is_discarded());
  const json& six = *Named(report["chance"], "a_six");
  const json& made = *Named(report["chance"], "rolls_made");
  const uint64_t cut = report["ended"]["cut"];
  EXPECT_GT(cut, 0u);
  EXPECT_EQ(six["games"], 3600);
  EXPECT_EQ(six["undecided"], cut);
  EXPECT_EQ(six["held"].get<uint64_t>() + cut, 3600u);
  EXPECT_LE(six["ci95"][0].get<double>(), 11.0 / 36);
  EXPECT_GE(six["ci95"][1].get<double>(), 0.99);  // the cut games might all still see a six
  EXPECT_EQ(made["games"].get<uint64_t>(), 3600 - cut);
  EXPECT_EQ(made["left_out"], cut);
  const RunResult text = RunRulecheck({"simulate", "tests/e2e/odds/four_rolls.rules", "--games",
                                       "3600", "--seed", "5", "--max-moves", "2", "-q"});
  EXPECT_THAT(text.stdout_text, HasSubstr("cut before it held"));
  EXPECT_THAT(text.stdout_text, HasSubstr("cut, failed or not evaluable, left out"));
}

TEST(SimulateTest, OneAndTwoThreadsPlayTheSameGames) {
  for (const char* file : {kDie, kDraw, kStuck, kTwoSeats, "tests/e2e/odds/four_rolls.rules"}) {
    SCOPED_TRACE(file);
    const int exit = std::string(file) == kStuck ? 1 : 0;
    json one = SimulateJson({file, "--games", "3000", "--seed", "99", "--threads", "1"}, exit);
    json two = SimulateJson({file, "--games", "3000", "--seed", "99", "--threads", "2"}, exit);
    ASSERT_FALSE(one.is_discarded());
    ASSERT_FALSE(two.is_discarded());
    for (json* report : {&one, &two}) {
      report->erase("seconds");
      report->erase("threads");
    }
    EXPECT_EQ(one, two);
  }
  // Another seed plays other games.
  const json a = SimulateJson({kDie, "--games", "3000", "--seed", "1"});
  const json b = SimulateJson({kDie, "--games", "3000", "--seed", "2"});
  EXPECT_NE(a["reachables"], b["reachables"]);
}

TEST(SimulateTest, ATooLongGameIsCut) {
  const json report = SimulateJson({kLoop, "--games", "10", "--max-moves", "25"});
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["ended"]["cut"], 10);
  EXPECT_EQ(report["moves"]["min"], 25);
  EXPECT_EQ(report["moves"]["max"], 25);
  EXPECT_EQ(report["actions"][0]["moves"], 250);
}

// The finding's block in a text report: from its `error:` line to the next blank line,
// without the first line (simulate adds how often it was met to the sentence).
std::string TraceBlock(const std::string& report, const std::string& error_line) {
  const size_t start = report.find(error_line);
  if (start == std::string::npos) return "";
  const size_t body = report.find('\n', start);
  const size_t end = report.find("\n\n", body);
  return report.substr(body, end - body);
}

TEST(SimulateTest, AViolationIsReplayedAsCheckShowsIt) {
  const RunResult simulated = RunRulecheck(
      {"simulate", kDie, "--games", "200", "--seed", "4", "--invariant", "face != 6", "-q"});
  const RunResult checked = RunRulecheck({"check", kDie, "--invariant", "face != 6", "-q"});
  EXPECT_EQ(simulated.exit_code, 1);
  EXPECT_EQ(checked.exit_code, 1);
  const std::string error = "error: invariant face != 6 is violated";
  EXPECT_THAT(simulated.stdout_text, HasSubstr(error + " (in "));
  const std::string block = TraceBlock(simulated.stdout_text, error);
  EXPECT_THAT(block, HasSubstr("2. roll_die() [roll d = 6]"));
  EXPECT_EQ(block, TraceBlock(checked.stdout_text, error));

  // A failed move: the trace ends with the move that failed, as in `check`.
  const RunResult failed =
      RunRulecheck({"simulate", kSixes, "--games", "2000", "--seed", "8", "-q"});
  const RunResult failed_check = RunRulecheck({"check", kSixes, "-q"});
  EXPECT_EQ(failed.exit_code, 1);
  const std::string assert_line = "error: assert failed in action roll_die: two sixes";
  const std::string assert_block = TraceBlock(failed.stdout_text, assert_line);
  EXPECT_THAT(assert_block, HasSubstr("failed: two sixes"));
  EXPECT_EQ(assert_block, TraceBlock(failed_check.stdout_text, assert_line));

  // And in JSON, the trace is the one `check` reports.
  const json simulated_json = SimulateJson({kSixes, "--games", "2000", "--seed", "8"}, 1);
  const RunResult check_json = RunRulecheck({"check", kSixes, "--format", "json", "-q"});
  const json checked_json = json::parse(check_json.stdout_text, nullptr, false);
  ASSERT_FALSE(simulated_json.is_discarded());
  ASSERT_FALSE(checked_json.is_discarded());
  ASSERT_EQ(simulated_json["findings"].size(), 1u);
  const json& finding = simulated_json["findings"][0];
  EXPECT_EQ(finding["kind"], "assert");
  EXPECT_EQ(finding["trace"], checked_json["findings"][0]["trace"]);
  // About 1 game in 36 (2000/36 = 55.6): the interval of a count that rare is wide.
  EXPECT_GT(finding["games"].get<int>(), 25);
  EXPECT_LT(finding["games"].get<int>(), 95);
  EXPECT_EQ(simulated_json["ended"]["failed"], finding["games"]);
}

// failed_roll.rules, by hand: odds 1/2, simulate about 1/3 (failed games left out whole). The
// report once said nothing of it, and simulate.md claimed the two agree.
TEST(SimulateTest, AnEstimateWithFailedGamesSaysHowItDiffersFromOdds) {
  const std::string file = "tests/e2e/simulate/failed_roll.rules";
  const RunResult text = RunRulecheck({"simulate", file, "--games", "4000", "--seed", "3", "-q"});
  EXPECT_EQ(text.exit_code, 1);  // the assert's failure is an error finding
  EXPECT_THAT(text.stdout_text,
              HasSubstr(" games that ended in a failed move are left out of the estimates: they "
                        "are over the games that did not fail first, while `rulecheck odds` "
                        "leaves out only the failed outcomes"));
  const json report = SimulateJson({file, "--games", "4000", "--seed", "3"}, 1);
  const double estimate = report["chance"][0]["estimate"].get<double>();
  EXPECT_GT(estimate, 0.30);
  EXPECT_LT(estimate, 0.37);
  const RunResult odds = RunRulecheck({"odds", file, "-q"});
  EXPECT_THAT(odds.stdout_text, HasSubstr("random play                 1/2"));
}

// The same flips asking whether the first is heads, which is settled before the second flip
// can fail: every game counts, so the estimate is near odds' 1/2 and no note says otherwise
// (the note came with any failed game).
TEST(SimulateTest, AGameThatFailsAfterTheConditionHeldCounts) {
  const std::string file = "tests/e2e/simulate/settled_first.rules";
  const RunResult text = RunRulecheck({"simulate", file, "--games", "4000", "--seed", "3", "-q"});
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_THAT(text.stdout_text, HasSubstr("over 4,000 games"));
  EXPECT_THAT(text.stdout_text, Not(HasSubstr("left out")));
}

TEST(SimulateTest, InterruptReportsTheGamesPlayedSoFar) {
  for (int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal);
    const RunResult run = RunRulecheckAndSignal(
        {"simulate", kLoop, "--games", "100000000", "--max-moves", "100000", "--threads", "2"},
        signal, std::chrono::milliseconds(700));
    EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
    EXPECT_THAT(run.stdout_text, HasSubstr("STOPPED: interrupted after "));
    EXPECT_THAT(run.stdout_text, HasSubstr(" of 100,000,000 games"));
  }
  // A run longer than a second says how far it is on stderr (a plain line, not a terminal).
  const RunResult run =
      RunRulecheckAndSignal({"simulate", kLoop, "--games", "100000000", "--max-moves", "100000"},
                            SIGINT, std::chrono::milliseconds(2500));
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  EXPECT_THAT(run.stderr_text, HasSubstr("progress: "));
  EXPECT_THAT(run.stderr_text, HasSubstr(" of 100,000,000 games "));
}

TEST(SimulateTest, BadInputIsExitCodeTwoWithAPlace) {
  RunResult run = RunRulecheck({"simulate", kDie, "--invariant", "face ==", "-q"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--invariant:1:"));
  run = RunRulecheck({"simulate", kDie, "--turn", "nothing", "-q"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("no state variable named `nothing`"));
  run = RunRulecheck({"simulate", kDie, "--games", "0"});
  EXPECT_EQ(run.exit_code, 2);
  run = RunRulecheck({"simulate", kDie, "--games", "-5"});
  EXPECT_EQ(run.exit_code, 2);
  run = RunRulecheck({"simulate", kDie, "--format", "sarif"});
  EXPECT_EQ(run.exit_code, 2);
  run = RunRulecheck({"simulate", "tests/e2e/simulate/missing.rules"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("missing.rules"));
}

TEST(SimulateTest, TurnsCountChangesOfTheTurnVariable) {
  // Tic-tac-toe changes `turn` with every move: the first turn and one more per move.
  const json report = SimulateJson({"games/tictactoe.rules", "--games", "500", "--turn", "turn"});
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["turns"]["variable"], "turn");
  EXPECT_EQ(report["turns"]["min"], report["moves"]["min"].get<int>() + 1);
  EXPECT_EQ(report["turns"]["max"], report["moves"]["max"].get<int>() + 1);
  // At least five marks end a game, at most nine.
  EXPECT_GE(report["moves"]["min"].get<int>(), 5);
  EXPECT_LE(report["moves"]["max"].get<int>(), 9);
}

}  // namespace
}  // namespace rulecheck::e2e
