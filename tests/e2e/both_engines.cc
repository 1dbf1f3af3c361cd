// See both_engines.h.
#include "tests/e2e/both_engines.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {

void ExpectBothEnginesAnswer(const std::string& path, const std::string& answer) {
  for (const std::vector<std::string>& engine :
       {std::vector<std::string>{"--engine", "symbolic"},
        std::vector<std::string>{"--engine", "explicit", "--threads", "1"}}) {
    std::vector<std::string> args = {"solve", path};
    args.insert(args.end(), engine.begin(), engine.end());
    RunResult solve = RunRulecheck(args);
    EXPECT_EQ(solve.exit_code, 0) << engine[1] << "\n" << solve.stdout_text << solve.stderr_text;
    EXPECT_THAT(solve.stdout_text, ::testing::HasSubstr(answer)) << engine[1];
  }
}

}  // namespace rulecheck::e2e
