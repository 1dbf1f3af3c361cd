// End-to-end checks of games/mutagen: `rulecheck check` and `rulecheck solve --engine
// explicit` must report what games/mutagen/README.md writes up, at its presets or at smaller
// overrides of them that keep each run to about a second. When the model or the checker
// changes what is found, this test and the README change together.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"

namespace rulecheck::e2e {
namespace {

using json = nlohmann::json;

// The length of the trace of the finding `kind`/`name` (init included); 0 if there is none.
size_t TraceLength(const Report& r, const std::string& kind, const std::string& name) {
  for (const json& finding : r.body["findings"]) {
    if (finding["kind"] == kind && finding["name"] == name) return finding["trace"].size();
  }
  return 0;
}

// Finding 3 at preset 6 (two rounds): every play ends, nothing deadlocks, the invariants
// hold.
TEST(MutagenTest, EveryGameEndsOverTwoRounds) {
  Report r = CheckModel(kMutagen, {"SCOPE=6"});
  ExpectComplete(r, 0, 19542);
  EXPECT_EQ(r.body["transitions"], 47186);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], testing::Contains("game_over"));
}

// Reactions at a small duel: two players, a Thug each, two mutations dealt.
TEST(MutagenTest, DuelReactsAndEnds) {
  Report r = CheckModel(kMutagen, {"SCOPE=2", "E_KINDS=2", "CREW_DECK=0", "TILE_DECK=0",
                                   "TREE_DECK=0", "MUT_DECK=3"});
  ExpectComplete(r, 0, 15256);
  ExpectNoErrors(r);
  EXPECT_THAT(r.names["witness"], testing::IsSupersetOf({"reaction", "game_over"}));
  for (const char* action : {"action react", "action react_shard", "action react_pass"}) {
    EXPECT_THAT(r.names["dead_action"], testing::Not(testing::Contains(action)));
  }
}

// README "Set-up chance": drawing the first player at random doubles the duel's states
// exactly, since both players start alike and P2 first is P1 first with the players renamed.
TEST(MutagenTest, RandomFirstPlayerRenamesTheDuel) {
  Report r = CheckModel(kMutagen, {"SCOPE=2", "E_KINDS=2", "CREW_DECK=0", "TILE_DECK=0",
                                   "TREE_DECK=0", "MUT_DECK=3", "RANDOM_FIRST=true"});
  ExpectComplete(r, 0, 2 * 15256);
  ExpectNoErrors(r);
}

// Finding 1: with one mutation per worker, a player who drafts more mutations than they
// have mutable workers cannot place the card, and the game stops in the draft.
TEST(MutagenTest, OneMutationPerWorkerDeadlocksTheDraft) {
  Report r = CheckModel(kMutagen, {"SCOPE=6", "MUT_LIMIT=1", "MUT_DECK=7"});
  ExpectComplete(r, 1, 2681);
  EXPECT_THAT(r.names["deadlock"], testing::ElementsAre("deadlock"));
  // init + 5 moves, ending in round 2's draft.
  EXPECT_EQ(TraceLength(r, "deadlock", "deadlock"), 6u);
  EXPECT_THAT(r.names["unreachable"], testing::ElementsAre("game_over"));
}

// Finding 2: the "highest on the track" crew card pays while nobody has moved on it.
TEST(MutagenTest, HighestOnTheTrackPaysForNothing) {
  Report r = CheckModel(kMutagen, {"SCOPE=5", "WORKERS=4", "CREW_DECK=4"});
  ExpectComplete(r, 0, 149);
  // Held after a move, not at the set-up.
  EXPECT_GT(TraceLength(r, "witness", "highest_for_nothing"), 1u);
}

// README "Score queries": preset 6 (one player, two rounds, a Thug) and preset 9.
TEST(MutagenTest, ScoreQueries) {
  const SolveRun rounds = SolveExplicit(kMutagen, {"SCOPE=6"});
  ExpectAnswer(rounds, "best_game", "optimal", 13, 12);
  ExpectAnswer(rounds, "best_round", "optimal", 8, 11);
  ExpectAnswer(rounds, "best_crew", "optimal", 0, 0);
  const SolveRun discard = SolveExplicit(kMutagen, {"SCOPE=9"});
  ExpectAnswer(discard, "best_game", "optimal", 6, 6);
  ExpectAnswer(discard, "best_round", "optimal", 6, 6);
}

// README "Is a location never worth taking?": at preset 6, closing the element tracks or
// element location A lowers the best game; closing the Sacred Tree does not.
TEST(MutagenTest, LocationWorth) {
  const SolveRun no_tracks = SolveExplicit(kMutagen, {"SCOPE=6", "BAN_LOC=4"});
  ExpectAnswer(no_tracks, "best_game", "optimal", 12, 10);
  ExpectAnswer(no_tracks, "best_round", "optimal", 4, 5);
  const SolveRun no_a = SolveExplicit(kMutagen, {"SCOPE=6", "BAN_LOC=0"});
  ExpectAnswer(no_a, "best_game", "optimal", 12, 10);
  const SolveRun no_tree = SolveExplicit(kMutagen, {"SCOPE=6", "BAN_LOC=3"});
  ExpectAnswer(no_tree, "best_game", "optimal", 13, 12);
}

}  // namespace
}  // namespace rulecheck::e2e
