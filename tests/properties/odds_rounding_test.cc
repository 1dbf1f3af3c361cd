// Directed rounding for the odds' bounds in doubles (properties/odds_rounding.h): a tree
// evaluated rounding down is at most its exact value and rounding up at least, including
// where the weights are too large for a double to hold exactly.
#include "properties/odds_rounding.h"

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <vector>

#include "properties/odds_tree.h"
#include "tests/properties/hand_chance_graph.h"

namespace rulecheck::properties {
namespace {

using test_support::Trees;
using Play = results::OddsPlay::Kind;

TEST(OddsRoundingTest, TheModeIsSetForTheScopeAndRestoredAfter) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  {
    ScopedRounding down(FE_DOWNWARD);
    EXPECT_EQ(std::fegetround(), FE_DOWNWARD);
    {
      ScopedRounding up(FE_UPWARD);
      EXPECT_EQ(std::fegetround(), FE_UPWARD);
    }
    EXPECT_EQ(std::fegetround(), FE_DOWNWARD);
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

// 2^53 + 1 is between two doubles: a divisor rounds against the mode, so that a quotient
// rounds with it.
TEST(OddsRoundingTest, ALargeDivisorRoundsAgainstTheMode) {
  const uint64_t n = (uint64_t{1} << 53) + 1;
  const mpz_class exact(static_cast<unsigned long>(n));
  {
    ScopedRounding down(FE_DOWNWARD);
    const double d = Divisor<double>(n);
    EXPECT_GT(mpq_class(d), mpq_class(exact));
  }
  {
    ScopedRounding up(FE_UPWARD);
    const double d = Divisor<double>(n);
    EXPECT_LT(mpq_class(d), mpq_class(exact));
  }
  EXPECT_EQ(Divisor<double>(37), 37.0);
  EXPECT_EQ(Divisor<long double>(n), static_cast<long double>(n));
}

// A roll of weights 1 and 2 to states worth 1 and 1/2 (exact in binary, so only the roll
// rounds: 2/3), and one whose weights do not fit a double: the value rounded down is below
// the exact one, rounded up above.
TEST(OddsRoundingTest, AnEvaluationRoundedDownAndUpBracketsTheExactValue) {
  const uint64_t big = (uint64_t{1} << 60) + 3;
  for (const std::vector<uint64_t>& weights :
       {std::vector<uint64_t>{1, 2}, std::vector<uint64_t>{big, big - 2}}) {
    Trees t(3);
    const uint32_t a = t.Leaf(1), b = t.Leaf(2);
    t.Root(0, t.WeightedRoll({a, b}, weights));
    const ChanceGraph& g = t.graph();
    const std::vector<mpq_class> exact_leaf = {0, 1, mpq_class(1, 2)};
    const mpq_class exact =
        Eval<mpq_class>(g, g.root[0], Play::kRandom, 0, [&](uint32_t s) { return exact_leaf[s]; });
    double lower = 0, upper = 0;
    {
      ScopedRounding down(FE_DOWNWARD);
      const std::vector<double> leaf = {0, 1, 0.5};
      lower = Eval<double>(g, g.root[0], Play::kRandom, 0, [&](uint32_t s) { return leaf[s]; });
    }
    {
      ScopedRounding up(FE_UPWARD);
      const std::vector<double> leaf = {0, 1, 0.5};
      upper = Eval<double>(g, g.root[0], Play::kRandom, 0, [&](uint32_t s) { return leaf[s]; });
    }
    EXPECT_LT(mpq_class(lower), exact) << weights[0];
    EXPECT_GT(mpq_class(upper), exact) << weights[0];
    EXPECT_LT(upper - lower, 1e-15) << weights[0];
  }
}

}  // namespace
}  // namespace rulecheck::properties
