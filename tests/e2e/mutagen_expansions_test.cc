// End-to-end checks of the two Mutagen mini expansions in games/mutagen (the Plight of the
// People, preset 12; the Palace Visitors, preset 13): `rulecheck check` and `rulecheck solve
// --engine explicit` must report what games/mutagen/README.md writes up about them, at the
// presets or at smaller overrides that keep each run to about a second. When the model or the
// checker changes what is found, this test and the README change together.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"

namespace rulecheck::e2e {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsSupersetOf;
using ::testing::Not;

// Preset 12: every play ends, the People draft and the visit abilities act; the Spy's and
// the Engineer's People cards need those workers (the next test).
TEST(MutagenExpansionsTest, PeoplePreset) {
  Report r = CheckModel(kMutagen, {"SCOPE=12"});
  ExpectComplete(r, 0, 3211, 8259);
  ExpectNoFindingsOf(r, kErrorKindsButOrder);
  EXPECT_TRUE(r.names["order_dependence"].empty());
  EXPECT_THAT(r.names["witness"], Contains("game_over"));
  EXPECT_THAT(r.names["dead_action"], Not(Contains("action draft_people")));
  EXPECT_THAT(r.names["dead_trigger"],
              ElementsAre("trigger people_spy", "trigger people_engineer"));
}

// The Spy's card (two rounds: a crew card bought in round 1 is sold in round 2) and the
// Engineer's card act at their overrides of preset 12.
TEST(MutagenExpansionsTest, SpyAndEngineerPeople) {
  Report spy = CheckModel(kMutagen, {"SCOPE=12", "WORKERS=4", "ROUNDS=2", "PEOPLE_DECK=17",
                                     "E_KINDS=2", "TREE_DECK=0", "MUT_DECK=0", "TILE_DECK=0"});
  ExpectComplete(spy, 0, 4007, 6665);
  ExpectNoFindingsOf(spy, kErrorKindsButOrder);
  EXPECT_THAT(spy.names["dead_trigger"], Not(Contains("trigger people_spy")));
  Report engineer = CheckModel(kMutagen, {"SCOPE=12", "WORKERS=8", "TILE_DECK=15"});
  ExpectComplete(engineer, 0, 2590, 6062);
  ExpectNoFindingsOf(engineer, kErrorKindsButOrder);
  EXPECT_THAT(engineer.names["dead_trigger"], ElementsAre("trigger people_spy"));
}

// Finding: the shards card and the Engineer's tile card act at the same placement, and their
// order decides whether the tile can be paid for.
TEST(MutagenExpansionsTest, ShardsAndTileOrderMatters) {
  Report r = CheckModel(kMutagen,
                        {"SCOPE=12", "WORKERS=8", "ROUNDS=2", "PEOPLE_DECK=67", "START_SHARDS=0",
                         "TILE_DECK=15", "E_KINDS=2", "CREW_DECK=0", "TREE_DECK=0", "MUT_DECK=0"});
  ExpectComplete(r, 0, 16756, 33723);
  ExpectNoFindingsOf(r, kErrorKindsButOrder);
  EXPECT_THAT(r.names["order_dependence"], ElementsAre("people_shards, people_engineer"));
}

// Preset 13 with one Visitor card of each kind: the Palace's actions all act.
TEST(MutagenExpansionsTest, PalaceActs) {
  Report r = CheckModel(kMutagen, {"SCOPE=13", "VIS_DECK=905", "MUT_DECK=1"});
  ExpectComplete(r, 0, 4469, 11323);
  ExpectNoFindingsOf(r, kErrorKindsButOrder);
  EXPECT_TRUE(r.names["order_dependence"].empty());
  for (const char* action : {"action visit_palace", "action visitor", "action skip_palace",
                             "action leave_palace", "action stay_palace"}) {
    EXPECT_THAT(r.names["dead_action"], Not(Contains(action)));
  }
}

// Two players in the Palace: the second worker moves out (for 1 shard) and the first reacts
// to it at the location they both moved to.
TEST(MutagenExpansionsTest, PalaceDuel) {
  Report r = CheckModel(kMutagen, {"SCOPE=13", "PLAYERS=2", "VIS_DECK=256", "MUT_DECK=1",
                                   "E_KINDS=2", "CREW_DECK=0", "TREE_DECK=0", "TILE_DECK=0"});
  ExpectComplete(r, 0, 27961, 57514);
  ExpectNoFindingsOf(r, kErrorKindsButOrder);
  EXPECT_THAT(r.names["witness"], IsSupersetOf({"palace_second", "reaction", "game_over"}));
}

// README "The expansions' score questions": the best game with and without each expansion,
// without People cards, and with one Visitor card in the deck.
TEST(MutagenExpansionsTest, ScoreQueries) {
  const SolveRun people = SolveExplicit(kMutagen, {"SCOPE=12"});
  ExpectAnswer(people, "best_game", "optimal", 13, 7);
  ExpectAnswer(people, "best_with_ability", "optimal", 12, 8);
  ExpectAnswer(people, "best_without_ability", "optimal", 13, 7);
  struct Case {
    std::vector<std::string> consts;
    int best_game;
    int depth;
  };
  const std::vector<Case> cases = {
      {{"SCOPE=12", "PLIGHT=false"}, 7, 6}, {{"SCOPE=12", "PEOPLE_DECK=0"}, 12, 6},
      {{"SCOPE=13", "PALACE=false"}, 7, 6}, {{"SCOPE=13", "VIS_DECK=8"}, 9, 8},
      {{"SCOPE=13", "VIS_DECK=1"}, 7, 6},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.consts));
    ExpectAnswer(SolveExplicit(kMutagen, c.consts), "best_game", "optimal", c.best_game, c.depth);
  }
}

}  // namespace
}  // namespace rulecheck::e2e
