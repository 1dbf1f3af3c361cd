// The pull-request step of docs/ci.md, scripts/ci-diff-games.sh, run as a CI job runs it: in
// a git repository of its own with a targets file and two commits, it must compare with
// `rulecheck diff` each target whose rules file the second commit changed, skip one it left
// alone, report one it added as new, write the JSON, SARIF, JUnit and HTML reports of each
// diff and a summary that names the change, and apply the exit-code policy: a new error
// finding fails (1), else a changed behaviour (4) unless `--fail-on findings`, and a REF that
// is not a commit is bad usage (2). The differences were worked out by hand:
// - grow: x cycles 0 -> 1 -> 2 -> 0 (3 states, 3 transitions); the new action `back` adds the
//   move 1 -> 0 between states both versions reach: one move only the new version allows;
// - rename: `inc` becomes `step` (n 0 -> 1 -> 2, 2 terminal): two declarations differ (inc
//   removed, step added), the behaviour does not;
// - tighten: the invariant `small` goes from n < 3 (holds) to n < 2 (violated at n = 2): one
//   new error finding.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/junit_suites.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

constexpr char kCycle[] =
    "state {\n  x: 0..3\n}\naction up() when x < 2 { x += 1 }\n"
    "action reset() when x == 2 { x := 0 }\n";
constexpr char kBack[] = "action back() when x == 1 { x := 0 }\n";
constexpr char kCount[] =
    "state {\n  n: 0..2\n}\naction inc() when n < 2 { n += 1 }\n"
    "terminal when n == 2\n";
constexpr char kRenamed[] =
    "state {\n  n: 0..2\n}\naction step() when n < 2 { n += 1 }\n"
    "terminal when n == 2\n";

class CiDiffScriptTest : public testing_support::TempFolderTest {
 protected:
  void SetUp() override {
    testing_support::TempFolderTest::SetUp();
    repo_ = dir_ / "repo";
    std::filesystem::create_directories(repo_ / "games");
    std::filesystem::create_directories(repo_ / "ci");
    Git({"init", "-q"});
    Write("games/grow.rules", kCycle);
    Write("games/rename.rules", kCount);
    Write("games/tighten.rules", std::string(kCount) + "invariant small: n < 3\n");
    Write("games/steady.rules", kCount);
    Write("ci/games.targets",
          "grow games/grow.rules\nrename games/rename.rules\ntighten games/tighten.rules\n"
          "steady games/steady.rules\n");
    Commit("the first version");
    Write("games/grow.rules", std::string(kCycle) + kBack);
    Write("games/rename.rules", kRenamed);
    Write("games/tighten.rules", std::string(kCount) + "invariant small: n < 2\n");
    Write("games/fresh.rules", kCount);
    Write("ci/games.targets",
          "grow games/grow.rules\nrename games/rename.rules\ntighten games/tighten.rules\n"
          "steady games/steady.rules\nfresh games/fresh.rules\n");
    Commit("the second version");
  }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(repo_ / name) << text;
  }

  void Git(std::vector<std::string> args) {
    args.insert(args.begin(), {"-C", repo_.string(), "-c", "user.name=test", "-c",
                               "user.email=test@example.com"});
    const RunResult run = RunProgram("/usr/bin/git", args);
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  }

  void Commit(const std::string& message) {
    Git({"add", "-A"});
    Git({"commit", "-q", "-m", message});
  }

  // Runs the script on the test's repository with `args` after --rulecheck and --repo.
  RunResult Run(std::vector<std::string> args) {
    args.insert(args.begin(), {SourcePath("scripts/ci-diff-games.sh"), "--rulecheck",
                               RULECHECK_BINARY, "--repo", repo_.string()});
    return RunProgram("/bin/bash", args, std::chrono::seconds(300));
  }

  json Json(const std::filesystem::path& path) {
    std::ifstream in(path);
    json value = json::parse(in, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(value.is_discarded()) << path << " is not JSON";
    return value;
  }

  std::filesystem::path repo_;
};

TEST_F(CiDiffScriptTest, ComparesChangedTargetsAndSumsUp) {
  const std::filesystem::path out = dir_ / "out";
  const RunResult run = Run({"--base", "HEAD~1", "--out", out.string(), "--threads", "1"});
  ASSERT_EQ(run.exit_code, 1) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("grow: exit 4 (behaviour differs)"));
  EXPECT_THAT(run.stdout_text, HasSubstr("rename: exit 0 (no difference that fails)"));
  EXPECT_THAT(run.stdout_text, HasSubstr("tighten: exit 1 (new error finding)"));
  EXPECT_THAT(run.stdout_text,
              HasSubstr("steady: games/steady.rules unchanged since HEAD~1 (skipped)"));
  EXPECT_THAT(run.stdout_text,
              HasSubstr("fresh: games/fresh.rules is new since HEAD~1 (not compared)"));

  for (const char* name : {"grow", "rename", "tighten"}) {
    for (const std::string& file :
         {std::string("json/") + name + ".json", std::string("sarif/") + name + ".sarif",
          std::string("junit/") + name + ".xml", std::string("html/") + name + ".html"}) {
      EXPECT_TRUE(std::filesystem::is_regular_file(out / file)) << file;
    }
    EXPECT_EQ(Json(out / "sarif" / (std::string(name) + ".sarif"))["version"], "2.1.0");
  }
  for (const char* name : {"steady", "fresh"}) {
    EXPECT_FALSE(std::filesystem::exists(out / "json" / (std::string(name) + ".json"))) << name;
  }
  // The old versions, extracted from HEAD~1, are what the first commit held.
  EXPECT_EQ(Read((out / "base/games/grow.rules").string()), kCycle);
  EXPECT_FALSE(std::filesystem::exists(out / "base/games/steady.rules"));

  const json grow = Json(out / "json/grow.json");
  EXPECT_EQ(grow["old"]["states"], 3);
  EXPECT_EQ(grow["old"]["transitions"], 3);
  EXPECT_EQ(grow["new"]["states"], 3);
  EXPECT_EQ(grow["new"]["transitions"], 4);
  EXPECT_EQ(grow["new"]["file"], "games/grow.rules");
  EXPECT_EQ(grow["behaviour"]["only_new"]["moves"], 1);
  EXPECT_EQ(grow["behaviour"]["only_new"]["states"], 0);
  EXPECT_EQ(grow["behaviour"]["only_old"]["moves"], 0);
  EXPECT_EQ(grow["behaviour"]["only_old"]["states"], 0);
  const json rename = Json(out / "json/rename.json");
  EXPECT_EQ(rename["declarations"].size(), 2u);
  EXPECT_EQ(rename["behaviour"]["differs"], false);
  const json tighten = Json(out / "json/tighten.json");
  EXPECT_EQ(tighten["new_errors"], 1);
  ASSERT_EQ(tighten["findings"].size(), 1u);
  const std::string id = tighten["findings"][0]["id"];

  const std::string summary = Read((out / "summary.md").string());
  EXPECT_THAT(summary, HasSubstr("## rulecheck diff against HEAD\\~1"));
  EXPECT_THAT(summary, HasSubstr("| grow | games/grow.rules | 4 (behaviour differs) | 3 -> 3 | "
                                 "0 (0) / 0 / 0 / 0 | 0 | old only: 0 states, 0 moves; new only: "
                                 "0 states, 1 moves |"));
  EXPECT_THAT(summary, HasSubstr("- action `back` added"));
  EXPECT_THAT(summary, HasSubstr("- action `inc` removed"));
  EXPECT_THAT(summary, HasSubstr("- action `step` added"));
  EXPECT_THAT(summary, HasSubstr("| tighten | games/tighten.rules | 1 (new error finding) | "
                                 "3 -> 3 | 1 (1) / 0 / 0 / 0 |"));
  EXPECT_THAT(summary, HasSubstr("- new `" + id + "` (error): invariant small is violated"));
  EXPECT_THAT(summary, HasSubstr("| steady | games/steady.rules | - | unchanged since HEAD\\~1 |"));
  EXPECT_THAT(summary, HasSubstr("| fresh | games/fresh.rules | - | new since HEAD\\~1 |"));
  EXPECT_THAT(summary, Not(HasSubstr("### steady")));

  // JUnit, read by Python's junitparser: a suite per diff, named after its file and target.
  const RunResult junit =
      JunitSuiteFailures({(out / "junit/grow.xml").string(), (out / "junit/tighten.xml").string()});
  EXPECT_EQ(junit.stdout_text,
            "games/grow.rules [grow] diff 1\ngames/tighten.rules [tighten] diff 1\n")
      << junit.stderr_text;
}

TEST_F(CiDiffScriptTest, BehaviourFailsUnlessOnlyFindingsDo) {
  const std::vector<std::string> args = {"--base", "HEAD~1", "--only", "^(grow|rename)$"};
  std::vector<std::string> first = args;
  first.insert(first.end(), {"--out", (dir_ / "a").string()});
  RunResult run = Run(first);
  EXPECT_EQ(run.exit_code, 4) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("tighten")));
  std::vector<std::string> second = args;
  second.insert(second.end(), {"--out", (dir_ / "b").string(), "--fail-on", "findings"});
  run = Run(second);
  EXPECT_EQ(run.exit_code, 0) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("grow: exit 0 (no difference that fails)"));
}

// A third commit: `grow` loses its witness (the reachable property `two` held, x reaches 2,
// and no longer does: up stops at 1), which the summary counts as lost (it stopped with a
// KeyError); `rename` at HEAD~1 is made not to load, and HEAD fixes it: nothing to compare,
// not bad input (it exited 2, so a fix could never pass).
TEST_F(CiDiffScriptTest, ALostWitnessAndAFixedFileThatDidNotLoad) {
  Write("games/grow.rules", std::string(kCycle) + "reachable two: x == 2\n");
  Write("games/rename.rules", "state {\n  n: 0..2\n");
  Commit("a witness, and a file that does not load");
  std::string lost = kCycle;
  lost.replace(lost.find("x < 2"), 5, "x < 1");
  Write("games/grow.rules", lost + "reachable two: x == 2\n");
  Write("games/rename.rules", kCount);
  Commit("the witness lost, the file fixed");
  const std::filesystem::path out = dir_ / "out";
  const RunResult run = Run({"--base", "HEAD~1", "--out", out.string(), "--only", "^(grow|rename)$",
                             "--fail-on", "none"});
  EXPECT_EQ(run.exit_code, 0) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stdout_text,
              HasSubstr("rename: games/rename.rules does not load at HEAD~1 (not compared)"));
  const std::string summary = Read((out / "summary.md").string());
  // Losing it also makes `two` unreachable, x stuck at 1 a deadlock and `reset` dead.
  EXPECT_THAT(summary, HasSubstr("| 3 -> 2 | 3 (2) / 0 / 1 / 0 |"));
  EXPECT_THAT(summary, HasSubstr("| rename | games/rename.rules | - | does not load at HEAD\\~1"));
}

// What a rules file says reaches the job summary as plain text: an assert message with HTML
// and Markdown in it added an image, bold text and a table cell to the summary.
TEST_F(CiDiffScriptTest, TheSummaryShowsAMessageAsPlainText) {
  Write("games/tighten.rules", std::string(kCount) +
                                   "action bad() when n == 1 { assert false, "
                                   "\"<img src=x onerror=alert(1)> **bold** | cell\" }\n");
  Commit("a hostile message");
  const std::filesystem::path out = dir_ / "out";
  const RunResult run =
      Run({"--base", "HEAD~1", "--out", out.string(), "--only", "^tighten$", "--fail-on", "none"});
  EXPECT_EQ(run.exit_code, 0) << run.stdout_text << run.stderr_text;
  const std::string summary = Read((out / "summary.md").string());
  EXPECT_THAT(summary,
              HasSubstr("&lt;img src=x onerror=alert\\(1\\)&gt; \\*\\*bold\\*\\* \\| cell"));
  EXPECT_THAT(summary, Not(HasSubstr("<img")));
}

TEST_F(CiDiffScriptTest, BadReferenceIsBadUsage) {
  const RunResult run = Run({"--base", "no-such-branch", "--out", (dir_ / "out").string()});
  EXPECT_EQ(run.exit_code, 2) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stderr_text, HasSubstr("ci-diff-games: --base 'no-such-branch' is not a commit"));
  EXPECT_THAT(run.stderr_text, HasSubstr("git fetch --depth=1 origin"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out/summary.md"));
  EXPECT_EQ(Run({"--out", (dir_ / "out").string()}).exit_code, 2);  // no --base at all
}

}  // namespace
}  // namespace rulecheck::e2e
