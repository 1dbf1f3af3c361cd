// End-to-end tests of the SARIF report of `rulecheck diff` and of --report for diff, on the
// pairs of versions in tests/e2e/diff/ (each file works its differences out by hand in its
// opening comment). Every SARIF sample is validated by Microsoft's validator
// (sarif_validator.h); then the parts code scanning reads are checked: the new version's
// findings with `baselineState` new, updated or unchanged, the fixed ones absent and placed in
// the old file, and the behaviour differences as results of the rules behaviour_state and
// behaviour_move with their traces as code flows. The HTML page of diff is loaded in Chromium
// by html_browser_test.cc.
#include <filesystem>
#include <fstream>
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
using ::testing::Not;
using json = nlohmann::json;

std::string Version(const std::string& name) { return "tests/e2e/diff/" + name + ".rules"; }

class DiffSarifTest : public testing_support::TempFolderTest {
 protected:
  // `rulecheck diff OLD NEW --format sarif --output FILE`, expecting `exit_code`; the log,
  // kept for Validate().
  json Sarif(const std::string& old_name, const std::string& new_name, int exit_code) {
    const std::string path = (dir_ / (old_name + "-" + new_name + ".sarif")).string();
    const RunResult run = RunRulecheck({"diff", "-q", Version(old_name), Version(new_name),
                                        "--format", "sarif", "--output", path});
    EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
    std::ifstream in(path);
    json log = json::parse(in, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(log.is_discarded()) << path << " is not JSON";
    samples_.push_back(path);
    return log.is_discarded() ? json::object() : log;
  }

  void TearDown() override {
    if (!samples_.empty() && !HasFatalFailure()) {
      ValidateSarif(samples_, (dir_ / "validation.sarif").string());
    }
    testing_support::TempFolderTest::TearDown();
  }

  std::vector<std::string> samples_;
};

// The region a result is placed at: "FILE:LINE:COL".
std::string Place(const json& result) {
  const json& physical = result["locations"][0]["physicalLocation"];
  return physical["artifactLocation"]["uri"].get<std::string>() + ":" +
         std::to_string(physical["region"]["startLine"].get<int>()) + ":" +
         std::to_string(physical["region"]["startColumn"].get<int>());
}

size_t FlowSteps(const json& result) {
  return result["codeFlows"][0]["threadFlows"][0]["locations"].size();
}

// The ids of the new version's findings in the diff JSON report, by status.
std::vector<std::string> JsonIds(const std::string& old_name, const std::string& new_name) {
  const json report = json::parse(
      RunRulecheck({"diff", "-q", Version(old_name), Version(new_name), "--format", "json"})
          .stdout_text);
  std::vector<std::string> ids;
  for (const json& change : report["findings"]) ids.push_back(change["id"]);
  return ids;
}

// new_error.rules adds `boom`, whose assert fails at x = 2 (init, inc, inc, boom), and which is
// therefore a dead action: two new findings, on line 13 (the assert at column 42, the action's
// name at 8). The other way round both are fixed: absent, placed in the old file.
TEST_F(DiffSarifTest, NewFindingsAreNewAndFixedOnesAbsentInTheOldFile) {
  const json log = Sarif("base", "new_error", 1);
  const json& run = log["runs"][0];
  ASSERT_EQ(run["results"].size(), 2u) << run["results"].dump(2);
  const json& assert_result = run["results"][0];
  EXPECT_EQ(assert_result["ruleId"], "assert");
  EXPECT_EQ(assert_result["level"], "error");
  EXPECT_EQ(assert_result["baselineState"], "new");
  EXPECT_EQ(Place(assert_result), "tests/e2e/diff/new_error.rules:13:42");
  EXPECT_EQ(FlowSteps(assert_result), 4u);
  EXPECT_EQ(run["results"][1]["ruleId"], "dead_action");
  EXPECT_EQ(run["results"][1]["level"], "warning");
  EXPECT_EQ(run["results"][1]["baselineState"], "new");
  EXPECT_EQ(Place(run["results"][1]), "tests/e2e/diff/new_error.rules:13:8");
  // The fingerprints are the identifiers of the JSON report.
  EXPECT_EQ(JsonIds("base", "new_error"),
            (std::vector<std::string>{
                assert_result["partialFingerprints"]["rulecheckFindingId/v1"],
                run["results"][1]["partialFingerprints"]["rulecheckFindingId/v1"]}));
  EXPECT_EQ(run["properties"]["new_errors"], 1);
  EXPECT_EQ(run["properties"]["old"]["states"], 6);
  EXPECT_EQ(run["properties"]["new"]["transitions"], 5);
  EXPECT_EQ(run["properties"]["behaviour"]["differs"], false);
  EXPECT_EQ(run["artifacts"].size(), 2u);

  const json fixed = Sarif("new_error", "base", 0);
  const json& results = fixed["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u) << results.dump(2);
  for (const json& result : results) EXPECT_EQ(result["baselineState"], "absent");
  EXPECT_EQ(results[0]["ruleId"], "assert");
  EXPECT_EQ(Place(results[0]), "tests/e2e/diff/new_error.rules:13:42");
  EXPECT_EQ(FlowSteps(results[0]), 4u);
  EXPECT_EQ(fixed["runs"][0]["properties"]["new_errors"], 0);
}

// invariant_two.rules against itself: its one finding (low fails at x = 2) is unchanged.
// Against invariant_three.rules low fails later (4 steps, not 3): updated; and the new version
// reaches x = 3 (by init and three inc, the rule on line 11) and x = 3 with done (then stop,
// line 12), which the old one never does: two behaviour_state results, new.
TEST_F(DiffSarifTest, UnchangedUpdatedAndNewBehaviour) {
  const json same = Sarif("invariant_two", "invariant_two", 0);
  ASSERT_EQ(same["runs"][0]["results"].size(), 1u);
  EXPECT_EQ(same["runs"][0]["results"][0]["ruleId"], "invariant");
  EXPECT_EQ(same["runs"][0]["results"][0]["baselineState"], "unchanged");

  const json log = Sarif("invariant_two", "invariant_three", 4);
  const json& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), 3u) << results.dump(2);
  EXPECT_EQ(results[0]["ruleId"], "invariant");
  EXPECT_EQ(results[0]["baselineState"], "updated");
  EXPECT_EQ(FlowSteps(results[0]), 4u);
  const json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 17u);  // the 15 finding kinds, then the two behaviour rules
  EXPECT_EQ(rules[15]["id"], "behaviour_state");
  EXPECT_EQ(rules[16]["id"], "behaviour_move");
  EXPECT_EQ(rules[15]["defaultConfiguration"]["level"], "warning");
  EXPECT_EQ(results[1]["ruleId"], "behaviour_state");
  EXPECT_EQ(results[1]["ruleIndex"], 15);
  EXPECT_EQ(results[1]["level"], "warning");
  EXPECT_EQ(results[1]["baselineState"], "new");
  EXPECT_EQ(results[1]["message"]["text"], "only the new version reaches x = 3, done = false");
  EXPECT_EQ(Place(results[1]), "tests/e2e/diff/invariant_three.rules:11:8");
  EXPECT_EQ(FlowSteps(results[1]), 4u);
  EXPECT_EQ(results[2]["message"]["text"], "only the new version reaches x = 3, done = true");
  EXPECT_EQ(Place(results[2]), "tests/e2e/diff/invariant_three.rules:12:8");
  EXPECT_EQ(FlowSteps(results[2]), 5u);
  EXPECT_NE(results[1]["partialFingerprints"]["rulecheckFindingId/v1"],
            results[2]["partialFingerprints"]["rulecheckFindingId/v1"]);
  EXPECT_EQ(log["runs"][0]["properties"]["queries"][0]["new"], "3 (optimal)");
}

// new_move.rules adds `back` (line 13) from x = 2 to x = 0: a move only the new version has,
// by init, inc, inc, back. removed_move.rules lets `stop` wait for x > 0: the old version's
// state x = 0, done = true (init, stop: `stop` is line 12 of base.rules) is gone, so absent.
TEST_F(DiffSarifTest, BehaviourMovesAndStatesGone) {
  const json moved = Sarif("base", "new_move", 4);
  const json& results = moved["runs"][0]["results"];
  ASSERT_EQ(results.size(), 1u) << results.dump(2);
  EXPECT_EQ(results[0]["ruleId"], "behaviour_move");
  EXPECT_EQ(results[0]["ruleIndex"], 16);
  EXPECT_EQ(results[0]["baselineState"], "new");
  EXPECT_EQ(results[0]["message"]["text"],
            "only the new version moves from x = 2, done = false to x = 0, done = false");
  EXPECT_EQ(Place(results[0]), "tests/e2e/diff/new_move.rules:13:8");
  EXPECT_EQ(FlowSteps(results[0]), 4u);

  const json gone = Sarif("base", "removed_move", 4);
  const json& absent = gone["runs"][0]["results"];
  ASSERT_EQ(absent.size(), 1u) << absent.dump(2);
  EXPECT_EQ(absent[0]["ruleId"], "behaviour_state");
  EXPECT_EQ(absent[0]["baselineState"], "absent");
  EXPECT_EQ(absent[0]["message"]["text"], "only the old version reaches x = 0, done = true");
  EXPECT_EQ(Place(absent[0]), "tests/e2e/diff/base.rules:12:8");
  EXPECT_EQ(FlowSteps(absent[0]), 2u);
}

// A stopped search: no behaviour result, and notifications saying why.
TEST_F(DiffSarifTest, AStoppedSearchIsANotification) {
  const std::string path = (dir_ / "stopped.sarif").string();
  const RunResult run = RunRulecheck({"diff", "-q", Version("base"), Version("score"),
                                      "--max-states", "3", "--format", "sarif", "--output", path});
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  std::ifstream in(path);
  const json log = json::parse(in);
  samples_.push_back(path);
  const json& notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"];
  ASSERT_EQ(notes.size(), 3u) << notes.dump(2);
  EXPECT_THAT(notes[0]["message"]["text"].get<std::string>(),
              HasSubstr("the search of the old version is incomplete"));
  EXPECT_THAT(notes[2]["message"]["text"].get<std::string>(),
              HasSubstr("the behaviour was not compared"));
  EXPECT_TRUE(log["runs"][0]["results"].empty());
}

class DiffReportFlagTest : public testing_support::TempFolderTest {};

// One comparison, four reports: JSON on stdout and SARIF, JUnit and HTML in files.
TEST_F(DiffReportFlagTest, SeveralReportsOfOneComparison) {
  const std::string sarif = (dir_ / "d.sarif").string();
  const std::string junit = (dir_ / "d.xml").string();
  const std::string html = (dir_ / "d.html").string();
  const RunResult run = RunRulecheck({"diff", "-q", Version("base"), Version("new_move"),
                                      "--format", "json", "--report", "sarif=" + sarif, "--report",
                                      "junit=" + junit, "--report", "html=" + html});
  EXPECT_EQ(run.exit_code, 4) << run.stderr_text;
  EXPECT_EQ(json::parse(run.stdout_text)["behaviour"]["only_new"]["moves"], 1);
  std::ifstream sarif_in(sarif);
  EXPECT_EQ(json::parse(sarif_in)["runs"][0]["results"][0]["ruleId"], "behaviour_move");
  std::ifstream junit_in(junit);
  const std::string xml((std::istreambuf_iterator<char>(junit_in)), {});
  EXPECT_THAT(xml, HasSubstr("failures=\"1\""));
  std::ifstream html_in(html);
  const std::string page((std::istreambuf_iterator<char>(html_in)), {});
  EXPECT_THAT(page, HasSubstr("<title>rulecheck diff: new_move.rules:"));
  EXPECT_THAT(page, HasSubstr("id=\"behaviour-new-1\""));
}

// The same behaviour is said in words on the page, not as "0 states and 0 moves" each way.
TEST_F(DiffReportFlagTest, TheSameBehaviourIsSaidOnThePage) {
  const std::string html = (dir_ / "d.html").string();
  const RunResult run = RunRulecheck(
      {"diff", "-q", Version("base"), Version("hidden_flip"), "--report", "html=" + html});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  std::ifstream html_in(html);
  const std::string page((std::istreambuf_iterator<char>(html_in)), {});
  EXPECT_THAT(page, HasSubstr("class=\"group tone-pass\" id=\"behaviour\""));
  EXPECT_THAT(page, HasSubstr("</code>: the same states and moves in both versions.</p>"));
  EXPECT_THAT(page, Not(HasSubstr("only the old version allows")));
}

TEST_F(DiffReportFlagTest, BadReportFlagsAreRefusedBeforeAnySearch) {
  const std::string file = (dir_ / "x.json").string();
  for (const auto& [flags, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--report", "sarif"}, "--report expects FORMAT=FILE, got 'sarif'"},
           {{"--report", "pdf=" + file}, "--report: unknown report format 'pdf'"},
           {{"--output", file, "--report", "json=" + file}, "is named as the file of two reports"},
           {{"--report", "json=" + (dir_ / "no" / "such" / "x.json").string()}, "cannot write"}}) {
    std::vector<std::string> args = {"diff", "-q", Version("base"), Version("score")};
    args.insert(args.end(), flags.begin(), flags.end());
    const RunResult run = RunRulecheck(args);
    EXPECT_EQ(run.exit_code, 2) << message;
    EXPECT_THAT(run.stderr_text, HasSubstr(message));
    EXPECT_TRUE(run.stdout_text.empty()) << message;
  }
}

}  // namespace
}  // namespace rulecheck::e2e
