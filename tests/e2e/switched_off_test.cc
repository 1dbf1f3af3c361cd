// End-to-end tests of how `rulecheck check` reports branches no move took: a branch that
// constants switch off is listed apart (not a dead_branch), with the constants and their
// values, in the text and JSON reports and in `--coverage`; a dead branch of a proc is
// reported once, under the proc, with the rules that call it, and only when no copy of it
// ran (tests/e2e/analyses/switched_off.rules, worked by hand in its header).
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using json = nlohmann::json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFile[] = "tests/e2e/analyses/switched_off.rules";

// `check FILE --format json` with `extra` flags, as JSON (empty when it is not).
json CheckJsonOf(const char* file, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check", file, "--format", "json", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const RunResult run = RunRulecheck(args);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text;
  return report.is_discarded() ? json::object() : report;
}

json CheckJson(std::vector<std::string> extra = {}) { return CheckJsonOf(kFile, std::move(extra)); }

std::vector<json> DeadBranches(const json& report) {
  std::vector<json> found;
  for (const json& finding : report["findings"]) {
    if (finding["kind"] == "dead_branch") found.push_back(finding);
  }
  return found;
}

TEST(SwitchedOffTest, DeadBranchesLeaveOutWhatConstantsSwitchOff) {
  const json report = CheckJson();
  ASSERT_TRUE(report["complete"]);
  const std::vector<json> dead = DeadBranches(report);
  ASSERT_EQ(dead.size(), 2u) << report.dump(2);
  EXPECT_EQ(dead[0]["name"], "proc grow");
  EXPECT_EQ(dead[0]["location"]["line"], 18);
  EXPECT_EQ(dead[0]["message"],
            "the `if` branch at line 18 of proc grow (called from action small, action big) "
            "is never taken");
  EXPECT_EQ(dead[1]["name"], "action mode");
  EXPECT_EQ(dead[1]["location"]["line"], 47);

  const json& off = report["switched_off"];
  ASSERT_EQ(off.size(), 4u) << off.dump(2);
  std::vector<int> lines;
  for (const json& branch : off) lines.push_back(branch["location"]["line"]);
  EXPECT_THAT(lines, ElementsAre(26, 33, 35, 44));
  EXPECT_EQ(off[0]["name"], "proc grow");
  EXPECT_EQ(off[0]["message"],
            "the `if` branch at line 26 of proc grow (called from action small, action big) is "
            "switched off by HOUSE = false");
  EXPECT_EQ(off[1]["name"], "action house");
  EXPECT_THAT(off[1]["constants"], ElementsAre("HOUSE = false"));
  EXPECT_THAT(off[2]["constants"], ElementsAre("MODE = 1"));
  EXPECT_EQ(off[3]["message"],
            "the `else` branch at line 44 of action mode is switched off by "
            "MODE = 1");
}

// Under other values other branches are off, and the dead ones stay dead.
TEST(SwitchedOffTest, AnotherSettingSwitchesOthers) {
  auto lines = [](const auto& entries) {
    std::vector<int> out;
    for (const json& entry : entries) out.push_back(entry["location"]["line"]);
    return out;
  };
  // MODE = 0: house's `elif` is off by MODE now, and mode's `if` instead of its `else`.
  const json mode = CheckJson({"--const", "MODE=0"});
  EXPECT_THAT(lines(DeadBranches(mode)), ElementsAre(18, 47));
  EXPECT_THAT(lines(mode["switched_off"]), ElementsAre(26, 33, 35, 42));
  EXPECT_THAT(mode["switched_off"][3]["constants"], ElementsAre("MODE = 0"));
  // HOUSE: grow's `if HOUSE` runs and sets a bonus on every move, so `house` and `mode` never
  // run: their branches are not listed at all, off or dead.
  const json house = CheckJson({"--const", "HOUSE=true"});
  EXPECT_THAT(lines(DeadBranches(house)), ElementsAre(18));
  EXPECT_TRUE(house["switched_off"].empty()) << house["switched_off"].dump(2);
  std::vector<std::string> dead_actions;
  for (const json& finding : house["findings"]) {
    if (finding["kind"] == "dead_action") dead_actions.push_back(finding["name"]);
  }
  EXPECT_THAT(dead_actions, ElementsAre("action house", "action mode"));
}

TEST(SwitchedOffTest, CoverageNamesTheConstants) {
  const json report = CheckJson({"--coverage"});
  std::map<int, std::string> off_by;
  for (const json& line : report["coverage"]) {
    if (line.contains("off_by")) off_by[line["line"]] = line["off_by"];
  }
  // The conditions' lines and the statements inside the switched-off branches.
  EXPECT_EQ(off_by[27], "HOUSE = false");
  EXPECT_EQ(off_by[34], "HOUSE = false");
  EXPECT_EQ(off_by[35], "MODE = 1");
  EXPECT_EQ(off_by[36], "MODE = 1");
  EXPECT_EQ(off_by[44], "MODE = 1");
  EXPECT_EQ(off_by[45], "MODE = 1");
  EXPECT_EQ(off_by.count(19), 0u);  // dead, not switched off
  EXPECT_EQ(off_by.count(47), 0u);
  EXPECT_EQ(off_by.size(), 6u);

  const RunResult text = RunRulecheck({"check", kFile, "--coverage", "--quiet"});
  EXPECT_THAT(text.stdout_text,
              HasSubstr("off: the `if` branch at line 33 of action house is switched off by "
                        "HOUSE = false\n  tests/e2e/analyses/switched_off.rules:33:6\n"));
  EXPECT_THAT(text.stdout_text, HasSubstr("bonus := 3    (off: MODE = 1)\n"));
}

// A branch of a proc that runs from one caller is not dead.
TEST(SwitchedOffTest, ProcBranchTakenFromOneCallerIsNotDead) {
  const json report = CheckJson();
  for (const json& finding : DeadBranches(report)) {
    EXPECT_NE(finding["location"]["line"], 23) << finding.dump(2);
  }
}

// Whole actions and triggers whose guard the constants make false are off, not dead
// (tests/e2e/analyses/switched_off_rules.rules, worked by hand in its header).
TEST(SwitchedOffTest, RulesSwitchedOffByTheirGuard) {
  constexpr char kRules[] = "tests/e2e/analyses/switched_off_rules.rules";
  auto check = [&](std::vector<std::string> extra) { return CheckJsonOf(kRules, extra); };
  auto names = [](const json& entries, const std::string& kind) {
    std::vector<std::string> out;
    for (const json& entry : entries) {
      if (kind.empty() || entry["kind"] == kind) out.push_back(entry["name"]);
    }
    return out;
  };
  const json report = check({});
  EXPECT_THAT(names(report["findings"], "dead_action"), ElementsAre("action never"));
  EXPECT_THAT(names(report["findings"], "dead_trigger"), ElementsAre("trigger noted"));
  const json& off = report["switched_off"];
  EXPECT_THAT(names(off, ""), ElementsAre("action visit", "action capped", "trigger bonus"));
  ASSERT_EQ(off.size(), 3u);
  EXPECT_EQ(off[0]["message"], "action visit is switched off by EXPANSION = false");
  EXPECT_EQ(off[0]["location"]["line"], 19);
  EXPECT_THAT(off[1]["constants"], ElementsAre("CAP = 3"));
  EXPECT_EQ(off[2]["location"]["line"], 22);

  const json expansion = check({"--const", "EXPANSION=true"});
  EXPECT_THAT(names(expansion["switched_off"], ""), ElementsAre("action capped"));
  EXPECT_THAT(names(expansion["findings"], "dead_action"), ElementsAre("action never"));

  const RunResult text = RunRulecheck({"check", kRules, "--quiet"});
  EXPECT_THAT(text.stdout_text,
              HasSubstr("off: trigger bonus is switched off by EXPANSION = false\n  " +
                        std::string(kRules) + ":22:9\n"));

  // --coverage marks the lines of a switched-off rule off, with its constants: visit (19),
  // capped (21) and bonus (22); never (20) and noted (23) are dead, not off.
  const json covered = check({"--coverage"});
  std::map<int, std::string> off_lines;
  for (const json& line : covered["coverage"]) {
    if (line.contains("off_by")) off_lines[line["line"].get<int>()] = line["off_by"];
  }
  EXPECT_THAT(off_lines, ElementsAre(std::pair(19, "EXPANSION = false"), std::pair(21, "CAP = 3"),
                                     std::pair(22, "EXPANSION = false")));
}

// A constant reaches a condition through a proc's parameter, a `let` and a fun
// (tests/e2e/analyses/switched_off_through.rules, worked by hand in its header).
TEST(SwitchedOffTest, ThroughParametersLetsAndFuns) {
  constexpr char kThrough[] = "tests/e2e/analyses/switched_off_through.rules";
  auto check = [&](std::vector<std::string> extra) { return CheckJsonOf(kThrough, extra); };
  const json report = check({});
  const std::vector<json> dead = DeadBranches(report);
  ASSERT_EQ(dead.size(), 1u) << report.dump(2);
  EXPECT_EQ(dead[0]["location"]["line"], 24);
  std::vector<std::string> off;
  for (const json& entry : report["switched_off"]) off.push_back(entry["message"]);
  EXPECT_THAT(off,
              ElementsAre("action c is switched off by HOUSE = false",
                          "the `if` branch at line 16 of proc deal (called from action a) "
                          "is switched off by MODE = 1",
                          "the `if` branch at line 20 of action bb is switched off by "
                          "HOUSE = false",
                          "the `if` branch at line 22 of action bb is switched off by MODE = 1",
                          "the `if` branch at line 23 of action bb is switched off by "
                          "MODE = 1"));
  const json other = check({"--const", "MODE=2", "--const", "HOUSE=true"});
  ASSERT_EQ(other["switched_off"].size(), 1u) << other.dump(2);
  EXPECT_EQ(other["switched_off"][0]["message"],
            "the `else` branch at line 16 of proc deal (called from action a) is switched off "
            "by MODE = 2");
}

// Only the constants that decide a condition are named: a side of `and`/`or` that does not
// decide it, an `if`'s branch not taken, and a `let`'s unused alternative name none
// (tests/e2e/analyses/switched_off_deciding.rules, worked by hand in its header).
TEST(SwitchedOffTest, NamesOnlyTheConstantsThatDecide) {
  const json report = CheckJsonOf("tests/e2e/analyses/switched_off_deciding.rules");
  std::vector<std::string> off;
  for (const json& entry : report["switched_off"]) off.push_back(entry["message"]);
  EXPECT_THAT(off, ElementsAre("action rare is switched off by ON = false",
                               "action both is switched off by ON = false, OTHER = 7",
                               "action pick is switched off by MODE = 1, LIMIT = 3",
                               "the `if` branch at line 29 of action step is switched off by "
                               "ON = false",
                               "the `if` branch at line 30 of action step is switched off by "
                               "ON = false, OTHER = 7",
                               "the `if` branch at line 32 of action step is switched off by "
                               "ON = false, CAP = 5"));
  EXPECT_TRUE(DeadBranches(report).empty()) << report.dump(2);
}

}  // namespace
}  // namespace rulecheck::e2e
