// End-to-end checks of `rulecheck solve --prove-optimal` (docs/symbolic.md): the proof of
// each maximize/minimize answer in the text, JSON and JUnit reports, by induction where the
// states are too many to list and by listing them where they are not, a bound that holds only
// to the depth searched, the exit code (the answers decide it, as without the flag), and the
// flag refused by the explicit engine.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/e2e/solve_json.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;

// 48 reachable states, which the explicit engine lists.
constexpr char kFile[] = "tests/e2e/symbolic/paired_counters.rules";
// The same with 1,572,864: induction.
constexpr char kWideFile[] = "tests/e2e/symbolic/paired_counters_wide.rules";

TEST(ProveOptimalTest, JsonCarriesEachProof) {
  const SolveRun solve = SolveJson({kWideFile, "--prove-optimal"});
  EXPECT_EQ(solve.run.exit_code, 0) << solve.run.stderr_text;
  ASSERT_EQ(solve.queries.size(), 3u) << solve.run.stdout_text;
  for (const char* name : {"best", "least"}) {
    SCOPED_TRACE(name);
    const nlohmann::json& query = solve.queries.at(name);
    EXPECT_EQ(query["status"], "optimal");
    const nlohmann::json& proof = query["proof"];
    EXPECT_EQ(proof["proved"], true) << proof.dump();
    EXPECT_EQ(proof["k"], 1);
    EXPECT_GT(proof["invariants"].get<int>(), 0);
    EXPECT_EQ(proof["capped"], false);
    EXPECT_THAT(proof["message"].get<std::string>(),
                HasSubstr("optimal for every depth (k-induction, k=1, "));
  }
  EXPECT_EQ(solve.queries.at("best")["value"], 10);
  EXPECT_EQ(solve.queries.at("least")["value"], 0);
  const nlohmann::json& early = solve.queries.at("early_x");
  EXPECT_EQ(early["status"], "optimal");
  EXPECT_EQ(early["value"], 3);
  EXPECT_EQ(early["proof"]["proved"], false);
  EXPECT_THAT(early["proof"]["message"].get<std::string>(),
              HasSubstr("proved only to depth 3: induction failed at k up to 4"));
}

TEST(ProveOptimalTest, TextAndJUnitSayWhatWasProved) {
  const RunResult text =
      RunRulecheck({"solve", kWideFile, "--prove-optimal", "--query", "best", "-q"});
  EXPECT_EQ(text.exit_code, 0) << text.stderr_text;
  EXPECT_THAT(text.stdout_text, HasSubstr("maximize best: optimal, value 10, depth 5"));
  EXPECT_THAT(text.stdout_text, HasSubstr("  proof: optimal for every depth (k-induction, k=1, "));
  const RunResult junit = RunRulecheck(
      {"solve", kWideFile, "--prove-optimal", "--query", "early_x", "--format", "junit", "-q"});
  EXPECT_EQ(junit.exit_code, 0) << junit.stderr_text;
  EXPECT_THAT(junit.stdout_text, HasSubstr("proof: proved only to depth 3: "));
}

// Where the explicit engine lists every reachable state, their best value settles the bound
// both ways: 10 is optimal for every depth, and x reaches 5 deeper than the 3 moves asked.
TEST(ProveOptimalTest, EveryStateListedSettlesTheBound) {
  const SolveRun solve = SolveJson({kFile, "--prove-optimal"});
  EXPECT_EQ(solve.run.exit_code, 0) << solve.run.stderr_text;
  ASSERT_EQ(solve.queries.size(), 3u) << solve.run.stdout_text;
  for (const char* name : {"best", "least"}) {
    SCOPED_TRACE(name);
    const nlohmann::json& proof = solve.queries.at(name)["proof"];
    EXPECT_EQ(proof["proved"], true) << proof.dump();
    EXPECT_EQ(proof["message"], "optimal for every depth (all 48 reachable states listed)");
  }
  const nlohmann::json& early = solve.queries.at("early_x")["proof"];
  EXPECT_EQ(early["proved"], false);
  EXPECT_EQ(early["message"],
            "proved only to depth 3: a state more than 3 moves deep has the value 5 (all 48 "
            "reachable states listed)");
}

TEST(ProveOptimalTest, WithoutTheFlagThereIsNoProof) {
  const SolveRun solve = SolveJson({kFile, "--query", "best"});
  ASSERT_EQ(solve.queries.size(), 1u);
  EXPECT_FALSE(solve.queries.at("best").contains("proof"));
}

TEST(ProveOptimalTest, TheExplicitEngineRefusesTheFlag) {
  const RunResult run = RunRulecheck({"solve", kFile, "--engine", "explicit", "--prove-optimal"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--prove-optimal is for --engine symbolic"));
}

}  // namespace
}  // namespace rulecheck::e2e
