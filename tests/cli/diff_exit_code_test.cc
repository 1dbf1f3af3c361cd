// Unit tests of cli::DiffExitCode: which differences fail `rulecheck diff` under each
// --fail-on, and how an incomplete comparison ranks below them.
#include "cli/app.h"
#include "cli/diff_command.h"
#include "gtest/gtest.h"

namespace rulecheck::cli {
namespace {

TEST(DiffExitCodeTest, BehaviourFailsOnNewErrorsFirstThenBehaviour) {
  EXPECT_EQ(DiffExitCode("behaviour", 0, false, true), kExitOk);
  EXPECT_EQ(DiffExitCode("behaviour", 0, true, true), kExitBehaviour);
  EXPECT_EQ(DiffExitCode("behaviour", 2, true, true), kExitFindings);
  EXPECT_EQ(DiffExitCode("behaviour", 0, false, false), kExitIncomplete);
  EXPECT_EQ(DiffExitCode("behaviour", 0, true, false), kExitBehaviour);
}

TEST(DiffExitCodeTest, FindingsIgnoresBehaviour) {
  EXPECT_EQ(DiffExitCode("findings", 0, true, true), kExitOk);
  EXPECT_EQ(DiffExitCode("findings", 1, false, true), kExitFindings);
  EXPECT_EQ(DiffExitCode("findings", 0, true, false), kExitIncomplete);
}

TEST(DiffExitCodeTest, NoneFailsOnNoDifference) {
  EXPECT_EQ(DiffExitCode("none", 3, true, true), kExitOk);
  EXPECT_EQ(DiffExitCode("none", 3, true, false), kExitIncomplete);
}

}  // namespace
}  // namespace rulecheck::cli
