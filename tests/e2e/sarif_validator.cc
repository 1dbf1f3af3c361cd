// Running sarif-multitool validate (see sarif_validator.h).
#include "tests/e2e/sarif_validator.h"

#include <chrono>
#include <filesystem>
#include <fstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

constexpr char kValidator[] =
    "build-tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";

}  // namespace

void ValidateSarif(const std::vector<std::string>& samples, const std::string& output) {
  const std::string validator = SourcePath(kValidator);
  ASSERT_TRUE(std::filesystem::exists(validator))
      << validator << " is missing: run scripts/install-deps.sh";
  std::vector<std::string> args = {"validate", "--output", output};
  args.insert(args.end(), samples.begin(), samples.end());
  const RunResult run = RunProgram(validator, args, std::chrono::seconds(300));
  ASSERT_EQ(run.exit_code, 0) << run.stdout_text << run.stderr_text;
  std::ifstream in(output);
  const nlohmann::json validation = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(validation.is_discarded()) << run.stdout_text;
  int errors = 0;
  int warnings = 0;
  for (const nlohmann::json& run_log : validation["runs"]) {
    for (const nlohmann::json& result : run_log.value("results", nlohmann::json::array())) {
      const std::string level = result.value("level", "warning");
      errors += level == "error";
      warnings += level == "warning";
    }
  }
  EXPECT_EQ(errors, 0) << run.stdout_text;
  EXPECT_EQ(warnings, 0) << run.stdout_text;
  // The validator's console lists every problem as `FILE(LINE,COL): error|warning CODE: ...`
  // (and exits with 0 all the same).
  EXPECT_THAT(run.stdout_text, testing::Not(testing::HasSubstr(": error ")));
  EXPECT_THAT(run.stdout_text, testing::Not(testing::HasSubstr(": warning ")));
}

}  // namespace rulecheck::e2e
