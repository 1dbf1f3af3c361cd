// End-to-end checks of games/creature-battle: `rulecheck check` at each preset (or a cheaper
// override of it) must report exactly what games/creature-battle/README.md writes up, and
// `rulecheck solve --engine explicit` the answers to the quickest-win queries. When the model
// or the checker changes what is found, this test and the README change together.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"
#include "tests/shared/sanitizers.h"

namespace rulecheck::e2e {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAreArray;

constexpr char kCreatureBattle[] = "games/creature-battle/creature-battle.rules";

// No rule of the model is broken: what every preset must not report.
void ExpectNoErrorsButUnreachable(const Report& r) {
  ExpectNoFindingsOf(r, {"invariant", "assert", "deadlock", "model_error", "reaction_chain",
                         "order_dependence", "non_termination"});
}

// A complete check of the model with --const `consts`: `states` states, exactly `unreachable`
// among the `reachable` properties, `witnesses` among the witnesses, and no other error.
Report ExpectPreset(const std::vector<std::string>& consts, int states,
                    const std::vector<std::string>& unreachable,
                    const std::vector<std::string>& witnesses) {
  Report r = CheckModel(kCreatureBattle, consts);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], states);
  EXPECT_THAT(r.names["unreachable"], UnorderedElementsAreArray(unreachable));
  for (const std::string& witness : witnesses) {
    EXPECT_THAT(r.names["witness"], Contains(witness));
  }
  ExpectNoErrorsButUnreachable(r);
  return r;
}

// README, findings 1 and 3: preset 1, the race to two bodies. Both creatures can be winning
// at the end of one turn, and the tie rule settles it (the asserts hold).
TEST(CreatureBattleTest, RaceBothWinningIsSettled) {
  const Report r = ExpectPreset(
      {}, 24736,
      {"completed_twice_in_a_turn", "win_broken_before_end", "outer_readings_differ", "evade_once",
       "evade_twice", "steal_from_hand", "steal_from_piles", "exchange_cards", "glow_against_eye",
       "glow_without_eye"},
      {"someone_wins", "p1_wins", "p2_wins", "both_winning_same_turn", "second_completer_loses",
       "trade_three", "trade_six", "murky_water", "turn_limit"});
  EXPECT_EQ(r.body["transitions"], 48728);
}

// README, finding 2: if a flipped part does not count, Murky Water unmakes both creatures at
// once and the flip-back at the end of the turn remakes both at once: nobody was first.
TEST(CreatureBattleTest, TieRuleOpenWhenFlippedPartsDoNotCount) {
  Report r = CheckModel(kCreatureBattle, {"FLIPPED_COUNTS=false"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 24968);
  EXPECT_THAT(r.names["assert"], ElementsAre("action pass"));
  ASSERT_EQ(r.names["assert"].size(), 1u);
  for (const nlohmann::json& f : r.body["findings"]) {
    if (f["kind"] == "assert") {
      EXPECT_THAT(f["message"].get<std::string>(), testing::HasSubstr("same moment"));
    }
  }
  EXPECT_THAT(r.names["witness"], Contains("completed_twice_in_a_turn"));
  EXPECT_TRUE(r.names["invariant"].empty());
}

// README, findings 1 and 3: the quickest wins, at the two-body goal and at the rulebook's goal,
// and both creatures winning at the end of that same turn.
TEST(CreatureBattleTest, QuickestWin) {
  const SolveRun race = SolveExplicit(kCreatureBattle, {});
  ExpectAnswer(race, "quickest_win", "sat", nullptr, 32);
  ExpectAnswer(race, "fewest_turns", "optimal", 4, 32);
  ExpectAnswer(race, "both_at_once", "sat", nullptr, 32);
  ExpectAnswer(race, "three_at_once", "unsat", nullptr, 60);
  const SolveRun full = SolveExplicit(kCreatureBattle, {"SCOPE=4"});
  ExpectAnswer(full, "quickest_win", "sat", nullptr, 96);
  ExpectAnswer(full, "fewest_turns", "optimal", 12, 96);
  ExpectAnswer(full, "both_at_once", "sat", nullptr, 96);
  // Three trades and five attaches by the dealer (P1), who holds the token in even turns and
  // wins.
  std::vector<std::string> builds;
  const nlohmann::json& trace = full.queries.at("quickest_win")["trace"];
  for (const nlohmann::json& step : trace) {
    const std::string move = step["move"];
    if (move.rfind("attach", 0) == 0 || move.rfind("trade", 0) == 0) {
      builds.push_back(step["by"].get<std::string>() + " " + move);
    }
  }
  EXPECT_THAT(builds, ElementsAre("P1 attach(0)", "P1 attach(0)", "P1 trade(0)", "P1 attach(1)",
                                  "P1 trade(0)", "P1 attach(2)", "P1 trade(0)", "P1 attach(3)"));
  ASSERT_FALSE(trace.empty());
  EXPECT_EQ(trace.back()["state"]["winner"], "P1");
}

// README, finding 6 at the rulebook's goal: a star whose centre is not the first body splits
// the two readings of "outer bodies" (the centre can hold no part).
TEST(CreatureBattleTest, FullGoalStarSplitsOuterReadings) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  const Report r = ExpectPreset({"SCOPE=4"}, 33852,
                                {"completed_twice_in_a_turn", "win_broken_before_end", "trade_six",
                                 "evade_once", "evade_twice", "steal_from_hand", "steal_from_piles",
                                 "exchange_cards", "glow_against_eye", "glow_without_eye"},
                                {"outer_readings_differ", "p1_wins", "p2_wins", "trade_three"});
  for (const nlohmann::json& f : r.body["findings"]) {
    if (f["name"] != "outer_readings_differ") continue;
    const nlohmann::json& last = f["trace"].back()["state"];
    EXPECT_EQ(last["joins"]["P1"], nlohmann::json({1, 3, 1, 1}));
    EXPECT_EQ(last["parts"]["P1"][1], nlohmann::json::object());
  }
}

// README, finding 4: without a turn limit a game can go on for ever.
TEST(CreatureBattleTest, EndlessGameWithoutTurnLimit) {
  Report r = CheckModel(kCreatureBattle, {"TURN_LIMIT=0"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 31888);
  EXPECT_THAT(r.names["non_termination"], ElementsAre("terminates"));
  EXPECT_THAT(r.names["unreachable"], Contains("turn_limit"));
}

// README, preset 2 in one turn: attacks, evading, Glow Things, stealing.
TEST(CreatureBattleTest, BattleFirstTurn) {
  ExpectPreset(
      {"SCOPE=2", "TURN_LIMIT=1"}, 11322,
      {"p1_wins", "both_winning_same_turn", "second_completer_loses", "completed_twice_in_a_turn",
       "win_broken_before_end", "outer_readings_differ", "trade_three", "trade_six", "evade_twice",
       "exchange_cards"},
      {"evade_once", "glow_against_eye", "glow_without_eye", "steal_from_hand", "steal_from_piles",
       "defender_wins_battle", "flu_cold", "squirt_ink", "weaken", "blunt"});
}

// README, the reading DEFENDER_TAKES: when a higher Defence is not a win for the defender, the
// attack only fails, and the defender never takes the attacker's cards.
TEST(CreatureBattleTest, DefenderTakesNothingUnderTheOtherReading) {
  Report r = CheckModel(kCreatureBattle, {"SCOPE=2", "TURN_LIMIT=1", "DEFENDER_TAKES=false"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 10840);
  EXPECT_THAT(r.names["unreachable"], Contains("defender_wins_battle"));
  ExpectNoErrorsButUnreachable(r);
}

// README, preset 3: every Mutate card, a finished creature broken before the turn ends (finding
// 5), the two readings of outer bodies (finding 6), the clean-up exchange.
TEST(CreatureBattleTest, MutateBreaksFinishedCreatures) {
  ExpectPreset({"SCOPE=3"}, 47716,
               {"completed_twice_in_a_turn", "trade_three", "trade_six", "evade_once",
                "evade_twice", "steal_from_piles", "glow_against_eye", "glow_without_eye"},
               {"murky_water", "spike_rot", "leprosy", "plague", "rearrange_parts",
                "famine_strikes", "win_broken_before_end", "outer_readings_differ",
                "exchange_cards", "both_winning_same_turn"});
}

// README, preset 5: the other parts in battle, and a coordinated Fake Tail's second evasion,
// which takes a part off a finished creature (finding 5).
TEST(CreatureBattleTest, MenagerieBattle) {
  ExpectPreset({"SCOPE=5"}, 29948,
               {"completed_twice_in_a_turn", "outer_readings_differ", "trade_three", "trade_six",
                "steal_from_piles", "glow_against_eye"},
               {"evade_twice", "win_broken_before_end", "glow_without_eye", "blunt", "flu_cold",
                "squirt_ink", "weaken", "exchange_cards"});
}

// README, finding 8: three players, preset 7. Leprosy and Famine strike all three creatures,
// the battle phase can leave a player nobody to attack, and all three creatures can be winning
// at the end of one turn; P2's creature, completed first, is broken by P3's Rearrange and
// restored by P1's, so the two meanings of "first" name different winners.
TEST(CreatureBattleTest, MeleeForThreeFirstHasTwoMeanings) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kCreatureBattle, {"SCOPE=7"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 77288);
  EXPECT_EQ(r.body["transitions"], 97935);
  EXPECT_THAT(r.names["unreachable"],
              UnorderedElementsAreArray({"trade_three", "trade_six", "evade_once", "evade_twice",
                                         "steal_from_piles", "exchange_cards", "glow_against_eye",
                                         "glow_without_eye"}));
  for (const char* witness :
       {"strike_three", "leprosy", "famine_strikes", "no_one_to_attack", "p1_wins", "p2_wins",
        "p3_wins", "both_winning_same_turn", "three_winning_same_turn", "completed_twice_in_a_turn",
        "win_broken_before_end", "steal_from_hand"}) {
    EXPECT_THAT(r.names["witness"], Contains(witness));
  }
  for (const char* kind : {"invariant", "deadlock", "model_error", "non_termination"}) {
    EXPECT_TRUE(r.names[kind].empty()) << kind;
  }
  EXPECT_THAT(r.names["assert"], ElementsAre("action pass"));
  for (const nlohmann::json& f : r.body["findings"]) {
    if (f["kind"] != "assert") continue;
    EXPECT_THAT(f["message"].get<std::string>(), testing::HasSubstr("one meaning of first only"));
    std::vector<std::string> mutates;
    for (const nlohmann::json& step : f["trace"]) {
      const std::string move = step["move"];
      if (move.rfind("mutate", 0) == 0) {
        mutates.push_back(step["by"].get<std::string>() + " " + move);
      }
    }
    EXPECT_THAT(mutates, ElementsAre("P3 mutate()", "P1 mutate()"));
    // P2 completed first (stamp 1) and last (after P1, who completed second).
    const nlohmann::json& last = f["trace"].back()["state"];
    EXPECT_EQ(last["first"]["P2"], 1);
    EXPECT_EQ(last["first"]["P1"], last["made"]["P1"]);
    EXPECT_GT(last["made"]["P2"], last["made"]["P1"]);
  }
}

// README, findings 3 and 8: the race for three (preset 6). The quickest win takes four turns,
// as with two players, and then all three creatures can be finished in the same build phase:
// the token holder (P2 in turn 4) finishes first and wins.
TEST(CreatureBattleTest, RaceForThree) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  const SolveRun race = SolveExplicit(kCreatureBattle, {"SCOPE=6"});
  ExpectAnswer(race, "quickest_win", "sat", nullptr, 48);
  ExpectAnswer(race, "fewest_turns", "optimal", 4, 48);
  ExpectAnswer(race, "both_at_once", "sat", nullptr, 48);
  ExpectAnswer(race, "three_at_once", "sat", nullptr, 48);
  ExpectAnswer(race, "four_at_once", "unsat", nullptr, 100);
  const nlohmann::json& trace = race.queries.at("three_at_once")["trace"];
  ASSERT_FALSE(trace.empty());
  EXPECT_EQ(trace.back()["state"]["winner"], "P2");
  EXPECT_EQ(trace.back()["state"]["many_made"], 3);
}

// README, finding 8: four players (preset 8): all four creatures winning at the end of the
// first turn.
TEST(CreatureBattleTest, MeleeForFour) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  const SolveRun melee = SolveExplicit(kCreatureBattle, {"SCOPE=8"});
  ExpectAnswer(melee, "quickest_win", "sat", nullptr, 16);
  ExpectAnswer(melee, "fewest_turns", "optimal", 1, 16);
  ExpectAnswer(melee, "four_at_once", "sat", nullptr, 16);
  const nlohmann::json& trace = melee.queries.at("four_at_once")["trace"];
  ASSERT_FALSE(trace.empty());
  EXPECT_EQ(trace.back()["state"]["many_made"], 4);
}

}  // namespace
}  // namespace rulecheck::e2e
