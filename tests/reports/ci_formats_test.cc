// Tests for the CI formats of reports/report.h on hand-made findings of the tiny model
// (tiny_model.h): the SARIF result and the JUnit case of one invariant violation, markup in a
// message escaped in JUnit, and a baseline that holds the finding (SARIF `baselineState`,
// JSON `baseline_state`, and no new error).
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "nlohmann/json.hpp"
#include "properties/property.h"
#include "reports/baseline.h"
#include "reports/report.h"
#include "results/finding.h"
#include "tests/reports/tiny_model.h"

namespace rulecheck::reports {
namespace {

using nlohmann::json;

class CiFormatsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = testing::LoadTiny();
    ASSERT_NE(model_, nullptr);
    result_.stats.complete = true;
    result_.stats.states = 8;
    results::Finding finding;
    finding.kind = results::FindingKind::kInvariant;
    finding.name = "small";
    finding.message = "invariant small is violated: n < 2 & <no> \"more\"";
    finding.file = "tiny.rules";
    finding.location = {12, 11};
    finding.trace = testing::Play(*model_, {"inc", "inc"});
    result_.findings.push_back(finding);
  }

  std::string Write(Format format, const ReportContext& context = {}) {
    std::ostringstream out;
    WriteReport(format, *model_, result_, out, context);
    return out.str();
  }

  std::unique_ptr<model::Model> model_;
  properties::CheckResult result_;
};

TEST_F(CiFormatsTest, SarifResultOfAnInvariant) {
  const json log = json::parse(Write(Format::kSarif));
  const json& result = log["runs"][0]["results"][0];
  EXPECT_EQ(result["ruleId"], "invariant");
  EXPECT_EQ(result["ruleIndex"], 0);
  EXPECT_EQ(result["level"], "error");
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["region"],
            json::parse(R"({"startLine": 12, "startColumn": 11})"));
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["artifactLocation"],
            json::parse(R"({"uri": "tiny.rules", "uriBaseId": "SRCROOT"})"));
  const json& steps = result["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0]["state"], json::parse(R"({"n": {"text": "0"}, "lit": {"text": "false"}})"));
  EXPECT_EQ(steps[2]["location"]["message"]["text"], "3. inc(): n: 1 -> 2");
  EXPECT_EQ(steps[2]["state"], json::parse(R"({"n": {"text": "2"}})"));
  const json report = json::parse(Write(Format::kJson));
  EXPECT_EQ(result["partialFingerprints"]["rulecheckFindingId/v1"], report["findings"][0]["id"]);
  EXPECT_FALSE(result.contains("baselineState"));
  EXPECT_FALSE(report["findings"][0].contains("baseline_state"));
}

// The tiny model has one invariant and no reachable, trigger or `terminates`: six cases.
TEST_F(CiFormatsTest, JunitCaseOfAnInvariantWithItsMessageEscaped) {
  const std::string xml = Write(Format::kJunit);
  EXPECT_NE(xml.find("<testsuite name=\"tiny.rules\" tests=\"6\" failures=\"1\" errors=\"0\" "
                     "skipped=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<failure message=\"invariant small is violated: n &lt; 2 &amp; &lt;no&gt; "
                     "&quot;more&quot;\" type=\"error\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("       n: 1 -&gt; 2\n"), std::string::npos) << xml;
}

TEST_F(CiFormatsTest, ABaselineThatHoldsTheFindingMakesItKnown) {
  const std::string id = json::parse(Write(Format::kJson))["findings"][0]["id"];
  absl::StatusOr<Baseline> baseline =
      Baseline::Parse("old.json", R"({"findings": [{"id": ")" + id + R"("}, {"id": "gone:1"}]})");
  ASSERT_TRUE(baseline.ok()) << baseline.status();
  const ReportContext context{.baseline = &*baseline};
  EXPECT_EQ(NewErrorCount(*model_, result_, nullptr), 1);
  EXPECT_EQ(NewErrorCount(*model_, result_, &*baseline), 0);
  const json report = json::parse(Write(Format::kJson, context));
  EXPECT_EQ(report["findings"][0]["baseline_state"], "unchanged");
  EXPECT_EQ(report["baseline"], json::parse(R"({"file": "old.json", "new": 0, "unchanged": 1,
                                                "absent": 1, "absent_ids": ["gone:1"],
                                                "new_errors": 0})"));
  const json log = json::parse(Write(Format::kSarif, context));
  EXPECT_EQ(log["runs"][0]["results"][0]["baselineState"], "unchanged");
  EXPECT_NE(Write(Format::kText, context).find("error (known): invariant small"),
            std::string::npos);
}

}  // namespace
}  // namespace rulecheck::reports
