// End-to-end checks of constant tables (model/constant_tables.h): a list literal looked up
// many times in one move costs no step of the move's budget, in the interpreter and in the
// compiled engine, and counts come out as published.
#include <filesystem>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;

constexpr char kPetersen[] = "tests/e2e/tables/petersen.rules";

// The chromatic polynomial of the Petersen graph: 120 colourings with 3 colours, 12,960
// with 4 (before, K = 4 spent init's step budget and found 7,246).
TEST(ConstantTablesTest, PetersenColouringsHaveTheChromaticPolynomialsCount) {
  for (const char* engine : {"interpreted", "compiled"}) {
    SCOPED_TRACE(engine);
    RunResult run = RunRulecheck({"check", kPetersen, "--engine", engine, "-q"});
    EXPECT_EQ(run.exit_code, 0) << run.stdout_text;
    EXPECT_THAT(run.stdout_text, HasSubstr(": 120 states, 0 transitions, 120 terminal"));
    run = RunRulecheck({"check", kPetersen, "--const", "K=4", "--engine", engine, "-q"});
    EXPECT_EQ(run.exit_code, 0) << run.stdout_text;
    EXPECT_THAT(run.stdout_text, HasSubstr(": 12,960 states, 0 transitions, 12,960 terminal"));
  }
}

// 20,000 lookups in a table of 1,000 entries in one move: 20 million steps when each lookup
// built the table, over the budget of 2^24.
TEST(ConstantTablesTest, ALookupCostsNoStepOfTheMove) {
  std::string table = "const TAB = [";
  for (int i = 0; i < 1000; ++i) table += (i == 0 ? "" : ", ") + std::to_string(i % 7);
  table += "]\n";
  const std::string path = (std::filesystem::path(testing::TempDir()) / "lookups.rules").string();
  std::ofstream(path) << table
                      << "state { acc: 0..6, done: bool }\n"
                         "action go() when not done {\n"
                         "  acc := (sum i in 0..19999: TAB[i % 1000]) % 7\n"
                         "  done := true\n"
                         "}\n"
                         "terminal when done\n"
                         "invariant sum: not done or acc == (20 * 2997) % 7\n";
  for (const char* engine : {"interpreted", "compiled"}) {
    SCOPED_TRACE(engine);
    const RunResult run = RunRulecheck({"check", path, "--engine", engine, "-q"});
    EXPECT_EQ(run.exit_code, 0) << run.stdout_text;
    EXPECT_THAT(run.stdout_text, HasSubstr(": 2 states, 1 transition"));
  }
}

}  // namespace
}  // namespace rulecheck::e2e
