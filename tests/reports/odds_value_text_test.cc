// Tests for reports/odds_report.h's OddsValueText: how one odds value reads.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reports/odds_report.h"
#include "results/odds.h"

namespace rulecheck::reports {
namespace {

using results::OddsValue;
using ::testing::HasSubstr;

TEST(OddsValueTextTest, AnExactFractionShowsItsDecimal) {
  OddsValue v;
  v.kind = OddsValue::Kind::kExact;
  v.exact = "244/495";
  v.lower = v.upper = 244.0 / 495;
  EXPECT_EQ(OddsValueText(v), "244/495 (0.4929292929)");
}

// Bounds that stalled 1.5e-13 apart print the same to 10 digits: they get 17.
TEST(OddsValueTextTest, BoundsThatStalledCloseTogetherAreToldApart) {
  OddsValue v;
  v.kind = OddsValue::Kind::kBounds;
  v.converged = false;
  v.lower = 6.0 / 11 - 1.5e-13;
  v.upper = 6.0 / 11;
  const std::string text = OddsValueText(v);
  EXPECT_THAT(text, HasSubstr("did not converge"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("between 0.5454545455 and 0.5454545455")));
  EXPECT_THAT(text, HasSubstr("between 0.54545454545439"));

  // Far apart, 10 digits do.
  v.lower = 0.25;
  v.upper = 0.5;
  EXPECT_THAT(OddsValueText(v), HasSubstr("between 0.25 and 0.5: did not converge"));
}

}  // namespace
}  // namespace rulecheck::reports
