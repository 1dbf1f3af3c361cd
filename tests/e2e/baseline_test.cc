// End-to-end tests of baselines and of several reports in one run: `--write-baseline` writes
// the JSON report; `--baseline` marks the findings it holds as known in every format (JSON
// `baseline_state`, SARIF `baselineState`, `(known)` in text, a `known` badge on the HTML
// page, whose verdict then gives the exit code) and only new error findings exit
// 1. A finding keeps its id when lines are inserted above it. A baseline that is not a JSON
// report, and a bad --report value, are refused with a located message and exit code 2.
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;

constexpr char kCounter[] = "tests/e2e/reports/counter.rules";

class BaselineTest : public testing_support::TempFolderTest {
 protected:
  // counter.rules with `above` inserted before its first line, written to the test's folder.
  std::string Shifted(const std::string& above, const std::string& below = "") {
    return WriteFile("counter.rules", above + Read(SourcePath(kCounter)) + below);
  }

  // The baseline of counter.rules as it is: exit 1 (its errors are new to an empty history).
  std::string WriteBaseline() {
    const std::string baseline = (dir_ / "baseline.json").string();
    const RunResult run = RunRulecheck({"check", kCounter, "-q", "--write-baseline", baseline});
    EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
    return baseline;
  }

  static std::vector<std::string> States(const json& report) {
    std::vector<std::string> states;
    for (const json& finding : report["findings"]) states.push_back(finding["baseline_state"]);
    return states;
  }
};

// Six lines inserted above every finding: every id is the same, all six findings are known,
// and with no new error the check passes.
TEST_F(BaselineTest, FindingsKeepTheirIdsWhenLinesMove) {
  const std::string baseline = WriteBaseline();
  const json before = json::parse(Read(baseline));
  const std::string shifted = Shifted("# moved\n# down\n\n# by six\n# lines\n\n");
  const RunResult run =
      RunRulecheck({"check", shifted, "-q", "--format", "json", "--baseline", baseline});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  const json after = json::parse(run.stdout_text);
  ASSERT_EQ(after["findings"].size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(after["findings"][i]["id"], before["findings"][i]["id"]);
    const json& line = after["findings"][i]["location"]["line"];
    if (!line.is_null()) {
      EXPECT_EQ(line, before["findings"][i]["location"]["line"].get<int>() + 6);
    }
  }
  EXPECT_THAT(States(after), testing::Each("unchanged"));
  EXPECT_EQ(after["baseline"]["new"], 0);
  EXPECT_EQ(after["baseline"]["unchanged"], 6);
  EXPECT_EQ(after["baseline"]["absent"], 0);
  EXPECT_TRUE(after["baseline"]["absent_ids"].empty());
  EXPECT_EQ(after["baseline"]["new_errors"], 0);
  // The text report marks them known.
  const RunResult text = RunRulecheck({"check", shifted, "-q", "--baseline", baseline});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_THAT(text.stdout_text, HasSubstr("error (known): invariant small is violated"));
  EXPECT_THAT(text.stdout_text, HasSubstr("4 errors (0 new since the baseline"));
}

// A new invariant `tiny` (n < 1, false one move in) is a new error: exit 1, and only it is
// new in JSON and SARIF.
TEST_F(BaselineTest, ANewErrorFailsAndAKnownOneDoesNot) {
  const std::string baseline = WriteBaseline();
  const std::string changed = Shifted("# a new invariant below\n", "invariant tiny: n < 1\n");
  const std::string sarif = (dir_ / "report.sarif").string();
  const RunResult run = RunRulecheck({"check", changed, "-q", "--format", "json", "--baseline",
                                      baseline, "--report", "sarif=" + sarif});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  const json report = json::parse(run.stdout_text);
  std::vector<std::string> new_ones;
  for (const json& finding : report["findings"]) {
    if (finding["baseline_state"] == "new") new_ones.push_back(finding["name"]);
  }
  EXPECT_THAT(new_ones, testing::ElementsAre("tiny"));
  EXPECT_EQ(report["baseline"]["new_errors"], 1);
  const json log = json::parse(Read(sarif));
  int sarif_new = 0;
  for (const json& result : log["runs"][0]["results"]) {
    sarif_new += result["baselineState"] == "new";
    EXPECT_TRUE(result["baselineState"] == "new" || result["baselineState"] == "unchanged");
  }
  EXPECT_EQ(sarif_new, 1);
}

// solve's violations carry the same ids as check's findings, so a check baseline covers them.
TEST_F(BaselineTest, SolveAndProveUseTheBaselineToo) {
  const std::string baseline = WriteBaseline();
  EXPECT_EQ(
      RunRulecheck({"solve", kCounter, "--depth", "3", "-q", "--baseline", baseline}).exit_code, 0);
  EXPECT_EQ(RunRulecheck({"prove", kCounter, "-q", "--baseline", baseline}).exit_code, 0);
  EXPECT_EQ(RunRulecheck({"solve", kCounter, "--depth", "3", "-q"}).exit_code, 1);
  // A baseline written by solve holds its violations.
  const std::string solved = (dir_ / "solved.json").string();
  EXPECT_EQ(
      RunRulecheck({"solve", kCounter, "--depth", "3", "-q", "--write-baseline", solved}).exit_code,
      1);
  const RunResult again =
      RunRulecheck({"solve", kCounter, "--depth", "3", "-q", "--baseline", solved});
  EXPECT_EQ(again.exit_code, 0) << again.stderr_text;
  EXPECT_THAT(again.stdout_text, HasSubstr("invariant small: sat (known)"));
}

// The count of `needle` in `text`.
size_t Occurrences(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// The HTML page marks the findings the baseline holds, as the other formats do: counter.rules'
// six findings (4 errors, a warning, a witness) known, the verdict the exit code's (0: every
// error is known); with invariant tiny added, tiny alone is new and fails (exit 1).
TEST_F(BaselineTest, TheHtmlPageMarksKnownFindings) {
  const std::string baseline = WriteBaseline();
  RunResult run = RunRulecheck(
      {"check", Shifted("# moved\n\n"), "-q", "--baseline", baseline, "--format", "html"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(Occurrences(run.stdout_text, "<article class=\"finding "), 6u);
  EXPECT_EQ(Occurrences(run.stdout_text, " known\" id=\"finding-"), 6u);
  EXPECT_EQ(Occurrences(run.stdout_text, "<span class=\"badge known\""), 6u);
  EXPECT_THAT(run.stdout_text, HasSubstr("4 known error findings, no new ones</strong>"
                                         "<span class=\"exit\">exit code 0:"));
  EXPECT_THAT(run.stdout_text, HasSubstr("<dt>known</dt><dd>6</dd>"));

  run = RunRulecheck({"check", Shifted("", "invariant tiny: n < 1\n"), "-q", "--baseline", baseline,
                      "--format", "html"});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_EQ(Occurrences(run.stdout_text, "<article class=\"finding "), 7u);
  EXPECT_EQ(Occurrences(run.stdout_text, " known\" id=\"finding-"), 6u);
  EXPECT_THAT(run.stdout_text, HasSubstr("1 new error finding</strong><span class=\"exit\">exit "
                                         "code 1:"));
  EXPECT_THAT(run.stdout_text, HasSubstr("<dt>new errors</dt><dd>1</dd>"));
  // Without a baseline nothing is known.
  run = RunRulecheck({"check", kCounter, "-q", "--format", "html"});
  EXPECT_EQ(Occurrences(run.stdout_text, "badge known"), 0u);
}

// solve's page: within depth 3 solve finds counter.rules' three violations (invariant small at
// n = 2, the failed assert of check at n = 1, the deadlock at n = 3 after three inc), all held
// by the baseline solve wrote: known, and the run passes.
TEST_F(BaselineTest, TheAnswersPageMarksKnownViolations) {
  const std::string solved = (dir_ / "solved.json").string();
  RunRulecheck({"solve", kCounter, "--depth", "3", "-q", "--write-baseline", solved});
  const RunResult run = RunRulecheck(
      {"solve", kCounter, "--depth", "3", "-q", "--baseline", solved, "--format", "html"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(Occurrences(run.stdout_text, "<article class=\"answer tone-error known\""), 3u);
  EXPECT_NE(run.stdout_text.find("3 known violations, no new ones</strong>"
                                 "<span class=\"exit\">exit code 0:"),
            std::string::npos);
}

// --write-baseline may rewrite the --baseline file: it is read first.
TEST_F(BaselineTest, ABaselineCanBeUpdatedInPlace) {
  const std::string baseline = WriteBaseline();
  const std::string changed = Shifted("", "invariant tiny: n < 1\n");
  RunResult run =
      RunRulecheck({"check", changed, "-q", "--baseline", baseline, "--write-baseline", baseline});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;  // tiny is new
  EXPECT_EQ(json::parse(Read(baseline))["baseline"]["new_errors"], 1);
  run = RunRulecheck({"check", changed, "-q", "--baseline", baseline});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;  // now it is known
}

// Not JSON: the message names the file, line and column where the parse failed (the `,`
// at line 2, column 16). JSON that is not a report: the file and what is missing.
TEST_F(BaselineTest, ABaselineThatIsNotAReportIsRefused) {
  const std::string broken = WriteFile("broken.json", "{\n  \"findings\": [,]\n}\n");
  RunResult run = RunRulecheck({"check", kCounter, "-q", "--baseline", broken});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              testing::StartsWith(broken + ":2:16: error: the baseline is not JSON"));
  EXPECT_EQ(run.stdout_text, "");

  const std::string other = WriteFile("other.json", "{\"name\": \"not a report\"}\n");
  run = RunRulecheck({"check", kCounter, "-q", "--baseline", other});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr(other + ": error: not a JSON report of rulecheck"));

  const std::string old = WriteFile("old.json", "{\"findings\": [{\"kind\": \"invariant\"}]}\n");
  run = RunRulecheck({"solve", kCounter, "--depth", "1", "-q", "--baseline", old});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("`findings[0]` has no `id`"));

  run = RunRulecheck({"prove", kCounter, "-q", "--baseline", (dir_ / "missing.json").string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("rulecheck: cannot read baseline"));
}

// One run, four reports: the text on stdout and JSON, SARIF and JUnit files, with the same
// findings (the SARIF fingerprints are the JSON ids).
TEST_F(BaselineTest, OneRunWritesSeveralReports) {
  const std::string json_path = (dir_ / "r.json").string();
  const std::string sarif_path = (dir_ / "r.sarif").string();
  const std::string junit_path = (dir_ / "r.xml").string();
  const RunResult run =
      RunRulecheck({"check", kCounter, "-q", "--report", "json=" + json_path, "--report",
                    "sarif=" + sarif_path, "--report", "junit=" + junit_path});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("4 errors"));
  const json report = json::parse(Read(json_path));
  const json log = json::parse(Read(sarif_path));
  ASSERT_EQ(report["findings"].size(), log["runs"][0]["results"].size());
  for (size_t i = 0; i < report["findings"].size(); ++i) {
    EXPECT_EQ(log["runs"][0]["results"][i]["partialFingerprints"]["rulecheckFindingId/v1"],
              report["findings"][i]["id"]);
  }
  EXPECT_THAT(Read(junit_path), HasSubstr("<testsuite name=\"tests/e2e/reports/counter.rules\""));
}

TEST_F(BaselineTest, BadReportValuesAreRefused) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::string file = (dir_ / "x.sarif").string();
  const std::vector<Case> cases = {
      {{"--report", "xml=" + file},
       "rulecheck: --report: unknown report format 'xml' (text, json, sarif, junit or "
       "html)\n"},
      {{"--report", "sarif"}, "rulecheck: --report expects FORMAT=FILE, got 'sarif'\n"},
      {{"--report", "sarif="}, "rulecheck: --report expects FORMAT=FILE, got 'sarif='\n"},
      {{"--report", "sarif=/nonexistent/x.sarif"},
       "rulecheck: cannot write /nonexistent/x.sarif: No such file or directory\n"},
      {{"--report", "sarif=" + file, "--write-baseline", file},
       "rulecheck: " + file + " is named as the file of two reports\n"},
  };
  for (const std::string command : {"check", "solve", "prove"}) {
    for (const Case& c : cases) {
      std::vector<std::string> args = {command, kCounter, "-q"};
      args.insert(args.end(), c.args.begin(), c.args.end());
      const RunResult run = RunRulecheck(args);
      EXPECT_EQ(run.exit_code, 2) << command << " " << c.args[1];
      EXPECT_EQ(run.stderr_text, c.message) << command;
    }
  }
}

}  // namespace
}  // namespace rulecheck::e2e
