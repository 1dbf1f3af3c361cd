// End-to-end tests for inputs and events that once got an unhelpful or no answer: a file of
// garbage (whose errors must stay few and short), a directory or an empty file given as the
// rules file, numbers on the command line that do not fit their flag, and SIGTERM or SIGHUP
// during a search, which must end it like Ctrl-C with a partial report.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using testing::HasSubstr;
using testing::Not;

// A file in the test's temporary directory with `text` in it; returns its path.
std::string WriteTempFile(const std::string& name, const std::string& text) {
  std::filesystem::path path = std::filesystem::path(testing::TempDir()) / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

TEST(RobustnessTest, GarbageGivesFewShortErrors) {
  // 100 KB of control bytes, with a few spaces so that they are many runs, once produced
  // hundreds of megabytes: one error per byte, each quoting the whole line raw.
  std::string garbage;
  for (int i = 0; i < 100000; ++i) garbage.push_back(i % 7 == 6 ? ' ' : '\x01');
  std::string path = WriteTempFile("garbage.rules", garbage);
  RunResult run = RunRulecheck({"check", path});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_LT(run.stderr_text.size(), 50000u);
  EXPECT_THAT(run.stderr_text, HasSubstr(path + ":1:1: error: unexpected characters `\\x01"));
  EXPECT_THAT(run.stderr_text, HasSubstr("more errors not shown"));
  EXPECT_THAT(run.stderr_text, Not(HasSubstr("\x01")));
}

TEST(RobustnessTest, DirectoryIsNotARulesFile) {
  RunResult run = RunRulecheck({"check", "games"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("`games`: it is a directory"));
}

TEST(RobustnessTest, DevNullIsNotARulesFile) {
  RunResult run = RunRulecheck({"check", "/dev/null"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("`/dev/null`: it is not a regular file"));
}

TEST(RobustnessTest, FileWithoutDeclarationsIsAnError) {
  for (const std::string& text : {std::string(), std::string("# only a comment\n\n")}) {
    std::string path = WriteTempFile("empty.rules", text);
    RunResult run = RunRulecheck({"check", path});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_THAT(run.stderr_text, HasSubstr(path + ":1:1: error: the file has no declarations"));
  }
}

TEST(RobustnessTest, OutOfRangeNumbersAreUsageErrors) {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const Case cases[] = {
      {{"check", "games/puzzle8.rules", "--max-states", "18446744073709551616"},
       "--max-states: must be at most 18446744073709551615"},
      {{"check", "games/puzzle8.rules", "--max-states", "99999999999999999999999"},
       "--max-states: must be at most"},
      {{"solve", "games/puzzle8.rules", "--engine", "explicit", "--max-states",
        "18446744073709551616"},
       "--max-states: must be at most"},
      {{"solve", "games/puzzle8.rules", "--timeout", "nan"}, "--timeout: must be a finite number"},
      {{"solve", "games/puzzle8.rules", "--timeout", "inf"}, "--timeout: must be a finite number"},
      {{"prove", "games/puzzle8.rules", "--timeout", "nan"}, "--timeout: must be a finite number"},
      {{"prove", "games/puzzle8.rules", "--timeout", "-1"}, "--timeout: must be a finite number"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0] + " " + c.args.back());
    RunResult run = RunRulecheck(c.args);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_THAT(run.stderr_text, HasSubstr(c.message));
  }
}

TEST(RobustnessTest, TerminationSignalsStopTheSearchWithAReport) {
  for (int signal : {SIGTERM, SIGHUP}) {
    SCOPED_TRACE(signal);
    RunResult run = RunRulecheckAndSignal({"check", "games/hanoi.rules", "--const", "N=16"}, signal,
                                          std::chrono::seconds(1));
    EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
    EXPECT_THAT(run.stdout_text, HasSubstr("INCOMPLETE: interrupted"));
  }
}

// Declaring compared each enum member and struct field with all before it: 300,000 members
// took over a minute. Declaring is linear now; a duplicate at the far end is still found.
TEST(RobustnessTest, HugeDeclarationsAreCheckedInLinearTime) {
  std::string members, fields;
  for (int i = 0; i < 300000; ++i) members += " M" + std::to_string(i);
  for (int i = 0; i < 100000; ++i) fields += " f" + std::to_string(i) + ": bool,";
  const std::string rest = "state { x: Big }\ninit { x := M1 }\naction go() { x := M2 }\n";
  const std::string good = "enum Big {" + members + " }\nstruct S {" + fields + " }\n" + rest;
  RunResult run = RunRulecheck({"check", WriteTempFile("huge.rules", good), "-q"},
                               std::chrono::seconds(60));
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;

  const std::string bad = "enum Big {" + members + " M7 }\nstruct S {" + fields +
                          " f5: bool }\ncards C(a: bool = false, b: bool = false, a: bool = "
                          "false) { K() }\n" + rest;
  const std::string path = WriteTempFile("huge_duplicates.rules", bad);
  run = RunRulecheck({"check", path}, std::chrono::seconds(60));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("duplicate member `M7` in enum Big (first at 1:"));
  EXPECT_THAT(run.stderr_text, HasSubstr(path + ":2:"));
  EXPECT_THAT(run.stderr_text, HasSubstr("duplicate field `f5` in struct S"));
  EXPECT_THAT(run.stderr_text, HasSubstr("duplicate attribute `a`"));
}

}  // namespace
}  // namespace rulecheck::e2e
