// End-to-end tests of `moved(...)` (tests/e2e/analyses/moved.rules, worked by hand in its
// header): witnesses and violations of properties about the move just made, traces that do
// not show the hidden markers, no order dependence from which trigger resolved last, the
// form on the command line, and a located error for its misuse.
#include <string>
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

constexpr char kFile[] = "tests/e2e/analyses/moved.rules";

json CheckJson(const std::vector<std::string>& extra, int expected_exit) {
  std::vector<std::string> args = {"check", kFile, "--format", "json", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const RunResult run = RunRulecheck(args);
  EXPECT_EQ(run.exit_code, expected_exit) << run.stderr_text;
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::object() : report;
}

const json* Find(const json& report, const std::string& kind, const std::string& name) {
  for (const json& finding : report["findings"]) {
    if (finding["kind"] == kind && finding["name"] == name) return &finding;
  }
  return nullptr;
}

std::vector<std::string> Moves(const json& finding) {
  std::vector<std::string> moves;
  for (const json& step : finding["trace"]) moves.push_back(step["move"]);
  return moves;
}

TEST(MovedTest, PropertiesAboutTheMoveJustMade) {
  const json report = CheckJson({}, 1);
  ASSERT_TRUE(report["complete"]);
  const json* heavy = Find(report, "witness", "heavy_hit");
  ASSERT_NE(heavy, nullptr) << report.dump(2);
  EXPECT_THAT(Moves(*heavy), ElementsAre("init", "attack(P2, 1)", "tally(P2, 1)", "attack(P1, 2)"));
  const json* healed = Find(report, "witness", "healed_p2");
  ASSERT_NE(healed, nullptr);
  EXPECT_THAT(Moves(*healed), ElementsAre("init", "attack(P2, 2)", "heal(P2, 2)"));
  const json* light = Find(report, "invariant", "no_light_hit");
  ASSERT_NE(light, nullptr);
  EXPECT_THAT(Moves(*light), ElementsAre("init", "attack(P2, 1)"));
  EXPECT_NE(Find(report, "unreachable", "fresh_after_heavy"), nullptr);
  EXPECT_EQ(Find(report, "invariant", "heal_marks"), nullptr);
  for (const json& finding : report["findings"]) {
    EXPECT_NE(finding["kind"], "order_dependence") << finding.dump(2);
  }
  EXPECT_EQ(report["errors"], 2);
}

TEST(MovedTest, TracesDoNotShowTheMarkers) {
  const json report = CheckJson({}, 1);
  const json* light = Find(report, "invariant", "no_light_hit");
  ASSERT_NE(light, nullptr);
  for (const json& step : light->at("trace")) {
    EXPECT_THAT(step["state"].dump(), ::testing::Not(HasSubstr("moved")));
    EXPECT_TRUE(step["state"].contains("hp"));
  }
  const RunResult text = RunRulecheck({"check", kFile, "--quiet"});
  EXPECT_THAT(text.stdout_text, ::testing::Not(HasSubstr("moved#")));
}

TEST(MovedTest, OnTheCommandLine) {
  const json report = CheckJson({"--reachable", "moved(tally(P1, 2))"}, 1);
  const json* tally = Find(report, "witness", "moved(tally(P1, 2))");
  ASSERT_NE(tally, nullptr) << report.dump(2);
  // P1 hits, its triggers resolve, P2 hits P1 for 2, and tally(P1, 2) resolves last.
  const std::vector<std::string> moves = Moves(*tally);
  ASSERT_EQ(moves.size(), 6u);
  EXPECT_EQ(moves.back(), "tally(P1, 2)");
}

TEST(MovedTest, MisuseIsALocatedError) {
  const RunResult run =
      RunRulecheck({"check", kFile, "--reachable", "moved(attack(P1))", "--quiet"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text,
              HasSubstr("--reachable:1:7: error: action `attack`: expected 2 arguments, found 1"));
}

}  // namespace
}  // namespace rulecheck::e2e
