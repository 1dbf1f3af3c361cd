// The game-length summary of the simulate reports (reports/simulate_lengths.h), worked by
// hand: least, mean, lower median, greatest, and bins of equal width from the least length.
#include "reports/simulate_lengths.h"

#include <gtest/gtest.h>

#include <map>

namespace rulecheck::reports {
namespace {

TEST(SimulateLengthsTest, SummaryAndBins) {
  // Lengths 3 (2 games), 4 (1), 40 (1): mean (6 + 4 + 40) / 4 = 12.5; the lower median is 3
  // (the 2nd of 4 games); span 38 in at most 16 bins: width ceil(38 / 16) = 3, so 13 bins
  // 3-5, 6-8, ..., 39-41, the first holding 3 games and the last 1.
  const LengthSummary s = SummarizeLengths({{3, 2}, {4, 1}, {40, 1}});
  EXPECT_EQ(s.games, 4u);
  EXPECT_EQ(s.min, 3u);
  EXPECT_EQ(s.max, 40u);
  EXPECT_EQ(s.median, 3u);
  EXPECT_DOUBLE_EQ(s.mean, 12.5);
  ASSERT_EQ(s.bins.size(), 13u);
  EXPECT_EQ(s.bins[0].from, 3u);
  EXPECT_EQ(s.bins[0].to, 5u);
  EXPECT_EQ(s.bins[0].games, 3u);
  EXPECT_EQ(s.bins[12].from, 39u);
  EXPECT_EQ(s.bins[12].to, 41u);
  EXPECT_EQ(s.bins[12].games, 1u);
  for (size_t i = 1; i < 12; ++i) EXPECT_EQ(s.bins[i].games, 0u) << i;
}

TEST(SimulateLengthsTest, OneLengthAndNone) {
  const LengthSummary one = SummarizeLengths({{7, 5}});
  ASSERT_EQ(one.bins.size(), 1u);
  EXPECT_EQ(one.bins[0].from, 7u);
  EXPECT_EQ(one.bins[0].to, 7u);
  EXPECT_EQ(one.bins[0].games, 5u);
  EXPECT_EQ(one.median, 7u);
  const LengthSummary none = SummarizeLengths({});
  EXPECT_EQ(none.games, 0u);
  EXPECT_TRUE(none.bins.empty());
}

}  // namespace
}  // namespace rulecheck::reports
