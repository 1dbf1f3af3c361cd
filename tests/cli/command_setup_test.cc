// Tests for the set-up every rules-file subcommand shares (cli/command_setup.h): each bad
// flag is refused with the message the command line shows, before any model is loaded or
// file written; a good set-up has the model, the memory budget and the output open.
#include "cli/command_setup.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace rulecheck::cli {
namespace {

CommonFlags Flags() {
  CommonFlags flags;
  flags.file = std::string(RULECHECK_SOURCE_DIR) + "/games/tictactoe.rules";
  return flags;
}

// The message SetUpCommand writes for `flags`, which it must refuse.
std::string Refusal(const CommonFlags& flags) {
  std::ostringstream err;
  EXPECT_FALSE(SetUpCommand(flags, 0, {}, err).has_value());
  return err.str();
}

TEST(CommandSetupTest, RefusesEachBadFlagWithItsMessage) {
  CommonFlags format = Flags();
  format.format = "xml";
  EXPECT_EQ(Refusal(format),
            "rulecheck: unknown report format 'xml' (text, json, sarif, junit or html)\n");

  CommonFlags memory = Flags();
  memory.memory = "lots";
  EXPECT_EQ(Refusal(memory).rfind("rulecheck: --memory: ", 0), 0u) << Refusal(memory);

  CommonFlags constant = Flags();
  constant.consts = {"N"};
  EXPECT_EQ(Refusal(constant), "rulecheck: --const expects NAME=VALUE, got 'N'\n");

  CommonFlags missing = Flags();
  missing.file = "/nonexistent/game.rules";
  EXPECT_NE(Refusal(missing).find("/nonexistent/game.rules"), std::string::npos);

  CommonFlags output = Flags();
  output.output = "/nonexistent/report.txt";
  EXPECT_EQ(Refusal(output),
            "rulecheck: cannot write /nonexistent/report.txt: No such file or directory\n");
}

TEST(CommandSetupTest, AGoodSetUpHasTheModelTheBudgetAndTheOutput) {
  CommonFlags flags = Flags();
  flags.memory = "64M";
  flags.format = "json";
  flags.output = ::testing::TempDir() + "/command_setup_test.json";
  std::ostringstream err;
  std::optional<CommandSetup> setup = SetUpCommand(flags, 7, {}, err);
  ASSERT_TRUE(setup.has_value()) << err.str();
  EXPECT_EQ(err.str(), "");
  EXPECT_EQ(setup->format, reports::Format::kJson);
  EXPECT_EQ(setup->memory_bytes, uint64_t{64} << 20);
  ASSERT_NE(setup->model, nullptr);
  EXPECT_TRUE(setup->file.is_open());
  std::ostringstream out;
  EXPECT_EQ(&setup->report(out), &setup->file);
  EXPECT_TRUE(FinishReport(*setup, flags, out, err));

  CommonFlags plain = Flags();
  std::optional<CommandSetup> defaults = SetUpCommand(plain, 7, {}, err);
  ASSERT_TRUE(defaults.has_value());
  EXPECT_EQ(defaults->memory_bytes, 7u);  // the command's default when --memory is not given
  EXPECT_EQ(&defaults->report(out), &out);
}

}  // namespace
}  // namespace rulecheck::cli
