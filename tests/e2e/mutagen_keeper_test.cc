// End-to-end checks of the Mutagen solo game against the Keeper (games/mutagen, presets 20 to
// 27): `rulecheck check` and `rulecheck solve --engine explicit` must report what
// games/mutagen/README.md ("The solo game") writes up, at the presets that run in about a
// second. The expected scores are worked out by hand in the README from the solo rules; when
// the model or the checker changes what is found, this test and the README change together.
#include <chrono>
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
using ::testing::IsSupersetOf;
using ::testing::Not;

// Preset 22: the Keeper holds the first player marker, so it drafts second, places first and
// reacts when the player's Thug goes under its own; every play ends.
TEST(MutagenKeeperTest, KeeperFirstPreset) {
  Report r = CheckModel(kMutagen, {"SCOPE=22"});
  ExpectComplete(r, 0, 3585, 8212);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], IsSupersetOf({"game_over", "reaction"}));
  EXPECT_THAT(r.names["dead_action"], Not(Contains("action keeper_react")));
  EXPECT_THAT(r.names["dead_action"], Not(Contains("action keeper_draft")));
  // Placing first, the Keeper never sits under the player's worker: the player never reacts.
  EXPECT_THAT(r.names["dead_action"], Contains("action react"));
}

// Preset 23: the Keeper's Engineer with 6 shards gains 2, spends 6 for 8 spaces of the short
// track and its progress mutation takes it to the end: every bonus token the Keeper's way.
TEST(MutagenKeeperTest, ProgressPresetTakesEveryBonus) {
  Report r = CheckModel(kMutagen, {"SCOPE=23"});
  ExpectComplete(r, 0, 47865, 120743);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], Contains("progress_end"));
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("proc keeper_bonus")));
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("proc keeper_advance")));
}

// Preset 24 (hard, two element spaces per location): the Decision card's element type picks
// between two elements at location A, and the end of round installs all three elements the
// Thug gathers on two spaces, the third scoring 3 points instead.
TEST(MutagenKeeperTest, HardPresetInstallsAll) {
  Report r = CheckModel(kMutagen, {"SCOPE=24"});
  ExpectComplete(r, 0, 1717, 10775);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("proc keeper_end_install")));
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("proc keeper_take")));
}

// Finding 12: with a limit of one mutation per worker, the Keeper's Thug is full after round 1;
// in round 2 the Keeper drafts first and no Decision card can name a valid worker. The shortest
// trace: the two drafts, the Keeper's placement, the player's four moves of round 1.
TEST(MutagenKeeperTest, FullKeeperWorkerStallsTheDraft) {
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kMutagen, {"SCOPE=22", "ROUNDS=2", "MUT_LIMIT=1", "MUT_DECK=15"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], 94270);
  ASSERT_EQ(r.names["deadlock"].size(), 1u);
  for (const nlohmann::json& f : r.body["findings"]) {
    if (f["kind"] != "deadlock") continue;
    const nlohmann::json& trace = f["trace"];
    ASSERT_TRUE(trace.is_array());
    EXPECT_EQ(trace.size(), 8u);  // init and seven moves
  }
  EXPECT_THAT(r.names["unreachable"], Contains("game_over"));
}

// Preset 26 (the Plight of the People): one initial state (both People cards and both mutation
// cards of the decks are dealt); the Keeper selects first, its arrow up taking either People
// card and down either mutation card, so four states follow. Then the player's two picks,
// the Keeper's other kind, and the placements of one Thug each as at preset 22 (3,585
// states), times the People cards' options (the player's ability or Supreme Element, with 5
// points to pay): 5,811 states is that order of size. The Keeper's Supreme Element always
// goes onto its empty airship in one round: storing it is dead (it needs a full airship).
TEST(MutagenKeeperTest, PlightPreset) {
  Report r = CheckModel(kMutagen, {"SCOPE=26"});
  ExpectComplete(r, 0, 5811, 26573);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], Contains("game_over"));
  EXPECT_THAT(r.names["dead_action"], Not(Contains("action keeper_draft_plight")));
  EXPECT_THAT(r.names["dead_branch"], Contains("proc keeper_people"));
  // The Keeper's first selection with no mutation card left takes a People card.
  Report none = CheckModel(kMutagen, {"SCOPE=26", "MUT_DECK=0"});
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_TRUE(none.body["complete"]);
  ExpectNoErrors(none);
  EXPECT_THAT(none.names["dead_action"], Not(Contains("action keeper_draft_plight")));
}

// Preset 27 (the Palace Visitors): the Keeper's Thug and Spy against the player's Thug, five
// Visitor cards (one of each kind), no mutation, shards or tree cards. Every branch of the
// Keeper's Palace decision and its leaving acts; its visit finds the display empty never
// (three cards, at most two visits) nor a track at 7. About preset 20's size (27,532 states)
// times the ten Visitor displays, less the mutations: 66,322 states.
TEST(MutagenKeeperTest, PalacePreset) {
  // 14 s of CPU in a release build, 174 s under AddressSanitizer (so not run there).
  RULECHECK_SKIP_WHEN_SANITIZED();
  Report r = CheckModel(kMutagen, {"SCOPE=27"}, {}, std::chrono::minutes(10));
  ExpectComplete(r, 0, 66322, 628406);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], IsSupersetOf({"game_over", "palace_second"}));
  EXPECT_THAT(r.names["dead_action"], Not(Contains("action keeper_leave")));
  // (No mutation card: there is no draft.)
  EXPECT_THAT(r.names["dead_action"], Contains("action keeper_draft"));
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("action keeper_place")));
  EXPECT_THAT(r.names["dead_branch"], Not(Contains("proc keeper_go")));
  EXPECT_THAT(r.names["dead_branch"], Contains("proc keeper_visit"));
}

// README "Can the player beat the Keeper?": preset 22 at each difficulty. The player's best is
// 7 (two elements installed, the points mutation, a point for 3 shards); the Keeper's best
// (8, 9, 12) comes from a visit it cannot benefit from plus the reaction; the best margin (2,
// 1, 0) from the Keeper at the progress track with the shards mutation. At hard the player
// can at best tie on points, and then has fewer shards left than the Keeper (the tie-break,
// which keeper_beaten counts): no tie is won or shared.
TEST(MutagenKeeperTest, BeatTheKeeperByDifficulty) {
  struct Case {
    int difficulty;
    int keeper_best;
    int margin_best;
    bool beaten;
  };
  for (const Case& c : {Case{1, 8, 2, true}, Case{2, 9, 1, true}, Case{3, 12, 0, false}}) {
    SCOPED_TRACE(c.difficulty);
    const SolveRun run =
        SolveExplicit(kMutagen, {"SCOPE=22", "DIFFICULTY=" + std::to_string(c.difficulty)});
    ExpectAnswer(run, "best_game", "optimal", 7, 8);
    ExpectAnswer(run, "keeper_best", "optimal", c.keeper_best, 8);
    ExpectAnswer(run, "margin_best", "optimal", c.margin_best, 8);
    if (c.beaten) {
      ExpectAnswer(run, "keeper_beaten", "sat", nullptr, 8);
    } else {
      ExpectAnswer(run, "keeper_beaten", "unsat", nullptr, 40);
    }
  }
  // The Keeper's least score at medium: 2 points at the progress track, 2 for its mutation,
  // 2 for the element installed at the round end.
  ExpectAnswer(SolveExplicit(kMutagen, {"SCOPE=22"}), "keeper_worst", "optimal", 6, 7);
}

// README "Set-up chance" and finding 10: with the bonus tokens shuffled, an order with the
// 2-point token first lets the player win at hard at preset 22 (the shards mutation, eight
// progress spaces for six shards, an element installed: 8 against 7), which the presets'
// fixed order does not.
TEST(MutagenKeeperTest, ShuffledBonusTokensLetThePlayerWinAtHard) {
  Report r = CheckModel(kMutagen, {"SCOPE=22", "SHUFFLE_BONUS=true"});
  ExpectComplete(r, 0, 9089, 20311);
  ExpectNoErrors(r);
  const SolveRun run = SolveExplicit(kMutagen, {"SCOPE=22", "SHUFFLE_BONUS=true", "DIFFICULTY=3"});
  ExpectAnswer(run, "best_game", "optimal", 10, 8);
  ExpectAnswer(run, "keeper_beaten", "sat", nullptr, 8);
  ExpectAnswer(run, "margin_best", "optimal", 3, 8);
}

}  // namespace
}  // namespace rulecheck::e2e
