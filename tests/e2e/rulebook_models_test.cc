// End-to-end checks of the rulebook models in games/: `rulecheck check` at each model's
// small scope must report exactly what the model's README writes up for the rulebook's
// editor, and `rulecheck solve --engine explicit` the answers to the models' score queries.
// When a model or the checker changes what is found, this test and the README change
// together.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/sanitizers.h"

namespace rulecheck::e2e {
namespace {

using ::testing::UnorderedElementsAre;
using ::testing::UnorderedElementsAreArray;
using json = nlohmann::json;

constexpr char kRandomMutations[] = "games/random-mutations/random-mutations.rules";

// games/random-mutations/README.md, "Score queries": every play of the default scope ends
// within the bound, so the answers are the game's best.
TEST(RandomMutationsTest, ScoreQueries) {
  const SolveRun solve = SolveExplicit(kRandomMutations, {});
  ExpectAnswer(solve, "best_score", "optimal", 4, 8);
  ExpectAnswer(solve, "best_margin", "optimal", 4, 8);
  // P1 plays his card as a second species and feeds both animals.
  EXPECT_THAT(
      TraceMoves(solve.queries.at("best_score")),
      testing::ElementsAre("init", "play_species()", "pass()", "pass()", "climate()",
                           "take_food(0)", "take_shelter(0)", "take_food(1)", "extinction()"));
}

// The two readings of trait points, at the scoring scope.
TEST(RandomMutationsTest, ScoreQueriesForBothReadingsOfTraitPoints) {
  const std::vector<std::string> scoring = {
      "COPIES=0",      "N_HIGH_BODY_WEIGHT=1", "N_GRAZING=1", "S0=2",      "D0=2",
      "SHELTER_MAX=0", "PARA_ROLL_MAX=0",      "FOOD_MIN=2",  "FOOD_MAX=4"};
  const SolveRun per_card = SolveExplicit(kRandomMutations, scoring);
  ExpectAnswer(per_card, "best_score", "optimal", 5, 8);
  ExpectAnswer(per_card, "best_margin", "optimal", 5, 9);
  std::vector<std::string> per_animal_consts = scoring;
  per_animal_consts.push_back("TRAIT_POINTS_PER_ANIMAL=true");
  const SolveRun per_animal = SolveExplicit(kRandomMutations, per_animal_consts);
  ExpectAnswer(per_animal, "best_score", "optimal", 6, 9);
  ExpectAnswer(per_animal, "best_margin", "optimal", 6, 10);
}

// games/random-mutations/README.md, the default scope.
TEST(RandomMutationsTest, DefaultScopeFindings) {
  Report r = CheckModel(kRandomMutations, {});
  EXPECT_EQ(r.exit_code, 1);  // scope artefacts: witnesses that need more cards or turns
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 56355);
  EXPECT_THAT(
      r.names["unreachable"],
      UnorderedElementsAreArray(
          {"budding_adds", "mimicry_redirects", "mimicry_bounces", "extremophile_discards",
           "defect_ignored", "heavy_hunts_heavy", "simplification_takes_trait", "swimming_hunts",
           "scavenger_fed", "trait_becomes_species", "left_species_skipped", "over_cap_kept",
           "new_deck_dealt", "new_deck_empty", "deck_runs_out", "divergence"}));
  EXPECT_EQ(r.names["witness"].size(), 22u);
  for (const char* witness : {"instinct_gap", "carnivore_overfed", "p1_wins", "p2_wins", "tie",
                              "score_goal", "poisonous_kills", "running_escapes"}) {
    EXPECT_THAT(r.names["witness"], testing::Contains(witness));
  }
  EXPECT_THAT(r.names["dead_action"], UnorderedElementsAre("action play_animal"));
  EXPECT_THAT(r.names["dead_trigger"],
              UnorderedElementsAreArray({"trigger budding", "trigger new_deck"}));
  EXPECT_EQ(r.names["dead_branch"].size(), 9u);
  // Three of them are in `proc aim`, reported under the proc; no constant switches one off.
  EXPECT_EQ(std::count(r.names["dead_branch"].begin(), r.names["dead_branch"].end(), "proc aim"),
            3);
  // The variant DIVERGENCE is off by default: its action is switched off, not dead.
  ASSERT_EQ(r.body["switched_off"].size(), 1u);
  EXPECT_EQ(r.body["switched_off"][0]["message"],
            "action play_divergence is switched off by DIVERGENCE = false");
  // No ambiguity of trigger order, no endless chain, and every play ends.
  for (const char* kind : {"order_dependence", "reaction_chain", "non_termination", "deadlock",
                           "invariant", "model_error"}) {
    EXPECT_TRUE(r.names[kind].empty()) << kind;
  }
}

// The README's finding 6: an attack can be passed between two MIMICRY species for ever.
TEST(RandomMutationsTest, MimicryBounceIsAForcedEndlessChain) {
  Report r = CheckModel(kRandomMutations, {"COPIES=0", "N_MIMICRY=2", "N_CARNIVOROUS=1", "S0=2",
                                           "D0=2", "SHELTER_MAX=0", "PARA_ROLL_MAX=0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_THAT(r.names["reaction_chain"], testing::ElementsAre("mimicry"));
  EXPECT_THAT(r.names["non_termination"], testing::ElementsAre("terminates"));
  EXPECT_THAT(r.names["witness"], testing::Contains("mimicry_bounces"));
  for (const json& finding : r.body["findings"]) {
    if (finding["kind"] != "reaction_chain") continue;
    EXPECT_EQ(finding["chain"], "forced");
    EXPECT_GE(finding["cycle_start"].get<int>(), 1);
  }
}

// Findings 1 and 9, the turns scope: the new-deck rule only ever fires on an empty main
// deck, and animals above the population limit are kept.
TEST(RandomMutationsTest, NewDeckNeverDealsACard) {
  Report r = CheckModel(kRandomMutations,
                        {"COPIES=0", "N_BUDDING=1", "S0=2", "D0=1", "MAIN=1", "TURNS=2"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 39668);
  EXPECT_THAT(r.names["unreachable"], testing::Contains("new_deck_dealt"));
  EXPECT_THAT(r.names["witness"], testing::IsSupersetOf({"new_deck_empty", "over_cap_kept"}));
  EXPECT_THAT(r.names["dead_branch"], testing::Contains("trigger new_deck"));
}

// Finding 4, the divergence scope: the copied traits have no cards.
TEST(RandomMutationsTest, DivergenceCreatesTraitsWithoutCards) {
  Report r = CheckModel(kRandomMutations, {"DIVERGENCE=true", "COPIES=0", "N_CARNIVOROUS=1", "D0=2",
                                           "SHELTER_MAX=0", "PARA_ROLL_MAX=0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 5286);
  EXPECT_THAT(r.names["invariant"],
              UnorderedElementsAreArray({"cards_conserved", "cards_counted"}));
}

// Finding 7, the growth scope: a trait that cannot go right becomes a new species although
// the species on the left could take it.
TEST(RandomMutationsTest, TraitSearchDoesNotWrapAround) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kRandomMutations, {"COPIES=0", "N_EXTREMOPHILE=1", "N_SIMPLIFICATION=1",
                                           "S0=2", "D0=3", "SHELTER_MAX=0", "PARA_ROLL_MAX=0"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 64155);
  EXPECT_THAT(r.names["witness"],
              testing::IsSupersetOf(
                  {"left_species_skipped", "extremophile_discards", "simplification_takes_trait"}));
}

// Finding 8: SWIMMING and HIGH BODY WEIGHT hunters need two copies of their card.
TEST(RandomMutationsTest, SameTraitHuntsNeedTwoCopies) {
  std::vector<std::string> hunters = {"COPIES=0", "N_CARNIVOROUS=1", "N_DEVELOPMENT_DEFECTS=1",
                                      "D0=2",     "SHELTER_MAX=0",   "PARA_ROLL_MAX=0"};
  std::vector<std::string> two = hunters, one = hunters;
  two.insert(two.end(), {"N_SWIMMING=2", "N_HIGH_BODY_WEIGHT=2"});
  one.insert(one.end(), {"N_SWIMMING=1", "N_HIGH_BODY_WEIGHT=1"});
  Report with_two = CheckModel(kRandomMutations, two);
  EXPECT_EQ(with_two.body["states"], 26558);
  EXPECT_THAT(with_two.names["witness"],
              testing::IsSupersetOf({"swimming_hunts", "heavy_hunts_heavy"}));
  Report with_one = CheckModel(kRandomMutations, one);
  EXPECT_EQ(with_one.body["states"], 20566);
  EXPECT_THAT(with_one.names["unreachable"],
              testing::IsSupersetOf({"swimming_hunts", "heavy_hunts_heavy"}));
}

constexpr char kMonsterMutators[] = "games/monster-mutators/monster-mutators.rules";

// games/monster-mutators/README.md, preset 1 (the default scope).
TEST(MonsterMutatorsTest, DefaultScopeFindings) {
  Report r = CheckModel(kMonsterMutators, {});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 110904);
  // Finding 1: no card is a trap, so Honorable Duel never does anything.
  EXPECT_THAT(r.names["unreachable"],
              UnorderedElementsAreArray({"honorable_duel_effect", "honorable_duel_blocks"}));
  EXPECT_THAT(r.names["dead_action"], testing::Contains("action honorable_duel"));
  // Players may skip contests for ever once nothing is left to draw.
  EXPECT_THAT(r.names["non_termination"], testing::ElementsAre("terminates"));
  // "Dead rules": seven dead branches, all in procs; ten branches that EMPTY_DECK,
  // RANDOM_SETUP and FIRST switch off are listed apart, not as dead branches.
  EXPECT_THAT(
      r.names["dead_branch"],
      testing::ElementsAre("proc draw", "proc place_stage", "proc play_trick", "proc play_trick",
                           "proc play_trick", "proc play_trick", "proc decide"));
  std::vector<std::string> off;
  for (const json& branch : r.body["switched_off"]) {
    ASSERT_EQ(branch["constants"].size(), 1u) << branch.dump();
    off.push_back(branch["constants"][0]);
  }
  EXPECT_THAT(off, testing::ElementsAre("RANDOM_SETUP = true", "FIRST = 0", "FIRST = 0",
                                        "RANDOM_SETUP = true", "EMPTY_DECK = 0", "EMPTY_DECK = 0",
                                        "EMPTY_DECK = 0", "EMPTY_DECK = 0", "EMPTY_DECK = 0",
                                        "EMPTY_DECK = 0"));
  for (const char* witness :
       {"p1_wins", "p2_wins", "defender_wins", "win_on_tie", "dragon_effect"}) {
    EXPECT_THAT(r.names["witness"], testing::Contains(witness));
  }
  for (const char* kind :
       {"invariant", "deadlock", "model_error", "reaction_chain", "order_dependence"}) {
    EXPECT_TRUE(r.names[kind].empty()) << kind;
  }
}

// Finding 2: a stage that Squirrel takes from the other player's discard pile changes owner.
TEST(MonsterMutatorsTest, SquirrelMovesStagesBetweenPlayers) {
  Report r = CheckModel(kMonsterMutators, {"SCOPE=7"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 64272);
  EXPECT_THAT(r.names["invariant"], testing::ElementsAre("cards_stay_with_owner"));
  EXPECT_TRUE(r.names["model_error"].empty());
  EXPECT_TRUE(r.names["deadlock"].empty());
}

// Finding 7: Bird and Lion both react when a contest starts, and their order matters.
// Finding 2: a monster card mutated onto the opponent's monster changes hands, unless the
// mutate phase is read as allowing only one's own monsters.
TEST(MonsterMutatorsTest, ContestStartAbilitiesDependOnOrder) {
  Report r = CheckModel(kMonsterMutators, {"SCOPE=6"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 82260);
  EXPECT_THAT(r.names["order_dependence"], testing::ElementsAre("bird, lion"));
  EXPECT_THAT(r.names["non_termination"], testing::ElementsAre("terminates"));
  EXPECT_THAT(r.names["invariant"], testing::ElementsAre("cards_stay_with_owner"));
  Report own = CheckModel(kMonsterMutators, {"SCOPE=6", "MUTATE_ANY=false"});
  EXPECT_TRUE(own.body["complete"]);
  EXPECT_EQ(own.body["states"], 17812);
  EXPECT_TRUE(own.names["invariant"].empty());
  EXPECT_THAT(own.names["order_dependence"], testing::ElementsAre("bird, lion"));
}

// Finding 1, the other way round: if trap cards are tricks, Honorable Duel acts.
TEST(MonsterMutatorsTest, HonorableDuelActsWhenTrapsAreTricks) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kMonsterMutators, {"TRAPS_ARE_TRICKS=true"});
  EXPECT_EQ(r.exit_code, 1);  // finding 6 alone: the game need not end
  EXPECT_THAT(r.names["non_termination"], testing::ElementsAre("terminates"));
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 123590);
  EXPECT_THAT(r.names["witness"], testing::Contains("honorable_duel_effect"));
  EXPECT_THAT(r.names["witness"], testing::Contains("honorable_duel_blocks"));
  EXPECT_TRUE(r.names["unreachable"].empty());
}

// Finding 3: the literal reading of an empty deck. Preset 1's decks cannot even be set up
// (P1 places its monsters, then P2's placement, which deals the opening hands, cannot be
// made); with 8-card decks the game deadlocks once they run out, and nobody can win.
TEST(MonsterMutatorsTest, EmptyDeckBlocksTheSetUpOrDeadlocks) {
  Report setup = CheckModel(kMonsterMutators, {"EMPTY_DECK=3"});
  EXPECT_EQ(setup.exit_code, 1);
  EXPECT_EQ(setup.body["states"], 72);
  ASSERT_THAT(setup.names["deadlock"], testing::ElementsAre("deadlock"));
  for (const json& finding : setup.body["findings"]) {
    if (finding["kind"] == "deadlock") {
      EXPECT_EQ(finding["trace"].size(), 2u);  // init + P1's place_monsters
    }
  }
  EXPECT_THAT(setup.names["unreachable"], testing::IsSupersetOf({"p1_wins", "p2_wins"}));

  Report stuck = CheckModel(kMonsterMutators,
                            {"SCOPE=6", "P2_DECK=0", "N_MAD_SCIENCE=2", "WIN=2", "EMPTY_DECK=3"});
  EXPECT_EQ(stuck.exit_code, 1);
  EXPECT_TRUE(stuck.body["complete"]);
  EXPECT_EQ(stuck.body["states"], 225);
  ASSERT_THAT(stuck.names["deadlock"], testing::ElementsAre("deadlock"));
  for (const json& finding : stuck.body["findings"]) {
    if (finding["kind"] == "deadlock") {
      EXPECT_EQ(finding["trace"].size(), 5u);  // init + 4
    }
  }
  EXPECT_THAT(stuck.names["unreachable"],
              testing::IsSupersetOf({"p1_wins", "p2_wins", "defender_wins", "win_on_tie"}));
}

// Finding 3, "you lose" on an empty deck: nobody draws a whole opening hand, so every state
// after the set-up (the 36 orders the monsters come in, P1's placements, then P2's) is
// terminal.
TEST(MonsterMutatorsTest, EmptyDeckLosesAtOnce) {
  Report r = CheckModel(kMonsterMutators, {"EMPTY_DECK=2"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 108);
  EXPECT_EQ(r.body["terminal_states"], 36);
  EXPECT_THAT(r.names["unreachable"], testing::IsSupersetOf({"p1_wins", "p2_wins"}));
}

// Finding 4: the contest that wins the game ends it before Boxing Ring can act.
TEST(MonsterMutatorsTest, BoxingRingNeverActsAfterTheWinningContest) {
  Report r = CheckModel(kMonsterMutators, {"SCOPE=3", "WIN=1"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_THAT(r.names["unreachable"], testing::Contains("boxing_ring_effect"));
  EXPECT_THAT(r.names["dead_trigger"], testing::IsSupersetOf({"trigger boxing_ring_active",
                                                              "trigger boxing_ring_defender"}));
}

// Finding 7 at preset 4: Bird, Lion and Kaiju against a Circus, in either column role.
TEST(MonsterMutatorsTest, CircusOrderDependence) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kMonsterMutators, {"SCOPE=4"});
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 100085);
  EXPECT_THAT(r.names["order_dependence"],
              UnorderedElementsAreArray({"bird, circus_active", "lion, circus_active",
                                         "kaiju, circus_active", "bird, circus_defender",
                                         "lion, circus_defender", "kaiju, circus_defender"}));
}

// games/monster-mutators/README.md, "Score queries", at the queries' bounds: two Miracles
// triple the die twice. Presets 1 and 7 start with the set-up's two moves.
TEST(MonsterMutatorsTest, ScoreQueries) {
  const SolveRun solve = SolveExplicit(kMonsterMutators, {});
  ExpectAnswer(solve, "best_score", "optimal", 57, 7);
  ExpectAnswer(solve, "most_points", "optimal", 1, 6);
  ExpectAnswer(solve, "quickest_win", "sat", nullptr, 6);
  EXPECT_THAT(TraceMoves(solve.queries.at("best_score")),
              testing::ElementsAre("init", "place_monsters(Might, Agility, Style)",
                                   "place_monsters(Might, Agility, Style)", "skip_contest()",
                                   "start_contest(Might)", "bird(P2, Might)", "defender_trick()",
                                   "active_trick()"));
  const SolveRun tall = SolveExplicit(kMonsterMutators, {"SCOPE=6"});
  ExpectAnswer(tall, "best_score", "optimal", 10, 5);
  ExpectAnswer(tall, "most_points", "optimal", 1, 4);
  ExpectAnswer(tall, "quickest_win", "sat", nullptr, 4);
  const SolveRun squirrel = SolveExplicit(kMonsterMutators, {"SCOPE=7"});
  ExpectAnswer(squirrel, "best_score", "optimal", 12, 6);
  ExpectAnswer(squirrel, "most_points", "optimal", 1, 5);
  ExpectAnswer(squirrel, "quickest_win", "sat", nullptr, 5);
}

// `prove` settles every invariant of the default preset by listing its 110,904 reachable
// states, as `check` does (DefaultScopeFindings); induction alone left cards_conserved unknown
// at k = 10.
TEST(MonsterMutatorsTest, ProveSettlesEveryInvariantByListing) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  const RunResult run = RunRulecheck({"prove", kMonsterMutators, "--format", "json", "-q"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  const json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(report.is_discarded()) << run.stdout_text;
  std::vector<std::string> names;
  for (const json& answer : report["queries"]) {
    names.push_back(answer["name"]);
    EXPECT_EQ(answer["status"], "unsat") << answer["message"];
    EXPECT_THAT(std::string(answer["message"]),
                testing::EndsWith("holds in every reachable state: all 110,904 of them were listed "
                                  "(none is more than 12 moves deep)"));
  }
  EXPECT_THAT(names, testing::Contains("cards_conserved"));
  EXPECT_EQ(names.size(), 7u);
}

// The same over whole games: every state of these presets is reached within 17 moves.
TEST(MonsterMutatorsTest, ScoreQueriesOverWholeGames) {
  const SolveRun duel = SolveExplicit(kMonsterMutators, {}, {"--within", "30"});
  ExpectAnswer(duel, "best_score", "optimal", 57, 7);
  // Four Lions in one stack: 3 + 3 * (+1) Might, and the die's 6.
  const SolveRun tall = SolveExplicit(kMonsterMutators, {"SCOPE=6"}, {"--within", "30"});
  ExpectAnswer(tall, "best_score", "optimal", 12, 8);
  ExpectAnswer(tall, "most_points", "optimal", 1, 4);
  ExpectAnswer(tall, "quickest_win", "sat", nullptr, 4);
  // Dance Floor removed for +1 Agility twice in one turn, the second time after Squirrel
  // played it again from the discard pile.
  const SolveRun squirrel = SolveExplicit(kMonsterMutators, {"SCOPE=7"}, {"--within", "30"});
  ExpectAnswer(squirrel, "best_score", "optimal", 13, 9);
  EXPECT_THAT(TraceMoves(squirrel.queries.at("best_score")),
              testing::Contains("squirrel(P2, Style)"));
}

}  // namespace
}  // namespace rulecheck::e2e
