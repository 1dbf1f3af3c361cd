// End-to-end checks of games/masters-of-mutanite: `rulecheck check` at the model's presets
// (or a cheaper override of them) must report exactly what the model's README writes up,
// and `rulecheck solve --engine explicit` the answers to its score queries. When the model
// or the checker changes what is found, this test and the README change together.
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;
using json = nlohmann::json;

constexpr char kMutanite[] = "games/masters-of-mutanite/masters-of-mutanite.rules";
// Every `reachable` declared in the file.
constexpr size_t kWitnesses = 47;

// What every preset reports: the game need not end (finding 1), every witness holds (but
// those in `unreachable`), and there is no deadlock, model error, broken invariant or endless
// reaction chain (finding 3). The endless play starts after `cycle_start` moves or more: 1
// where mutanite must first reach its cap, 0 where it starts there (presets 9 to 12).
void ExpectCommonFindings(Report& r, int states, int cycle_start = 1,
                          const std::vector<std::string>& unreachable = {}) {
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], states);
  EXPECT_THAT(r.names["non_termination"], ElementsAre("terminates"));
  for (const json& finding : r.body["findings"]) {
    if (finding["kind"] == "non_termination") {
      EXPECT_GE(finding["cycle_start"].get<int>(), cycle_start);
    }
  }
  EXPECT_EQ(r.names["unreachable"], unreachable);
  EXPECT_EQ(r.names["witness"].size(), kWitnesses - unreachable.size());
  for (const char* kind : {"invariant", "deadlock", "model_error", "reaction_chain"}) {
    EXPECT_TRUE(r.names[kind].empty()) << kind;
  }
}

// The number of moves of the witness `name` (its trace without the set-up), or -1.
int WitnessMoves(const Report& r, const std::string& name) {
  for (const auto& finding : r.body["findings"]) {
    if (finding["kind"] == "witness" && finding["name"] == name) {
      return static_cast<int>(finding["trace"].size()) - 1;
    }
  }
  return -1;
}

// Each witness in `moves` holds, with a shortest play of that many moves.
void ExpectMoves(const Report& r, const std::vector<std::pair<std::string, int>>& moves) {
  for (const auto& [name, count] : moves) EXPECT_EQ(WitnessMoves(r, name), count) << name;
}

// Preset 1 without fling (the whole preset takes 30 s): pick up, punch, a fireball in the
// city. Finding 1: both players can end their turns for ever.
TEST(MastersOfMutaniteTest, DuelNeedNotEnd) {
  Report r = CheckModel(kMutanite, {"N_FLING=0"});
  ExpectCommonFindings(r, 43390);
  EXPECT_TRUE(r.names["order_dependence"].empty());
  ExpectMoves(r, {{"pick_up_effect", 1}, {"fireball_effect", 7}, {"p1_wins", 8}});
  const SolveRun solve = SolveExplicit(kMutanite, {"N_FLING=0"});
  ExpectAnswer(solve, "biggest_hit", "optimal", 2, 2);
  ExpectAnswer(solve, "longest_chain", "optimal", 0, 0);
  ExpectAnswer(solve, "most_mutanite", "optimal", 5, 6);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 8);
}

// Preset 2, finding 3: a fireball answered by a teleport, answered by a teleport; chains are
// bounded by the reaction cards in hand.
TEST(MastersOfMutaniteTest, ReactionsToReactionsAreBounded) {
  Report r = CheckModel(kMutanite, {"SCOPE=2"});
  ExpectCommonFindings(r, 7288);
  EXPECT_TRUE(r.names["order_dependence"].empty());
  ExpectMoves(r, {{"reaction_played", 2}, {"reaction_to_reaction", 3}, {"teleport_effect", 2}});
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=2"});
  ExpectAnswer(solve, "biggest_hit", "optimal", 3, 11);
  ExpectAnswer(solve, "longest_chain", "optimal", 2, 3);
  ExpectAnswer(solve, "most_mutanite", "optimal", 5, 5);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 6);
}

// Finding 3, the other reading: a teleport that is not itself an attack cannot be answered.
TEST(MastersOfMutaniteTest, TeleportThatIsNoAttackEndsTheChain) {
  Report r = CheckModel(kMutanite, {"SCOPE=2", "TELEPORT_IS_ATTACK=false"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 6060);
  EXPECT_THAT(r.names["unreachable"], ElementsAre("reaction_to_reaction"));
  EXPECT_TRUE(r.names["reaction_chain"].empty());
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=2", "TELEPORT_IS_ATTACK=false"});
  ExpectAnswer(solve, "longest_chain", "optimal", 1, 2);
}

// Preset 3, finding 2: spike skin and stunt rider react to the same dash, and their order
// changes the outcome. Punch answers punch up to three times.
TEST(MastersOfMutaniteTest, SpikeSkinAndStuntRiderDependOnOrder) {
  Report r = CheckModel(kMutanite, {"SCOPE=3"});
  ExpectCommonFindings(r, 13708);
  EXPECT_THAT(r.names["order_dependence"], ElementsAre("spike_skin, stunt_rider"));
  ExpectMoves(r, {{"spike_skin_effect", 2}, {"stunt_rider_effect", 2}, {"car_effect", 4}});
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=3"});
  ExpectAnswer(solve, "biggest_hit", "optimal", 4, 12);
  ExpectAnswer(solve, "longest_chain", "optimal", 3, 4);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 4);
}

// Preset 4 without frost bolt (the whole preset takes 20 s): venom fangs, its boost, poison
// drawn, the poison supply running out, cleanse.
TEST(MastersOfMutaniteTest, PoisonAndCleanse) {
  Report r = CheckModel(kMutanite, {"SCOPE=4", "S_FROST_BOLT=0"});
  ExpectCommonFindings(r, 26492);
  ExpectMoves(
      r, {{"poison_supply_out", 2}, {"boost_paid", 4}, {"cleanse_effect", 4}, {"poison_drawn", 5}});
}

// The end phase draws until the hand is full or nothing is left to draw, also when a poison
// card drawn and discarded comes back with a reshuffle and is drawn again. Preset 4 with venom
// fangs alone and 8 life: P2 draws the one poison card, reshuffles it back, draws it again and
// then a venom fangs (a fixed number of draws left the hand empty there).
TEST(MastersOfMutaniteTest, EndPhaseDrawsPastARedrawnPoisonCard) {
  const std::vector<std::string> consts = {"SCOPE=4", "N_CLEANSE=0", "S_FROST_BOLT=0", "LIFE=8"};
  const std::string hand_full =
      "all p in Player: (present(p) and p != turn and life[p] > 0) => "
      "(size(hand[p]) == HAND or size(deck[p]) + size(discard[p]) == 0)";
  const std::string poison_twice =
      "moved(end_turn) and hit >= 2 and POISON == 1 and "
      "(all p in Player: (present(p) and p != turn) => size(hand[p]) == HAND)";
  Report r = CheckModel(kMutanite, consts,
                        {"--skip", "dead", "--invariant", hand_full, "--reachable", poison_twice});
  EXPECT_EQ(r.exit_code, 1);  // finding 1 alone
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 6532);
  EXPECT_THAT(r.names["non_termination"], ElementsAre("terminates"));
  EXPECT_TRUE(r.names["unreachable"].empty());
  EXPECT_EQ(r.names["witness"].size(), kWitnesses + 1);
  for (const char* kind : {"invariant", "deadlock", "model_error", "reaction_chain"}) {
    EXPECT_TRUE(r.names[kind].empty()) << kind;
  }
  ExpectMoves(r, {{poison_twice, 6}, {"poison_drawn", 4}});
}

// Presets 5 and 7, finding 4: every zone of a 2x2 city and of the six-zone city is entered,
// also with frost.
TEST(MastersOfMutaniteTest, EveryZoneOfTheCityIsEntered) {
  Report city = CheckModel(kMutanite, {"SCOPE=5"});
  ExpectCommonFindings(city, 9172);
  for (const char* zone :
       {"enter_hospital", "enter_downtown", "enter_university", "enter_seaport"}) {
    EXPECT_EQ(WitnessMoves(city, zone), 1) << zone;
  }
  ExpectMoves(city, {{"earthquake_effect", 6}, {"flame_kick_effect", 6}});
  const SolveRun city_solve = SolveExplicit(kMutanite, {"SCOPE=5"});
  ExpectAnswer(city_solve, "biggest_hit", "optimal", 7, 6);
  ExpectAnswer(city_solve, "quickest_win", "sat", nullptr, 6);

  Report frost = CheckModel(kMutanite, {"SCOPE=7"});
  ExpectCommonFindings(frost, 18260);
  ExpectMoves(frost, {{"frost_blocks_diagonal", 3}});
  for (const char* zone : {"enter_hospital", "enter_downtown", "enter_university", "enter_seaport",
                           "enter_park", "enter_train_station"}) {
    EXPECT_EQ(WitnessMoves(frost, zone), 1) << zone;
  }
  const SolveRun frost_solve = SolveExplicit(kMutanite, {"SCOPE=7"});
  ExpectAnswer(frost_solve, "biggest_hit", "optimal", 6, 8);
}

// Preset 6: mutation, and traits chosen at the start (the order warning of finding 2 again).
TEST(MastersOfMutaniteTest, Mutation) {
  Report r = CheckModel(kMutanite, {"SCOPE=6"});
  ExpectCommonFindings(r, 38834);
  EXPECT_THAT(r.names["order_dependence"], ElementsAre("spike_skin, stunt_rider"));
  ExpectMoves(r, {{"mutation", 1}, {"tree_effect", 3}});
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=6"});
  ExpectAnswer(solve, "biggest_hit", "optimal", 5, 6);
  ExpectAnswer(solve, "most_mutanite", "optimal", 5, 4);
}

// Preset 8: thrown water towers and cars, electricity, water putting out fire. A fling with
// an opponent in range but no object in the zone may be played, to no effect (NO_TARGET_PLAY).
TEST(MastersOfMutaniteTest, WaterAndElectricity) {
  Report r = CheckModel(kMutanite, {"SCOPE=8"});
  ExpectCommonFindings(r, 10424);
  ExpectMoves(r, {{"water_tower_effect", 2}, {"electrify_effect", 2}, {"fire_doused", 10}});
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=8"});
  ExpectAnswer(solve, "biggest_hit", "optimal", 6, 6);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 2);

  const std::string nothing_to_throw =
      "moved(attack(Fling)) and empty(objs[at[turn]]) and "
      "(any t in Player: in_range(turn, Ranged, t))";
  Report no_object =
      CheckModel(kMutanite, {"SCOPE=8"}, {"--skip", "dead", "--reachable", nothing_to_throw});
  ExpectMoves(no_object, {{nothing_to_throw, 7}});
}

// Preset 9, three players (findings 3 and 6): a player is knocked out and the other two
// play on; any of the three can be the first out; an attacker can choose between two
// opponents; reactions to reactions stay bounded by the cards in hand.
TEST(MastersOfMutaniteTest, ThreePlayersKnockOut) {
  Report r = CheckModel(kMutanite, {"SCOPE=9"});
  ExpectCommonFindings(r, 19998, 0);
  EXPECT_TRUE(r.names["order_dependence"].empty());
  ExpectMoves(r, {{"knocked_out", 5},
                  {"p1_out_first", 5},
                  {"p2_out_first", 5},
                  {"p3_out_first", 5},
                  {"target_choice", 0},
                  {"reaction_to_reaction", 3},
                  {"p3_wins", 9}});
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=9"});
  ExpectAnswer(solve, "longest_chain", "optimal", 2, 3);
  ExpectAnswer(solve, "quickest_knockout", "sat", nullptr, 5);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 9);
  ExpectAnswer(solve, "short_handed", "unsat", nullptr, 12);
}

// Preset 3 with three players and one punch each (finding 2): spike skin and stunt rider
// still depend on their order when a third player (without a named trait) is in the city.
// The attacker's only punch is spent, so no reaction can be answered (as in finding 8).
TEST(MastersOfMutaniteTest, ThreePlayerTraitsDependOnOrder) {
  Report r = CheckModel(
      kMutanite, {"SCOPE=3", "PLAYERS=3", "START_MUTANITE=5", "N_PUNCH=1", "HAND=1", "LIFE=2"});
  ExpectCommonFindings(r, 7218, 0, {"reaction_to_reaction"});
  EXPECT_THAT(r.names["order_dependence"], ElementsAre("spike_skin, stunt_rider"));
}

// Preset 10, the 3-player city (finding 4): the Power Plant can be entered; a knock-out in
// two moves, a win in five.
TEST(MastersOfMutaniteTest, ThreePlayerCity) {
  Report r = CheckModel(kMutanite, {"SCOPE=10"});
  ExpectCommonFindings(r, 9849, 0);
  ExpectMoves(r, {{"enter_power_plant", 1}, {"enter_park", 1}, {"knocked_out", 2}});
  EXPECT_EQ(WitnessMoves(r, "enter_city_hall"), 0);
  const SolveRun solve = SolveExplicit(kMutanite, {"SCOPE=10"});
  ExpectAnswer(solve, "quickest_knockout", "sat", nullptr, 2);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 5);
}

// Preset 11 with one punch each (the whole preset takes longer), finding 7: a player at 0
// life takes half the teammate's life, a team wins with a member knocked out, and with
// teammates side by side a team is beaten before either member has a turn. Finding 8: with
// the attacker as the only target of a reaction, one punch each allows no reaction to a
// reaction.
TEST(MastersOfMutaniteTest, TeamsRallyAndWinShortHanded) {
  const std::vector<std::string> consts = {"SCOPE=11", "N_PUNCH=1", "HAND=1"};
  Report r = CheckModel(kMutanite, consts);
  ExpectCommonFindings(r, 28032, 0, {"reaction_to_reaction"});
  ExpectMoves(r, {{"rally_taken", 4},
                  {"knocked_out", 4},
                  {"p4_out_first", 4},
                  {"p1_wins", 6},
                  {"short_handed_win", 10}});
  const SolveRun solve = SolveExplicit(kMutanite, consts);
  ExpectAnswer(solve, "longest_chain", "optimal", 1, 2);
  ExpectAnswer(solve, "quickest_knockout", "sat", nullptr, 4);
  ExpectAnswer(solve, "short_handed", "sat", nullptr, 10);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 6);

  // Teammates side by side: P1 and P2 put P3 and P4 at 0 before either has a turn.
  std::vector<std::string> side_by_side = consts;
  side_by_side.push_back("SEATING=1");
  const SolveRun seated = SolveExplicit(kMutanite, side_by_side);
  ExpectAnswer(seated, "quickest_win", "sat", nullptr, 5);
}

// Finding 8, the other reading: a reaction aimed at the attacker's teammate lets the
// teammate answer it, so one punch each makes a chain of three.
TEST(MastersOfMutaniteTest, ReactionAtAnotherOpponentChainsAcrossTeams) {
  const std::vector<std::string> consts = {"SCOPE=11", "N_PUNCH=1", "HAND=1",
                                           "REACT_ANY_TARGET=true"};
  Report r = CheckModel(kMutanite, consts);
  ExpectCommonFindings(r, 32912, 0);
  ExpectMoves(r, {{"reaction_aside", 2}, {"reaction_to_reaction", 3}});
  const SolveRun solve = SolveExplicit(kMutanite, consts);
  ExpectAnswer(solve, "longest_chain", "optimal", 3, 4);
}

// Preset 12, the 4-player city (finding 4): every zone, the Power Plant and City Hall too,
// is entered in one move.
TEST(MastersOfMutaniteTest, TeamCity) {
  Report r = CheckModel(kMutanite, {"SCOPE=12"});
  ExpectCommonFindings(r, 49152, 0);
  for (const char* zone :
       {"enter_hospital", "enter_seaport", "enter_park", "enter_power_plant", "enter_city_hall"}) {
    EXPECT_EQ(WitnessMoves(r, zone), 1) << zone;
  }
}

}  // namespace
}  // namespace rulecheck::e2e
