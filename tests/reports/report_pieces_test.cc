// Tests for the pieces the SARIF and JUnit reports and baselines are made of: the formats'
// names, the help text taken from docs/findings.md for every finding kind, markup escaping,
// and reading a baseline (its ids, and where a broken one breaks).
#include <gtest/gtest.h>

#include <string>

#include "reports/baseline.h"
#include "reports/findings_help.h"
#include "reports/markup_text.h"
#include "reports/report.h"

namespace rulecheck::reports {
namespace {

TEST(ReportFormatTest, EveryNameParsesToItsFormat) {
  EXPECT_EQ(FormatNames(), (std::vector<std::string>{"text", "json", "sarif", "junit", "html"}));
  EXPECT_EQ(ParseFormat("sarif"), Format::kSarif);
  EXPECT_EQ(ParseFormat("junit"), Format::kJunit);
  EXPECT_EQ(ParseFormat("html"), Format::kHtml);
  EXPECT_EQ(ParseFormat("xml"), std::nullopt);
}

TEST(FindingsHelpTest, EveryKindHasItsParagraphOfFindingsMd) {
  for (const results::FindingKind kind : AllFindingKinds()) {
    const FindingHelp help = HelpFor(kind);
    const std::string name(results::KindName(kind));
    EXPECT_NE(help.markdown.find("**`" + name + "`**"), std::string::npos) << name;
    EXPECT_FALSE(help.summary.empty()) << name;
    EXPECT_EQ(help.text.find('`'), std::string::npos) << name;
    EXPECT_EQ(help.markdown.find('\n'), std::string::npos) << name;
  }
  EXPECT_EQ(HelpFor(results::FindingKind::kAssert).summary,
            "An assert inside a rule failed during the move at the end of the trace.");
}

TEST(MarkupTextTest, EscapesMarkupAndReplacesWhatXmlCannotHold) {
  EXPECT_EQ(EscapeMarkup("a < b & \"c\" > 'd'"), "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;");
  EXPECT_EQ(EscapeMarkup("tab\tline\n"), "tab\tline\n");
  EXPECT_EQ(EscapeMarkup(std::string("nul\0bell\a", 9)),
            "nul\xEF\xBF\xBD"
            "bell\xEF\xBF\xBD");
  EXPECT_EQ(EscapeMarkup("caf\xC3\xA9"), "caf\xC3\xA9");    // UTF-8 stays
  EXPECT_EQ(EscapeMarkup("bad\xC3("), "bad\xEF\xBF\xBD(");  // a cut sequence does not
  EXPECT_EQ(EscapeMarkup("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
}

TEST(BaselineTest, HoldsTheIdsOfFindingsAndOfAnswersFindings) {
  absl::StatusOr<Baseline> check =
      Baseline::Parse("b.json", R"({"findings": [{"id": "invariant:1"}, {"id": "deadlock:2"}]})");
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_TRUE(check->Holds("invariant:1"));
  EXPECT_TRUE(check->Holds("deadlock:2"));
  EXPECT_FALSE(check->Holds("invariant:3"));
  absl::StatusOr<Baseline> solve = Baseline::Parse(
      "s.json", R"({"queries": [{"finding": null}, {"finding": {"id": "assert:9"}}]})");
  ASSERT_TRUE(solve.ok()) << solve.status();
  EXPECT_EQ(solve->ids().size(), 1u);
  EXPECT_TRUE(solve->Holds("assert:9"));
}

TEST(BaselineTest, SaysWhereABrokenOneBreaks) {
  // The stray `]` is line 2, column 10 (columns in characters: the é is one, not two bytes).
  absl::StatusOr<Baseline> broken = Baseline::Parse("b.json", "{\n \"\xC3\xA9\": 1, ]\n");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(std::string(broken.status().message())
                .rfind("b.json:2:10: error: the baseline is not JSON: ", 0),
            0u)
      << broken.status();
  absl::StatusOr<Baseline> empty = Baseline::Parse("e.json", "");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(std::string(empty.status().message()).rfind("e.json:1:1: error:", 0), 0u)
      << empty.status();
  absl::StatusOr<Baseline> list = Baseline::Parse("l.json", "[1, 2]");
  ASSERT_FALSE(list.ok());
  EXPECT_EQ(list.status().message(),
            "l.json: error: not a JSON report of rulecheck: the top level is not an object");
  absl::StatusOr<Baseline> no_id = Baseline::Parse("n.json", R"({"findings": [{}, 3]})");
  ASSERT_FALSE(no_id.ok());
  EXPECT_EQ(no_id.status().message(),
            "n.json: error: not a JSON report of rulecheck: `findings[0]` has no `id` (a report "
            "from an older rulecheck?)");
}

}  // namespace
}  // namespace rulecheck::reports
