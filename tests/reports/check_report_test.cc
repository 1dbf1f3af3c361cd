// Tests for reports/report.h: the check report, text and JSON, of hand-made findings on a
// tiny model (tiny_model.h) — an invariant with a 3-step trace, a failed last step, a lasso,
// an order dependence with two outcomes, a deadlock without a trace, a witness — asserting
// the exact text and the JSON fields.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "properties/property.h"
#include "reports/report.h"
#include "results/finding.h"
#include "tests/reports/tiny_model.h"

namespace rulecheck::reports {
namespace {

using nlohmann::json;
using testing::FailedStep;
using testing::LoadTiny;
using testing::Play;

class CheckReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
    result_.stats.complete = true;
    result_.stats.states = 8;
    result_.stats.transitions = 14;
    result_.stats.levels = 4;
    result_.stats.seconds = 0.25;
    result_.stats.threads = 2;
  }

  results::Finding Error(results::FindingKind kind, std::string name, std::string message, int line,
                         int column) {
    results::Finding finding;
    finding.kind = kind;
    finding.name = std::move(name);
    finding.message = std::move(message);
    finding.file = "tiny.rules";
    finding.location = {line, column};
    return finding;
  }

  std::string Text() {
    std::ostringstream out;
    WriteReport(Format::kText, *model_, result_, out);
    return out.str();
  }

  json Json() {
    std::ostringstream out;
    WriteReport(Format::kJson, *model_, result_, out);
    return json::parse(out.str());
  }

  std::unique_ptr<model::Model> model_;
  properties::CheckResult result_;
};

constexpr char kSummary[] =
    "tiny.rules: 8 states, 14 transitions, 0 terminal, depth 4, 0.25 s, complete\n";

// The engine line: a library built in the background that was ready says so; one that was
// still building when the search ended says the run was interpreted, and that the build goes
// on into the cache or (when the run was stopped) how to have it next time; a run that never
// started a build says nothing.
TEST_F(CheckReportTest, TheEngineLineSaysWhetherTheBackgroundBuildWasReady) {
  result_.engine.background = true;
  result_.engine.compiled = true;
  result_.engine.compile_seconds = 6.5;
  EXPECT_NE(Text().find("compiled to native code in 6.50 s, in the background (interpreted "
                        "until then)\n"),
            std::string::npos)
      << Text();
  result_.engine.compiled = false;
  result_.engine.build_goes_on = true;
  EXPECT_NE(Text().find("interpreted: the search ended before its native code was ready (building "
                        "for 6.50 s so far); the build goes on in the background and puts it in "
                        "the cache for the next run\n"),
            std::string::npos)
      << Text();
  // A run the user stopped stopped its build too.
  result_.engine.build_goes_on = false;
  EXPECT_NE(Text().find("interpreted: the search ended before its native code, building in the "
                        "background for 6.50 s, was ready; `--engine compiled` builds it into the "
                        "cache for later runs\n"),
            std::string::npos)
      << Text();
  result_.engine.compile_seconds = 0;
  EXPECT_EQ(Text().find("native code"), std::string::npos) << Text();
}

TEST_F(CheckReportTest, InvariantTraceShowsTheFirstStateThenWhatEachMoveChanged) {
  results::Finding finding =
      Error(results::FindingKind::kInvariant, "small", "invariant small is violated", 12, 11);
  finding.trace = Play(*model_, {"inc", "flip"});
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "error: invariant small is violated\n"
                        "  tiny.rules:12:11\n"
                        "  1. init\n"
                        "       n = 0\n"
                        "       lit = false\n"
                        "  2. inc()\n"
                        "       n: 0 -> 1\n"
                        "  3. flip()\n"
                        "       lit: false -> true\n"
                        "\n"
                        "1 error\n");

  const json report = Json();
  EXPECT_EQ(report["file"], "tiny.rules");
  EXPECT_EQ(report["game"], "Tiny");
  EXPECT_EQ(report["complete"], true);
  EXPECT_EQ(report["stop_reason"], "none");
  EXPECT_EQ(report["states"], 8);
  EXPECT_EQ(report["errors"], 1);
  ASSERT_EQ(report["findings"].size(), 1u);
  const json& f = report["findings"][0];
  EXPECT_EQ(f["kind"], "invariant");
  EXPECT_EQ(f["severity"], "error");
  EXPECT_EQ(f["name"], "small");
  EXPECT_EQ(f["message"], "invariant small is violated");
  EXPECT_EQ(f["location"], json::parse(R"({"file": "tiny.rules", "line": 12, "column": 11})"));
  ASSERT_EQ(f["trace"].size(), 3u);
  EXPECT_EQ(f["trace"][0], json::parse(R"j({"move": "init", "by": null, "choices": [],
                                            "state": {"n": 0, "lit": false}})j"));
  EXPECT_EQ(f["trace"][1]["move"], "inc()");
  EXPECT_EQ(f["trace"][2], json::parse(R"j({"move": "flip()", "by": null, "choices": [],
                                            "state": {"n": 1, "lit": true}})j"));
  EXPECT_FALSE(f.contains("cycle_start"));
  EXPECT_FALSE(f.contains("outcomes"));
}

TEST_F(CheckReportTest, FailedLastStepSaysWhatWentWrongAndShowsNoState) {
  results::Finding finding = Error(results::FindingKind::kAssert, "action flip",
                                   "assert failed in action flip: lit stays off", 11, 17);
  finding.trace = Play(*model_, {"flip"});
  finding.trace.push_back(FailedStep(*model_, finding.trace.back(), "flip", "lit stays off"));
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "error: assert failed in action flip: lit stays off\n"
                        "  tiny.rules:11:17\n"
                        "  1. init\n"
                        "       n = 0\n"
                        "       lit = false\n"
                        "  2. flip()\n"
                        "       lit: false -> true\n"
                        "  3. flip()\n"
                        "       failed: lit stays off\n"
                        "\n"
                        "1 error\n");

  const json report = Json();
  const json& last = report["findings"][0]["trace"][2];
  EXPECT_EQ(last["move"], "flip()");
  EXPECT_EQ(last["failed"], true);
  EXPECT_EQ(last["error"], "lit stays off");
  // The state the move was tried in.
  EXPECT_EQ(last["state"], json::parse(R"({"n": 0, "lit": true})"));
}

TEST_F(CheckReportTest, LassoMarksWhereTheCycleStarts) {
  results::Finding finding = Error(results::FindingKind::kNonTermination, "terminates",
                                   "the game can go on forever", 1, 1);
  finding.trace = Play(*model_, {"inc", "flip", "flip"});
  finding.cycle_start = 1;
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "error: the game can go on forever\n"
                        "  tiny.rules:1:1\n"
                        "  1. init\n"
                        "       n = 0\n"
                        "       lit = false\n"
                        "  2. inc()\n"
                        "       n: 0 -> 1\n"
                        "  -- the cycle starts here: the moves below come back to this state\n"
                        "  3. flip()\n"
                        "       lit: false -> true\n"
                        "  4. flip()\n"
                        "       lit: true -> false\n"
                        "\n"
                        "1 error\n");

  const json f = Json()["findings"][0];
  EXPECT_EQ(f["kind"], "non_termination");
  EXPECT_EQ(f["cycle_start"], 1);
  EXPECT_EQ(f["trace"].size(), 4u);
}

TEST_F(CheckReportTest, OrderDependenceGoesOnFromTheWitnessInEachOrder) {
  results::Finding finding;
  finding.kind = results::FindingKind::kOrderDependence;
  finding.severity = results::Severity::kWarning;
  finding.name = "inc, flip";
  finding.message = "the order of inc and flip matters";
  finding.file = "tiny.rules";
  finding.triggers = {"inc", "flip"};
  finding.trace = Play(*model_, {"flip"});
  finding.outcomes.push_back({"default: inc first", {Play(*model_, {"flip", "inc"}).back()}});
  finding.outcomes.push_back({"other: flip first", {Play(*model_, {"flip", "flip"}).back()}});
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "warning: the order of inc and flip matters\n"
                        "  1. init\n"
                        "       n = 0\n"
                        "       lit = false\n"
                        "  2. flip()\n"
                        "       lit: false -> true\n"
                        "  then, with default: inc first:\n"
                        "  3. inc()\n"
                        "       n: 0 -> 1\n"
                        "  then, with other: flip first:\n"
                        "  3. flip()\n"
                        "       lit: true -> false\n"
                        "\n"
                        "all properties hold (1 warning)\n");

  const json f = Json()["findings"][0];
  EXPECT_EQ(f["severity"], "warning");
  EXPECT_EQ(f["triggers"], json::parse(R"(["inc", "flip"])"));
  ASSERT_EQ(f["outcomes"].size(), 2u);
  EXPECT_EQ(f["outcomes"][0]["order"], "default: inc first");
  EXPECT_EQ(f["outcomes"][0]["steps"][0]["state"], json::parse(R"({"n": 1, "lit": true})"));
  EXPECT_EQ(f["outcomes"][1]["order"], "other: flip first");
  EXPECT_EQ(f["outcomes"][1]["steps"][0]["move"], "flip()");
}

TEST_F(CheckReportTest, OutcomeThatNeverSettlesSaysSo) {
  results::Finding finding;
  finding.kind = results::FindingKind::kOrderDependence;
  finding.severity = results::Severity::kWarning;
  finding.message = "the order matters";
  finding.trace = Play(*model_, {});
  finding.outcomes.push_back({"other: flip first", {}});
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "warning: the order matters\n"
                        "  1. init\n"
                        "       n = 0\n"
                        "       lit = false\n"
                        "  then, with other: flip first:\n"
                        "       (the chain never settles)\n"
                        "\n"
                        "all properties hold (1 warning)\n");
}

TEST_F(CheckReportTest, DeadlockWithoutTraceOrPlace) {
  results::Finding finding;
  finding.kind = results::FindingKind::kDeadlock;
  finding.name = "deadlock";
  finding.message = "deadlock: a state that is not terminal has no moves (2 deadlocked states)";
  finding.file = "tiny.rules";
  result_.findings.push_back(finding);
  EXPECT_EQ(Text(), std::string(kSummary) +
                        "\n"
                        "error: deadlock: a state that is not terminal has no moves (2 "
                        "deadlocked states)\n"
                        "\n"
                        "1 error\n");

  const json f = Json()["findings"][0];
  EXPECT_EQ(f["kind"], "deadlock");
  EXPECT_EQ(f["location"], json::parse(R"({"file": "tiny.rules", "line": null, "column": null})"));
  EXPECT_EQ(f["trace"], json::array());
}

TEST_F(CheckReportTest, WitnessIsLabelledByItsKindAndIsNoError) {
  results::Finding finding;
  finding.kind = results::FindingKind::kWitness;
  finding.severity = results::Severity::kInfo;
  finding.message = "reachable lit_on holds";
  finding.trace = Play(*model_, {"flip"});
  result_.findings.push_back(finding);
  result_.stats.complete = false;
  result_.stats.stop_reason = explorer::StopReason::kMaxStates;
  result_.stats.max_states = 1000;
  const std::string text = Text();
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "tiny.rules: 8 states checked, 14 transitions, 0 terminal, depth 4, 0.25 s, "
            "INCOMPLETE: stopped at --max-states 1,000");
  EXPECT_NE(text.find("\nwitness: reachable lit_on holds\n  1. init\n"), std::string::npos);
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1),
            "no errors so far; the search is incomplete\n");

  const json report = Json();
  EXPECT_EQ(report["errors"], 0);
  EXPECT_EQ(report["complete"], false);
  EXPECT_EQ(report["stop_reason"], "max_states");
  EXPECT_EQ(report["max_states"], 1000);
  EXPECT_EQ(report["findings"][0]["severity"], "info");
  EXPECT_EQ(report["findings"][0]["kind"], "witness");
}

// SARIF's executionSuccessful: a search stopped by Ctrl-C or the memory budget did not do what
// it was asked; one stopped at --max-states or --stop-at-first did.
TEST_F(CheckReportTest, SarifSaysWhetherTheSearchDidWhatItWasAsked) {
  auto successful = [&] {
    std::ostringstream out;
    WriteReport(Format::kSarif, *model_, result_, out);
    return json::parse(out.str())["runs"][0]["invocations"][0]["executionSuccessful"];
  };
  EXPECT_EQ(successful(), true);
  result_.stats.complete = false;
  for (explorer::StopReason reason :
       {explorer::StopReason::kMaxStates, explorer::StopReason::kStoppedByObserver}) {
    result_.stats.stop_reason = reason;
    EXPECT_EQ(successful(), true) << explorer::StopReasonName(reason);
  }
  for (explorer::StopReason reason :
       {explorer::StopReason::kCancelled, explorer::StopReason::kStoreFull}) {
    result_.stats.stop_reason = reason;
    EXPECT_EQ(successful(), false) << explorer::StopReasonName(reason);
  }
}

}  // namespace
}  // namespace rulecheck::reports
