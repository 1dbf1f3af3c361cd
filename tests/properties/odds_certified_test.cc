// Bounds proven for a cycle where nothing is chosen (properties/odds_certified.h), on chance
// graphs built by hand: a fair walk worked by hand, a walk whose chance of the far end is
// about 1e-56 (the classical ruin formula), bounds carried in from outside the cycle, and a
// cycle with a choice, which is left to the iteration untouched.
#include "properties/odds_certified.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "tests/properties/hand_chance_graph.h"

namespace rulecheck::properties {
namespace {

using test_support::Trees;
using Play = results::OddsPlay::Kind;

// A walk on 0..n: from 1..n-1 up with weight `up`, down with weight `down`; 0 and n end it.
Trees Walk(uint32_t n, uint64_t up, uint64_t down) {
  Trees t(n + 1);
  for (uint32_t s = 1; s < n; ++s) {
    const uint32_t higher = t.Leaf(s + 1);
    const uint32_t lower = t.Leaf(s - 1);
    t.Root(s, t.WeightedRoll({higher, lower}, {up, down}));
  }
  return t;
}

Certified Certify(const Trees& t, const std::vector<uint32_t>& open, Play play,
                  std::vector<double>& lo, std::vector<double>& hi, bool stopping = false) {
  return CertifyComponent(t.graph(), open, play, 0, stopping, lo, hi, nullptr, nullptr);
}

// lo[s] <= value <= hi[s], the two less than `width` apart.
void ExpectBounds(const std::vector<double>& lo, const std::vector<double>& hi, uint32_t s,
                  double value, double width) {
  EXPECT_LE(lo[s], value) << s;
  EXPECT_GE(hi[s], value) << s;
  EXPECT_LT(hi[s] - lo[s], width) << s;
}

std::vector<uint32_t> Inner(uint32_t n) {
  std::vector<uint32_t> open;
  for (uint32_t s = 1; s < n; ++s) open.push_back(s);
  return open;
}

TEST(OddsCertifiedTest, FairWalkIsBoundedAroundItsHandWorkedValues) {
  // The chance of reaching 4 before 0 from s is s/4.
  const Trees t = Walk(4, 1, 1);
  std::vector<double> lo(5, 0), hi(5, 1);
  lo[4] = 1;
  hi[0] = 0;
  hi[1] = hi[2] = hi[3] = 1;
  ASSERT_EQ(Certify(t, Inner(4), Play::kRandom, lo, hi), Certified::kDone);
  for (uint32_t s = 1; s < 4; ++s) ExpectBounds(lo, hi, s, s / 4.0, 1e-15);
}

TEST(OddsCertifiedTest, TinyChancesKeepTheirDigits) {
  // Up 1 in 10, down 9 in 10, on 0..60: from s, (9^s - 1) / (9^60 - 1), about 4.4e-57 from 1.
  constexpr uint32_t n = 60;
  const Trees t = Walk(n, 1, 9);
  std::vector<double> lo(n + 1, 0), hi(n + 1, 1);
  lo[n] = 1;
  hi[0] = 0;
  ASSERT_EQ(Certify(t, Inner(n), Play::kRandom, lo, hi), Certified::kDone);
  for (uint32_t s : {1u, 2u, 30u, 59u}) {
    const long double expected =
        (std::pow(9.0L, static_cast<long double>(s)) - 1) / (std::pow(9.0L, 60.0L) - 1);
    EXPECT_LE(lo[s], expected * (1 + 1e-15L)) << s;
    EXPECT_GE(hi[s], expected * (1 - 1e-15L)) << s;
    EXPECT_GT(lo[s], 0) << s;
    EXPECT_LT((hi[s] - lo[s]) / expected, 1e-12L) << s;
  }
}

TEST(OddsCertifiedTest, BoundsOutsideTheCycleAreCarriedIn) {
  // 1 and 2 pass a fair coin to each other or to 3, whose value lies in [0.4, 0.6]: the
  // value of both is 3's.
  Trees t(4);
  t.Root(1, t.Roll({t.Leaf(2), t.Leaf(3)}));
  t.Root(2, t.Roll({t.Leaf(1), t.Leaf(3)}));
  std::vector<double> lo = {0, 0, 0, 0.4}, hi = {0, 1, 1, 0.6};
  ASSERT_EQ(Certify(t, {1, 2}, Play::kRandom, lo, hi), Certified::kDone);
  for (uint32_t s : {1u, 2u}) {
    EXPECT_LE(lo[s], 0.4) << s;
    EXPECT_GT(lo[s], 0.4 - 1e-15) << s;
    EXPECT_GE(hi[s], 0.6) << s;
    EXPECT_LT(hi[s], 0.6 + 1e-15) << s;
  }
}

TEST(OddsCertifiedTest, AChoiceThatIsNotRandomLeavesTheBoundsAlone) {
  // 1: choose {2, 3}; 2: a coin between 1 and 0.
  Trees t(4);
  t.Root(1, t.Choice({t.Leaf(2), t.Leaf(3)}));
  t.Root(2, t.Roll({t.Leaf(1), t.Leaf(0)}));
  std::vector<double> lo = {0, 0, 0, 1}, hi = {0, 1, 1, 1};
  EXPECT_EQ(Certify(t, {1, 2}, Play::kMax, lo, hi), Certified::kNotRandom);
  EXPECT_EQ(lo, (std::vector<double>{0, 0, 0, 1}));
  EXPECT_EQ(hi, (std::vector<double>{0, 1, 1, 1}));
  // Under random play the same choice is a mean: 1 is worth (v2 + 1) / 2, 2 is v1 / 2, so
  // v1 = 2/3 and v2 = 1/3.
  ASSERT_EQ(Certify(t, {1, 2}, Play::kRandom, lo, hi), Certified::kDone);
  ExpectBounds(lo, hi, 1, 2.0 / 3, 1e-15);
  ExpectBounds(lo, hi, 2, 1.0 / 3, 1e-15);
}

TEST(OddsCertifiedTest, PolicyIterationFindsTheBestChoiceWhereNoneCanLoop) {
  // On 0..4, each inner state chooses a fair coin or a roll that goes up 1 time in 4. The
  // most is the coin everywhere, s/4; the least the roll everywhere: with r = 3,
  // (3^s - 1) / (3^4 - 1), that is 1/40, 4/40 and 13/40.
  Trees t(5);
  for (uint32_t s = 1; s < 4; ++s) {
    const uint32_t coin = t.Roll({t.Leaf(s + 1), t.Leaf(s - 1)});
    const uint32_t roll = t.WeightedRoll({t.Leaf(s + 1), t.Leaf(s - 1)}, {1, 3});
    t.Root(s, t.Choice({roll, coin}));
  }
  const std::vector<double> lo0 = {0, 0, 0, 0, 1}, hi0 = {0, 1, 1, 1, 1};
  std::vector<double> lo = lo0, hi = hi0;
  ASSERT_EQ(Certify(t, Inner(4), Play::kMax, lo, hi, /*stopping=*/true), Certified::kDone);
  for (uint32_t s = 1; s < 4; ++s) ExpectBounds(lo, hi, s, s / 4.0, 1e-15);
  lo = lo0;
  hi = hi0;
  ASSERT_EQ(Certify(t, Inner(4), Play::kMin, lo, hi, /*stopping=*/true), Certified::kDone);
  ExpectBounds(lo, hi, 1, 1.0 / 40, 1e-15);
  ExpectBounds(lo, hi, 2, 4.0 / 40, 1e-15);
  ExpectBounds(lo, hi, 3, 13.0 / 40, 1e-15);
}

}  // namespace
}  // namespace rulecheck::properties
