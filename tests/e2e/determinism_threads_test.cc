// `rulecheck check --threads N` gives the same report for every N: the same states, counts,
// findings and traces, on every game in games/ and on a model with findings. Also the limits:
// a full store and --max-states stop the search with exit code 3 and a partial report. A
// *_threads_test: CI also runs it on a ThreadSanitizer build of rulecheck.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using json = nlohmann::json;

json CheckJson(std::vector<std::string> args, RunResult& run) {
  args.insert(args.begin(), "check");
  args.insert(args.end(), {"--format", "json", "--quiet"});
  run = RunRulecheck(args);
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::object() : report;
}

// The report without what may differ between runs: time, threads, memory figures, and the
// engine's figures (the first run compiles, later ones find the library in the cache).
json Comparable(json report) {
  for (const char* key : {"seconds", "threads", "store_bytes", "memory_budget", "engine"}) {
    report.erase(key);
  }
  return report;
}

void ExpectSameForAnyThreadCount(const std::vector<std::string>& args, int exit_code) {
  RunResult run;
  const json one = Comparable(CheckJson(
      [&] {
        std::vector<std::string> a = args;
        a.insert(a.end(), {"--threads", "1"});
        return a;
      }(),
      run));
  EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
  for (const char* threads : {"2", "4"}) {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--threads", threads});
    const json many = Comparable(CheckJson(a, run));
    EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
    EXPECT_EQ(many, one) << threads << " threads";
  }
}

TEST(ThreadsTest, TicTacToe) { ExpectSameForAnyThreadCount({"games/tictactoe.rules"}, 0); }

TEST(ThreadsTest, EightPuzzle) { ExpectSameForAnyThreadCount({"games/puzzle8.rules"}, 0); }

TEST(ThreadsTest, Hanoi) {
  ExpectSameForAnyThreadCount({"games/hanoi.rules", "--const", "N=7"}, 0);
}

// The rulebook models have findings of every kind (order dependence, reaction chains, a game
// that need not end), so their reports exercise every analysis with traces.
TEST(ThreadsTest, RandomMutations) {
  ExpectSameForAnyThreadCount({"games/random-mutations/random-mutations.rules"}, 1);
}

TEST(ThreadsTest, MonsterMutators) {
  ExpectSameForAnyThreadCount(
      {"games/monster-mutators/monster-mutators.rules", "--const", "SCOPE=6"}, 1);
}

TEST(ThreadsTest, ElevenPuzzleCutByMaxStates) {
  // 239,500,800 states in all: too many for a test, but the first 300,000 in canonical
  // order are the same for every thread count.
  ExpectSameForAnyThreadCount({"games/puzzle11.rules", "--max-states", "300000"}, 3);
}

TEST(ThreadsTest, FindingsAndTraces) {
  // Two counters; `a` may not pass 3 and `b` must stay below 3 (an invariant), and the state
  // a = b = 2 has no move although the game is not over (a deadlock).
  const std::string path = testing::TempDir() + "/threads_findings.rules";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(R"(state {
  a: 0..3
  b: 0..3
}
action up_a() when not (a == 2 and b == 2) and a < 3 { a += 1 }
action up_b() when not (a == 2 and b == 2) and b < 3 { b += 1 }
invariant b_small: b < 3
terminal when a == 3
)",
               f);
    std::fclose(f);
  }
  ExpectSameForAnyThreadCount({path}, 1);
}

TEST(LimitsTest, FullStoreGivesAPartialReport) {
  RunResult run;
  const json report = CheckJson({"games/puzzle8.rules", "--memory", "256K"}, run);
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  EXPECT_EQ(report.value("complete", true), false);
  EXPECT_EQ(report.value("stop_reason", ""), "store_full");
  EXPECT_GT(report.value("states", 0), 0);
  EXPECT_LT(report.value("states", 0), 181440);
  // `reversed` is 30 moves deep: not met before the store filled, so undetermined.
  ASSERT_TRUE(report.contains("undetermined"));
  EXPECT_FALSE(report["undetermined"].empty());
}

TEST(LimitsTest, MaxStatesGivesAPartialReport) {
  RunResult run;
  const json report = CheckJson({"games/puzzle8.rules", "--max-states", "1000"}, run);
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  EXPECT_EQ(report.value("complete", true), false);
  EXPECT_EQ(report.value("stop_reason", ""), "max_states");
  EXPECT_EQ(report.value("states", 0), 1000);
  // The blank reaches the centre in two moves: found before the limit.
  bool centre = false;
  for (const json& finding : report["findings"]) {
    centre = centre || finding.value("name", "") == "blank_in_centre";
  }
  EXPECT_TRUE(centre) << report.dump(2);
}

TEST(LimitsTest, TextReportSaysIncompleteAndHowFar) {
  RunResult run = RunRulecheck({"check", "games/puzzle8.rules", "--max-states", "1000", "-q"});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_THAT(run.stdout_text, testing::HasSubstr("1,000 states"));
  EXPECT_THAT(run.stdout_text, testing::HasSubstr("INCOMPLETE"));
  EXPECT_THAT(run.stdout_text, testing::HasSubstr(", depth 11, "));
}

TEST(SkipTest, SkippedChecksReportNothing) {
  RunResult run;
  const json report =
      CheckJson({"games/puzzle8.rules", "--skip", "invariant", "--skip", "reachable"}, run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(report.value("states", 0), 181440);
  EXPECT_TRUE(report["findings"].empty()) << report.dump(2);
  RunResult bad = RunRulecheck({"check", "games/puzzle8.rules", "--skip", "everything"});
  EXPECT_EQ(bad.exit_code, 2);
}

TEST(LimitsTest, BadMemorySizeIsAUsageError) {
  RunResult run = RunRulecheck({"check", "games/puzzle8.rules", "--memory", "lots"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, testing::HasSubstr("--memory"));
}

TEST(LimitsTest, NegativeMaxStatesIsAUsageError) {
  // Read into an unsigned, -3 would be 2^64 - 3: no limit at all.
  RunResult run = RunRulecheck({"check", "games/puzzle8.rules", "--max-states", "-3"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, testing::HasSubstr("--max-states"));
  EXPECT_THAT(run.stderr_text, testing::HasSubstr("negative"));
}

}  // namespace
}  // namespace rulecheck::e2e
