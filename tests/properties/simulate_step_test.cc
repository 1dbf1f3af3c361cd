// The chances a playout step gives each successor (properties/simulate_step.h), on small
// models worked out by hand: the seat to move is drawn evenly among those with a move when
// several could, then its rule instance evenly among its own with a move; a roll over a range
// evenly, a roll over a bag by copies, a choose and a may evenly, and the outcomes a `require`
// drops leave their chance to the others of their roll. Draws are then checked to follow the
// chances, and the random stream to be fair and reproducible.
#include "properties/simulate_step.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "properties/simulate_rng.h"
#include "properties/simulation.h"
#include "tests/shared/load_model.h"

namespace rulecheck::properties {
namespace {

// A sampler holding the successors of a model's one initial state.
struct AfterInit {
  explicit AfterInit(const model::Model& model)
      : generator(model), sampler(generator, model.layout.words()) {
    sampler.GatherInitial();
    EXPECT_EQ(sampler.size(), 1u);
    const std::vector<uint32_t> start(sampler.state(0), sampler.state(0) + model.layout.words());
    sampler.Gather(start.data());
  }
  model::SuccessorGenerator generator;
  StepSampler sampler;
};

// The chances of the successors of the initial state.
std::vector<double> ChancesAfterInit(const model::Model& model) {
  return AfterInit(model).sampler.Chances();
}

TEST(SimulateStepTest, InstancesThenRollsByCopiesThenChoicesEvenly) {
  // Three rule instances, each 1/3: draw() with an Ace (3 of 4 copies: 3/4) or the King
  // (1/4), so 1/4 and 1/12; pick(false) and pick(true), each with a may: 1/6 each side.
  auto model = test_models::LoadTestModel(R"(
    cards Card { Ace King }
    state { deck: bag<Card, 3> = {Ace, Ace, Ace, King}  got: Card? = none  x: bool }
    action draw() { roll c in deck { got := c } }
    action pick(b: bool) { may { x := b } }
  )");
  ASSERT_NE(model, nullptr);
  const std::vector<double> chances = ChancesAfterInit(*model);
  ASSERT_EQ(chances.size(), 6u);
  const double expected[] = {1.0 / 4, 1.0 / 12, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6};
  for (size_t i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(chances[i], expected[i]) << i;
}

// Three seats could move: Ann (one instance), Ben (three, one of them with no successor)
// and the rules (two instances of a move without `by`). The seat is drawn first, 1/3 each,
// then its instance: Ann's 1/3, Ben's two with a successor 1/6 each, the rules' 1/6 each.
constexpr char kThreeSeats[] = R"(
  enum Seat { Ann, Ben }
  state { v: 0..9 }
  action grab by Ann { v := 1 }
  action wait(k: 1..3) by Ben { require k != 2  v := 2 + k }
  action storm(k: 1..2) { v := 6 + k }
)";

TEST(SimulateStepTest, TheSeatIsDrawnFirstThenItsInstance) {
  auto model = test_models::LoadTestModel(kThreeSeats);
  ASSERT_NE(model, nullptr);
  const std::vector<double> chances = ChancesAfterInit(*model);
  const std::vector<double> expected = {1.0 / 3, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6};
  ASSERT_EQ(chances.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_DOUBLE_EQ(chances[i], expected[i]) << i;

  // And the draws follow them: Ann's one move in a third of the draws.
  AfterInit after(*model);
  constexpr int kDraws = 30000;
  int grabs = 0;
  for (int game = 0; game < kDraws; ++game) {
    GameRandom random(23, game);
    grabs += after.sampler.Draw(random) == 0;
  }
  const Interval ci = WilsonInterval(grabs, kDraws);
  EXPECT_LE(ci.low, 1.0 / 3);
  EXPECT_GE(ci.high, 1.0 / 3);
}

TEST(SimulateStepTest, OneSeatDrawsTheInstanceAloneFromTheStream) {
  // With one seat able to move, a draw takes one number below the instance count and
  // nothing for the seat, so turn-based games play as they did before seats were drawn.
  auto model = test_models::LoadTestModel(R"(
    enum Seat { Ann, Ben }
    state { v: 0..9 }
    action wait(k: 1..3) by Ben { v := k }
  )");
  ASSERT_NE(model, nullptr);
  AfterInit after(*model);
  for (int game = 0; game < 200; ++game) {
    GameRandom random(4, game), same(4, game);
    EXPECT_EQ(after.sampler.Draw(random), same.Below(3)) << game;
  }
}

TEST(SimulateStepTest, ADroppedOutcomeLeavesItsChanceToTheOthers) {
  // Faces 1..6 with 6 ruled out: 1/5 each. Then a choose after a roll: the roll's outcome 1
  // offers two candidates (1/2 of its 1/2), outcome 2 one.
  auto model = test_models::LoadTestModel(R"(
    state { v: 0..9 }
    action go() { roll d in 1..6 { require d != 6  v := d } }
  )");
  ASSERT_NE(model, nullptr);
  std::vector<double> chances = ChancesAfterInit(*model);
  ASSERT_EQ(chances.size(), 5u);
  for (double c : chances) EXPECT_DOUBLE_EQ(c, 0.2);

  // A roll over a seq takes each position: equal elements are outcomes of their own.
  model = test_models::LoadTestModel(R"(
    state { s: seq<0..3, 3>  v: 0..9 }
    init { push(s, 1)  push(s, 1)  push(s, 2) }
    action go() { roll x in s { v := x } }
  )");
  ASSERT_NE(model, nullptr);
  chances = ChancesAfterInit(*model);
  ASSERT_EQ(chances.size(), 3u);
  for (double c : chances) EXPECT_DOUBLE_EQ(c, 1.0 / 3);

  model = test_models::LoadTestModel(R"(
    state { v: 0..9 }
    action go() { roll d in 1..2 { choose e in 1..3 where e <= 3 - d { v := 3 * d + e } } }
  )");
  ASSERT_NE(model, nullptr);
  chances = ChancesAfterInit(*model);
  ASSERT_EQ(chances.size(), 3u);
  EXPECT_DOUBLE_EQ(chances[0], 0.25);
  EXPECT_DOUBLE_EQ(chances[1], 0.25);
  EXPECT_DOUBLE_EQ(chances[2], 0.5);
}

TEST(SimulateStepTest, DrawsFollowTheChances) {
  auto model = test_models::LoadTestModel(R"(
    cards Card { Ace King }
    state { deck: bag<Card, 3> = {Ace, Ace, Ace, King}  got: Card? = none }
    action draw() { roll c in deck { got := c } }
  )");
  ASSERT_NE(model, nullptr);
  AfterInit after(*model);
  StepSampler& sampler = after.sampler;
  ASSERT_EQ(sampler.size(), 2u);
  constexpr int kDraws = 40000;
  int aces = 0;
  for (int game = 0; game < kDraws; ++game) {
    GameRandom random(17, game);
    aces += sampler.Draw(random) == 0;
  }
  const Interval ci = WilsonInterval(aces, kDraws);
  EXPECT_LE(ci.low, 0.75);
  EXPECT_GE(ci.high, 0.75);
}

// The frozen tree of `text`'s state after init draws the same outcome as the scan from the
// same random stream, game after game.
void ExpectFrozenDrawsAsScanned(const std::string& text, uint64_t seed) {
  auto model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  AfterInit after(*model);
  StepSampler& sampler = after.sampler;
  std::vector<size_t> scanned;
  for (int game = 0; game < 500; ++game) {
    GameRandom random(seed, game);
    scanned.push_back(sampler.Draw(random));
  }
  sampler.Freeze();
  for (int game = 0; game < 500; ++game) {
    GameRandom random(seed, game);
    EXPECT_EQ(sampler.Draw(random), scanned[game]) << game;
  }
}

TEST(SimulateStepTest, AFrozenSamplerDrawsAsTheScanDoes) {
  // Rule instances, a bag roll, a seq roll with a require, a choose with one candidate left
  // and a may.
  ExpectFrozenDrawsAsScanned(R"(
    cards Card { Ace King Queen }
    state { deck: bag<Card, 3> = {Ace, Ace, King, Queen}  s: seq<0..3, 3>  v: 0..40  x: bool }
    init { push(s, 1)  push(s, 1)  push(s, 2) }
    action draw() { roll c in deck { roll y in s { require c != Queen or y != 2
                    choose z in 0..3 where z == y { v := ord(c) * 10 + z } } } }
    action pick(b: bool) { may { x := b } }
  )",
                             3);
  // Three seats: the seat's draw, then the instance's.
  ExpectFrozenDrawsAsScanned(kThreeSeats, 8);
}

TEST(SimulateStepTest, TheRandomStreamIsFairAndReproducible) {
  GameRandom a(5, 12), b(5, 12), c(5, 13);
  EXPECT_EQ(a.Next(), b.Next());
  EXPECT_NE(a.Next(), c.Next());
  // Faces of a die over 60,000 draws: each about 10,000 (a standard deviation of 91).
  GameRandom die(1, 0);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) ++counts[die.Below(6)];
  for (int face = 0; face < 6; ++face) EXPECT_NEAR(counts[face], 10000, 450) << face;
}

TEST(SimulateStepTest, WilsonIntervalMatchesPublishedValues) {
  // Wilson's 95% interval for 81 successes in 263 trials is [0.2553, 0.3662] (Newcombe,
  // "Two-sided confidence intervals for the single proportion", Stat. Med. 1998, table I).
  const Interval ci = WilsonInterval(81, 263);
  EXPECT_NEAR(ci.low, 0.2553, 0.0001);
  EXPECT_NEAR(ci.high, 0.3662, 0.0001);
  const Interval none = WilsonInterval(0, 10);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 0.0001);  // Newcombe, table I: 0/10
}

}  // namespace
}  // namespace rulecheck::properties
