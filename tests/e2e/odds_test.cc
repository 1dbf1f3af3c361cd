// End-to-end checks of `rulecheck odds` against numbers worked out by hand or published:
// the pass-line bet of craps (244/495), at least one six in four rolls of a die (671/1296),
// draws from a bag weighted by copies, the four plays on a small game of choices, and Pig
// with both players holding at 20, against the game's recurrence solved here, independently
// of rulecheck. The models are in tests/e2e/odds/.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/odds_json.h"
#include "tests/e2e/pig_recurrence.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

TEST(OddsTest, CrapsPassLineWins244In495) {
  const json report = Odds({"tests/e2e/odds/craps.rules"});
  EXPECT_TRUE(report["complete"]);
  for (const char* play : {"random", "max", "min"}) {
    ExpectExact(Value(report, "pass_wins", play), "244/495");
  }
}

TEST(OddsTest, AtLeastOneSixInFourRolls) {
  const json report = Odds({"tests/e2e/odds/four_rolls.rules"});
  ExpectExact(Value(report, "a_six", "random"), "671/1296");
  // 1 + 5/6 + 25/36 + 125/216 rolls, the rolls stopping at the first six.
  ExpectExact(Value(report, "rolls_made", "random"), "671/216");
}

TEST(OddsTest, BagDrawsAreWeightedByCopies) {
  const json report = Odds({"tests/e2e/odds/bag_draw.rules"});
  ExpectExact(Value(report, "two_aces", "random"), "1/3");
  ExpectExact(Value(report, "aces_drawn", "random"), "4/3");
}

TEST(OddsTest, EachPositionOfASeqIsAnOutcome) {
  const json report = Odds({"tests/e2e/odds/seq_roll.rules"});
  ExpectExact(Value(report, "rolled_one", "random"), "2/3");
  ExpectExact(Value(report, "picked_one", "random"), "2/3");
  ExpectExact(Value(report, "picked_one", "max"), "1");
  ExpectExact(Value(report, "picked_one", "min"), "0");
}

// The first state where a probability's condition holds settles it: a model error only in
// states after that does not matter (it made the answer undefined); one before it does.
TEST(OddsTest, AnErrorPastTheStateThatSettlesAProbabilityDoesNotMatter) {
  const json report = Odds({"tests/e2e/odds/settled_before_error.rules"});
  for (const char* play : {"random", "max", "min"}) {
    ExpectExact(Value(report, "settled", play), "1");
    const json& early = Value(report, "early", play);
    EXPECT_EQ(early["kind"], "undefined") << early;
    EXPECT_THAT(std::string(early["reason"]),
                HasSubstr("(division by zero in 6 / 0) in a state 0 moves from the start"));
  }
}

TEST(OddsTest, AMoveOnAnEngineLimitMakesTheAnswersUndefined) {
  const json report = Odds({"tests/e2e/odds/too_many_ways.rules"});
  const json& value = Value(report, "all_aces", "random");
  EXPECT_EQ(value["kind"], "undefined") << value;
  EXPECT_THAT(std::string(value["reason"]),
              HasSubstr("a move hit one of the engine's limits at line 22, column 3 (`h` draws 40 "
                        "of 400 copies: more ways than chance can weigh (2^64))"));
}

// A roll past the candidate limit said "random play 0, every answer is exact": its move was
// left out as a failure of the rules.
TEST(OddsTest, ARollPastTheCandidateLimitMakesTheAnswersUndefined) {
  const json report = Odds({"tests/e2e/odds/too_many_outcomes.rules"});
  for (const char* play : {"random", "max", "min"}) {
    const json& value = Value(report, "ends", play);
    EXPECT_EQ(value["kind"], "undefined") << value;
    EXPECT_THAT(std::string(value["reason"]),
                HasSubstr("a move hit one of the engine's limits at line 6, column 3 (`d` has "
                          "more than 1048576 candidates)"));
  }
  const RunResult text = RunRulecheck({"odds", "tests/e2e/odds/too_many_outcomes.rules", "-q"});
  EXPECT_THAT(text.stdout_text, HasSubstr("1 failed move (asserts, model errors, the engine's "
                                          "limits): run `rulecheck check`"));
  EXPECT_THAT(text.stdout_text, testing::Not(HasSubstr("left out")));
}

TEST(OddsTest, ADeadlockIsAnEndAndANote) {
  const json report = Odds({"tests/e2e/odds/stuck.rules"});
  ExpectExact(Value(report, "top", "random"), "0");
  EXPECT_EQ(report["graph"]["dead_states"], 1);
  const RunResult text = RunRulecheck({"odds", "tests/e2e/odds/stuck.rules", "-q"});
  EXPECT_THAT(text.stdout_text, HasSubstr("1 state has no move although the game is not over "
                                          "(deadlocks): the odds count it as an end"));
  EXPECT_EQ(Odds({"tests/e2e/odds/craps.rules"})["graph"]["dead_states"], 0);
}

// A model error in `terminal when` leaves every answer undefined, with its place.
TEST(OddsTest, AnErrorInTerminalWhenLeavesNoAnswer) {
  const json report = Odds({"tests/e2e/odds/terminal_error.rules"});
  const json& value = Value(report, "reach2", "random");
  EXPECT_EQ(value["kind"], "undefined") << value;
  EXPECT_THAT(std::string(value["reason"]),
              HasSubstr("`terminal when` hit a model error at line 5, column"));
  EXPECT_THAT(std::string(value["reason"]), HasSubstr("division by zero"));
}

// A state whose every move fails is an end once the failures are left out: a note says so,
// apart from the deadlocks.
TEST(OddsTest, AStateWhoseMovesAllFailIsAnEndAndANote) {
  const json report = Odds({"tests/e2e/odds/failing_end.rules"});
  ExpectExact(Value(report, "reached", "random"), "1/2");
  ExpectExact(Value(report, "value", "random"), "3/2");
  EXPECT_EQ(report["graph"]["dead_states"], 0);
  EXPECT_EQ(report["graph"]["failed_ends"], 1);
  EXPECT_EQ(report["graph"]["failed_moves"], 1);
  const RunResult text = RunRulecheck({"odds", "tests/e2e/odds/failing_end.rules", "-q"});
  EXPECT_THAT(text.stdout_text,
              HasSubstr("1 state has only moves that failed although the game is not over: with "
                        "the failures left out, the odds count it as an end"));
  EXPECT_EQ(Odds({"tests/e2e/odds/stuck.rules"})["graph"]["failed_ends"], 0);
}

// steered_walk.rules: every play ends at the top surely, but the least likely one only after
// about 2^60 steps. The graph shows no move can lead away from the end for good, so the least
// any choices give is 1 from below as well as from above.
TEST(OddsTest, AnEndNoChoiceCanAvoidIsReachedWithProbabilityOne) {
  const json report = Odds({"tests/e2e/odds/steered_walk.rules"});
  for (const char* play : {"random", "max", "min"}) {
    const json value = Value(report, "top", play);
    if (value["kind"] == "exact") {
      EXPECT_EQ(value["exact"], "1") << play;
      continue;
    }
    ASSERT_EQ(value["kind"], "bounds") << value.dump();
    EXPECT_TRUE(value["converged"]) << value.dump();
    EXPECT_EQ(value["upper"].get<double>(), 1.0) << play << " " << value.dump();
    // Where choices maximise, the states they can make the end certain from are found on the
    // graph as well (the lower bound only closed in on 1 before).
    EXPECT_EQ(value["lower"].get<double>(), 1.0) << play << " " << value.dump();
  }
}

// chute.rules: the player who always rolls reaches square 6 surely, so the most any choices
// give, and the player's best play, are exactly 1 (they were 0.9999999998 ± 1.9e-10); the
// least is 0, restarting for ever.
TEST(OddsTest, ACertaintyTheChoicesCanForceIsOne) {
  const json report = Odds({"tests/e2e/odds/chute.rules"});
  for (const char* play : {"max", "Me"}) {
    const json value = Value(report, "home", play);
    if (value["kind"] == "exact") {
      EXPECT_EQ(value["exact"], "1") << play;
      continue;
    }
    ASSERT_EQ(value["kind"], "bounds") << value.dump();
    EXPECT_EQ(value["lower"].get<double>(), 1.0) << play << " " << value.dump();
    EXPECT_EQ(value["upper"].get<double>(), 1.0) << play << " " << value.dump();
  }
  const json least = Value(report, "home", "min");
  EXPECT_EQ(least["kind"] == "exact" ? 0.0 : least["upper"].get<double>(), 0.0) << least.dump();
  ExpectExact(Value(report, "home", "random"), "1");
}

// overflow.rules: the third head is a model error, left out (the roll gives tails there, 1/2
// by hand), and the report names the first failed move's place and message.
TEST(OddsTest, FailedMovesAreLeftOutAndTheFirstIsNamed) {
  const json report = Odds({"tests/e2e/odds/overflow.rules"});
  ExpectExact(Value(report, "two_heads", "random"), "1/2");
  EXPECT_EQ(report["graph"]["failed_moves"], 1);
  EXPECT_EQ(report["graph"]["first_failed_move"]["place"], "tests/e2e/odds/overflow.rules:16:7");
  EXPECT_THAT(std::string(report["graph"]["first_failed_move"]["message"]),
              HasSubstr("outside 0..2"));
  const RunResult text = RunRulecheck({"odds", "tests/e2e/odds/overflow.rules", "-q"});
  EXPECT_THAT(text.stdout_text, HasSubstr("1 failed move (asserts, model errors) is left out, at "
                                          "tests/e2e/odds/overflow.rules:16:7 ("));
}

// endless.rules, by hand: the game ends with probability 1/2; the expectation is undefined for
// every play, and with no choice in the game, not because choices could keep it going.
TEST(OddsTest, AnExpectationOfAGameThatNeedNotEndSaysWhy) {
  const json report = Odds({"tests/e2e/odds/endless.rules"});
  ExpectExact(Value(report, "ended", "random"), "1/2");
  for (const char* play : {"random", "max", "min"}) {
    const json value = Value(report, "last", play);
    EXPECT_EQ(value["kind"], "undefined") << play;
    EXPECT_THAT(value["reason"].get<std::string>(), HasSubstr("some state cannot reach an end"))
        << play;
  }
}

TEST(OddsTest, BagLiteralsAndConstantsGiveWeights) {
  const json report = Odds({"tests/e2e/odds/loaded_die.rules"});
  ExpectExact(Value(report, "both_sixes", "random"), "1/6");
  ExpectExact(Value(report, "sixes_rolled", "random"), "11/12");
}

TEST(OddsTest, EachPlayOnAGameOfChoices) {
  const json report = Odds({"tests/e2e/odds/choices.rules"});
  ExpectExact(Value(report, "player_wins", "random"), "1/4");
  ExpectExact(Value(report, "player_wins", "Player"), "1/4");
  ExpectExact(Value(report, "player_wins", "Spoiler"), "1/6");
  ExpectExact(Value(report, "player_wins", "max"), "1/2");
  ExpectExact(Value(report, "player_wins", "min"), "1/12");
  EXPECT_EQ(report["graph"]["seats"], json::array({"Player", "Spoiler"}));
}

TEST(OddsTest, PigHoldingAt20AgreesWithItsRecurrence) {
  // To 30, small enough for the sanitizer builds; to 100 is a benchmark (bench/RESULTS.md).
  const double expected = PigFirstWins(30, 20);
  const json report = Odds({"tests/e2e/odds/pig.rules", "--const", "GOAL=30"});
  for (const char* play : {"random", "First", "Second", "max", "min"}) {
    const json value = Value(report, "first_wins", play);
    // The turn passes back and forth, but nothing is chosen: every cycle is solved exactly.
    ASSERT_EQ(value["kind"], "exact") << value.dump();
    EXPECT_NEAR(value["value"].get<double>(), expected, 1e-12);
  }
  EXPECT_FALSE(report["graph"]["acyclic"]);
}

// A long cycle where nothing is chosen is solved exactly, as the classical formula gives it
// (tests/e2e/odds/biased_ruin.rules): value iteration brought it only within 1e-9 of 0.
TEST(OddsTest, BiasedGamblersRuinIsExact) {
  const json report = Odds({"tests/e2e/odds/biased_ruin.rules"});
  const double r = 1.5;
  const double expected = (std::pow(r, 200) - 1) / (std::pow(r, 400) - 1);
  for (const char* play : {"random", "max", "min"}) {
    const json rich = Value(report, "rich", play);
    ASSERT_EQ(rich["kind"], "exact") << rich.dump();
    EXPECT_NEAR(rich["value"].get<double>() / expected, 1, 1e-12);
    const json money = Value(report, "money", play);
    ASSERT_EQ(money["kind"], "exact") << money.dump();
    EXPECT_NEAR(money["value"].get<double>() / (400 * expected), 1, 1e-12);
  }
}

// A long cycle whose exact fractions grow too long gets bounds from a solve of its equations,
// checked against them (tests/e2e/odds/roulette_ruin.rules): they hold the classical formula's
// value to about ten digits, where value iteration took half a minute to come within 2e-14 of
// a chance of 1.8e-12.
TEST(OddsTest, RouletteRuinIsBoundedTightlyAroundTheFormula) {
  const json report = Odds({"tests/e2e/odds/roulette_ruin.rules"});
  const long double r = 19.0L / 18.0L;
  const long double expected = (std::pow(r, 500.0L) - 1) / (std::pow(r, 1000.0L) - 1);
  for (const char* play : {"random", "max", "min"}) {
    for (const auto& [query, scale] : {std::pair{"double", 1.0L}, std::pair{"money", 1000.0L}}) {
      const json value = Value(report, query, play);
      ASSERT_EQ(value["kind"], "bounds") << value.dump();
      EXPECT_TRUE(value["converged"]) << value.dump();
      const long double lower = value["lower"].get<double>() / scale;
      const long double upper = value["upper"].get<double>() / scale;
      // The formula in long double is good to about 1e-15 of itself.
      EXPECT_LE(lower, expected * (1 + 1e-14L)) << value.dump();
      EXPECT_GE(upper, expected * (1 - 1e-14L)) << value.dump();
      EXPECT_LT((upper - lower) / expected, 1e-9L) << value.dump();
    }
  }
}

// A ruin that also stops after 1,500 bets (tests/e2e/odds/counted_ruin.rules): no cycle, but
// exact fractions thousands of digits long, past the exact pass's budget of work. The sums in
// doubles, rounded down and up, then hold the classical ruin's 1/(1 + r^5), r = 19/18 (the
// count changes it by about 1e-33; the formula in long double is good to about 1e-18), and
// the report says why the answers are not fractions.
TEST(OddsTest, AnAcyclicGameWhoseFractionsGrowTooLongIsSummedInDoubles) {
  const json report = Odds({"tests/e2e/odds/counted_ruin.rules"});
  EXPECT_TRUE(report["graph"]["acyclic"]);
  const long double expected = 1 / (1 + std::pow(19.0L / 18.0L, 5.0L));
  for (const char* play : {"random", "max", "min"}) {
    const json value = Value(report, "rich", play);
    ASSERT_EQ(value["kind"], "bounds") << value.dump();
    const long double lower = value["lower"].get<double>();
    const long double upper = value["upper"].get<double>();
    EXPECT_LE(lower, expected * (1 + 1e-17L)) << value.dump();
    EXPECT_GE(upper, expected * (1 - 1e-17L)) << value.dump();
    EXPECT_LT(upper - lower, 1e-12L) << value.dump();
  }
  const RunResult text = RunRulecheck({"odds", "tests/e2e/odds/counted_ruin.rules", "-q"});
  EXPECT_THAT(text.stdout_text, HasSubstr("the state graph has no cycle: answers are exact, but "
                                          "where their fractions grew too long"));
}

// A choice at every bet of a long ruin, which no choice can keep from ending
// (tests/e2e/odds/two_bets.rules): policy iteration finds the coin for the most and the die
// for the least, and the bounds, proven on the equations with their max and min, hold the
// fair walk's 1/2 and the biased walk's formula.
TEST(OddsTest, PolicyIterationBoundsAChoiceAtEveryBet) {
  const json report = Odds({"tests/e2e/odds/two_bets.rules"});
  const json most = Value(report, "rich", "max");
  ASSERT_EQ(most["kind"], "bounds") << most.dump();
  EXPECT_TRUE(most["converged"]) << most.dump();
  EXPECT_LE(most["lower"].get<double>(), 0.5) << most.dump();
  EXPECT_GE(most["upper"].get<double>(), 0.5) << most.dump();
  const long double expected = std::pow(2.0L, -500.0L) * (1 - std::pow(2.0L, -500.0L)) /
                               (1 - std::pow(2.0L, -1000.0L));  // (2^500 - 1) / (2^1000 - 1)
  const json least = Value(report, "rich", "min");
  ASSERT_EQ(least["kind"], "bounds") << least.dump();
  EXPECT_LE(least["lower"].get<double>(), expected * (1 + 1e-15L)) << least.dump();
  EXPECT_GE(least["upper"].get<double>(), expected * (1 - 1e-15L)) << least.dump();
  EXPECT_LT((least["upper"].get<double>() - least["lower"].get<double>()) / expected, 1e-9L)
      << least.dump();
}

// A cycle of 1,681 cells where the elimination gives up: the bounds hold the 1/4 that the
// grid's symmetry gives (tests/e2e/odds/grid_walk.rules), and are far inside the precision.
TEST(OddsTest, AWalkOffASquareLeavesEachSideAQuarterOfTheTime) {
  const json report = Odds({"tests/e2e/odds/grid_walk.rules"});
  for (const char* query : {"top", "left"}) {
    const json value = Value(report, query, "random");
    ASSERT_EQ(value["kind"], "bounds") << value.dump();
    EXPECT_LE(value["lower"].get<double>(), 0.25) << value.dump();
    EXPECT_GE(value["upper"].get<double>(), 0.25) << value.dump();
    EXPECT_LT(value["upper"].get<double>() - value["lower"].get<double>(), 1e-12) << value.dump();
  }
}

// A board drawn as a constant table (`const JUMP = [...]`, `JUMP[pos + d]`), worked by hand.
TEST(OddsTest, ABoardAsATableIsExact) {
  const json report = Odds({"tests/e2e/odds/chute_table.rules"});
  ExpectExact(Value(report, "chute", "random"), "131/243");
  EXPECT_EQ(report["states"], 14);
}

// A value from value iteration: converged, and within the precision (1e-9) of `expected`.
void ExpectBounds(const json& value, double expected) {
  EXPECT_EQ(value["kind"], "bounds") << value.dump();
  EXPECT_TRUE(value["converged"]) << value.dump();
  EXPECT_LE(value["lower"].get<double>(), expected + 1e-12) << value.dump();
  EXPECT_GE(value["upper"].get<double>(), expected - 1e-12) << value.dump();
  EXPECT_LE(value["upper"].get<double>() - value["lower"].get<double>(), 1e-9) << value.dump();
}

TEST(OddsTest, AChoiceThatLoopsForEverIsDeflated) {
  const json report = Odds({"tests/e2e/odds/loop.rules"});
  // Random play: v = (v + 1) / 2 and v = (v + 1/2) / 2 in the one state that repeats itself.
  ExpectExact(Value(report, "finished", "random"), "1");
  ExpectExact(Value(report, "wins", "random"), "1/2");
  // Waiting for ever: the states where minimising choices can keep the event away are 0.
  for (const char* name : {"finished", "wins"}) {
    const json least = Value(report, name, "min");
    EXPECT_EQ(least["kind"], "bounds");
    EXPECT_TRUE(least["converged"]);
    EXPECT_EQ(least["upper"], 0.0);
  }
  // The most for a win is 1/2: waiting keeps the upper bound at 1 until the loop is deflated
  // to its way out, the gamble.
  ExpectBounds(Value(report, "wins", "max"), 0.5);
  ExpectBounds(Value(report, "wins", "Only"), 0.5);
  ExpectBounds(Value(report, "finished", "max"), 1.0);
  ExpectExact(Value(report, "finished_count", "random"), "1");
  EXPECT_EQ(Value(report, "finished_count", "max")["kind"], "undefined");
  EXPECT_EQ(Value(report, "finished_count", "Only")["kind"], "undefined");
}

// tests/e2e/odds/rooms.rules: a cycle through two states, each with its own way out.
TEST(OddsTest, WalkingBetweenRoomsForEverIsDeflated) {
  const json report = Odds({"tests/e2e/odds/rooms.rules"});
  // Random play chooses nothing: the two rooms' equations are solved exactly.
  ExpectExact(Value(report, "walker_wins", "random"), "4/9");
  ExpectBounds(Value(report, "walker_wins", "Walker"), 0.5);
  ExpectBounds(Value(report, "walker_wins", "max"), 0.5);
  EXPECT_EQ(Value(report, "walker_wins", "min")["upper"], 0.0);
}

// tests/e2e/odds/standoff.rules: two seats that may hand the turn back and forth for ever;
// the maximiser's loop goes through the minimiser's state.
TEST(OddsTest, AStandOffBetweenTwoSeatsIsDeflated) {
  const json report = Odds({"tests/e2e/odds/standoff.rules"});
  ExpectExact(Value(report, "hero_wins", "random"), "7/12");
  ExpectBounds(Value(report, "hero_wins", "Hero"), 0.5);
  ExpectBounds(Value(report, "hero_wins", "Foe"), 0.5);
  ExpectBounds(Value(report, "hero_wins", "max"), 0.75);
  EXPECT_EQ(Value(report, "hero_wins", "min")["upper"], 0.0);
}

TEST(OddsTest, QuestionsFromTheCommandLine) {
  const json report = Odds({"tests/e2e/odds/four_rolls.rules", "--query", "a_six", "--probability",
                            "rolls >= 2", "--expect", "rolls * 6"});
  ASSERT_EQ(report["answers"].size(), 3u);
  ExpectExact(Value(report, "a_six", "random"), "671/1296");
  ExpectExact(Value(report, "rolls >= 2", "random"), "5/6");
  ExpectExact(Value(report, "rolls * 6", "random"), "671/36");
  EXPECT_EQ(report["answers"][1]["location"]["file"], "--probability");
}

TEST(OddsTest, BadQuestionsAreErrorsWithTheirPlace) {
  RunResult run =
      RunRulecheck({"odds", "tests/e2e/odds/four_rolls.rules", "--probability", "rolls + 1"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--probability:1:1"));
  run = RunRulecheck({"odds", "tests/e2e/odds/four_rolls.rules", "--query", "nothing"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              HasSubstr("no chance query named `nothing` (it has `a_six`, `rolls_made`)"));
  // A query of `solve` by that name is named for what it is.
  run = RunRulecheck(
      {"odds", "games/monster-mutators/monster-mutators.rules", "--query", "best_score"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              HasSubstr("`best_score` is a maximize query, which `rulecheck solve` answers"));
  run = RunRulecheck({"odds", "games/tictactoe.rules"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("has no chance query"));
}

// Doubles cannot bring the bounds closer than about 1e-13: a smaller precision is refused.
TEST(OddsTest, APrecisionDoublesCannotReachIsRefused) {
  const RunResult run =
      RunRulecheck({"odds", "tests/e2e/odds/craps.rules", "--precision", "1e-13"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              HasSubstr("--precision: must be a number from 1e-12 to 0.5, found 1e-13"));
  // The range is given as it is, not as `0.000000 to 0.500000`.
  EXPECT_THAT(RunRulecheck({"odds", "tests/e2e/odds/craps.rules", "--precision", "0"}).stderr_text,
              HasSubstr("from 1e-12 to 0.5, found 0"));
  EXPECT_EQ(
      RunRulecheck({"odds", "tests/e2e/odds/craps.rules", "-q", "--precision", "1e-12"}).exit_code,
      0);
}

TEST(OddsTest, AStoppedSearchGivesUnknownAndExitCode3) {
  const json report =
      Odds({"tests/e2e/odds/pig.rules", "--const", "GOAL=30", "--max-states", "100"}, 3);
  EXPECT_FALSE(report["complete"]);
  EXPECT_EQ(Value(report, "first_wins", "random")["kind"], "unknown");
}

// Pig to 100 on one thread: the search and the plain state graph fit in 24 MiB of budget;
// the chance graph's trees, its components and the values are charged too, so 40 MiB is not
// enough for the answers (they are unknown, exit code 3, after a complete search), and 128
// MiB is.
TEST(OddsTest, TheChanceGraphAndItsValuesAreChargedToTheMemoryBudget) {
  const json tight = Odds({"tests/e2e/odds/pig.rules", "--memory", "40M", "--threads", "1"}, 3);
  EXPECT_FALSE(tight["complete"]);
  EXPECT_EQ(tight["stop_reason"], "store_full");
  EXPECT_EQ(tight["states"], 125280);  // every state was found: the search finished
  for (const char* play : {"random", "max", "min"}) {
    EXPECT_EQ(Value(tight, "first_wins", play)["kind"], "unknown") << play;
  }
  const RunResult text =
      RunRulecheck({"odds", "tests/e2e/odds/pig.rules", "--memory", "40M", "--threads", "1", "-q"});
  EXPECT_EQ(text.exit_code, 3);
  // The search had found every state: it is the work on them that ran out of room.
  EXPECT_TRUE(tight["stopped_while_solving"]);
  EXPECT_THAT(text.stdout_text,
              HasSubstr("stopped (store_full) while computing the answers from every state"));
  const json roomy = Odds({"tests/e2e/odds/pig.rules", "--memory", "128M", "--threads", "1"});
  EXPECT_TRUE(roomy["complete"]);
  EXPECT_EQ(Value(roomy, "first_wins", "random")["kind"], "bounds");
}

// A stop after the search saw every state, while value iteration runs, says so rather than
// that the search was stopped (long_ruin.rules: 2,001 states at once, minutes to 1e-12).
TEST(OddsTest, AStopWhileSolvingSaysTheSearchWasComplete) {
  const RunResult run = RunRulecheckAndSignal(
      {"odds", "tests/e2e/odds/long_ruin.rules", "--precision", "1e-12", "--format", "json", "-q"},
      SIGINT, std::chrono::seconds(2));
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  const json report = JsonReport(run);
  EXPECT_EQ(report["stop_reason"], "cancelled");
  EXPECT_EQ(report["stopped_while_solving"], true);
  EXPECT_EQ(report["states"], 2001);
  EXPECT_EQ(Value(report, "top", "random")["kind"], "unknown");
}

TEST(OddsTest, CtrlCGivesUnknownAndExitCode3) {
  // Hanoi with 16 discs has 43 million states: the search is still running after a second.
  const RunResult run = RunRulecheckAndSignal({"odds", "games/hanoi.rules", "--const", "N=16",
                                               "--probability", "false", "--format", "json", "-q"},
                                              SIGINT, std::chrono::seconds(1));
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  const json report = JsonReport(run);
  EXPECT_EQ(report["stop_reason"], "cancelled");
  EXPECT_EQ(report["stopped_while_solving"], false);
  EXPECT_EQ(Value(report, "false", "random")["kind"], "unknown");
}

TEST(OddsTest, TheSameAnswersForAnyThreadCount) {
  std::vector<json> answers;
  for (const char* threads : {"1", "2"}) {
    answers.push_back(
        Odds({"tests/e2e/odds/pig.rules", "--const", "GOAL=30", "--threads", threads})["answers"]);
  }
  EXPECT_EQ(answers[0], answers[1]);
}

// A command-line question that hits a model error names its place as the flag (check's
// --invariant does the same), not a line past the end of the file. 1 / (rolls - 1) divides by
// zero in the end state after one roll (a first six), 1 move from the start.
TEST(OddsTest, AModelErrorInACommandLineQuestionNamesTheFlag) {
  const RunResult run = RunRulecheck(
      {"odds", "tests/e2e/odds/four_rolls.rules", "-q", "--probability", "1 / (rolls - 1) == 1"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("hit a model error at --probability:1:"));
  EXPECT_THAT(run.stdout_text, HasSubstr("in a state 1 move from the start"));
}

// A fraction too long to read is left to the JSON report; the text gives its value and size.
TEST(OddsTest, TextReportShortensLongFractions) {
  const RunResult run = RunRulecheck({"odds", "tests/e2e/odds/biased_ruin.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.stdout_text,
              HasSubstr("6.049899898e-36 (exact; its fraction, 61 digits over 96, is in the "
                        "JSON report)"));
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("1606938044258990275541962092341162602522202993")));
}

// The decimal of an exact value comes from its fraction: a chance below a double's range is
// not 0, and a value within rounding of a whole number it is not shows the difference
// (tests/e2e/odds/tiny_ruin.rules: 1/(2^1100 + 1), about 7.36e-332).
TEST(OddsTest, TextReportShowsTinyExactValues) {
  const RunResult run = RunRulecheck({"odds", "tests/e2e/odds/tiny_ruin.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.stdout_text,
              HasSubstr("7.362151829e-332 (exact; its fraction, 1 digit over 332, is in the JSON "
                        "report)"));
  EXPECT_THAT(run.stdout_text, HasSubstr("1 - 7.36e-332 (exact; its fraction, 332 digits"));
}

// A value within a third of a whole number is that number and the difference only where
// ten significant digits spell the number (tests/e2e/odds/near_whole.rules).
TEST(OddsTest, TextReportShowsTheDifferenceOnlyFromAWholeNumberItSpells) {
  const RunResult run = RunRulecheck({"odds", "tests/e2e/odds/near_whole.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("370370367037037035/3 (1.23456789e+17)\n"));
  EXPECT_THAT(run.stdout_text, HasSubstr("300000000000000001/3 (1e+17 + 3.33e-01)\n"));
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("1.23456789e+17 + ")));
}

TEST(OddsTest, TextReport) {
  const RunResult run = RunRulecheck({"odds", "tests/e2e/odds/craps.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.stdout_text, HasSubstr("probability pass_wins"));
  EXPECT_THAT(run.stdout_text, HasSubstr("random play"));
  EXPECT_THAT(run.stdout_text, HasSubstr("244/495 (0.4929292929)"));
}

// The two engines of chance on one game: the exact random-play chance of each player's win
// (odds) lies inside the 95% interval that random playouts (simulate) give for the same
// `reachable`. Random Mutations at its default scope, as its README reports.
TEST(OddsTest, AgreesWithSimulateOnRandomMutations) {
  const std::string file = "games/random-mutations/random-mutations.rules";
  const json exact = Odds({file, "--probability", "wins(P1)", "--probability", "wins(P2)"});
  const RunResult run =
      RunRulecheck({"simulate", file, "--games", "5000", "--seed", "1", "--format", "json", "-q"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const json simulated = JsonReport(run);
  const std::vector<std::pair<std::string, std::string>> pairs = {{"wins(P1)", "p1_wins"},
                                                                  {"wins(P2)", "p2_wins"}};
  for (const auto& [question, reachable] : pairs) {
    SCOPED_TRACE(question);
    const json value = Value(exact, question, "random");
    EXPECT_EQ(value["kind"], "exact");
    const double p = value["value"].get<double>();
    bool found = false;
    for (const json& r : simulated["reachables"]) {
      if (r["name"] != reachable) continue;
      found = true;
      EXPECT_LE(r["ci95"][0].get<double>(), p) << r.dump();
      EXPECT_GE(r["ci95"][1].get<double>(), p) << r.dump();
    }
    EXPECT_TRUE(found) << reachable;
  }
}

}  // namespace
}  // namespace rulecheck::e2e
