// Tests for solver/z3_version.h: the reported Z3 version looks like a version number.
#include "solver/z3_version.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace rulecheck::solver {
namespace {

TEST(Z3VersionTest, StartsWithDigitAndContainsDot) {
  const std::string version = Z3Version();
  ASSERT_FALSE(version.empty());
  EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(version.front()))) << version;
  EXPECT_THAT(version, ::testing::HasSubstr("."));
}

TEST(Z3VersionTest, IsStable) { EXPECT_EQ(Z3Version(), Z3Version()); }

}  // namespace
}  // namespace rulecheck::solver
