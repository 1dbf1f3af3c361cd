// End-to-end tests of `--format sarif` for `check`, `solve` and `prove`: every sample is
// validated by Microsoft's SARIF validator (`sarif-multitool validate`, installed by
// scripts/install-deps.sh into build-tools/sarif), which must report no error, and the parts
// a code-scanning tool reads are checked against the hand-worked models: the rule of each
// result, its level and region, the code flow of its trace (a lasso's cycle start, the two
// orders of an order dependence) and its fingerprint, which equals the JSON report's `id`.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/e2e/sarif_validator.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;

constexpr char kFingerprint[] = "rulecheckFindingId/v1";

class SarifTest : public testing_support::TempFolderTest {
 protected:
  // Runs rulecheck with `args` and `--format sarif --output NAME` in the test's folder, expects
  // `exit_code`, and returns the parsed log; the file is kept for Validate().
  json Sarif(std::vector<std::string> args, const std::string& name, int exit_code) {
    const std::string path = (dir_ / name).string();
    args.insert(args.end(), {"--format", "sarif", "--output", path, "--quiet"});
    const RunResult run = RunRulecheck(args);
    EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
    std::ifstream in(path);
    json log = json::parse(in, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(log.is_discarded()) << name << " is not JSON";
    samples_.push_back(path);
    return log.is_discarded() ? json::object() : log;
  }

  // The JSON report's ids, in order, for the same command.
  std::vector<std::string> JsonIds(std::vector<std::string> args) {
    args.insert(args.end(), {"--format", "json", "--quiet"});
    const json report = json::parse(RunRulecheck(args).stdout_text);
    std::vector<std::string> ids;
    for (const json& finding : report.value("findings", json::array()))
      ids.push_back(finding["id"]);
    return ids;
  }

  // Validates every sample written so far with sarif-multitool; fails on any error it reports.
  void Validate() {
    ValidateSarif(samples_,
                  (dir_ / ("validation" + std::to_string(++validations_) + ".sarif")).string());
  }

  static const json& OnlyResult(const json& log) {
    const json& results = log["runs"][0]["results"];
    EXPECT_EQ(results.size(), 1u) << results.dump(2);
    return results[0];
  }

  static std::vector<std::string> StepMessages(const json& thread_flow) {
    std::vector<std::string> messages;
    for (const json& step : thread_flow["locations"]) {
      messages.push_back(step["location"]["message"]["text"]);
    }
    return messages;
  }

  std::vector<std::string> samples_;
  int validations_ = 0;
};

// Every finding kind of counter.rules (see its comment), its rules and regions.
TEST_F(SarifTest, CheckReportHasARulePerKindAndAResultPerFinding) {
  const std::string file = "tests/e2e/reports/counter.rules";
  const json log = Sarif({"check", file}, "counter.sarif", 1);
  EXPECT_EQ(log["version"], "2.1.0");
  const json& run = log["runs"][0];
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "rulecheck");
  EXPECT_EQ(driver["rules"].size(), 15u);  // one per finding kind
  for (const json& rule : driver["rules"]) {
    EXPECT_THAT(rule["help"]["markdown"].get<std::string>(),
                HasSubstr("**`" + rule["id"].get<std::string>() + "`**"));
  }
  const json& results = run["results"];
  ASSERT_EQ(results.size(), 6u) << results.dump(2);
  std::vector<std::string> rules;
  std::vector<std::string> levels;
  for (const json& result : results) {
    rules.push_back(result["ruleId"]);
    levels.push_back(result["level"]);
    EXPECT_EQ(driver["rules"][result["ruleIndex"].get<int>()]["id"], result["ruleId"]);
  }
  EXPECT_THAT(rules, testing::ElementsAre("assert", "invariant", "deadlock", "unreachable",
                                          "witness", "dead_action"));
  EXPECT_THAT(levels, testing::ElementsAre("error", "error", "error", "error", "none", "warning"));
  EXPECT_EQ(results[4]["kind"], "pass");  // a witness is a passing check
  // The invariant at line 17, column 11, in the file relative to the working directory.
  const json& where = results[1]["locations"][0]["physicalLocation"];
  EXPECT_EQ(where["artifactLocation"]["uri"], file);
  EXPECT_EQ(where["artifactLocation"]["uriBaseId"], "SRCROOT");
  EXPECT_EQ(where["region"]["startLine"], 17);
  EXPECT_EQ(where["region"]["startColumn"], 11);
  EXPECT_THAT(run["originalUriBaseIds"]["SRCROOT"]["uri"].get<std::string>(),
              testing::StartsWith("file:///"));
  // The deadlock has no place of its own: it is placed at `inc` (line 15), its last move.
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["region"]["startLine"], 15);
  // The invariant's trace: init, inc(), inc(), with the changed variable in each step.
  const json& flow = results[1]["codeFlows"][0]["threadFlows"][0];
  EXPECT_THAT(StepMessages(flow),
              testing::ElementsAre("1. init: the initial state in full", "2. inc(): n: 0 -> 1",
                                   "3. inc(): n: 1 -> 2"));
  EXPECT_EQ(flow["locations"][1]["state"]["n"]["text"], "1");
  EXPECT_EQ(flow["locations"][1]["location"]["physicalLocation"]["region"]["startLine"], 15);
  // The failed assert is placed at the assert.
  const json& failed = results[0]["codeFlows"][0]["threadFlows"][0]["locations"][2];
  EXPECT_EQ(failed["location"]["message"]["text"], "3. check(): failed: one is checked");
  EXPECT_EQ(failed["location"]["physicalLocation"]["region"]["startLine"], 16);
  // Fingerprints are the JSON report's ids.
  const std::vector<std::string> ids = JsonIds({"check", file});
  ASSERT_EQ(ids.size(), results.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ(results[i]["partialFingerprints"][kFingerprint], ids[i]);
  }
  Validate();
}

// endless.rules: the lasso init -> pass() by A -> pass() by B, back to the initial state.
TEST_F(SarifTest, ALassoMarksWhereItsCycleStarts) {
  const json log = Sarif({"check", "tests/e2e/analyses/endless.rules"}, "endless.sarif", 1);
  const json& result = OnlyResult(log);
  EXPECT_EQ(result["ruleId"], "non_termination");
  EXPECT_EQ(result["properties"]["cycleStart"], 0);
  const json& flow = result["codeFlows"][0]["threadFlows"][0];
  const std::vector<std::string> steps = StepMessages(flow);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_THAT(steps[0], HasSubstr("the cycle starts here"));
  EXPECT_EQ(flow["locations"][0]["properties"]["cycleStart"], true);
  EXPECT_THAT(steps[1], testing::StartsWith("2. A: pass(): turn: A -> B"));
  EXPECT_EQ(steps[2], "3. B: pass(): turn: B -> A (back to the state of step 1)");
  Validate();
}

// order_dependent.rules: after go(), `double` and `inc` wait; double first ends at x = 3
// ((1 * 2) + 1), inc first at x = 4 ((1 + 1) * 2). One thread flow per order.
TEST_F(SarifTest, AnOrderDependenceHasAThreadFlowPerOrder) {
  const json log = Sarif({"check", "tests/e2e/analyses/order_dependent.rules"}, "order.sarif", 0);
  const json& result = OnlyResult(log);
  EXPECT_EQ(result["ruleId"], "order_dependence");
  EXPECT_EQ(result["level"], "warning");
  const json& flows = result["codeFlows"][0]["threadFlows"];
  ASSERT_EQ(flows.size(), 2u);
  EXPECT_THAT(flows[0]["message"]["text"].get<std::string>(), HasSubstr("`double` first"));
  EXPECT_THAT(flows[1]["message"]["text"].get<std::string>(), HasSubstr("`inc` first"));
  const std::vector<std::string> first = StepMessages(flows[0]);
  const std::vector<std::string> second = StepMessages(flows[1]);
  ASSERT_EQ(first.size(), 4u);
  ASSERT_EQ(second.size(), 4u);
  EXPECT_EQ(first[1], second[1]);  // the shared trace
  EXPECT_THAT(first[2], testing::StartsWith("3. double(): x: 1 -> 2"));
  EXPECT_THAT(first[3], testing::StartsWith("4. inc(): x: 2 -> 3"));
  EXPECT_THAT(second[2], testing::StartsWith("3. inc(): x: 1 -> 2"));
  EXPECT_THAT(second[3], testing::StartsWith("4. double(): x: 2 -> 4"));
  Validate();
}

// order_never_settles.rules: with b first the chain never settles; its thread flow is the
// way into the loop, whose last step comes back to the state of step 4.
TEST_F(SarifTest, AnOrderThatNeverSettlesIsALassoInItsThreadFlow) {
  const json log =
      Sarif({"check", "tests/e2e/analyses/order_never_settles.rules"}, "never.sarif", 0);
  const json* order = nullptr;
  for (const json& result : log["runs"][0]["results"]) {
    if (result["ruleId"] == "order_dependence") order = &result;
  }
  ASSERT_NE(order, nullptr) << log.dump(2);
  const json& flows = (*order)["codeFlows"][0]["threadFlows"];
  ASSERT_EQ(flows.size(), 2u);
  EXPECT_THAT(flows[1]["message"]["text"].get<std::string>(),
              HasSubstr("`b` first: the chain never settles; the moves after step 2 (each "
                        "state's first) come back to the state of step 4"));
  const std::vector<std::string> steps = StepMessages(flows[1]);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_THAT(steps[3], HasSubstr("the cycle starts here"));
  EXPECT_EQ(steps[4], "5. spin(): no change (back to the state of step 4)");
  Validate();
}

// A trace longer than 1,000 steps shows its first 500 and its last 499, and one location
// between them that says how many moves it leaves out (GitHub code scanning refuses a result
// of more than 10,000 locations and shows 1,000); the step after the cut is in full.
// long_trace.rules: x counts up; `small` (x < 1100) breaks at x = 1100, after 1,100 moves.
TEST_F(SarifTest, ALongTraceIsCutInItsMiddle) {
  const std::string path = (dir_ / "long_trace.rules").string();
  std::ofstream(path) << "state { x: 0..1200 = 0 }\naction step when x < 1200 { x := x + 1 }\n"
                         "invariant small: x < 1100\n";
  const json log = Sarif({"check", path, "--skip", "deadlock"}, "long.sarif", 1);
  const json& result = OnlyResult(log);
  EXPECT_EQ(result["ruleId"], "invariant");
  const json& flow = result["codeFlows"][0]["threadFlows"][0];
  const std::vector<std::string> steps = StepMessages(flow);
  ASSERT_EQ(steps.size(), 1000u);
  EXPECT_THAT(steps[499], testing::StartsWith("500. step(): x: 498 -> 499"));
  EXPECT_THAT(steps[500], testing::StartsWith("steps 501 to 602 (102 moves) are left out here"));
  EXPECT_EQ(flow["locations"][500]["properties"]["stepsLeftOut"], 102);
  EXPECT_EQ(steps[501], "603. step(): the state in full");
  EXPECT_EQ(flow["locations"][501]["state"]["x"]["text"], "602");
  EXPECT_EQ(steps[999], "1101. step(): x: 1099 -> 1100");
  Validate();
}

// The other samples: dead rules (dead_rules.rules names four), a forced reaction chain, a
// stopped search (its notification), and the answers of solve (both engines) and prove.
TEST_F(SarifTest, EverySampleValidates) {
  const json dead = Sarif({"check", "tests/e2e/analyses/dead_rules.rules"}, "dead.sarif", 0);
  std::vector<std::string> rules;
  for (const json& result : dead["runs"][0]["results"]) rules.push_back(result["ruleId"]);
  EXPECT_THAT(rules, testing::ElementsAre("dead_action", "dead_trigger", "dead_branch",
                                          "unreachable_card"));
  const json chain = Sarif({"check", "tests/e2e/analyses/forced_chain.rules"}, "chain.sarif", 1);
  EXPECT_EQ(OnlyResult(chain)["ruleId"], "reaction_chain");
  const json stopped =
      Sarif({"check", "tests/e2e/analyses/endless.rules", "--max-states", "1"}, "stopped.sarif", 3);
  EXPECT_TRUE(stopped["runs"][0]["results"].empty());
  EXPECT_THAT(
      stopped["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
          .get<std::string>(),
      HasSubstr("the search is incomplete"));

  // Bounded checks to depth 3 find the invariant, the failing move and the deadlock: each a
  // result with the id `check` gives it.
  const std::string counter = "tests/e2e/reports/counter.rules";
  const json solve = Sarif({"solve", counter, "--depth", "3"}, "solve.sarif", 1);
  std::vector<std::string> fingerprints;
  for (const json& result : solve["runs"][0]["results"]) {
    fingerprints.push_back(result["partialFingerprints"][kFingerprint]);
  }
  const std::vector<std::string> ids = JsonIds({"check", counter});
  EXPECT_THAT(fingerprints, testing::ElementsAre(ids[1], ids[0], ids[2]));
  EXPECT_EQ(solve["runs"][0]["properties"]["answers"].size(), 3u);
  // Queries are answers, not problems: run properties, no results.
  const json queries =
      Sarif({"solve", "tests/e2e/symbolic/hand_worked.rules", "--engine", "explicit"},
            "queries.sarif", 0);
  EXPECT_TRUE(queries["runs"][0]["results"].empty());
  const json& answers = queries["runs"][0]["properties"]["answers"];
  ASSERT_EQ(answers.size(), 6u);
  EXPECT_EQ(answers[0]["name"], "farthest");
  EXPECT_EQ(answers[0]["value"], 60);
  const json prove = Sarif({"prove", counter}, "prove.sarif", 1);
  EXPECT_EQ(OnlyResult(prove)["ruleId"], "invariant");
  Validate();
}

// A SARIF log holds no time or thread count, so one or four threads give the same bytes.
TEST_F(SarifTest, TheLogIsTheSameForAnyThreadCount) {
  for (const std::string file : {"games/tictactoe.rules", "tests/e2e/analyses/forced_chain.rules",
                                 "tests/e2e/reports/counter.rules"}) {
    const RunResult one =
        RunRulecheck({"check", file, "-q", "--threads", "1", "--format", "sarif"});
    const RunResult four =
        RunRulecheck({"check", file, "-q", "--threads", "4", "--format", "sarif"});
    EXPECT_FALSE(one.stdout_text.empty()) << file;
    EXPECT_EQ(one.stdout_text, four.stdout_text) << file;
  }
}

}  // namespace
}  // namespace rulecheck::e2e
