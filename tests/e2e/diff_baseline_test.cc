// End-to-end tests of `rulecheck diff --baseline` and `--write-baseline`, on the pairs of
// tests/e2e/diff/ (worked out by hand in their opening comments). From base.rules to
// new_error.rules, `boom` brings two new findings: an assert that fails (an error, exit 1) and
// a dead action (a warning). A baseline that holds them (the new version's check report, or
// what diff --write-baseline writes) makes them known in every format, and a known new error
// no longer fails: exit 0, as the behaviour is the same. The ids survive lines inserted above
// them. A baseline that is not a report of check, solve or prove is refused with exit 2.
#include <fstream>
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

constexpr char kBase[] = "tests/e2e/diff/base.rules";
constexpr char kNewError[] = "tests/e2e/diff/new_error.rules";

class DiffBaselineTest : public testing_support::TempFolderTest {
 protected:
  // `check NEW --write-baseline`: the assert (an error, so exit 1) and the dead action.
  std::string CheckBaseline(const std::string& file) {
    const std::string baseline = (dir_ / "check-baseline.json").string();
    const RunResult run = RunRulecheck({"check", "-q", file, "--write-baseline", baseline});
    EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
    return baseline;
  }

  static RunResult Diff(const std::string& old_file, const std::string& new_file,
                        std::vector<std::string> extra) {
    std::vector<std::string> args = {"diff", "-q", old_file, new_file};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunRulecheck(args);
  }
};

TEST_F(DiffBaselineTest, AKnownNewErrorDoesNotFail) {
  EXPECT_EQ(Diff(kBase, kNewError, {}).exit_code, 1);
  const std::string baseline = CheckBaseline(kNewError);
  const RunResult text = Diff(kBase, kNewError, {"--baseline", baseline});
  EXPECT_EQ(text.exit_code, 0) << text.stderr_text;
  EXPECT_THAT(text.stdout_text, HasSubstr("error (known): assert failed in action boom: boom"));
  EXPECT_THAT(text.stdout_text,
              HasSubstr("findings: 2 new (0 errors), 0 fixed, 0 changed (2 known to the baseline " +
                        baseline + ")"));

  const RunResult run = Diff(kBase, kNewError, {"--baseline", baseline, "--format", "json"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  const json report = json::parse(run.stdout_text);
  EXPECT_EQ(report["new_errors"], 0);
  EXPECT_EQ(report["baseline"]["file"], baseline);
  EXPECT_EQ(report["baseline"]["known"], 2);
  ASSERT_EQ(report["findings"].size(), 2u);
  EXPECT_EQ(report["findings"][0]["status"], "new");
  EXPECT_EQ(report["findings"][0]["known"], true);
  EXPECT_EQ(report["findings"][1]["known"], true);

  const RunResult sarif = Diff(kBase, kNewError, {"--baseline", baseline, "--format", "sarif"});
  const json log = json::parse(sarif.stdout_text);
  const json& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0]["baselineState"], "new");  // against the old version
  EXPECT_EQ(results[0]["properties"]["known"], true);
  EXPECT_EQ(log["runs"][0]["properties"]["new_errors"], 0);

  const RunResult junit = Diff(kBase, kNewError, {"--baseline", baseline, "--format", "junit"});
  EXPECT_THAT(junit.stdout_text, HasSubstr("failures=\"0\""));

  const RunResult html = Diff(kBase, kNewError, {"--baseline", baseline, "--format", "html"});
  EXPECT_THAT(html.stdout_text, HasSubstr("class=\"finding tone-error known\""));
  EXPECT_THAT(html.stdout_text, HasSubstr("exit code 0:"));
}

// A baseline holding only the dead action (a warning) leaves the assert new: exit 1.
TEST_F(DiffBaselineTest, OnlyTheFindingsTheBaselineHoldsAreKnown) {
  const json full = json::parse(Read(CheckBaseline(kNewError)));
  json partial = full;
  partial["findings"] = json::array();
  for (const json& finding : full["findings"]) {
    if (finding["kind"] == "dead_action") partial["findings"].push_back(finding);
  }
  ASSERT_EQ(partial["findings"].size(), 1u);
  const std::string baseline = WriteFile("partial.json", partial.dump());
  const RunResult run = Diff(kBase, kNewError, {"--baseline", baseline, "--format", "json"});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  const json report = json::parse(run.stdout_text);
  EXPECT_EQ(report["new_errors"], 1);
  EXPECT_EQ(report["findings"][0]["known"], false);
  EXPECT_EQ(report["findings"][1]["known"], true);
}

// diff --write-baseline writes the new version's check report: the same ids as `check NEW`,
// and as a baseline it makes the next diff pass, also after lines were inserted above `boom`.
TEST_F(DiffBaselineTest, WriteBaselineWritesTheNewVersionsFindingsAndSurvivesALineShift) {
  const std::string written = (dir_ / "diff-baseline.json").string();
  const RunResult run = Diff(kBase, kNewError, {"--write-baseline", written});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  const json from_diff = json::parse(Read(written));
  const json from_check = json::parse(Read(CheckBaseline(kNewError)));
  ASSERT_EQ(from_diff["findings"].size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(from_diff["findings"][i]["id"], from_check["findings"][i]["id"]);
  }
  EXPECT_EQ(from_diff["file"], kNewError);

  const std::string shifted =
      WriteFile("new_error.rules", "# three lines\n# moved down\n\n" + Read(SourcePath(kNewError)));
  const RunResult again = Diff(kBase, shifted, {"--baseline", written, "--format", "json"});
  EXPECT_EQ(again.exit_code, 0) << again.stderr_text;
  const json report = json::parse(again.stdout_text);
  EXPECT_EQ(report["baseline"]["known"], 2);
  EXPECT_EQ(report["findings"][0]["new"]["location"]["line"], 16);  // 13, three lines down
}

TEST_F(DiffBaselineTest, ABaselineThatIsNotAReportIsRefused) {
  const std::string diff_report = (dir_ / "diff.json").string();
  Diff(kBase, kNewError, {"--format", "json", "--output", diff_report});
  const RunResult of_diff = Diff(kBase, kNewError, {"--baseline", diff_report});
  EXPECT_EQ(of_diff.exit_code, 2);
  EXPECT_THAT(of_diff.stderr_text,
              HasSubstr(diff_report + ": error: not a JSON report of rulecheck: it is a report of "
                                      "`diff`"));
  EXPECT_TRUE(of_diff.stdout_text.empty());

  const std::string broken = WriteFile("broken.json", "{\n  \"findings\": [\n    1,\n");
  const RunResult not_json = Diff(kBase, kNewError, {"--baseline", broken});
  EXPECT_EQ(not_json.exit_code, 2);
  EXPECT_THAT(not_json.stderr_text, HasSubstr(broken + ":4:1: error: the baseline is not JSON"));

  const RunResult missing = Diff(kBase, kNewError, {"--baseline", (dir_ / "none.json").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.stderr_text, HasSubstr("cannot read baseline"));
}

}  // namespace
}  // namespace rulecheck::e2e
