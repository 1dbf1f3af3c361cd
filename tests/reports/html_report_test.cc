// Tests for the HTML reports (report.h's WriteHtmlReport, query_report.h's
// WriteQueryHtmlReport) on hand-made findings and answers over the tiny model (tiny_model.h):
// every finding is on the page with its anchor, grouped by severity and kind; traces are
// steps with their own ids, the first state in full and then the changes; lassos and order
// dependences are marked; the rules file is listed with the counts and marks it was given and
// links both ways; everything from the model is escaped. The markup is checked as text: each
// element the tests look into is written on one line (a listing row) or closed by a tag that
// does not nest (an article), so a substring is the element.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "properties/property.h"
#include "reports/query_report.h"
#include "reports/report.h"
#include "results/answer.h"
#include "results/finding.h"
#include "tests/reports/html_element.h"
#include "tests/reports/tiny_model.h"

namespace rulecheck::reports {
namespace {

using testing::Element;
using ::testing::HasSubstr;
using testing::LoadTiny;
using ::testing::Not;
using testing::Play;

// A row of the listing: line `line` of the rules file.
std::string Row(const std::string& html, int line) {
  return Element(html, "L" + std::to_string(line), "</tr>");
}

class HtmlReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
    result_.stats.complete = true;
    result_.stats.states = 8;
    result_.stats.transitions = 14;
    result_.stats.levels = 4;
  }

  results::Finding Make(results::FindingKind kind, results::Severity severity, std::string name,
                        std::string message, int line, int column) {
    results::Finding finding;
    finding.kind = kind;
    finding.severity = severity;
    finding.name = std::move(name);
    finding.message = std::move(message);
    finding.file = "tiny.rules";
    finding.location = {line, column};
    return finding;
  }

  std::string Html() {
    std::ostringstream out;
    WriteReport(Format::kHtml, *model_, result_, out);
    return out.str();
  }

  std::unique_ptr<model::Model> model_;
  properties::CheckResult result_;
};

TEST_F(HtmlReportTest, IsOneSelfContainedPageWithTheSummary) {
  const std::string html = Html();
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_THAT(html, HasSubstr("<meta charset=\"utf-8\">"));
  EXPECT_THAT(html, HasSubstr("Content-Security-Policy\" content=\"default-src 'none'"));
  EXPECT_THAT(html, HasSubstr("<title>rulecheck check: Tiny: all properties hold</title>"));
  EXPECT_THAT(html, HasSubstr("<h1>Tiny</h1>"));
  EXPECT_THAT(html, HasSubstr("<dt>states</dt><dd>8</dd>"));
  EXPECT_THAT(html, HasSubstr("<dt>transitions</dt><dd>14</dd>"));
  EXPECT_THAT(html, HasSubstr("<dt>search</dt><dd>complete</dd>"));
  EXPECT_THAT(html, HasSubstr("exit code 0: the search finished and every property holds"));
  EXPECT_THAT(html, HasSubstr("id=\"no-findings\""));
  // Nothing is fetched: no source attribute, no link to a style sheet, no URL in the style.
  EXPECT_THAT(html, Not(HasSubstr("src=")));
  EXPECT_THAT(html, Not(HasSubstr("<link")));
  EXPECT_THAT(html, Not(HasSubstr("url(")));
  EXPECT_THAT(html, Not(HasSubstr("http:")));
  EXPECT_THAT(html, Not(HasSubstr("https:")));
  EXPECT_EQ(html.substr(html.size() - 8), "</html>\n");
}

TEST_F(HtmlReportTest, FindingsAreGroupedBySeverityThenKindEachWithItsAnchor) {
  using results::FindingKind;
  using results::Severity;
  // In the order a check reports them: errors, then the rest.
  result_.findings.push_back(Make(FindingKind::kInvariant, Severity::kError, "small",
                                  "invariant small is violated", 12, 11));
  result_.findings.push_back(Make(FindingKind::kDeadlock, Severity::kError, "deadlock",
                                  "deadlock: a state that is not terminal has no moves", 0, 0));
  result_.findings.push_back(Make(FindingKind::kDeadAction, Severity::kWarning, "action flip",
                                  "action flip never makes a move in any reachable state", 11, 8));
  result_.findings.push_back(
      Make(FindingKind::kWitness, Severity::kInfo, "big", "reachable big holds", 12, 1));
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("<strong class=\"headline\">2 error findings</strong>"));
  EXPECT_THAT(html, HasSubstr("exit code 1: at least one error finding"));
  // Sections in severity order, kinds in declaration order (invariant before deadlock).
  const size_t errors = html.find("id=\"errors\"");
  const size_t invariant = html.find("id=\"errors-invariant\"");
  const size_t deadlock = html.find("id=\"errors-deadlock\"");
  const size_t warnings = html.find("id=\"warnings\"");
  const size_t information = html.find("id=\"information\"");
  ASSERT_NE(information, std::string::npos);
  EXPECT_LT(errors, invariant);
  EXPECT_LT(invariant, html.find("id=\"finding-1\""));
  EXPECT_LT(html.find("id=\"finding-1\""), deadlock);
  EXPECT_LT(deadlock, html.find("id=\"finding-2\""));
  EXPECT_LT(html.find("id=\"finding-2\""), warnings);
  EXPECT_LT(warnings, html.find("id=\"finding-3\""));
  EXPECT_LT(information, html.find("id=\"finding-4\""));

  const std::string first = Element(html, "finding-1", "</article>");
  EXPECT_THAT(first, HasSubstr("data-kind=\"invariant\" data-severity=\"error\""));
  EXPECT_THAT(first, HasSubstr("<h4 class=\"message\">invariant small is violated</h4>"));
  EXPECT_THAT(first, HasSubstr("<a class=\"loc\" href=\"#L12\">tiny.rules:12:11</a>"));
  // A deadlock has no place: no link.
  EXPECT_THAT(Element(html, "finding-2", "</article>"), Not(HasSubstr("class=\"loc\"")));
  EXPECT_THAT(Element(html, "finding-3", "</article>"), HasSubstr("data-severity=\"warning\""));
  EXPECT_THAT(Element(html, "finding-4", "</article>"), HasSubstr("data-kind=\"witness\""));

  // Line 12 links to both findings located there, line 11 to the dead action.
  const std::string line12 = Row(html, 12);
  EXPECT_THAT(line12, HasSubstr("<a class=\"ref tone-error\" href=\"#finding-1\">invariant: "
                                "small</a>"));
  EXPECT_THAT(line12, HasSubstr("<a class=\"ref tone-info\" href=\"#finding-4\">witness: "
                                "big</a>"));
  EXPECT_THAT(Row(html, 11), HasSubstr("href=\"#finding-3\">dead action: action flip</a>"));
  EXPECT_THAT(Row(html, 10), Not(HasSubstr("class=\"ref")));
}

TEST_F(HtmlReportTest, TraceStepsShowTheFirstStateThenTheChanges) {
  results::Finding finding = Make(results::FindingKind::kInvariant, results::Severity::kError,
                                  "small", "invariant small is violated", 12, 11);
  finding.trace = Play(*model_, {"inc", "flip"});
  result_.findings.push_back(finding);
  const std::string html = Html();
  const std::string trace = Element(html, "finding-1-trace", "</ol>");
  // The stepper is hidden until the script shows it; without scripts every step is shown.
  EXPECT_THAT(trace, HasSubstr("<div class=\"stepper\" hidden>"));
  EXPECT_THAT(trace, HasSubstr("min=\"1\" max=\"3\" value=\"1\""));
  const std::string init = Element(html, "finding-1-trace-s1", "</li>");
  EXPECT_THAT(init, HasSubstr("<code class=\"call\">init</code>"));
  EXPECT_THAT(init, HasSubstr("<table class=\"state full\">"));
  EXPECT_THAT(init, HasSubstr("<th scope=\"row\">n</th><td class=\"new\">0</td>"));
  EXPECT_THAT(init, HasSubstr("<th scope=\"row\">lit</th><td class=\"new\">false</td>"));
  const std::string inc = Element(html, "finding-1-trace-s2", "</li>");
  // The move links to its rule: `inc` is on line 10, `init` on line 6.
  EXPECT_THAT(inc,
              HasSubstr("<a class=\"rule\" href=\"#L10\"><code class=\"call\">inc()</code></a>"));
  EXPECT_THAT(init, HasSubstr("<a class=\"rule\" href=\"#L6\">"));
  EXPECT_THAT(inc, HasSubstr("<th scope=\"row\">n</th><td class=\"change\"><span "
                             "class=\"old\">0</span>"));
  EXPECT_THAT(inc, HasSubstr("<span class=\"new\">1</span>"));
  EXPECT_THAT(inc, Not(HasSubstr(">lit<")));
  const std::string flip = Element(html, "finding-1-trace-s3", "</li>");
  EXPECT_THAT(flip, HasSubstr("<span class=\"old\">false</span>"));
  EXPECT_THAT(flip, HasSubstr("<span class=\"new\">true</span>"));
  EXPECT_THAT(flip, Not(HasSubstr(">n<")));
}

// A move's choices: up to four each on a label, more as one line of text.
TEST_F(HtmlReportTest, FewChoicesAreLabelsAndManyOneLine) {
  absl::StatusOr<std::unique_ptr<model::Model>> model = model::LoadModelFromText(
      "dice.rules",
      "state { a: 1..3\n b: 1..3\n c: 1..3\n d: 1..3\n e: 1..3 }\n"
      "action two() { choose x in 1..3, y in 1..3 { a := x\n b := y } }\n"
      "action five() { choose x in 1..3, y in 1..3, z in 1..3, u in 1..3, v in 1..3 {\n"
      "  a := x\n b := y\n c := z\n d := u\n e := v } }\n",
      {});
  ASSERT_TRUE(model.ok()) << model.status();
  model_ = std::move(*model);
  results::Finding finding = Make(results::FindingKind::kWitness, results::Severity::kInfo, "big",
                                  "reachable big holds", 1, 1);
  finding.file = "dice.rules";
  // The first successor of each: every choice its first candidate.
  finding.trace = Play(*model_, {"two", "five"});
  result_.findings.push_back(finding);
  const std::string html = Html();
  EXPECT_THAT(Element(html, "finding-1-trace-s2", "</li>"),
              HasSubstr("</code></a><span class=\"choice\">x = 1</span><span "
                        "class=\"choice\">y = 1</span></div>"));
  EXPECT_THAT(Element(html, "finding-1-trace-s3", "</li>"),
              HasSubstr("</code></a><span class=\"choices\">[x = 1, y = 1, z = 1, u = 1, v = "
                        "1]</span></div>"));
}

TEST_F(HtmlReportTest, FailedStepSaysWhatWentWrong) {
  results::Finding finding =
      Make(results::FindingKind::kAssert, results::Severity::kError, "action flip",
           "assert failed in action flip: lit stays off", 11, 17);
  finding.trace = Play(*model_, {"flip"});
  finding.trace.push_back(
      testing::FailedStep(*model_, finding.trace.back(), "flip", "lit stays off"));
  result_.findings.push_back(finding);
  const std::string step = Element(Html(), "finding-1-trace-s3", "</li>");
  EXPECT_THAT(step, HasSubstr("class=\"step failed\""));
  EXPECT_THAT(step, HasSubstr("<strong>failed:</strong> lit stays off"));
  EXPECT_THAT(step, Not(HasSubstr("<table")));
}

TEST_F(HtmlReportTest, LassoMarksTheCycleAndWhereItCloses) {
  results::Finding finding = Make(results::FindingKind::kNonTermination, results::Severity::kError,
                                  "terminates", "the game need not end", 12, 1);
  // flip, flip comes back to the state after inc: the cycle starts at step 2.
  finding.trace = Play(*model_, {"inc", "flip", "flip"});
  finding.cycle_start = 1;
  result_.findings.push_back(finding);
  const std::string html = Html();
  EXPECT_THAT(Element(html, "finding-1-trace-s1", "</li>"), HasSubstr("class=\"step\""));
  const std::string start = Element(html, "finding-1-trace-s2", "</li>");
  EXPECT_THAT(start, HasSubstr("class=\"step cycle-start\""));
  EXPECT_THAT(start, HasSubstr("the cycle starts here"));
  EXPECT_THAT(Element(html, "finding-1-trace-s3", "</li>"), HasSubstr("class=\"step in-cycle\""));
  const std::string last = Element(html, "finding-1-trace-s4", "</li>");
  EXPECT_THAT(last, HasSubstr("class=\"step in-cycle\""));
  EXPECT_THAT(last, HasSubstr("back to the state of step 2: the cycle closes"));
}

TEST_F(HtmlReportTest, OrderDependenceShowsBothOrdersAndWhereEachSettles) {
  results::Finding finding =
      Make(results::FindingKind::kOrderDependence, results::Severity::kWarning, "inc, flip",
           "the order of pending triggers matters", 10, 1);
  finding.trace = Play(*model_, {"inc"});
  finding.triggers = {"inc", "flip"};
  // From n = 1, lit = false: one order ends in n = 2, the other in lit = true.
  finding.outcomes.push_back({"default: inc first", {Play(*model_, {"inc", "inc"}).back()}});
  finding.outcomes.push_back({"other: flip first", {Play(*model_, {"inc", "flip"}).back()}});
  result_.findings.push_back(finding);
  const std::string html = Html();
  const std::string article = Element(html, "finding-1", "</article>");
  EXPECT_THAT(article, HasSubstr("<dt>triggers</dt><dd>inc, flip</dd>"));
  EXPECT_THAT(article, HasSubstr("<h5>then, with default: inc first</h5>"));
  EXPECT_THAT(article, HasSubstr("<h5>then, with other: flip first</h5>"));
  // Each order is its own trace, numbered on from the witness and going on from its state.
  const std::string first = Element(html, "finding-1-order1", "</ol>");
  EXPECT_THAT(first, HasSubstr("data-continues=\"finding-1-trace\""));
  EXPECT_THAT(first, HasSubstr("id=\"finding-1-order1-s3\""));
  EXPECT_THAT(first, HasSubstr("<span class=\"old\">1</span>"));
  EXPECT_THAT(first, HasSubstr("<span class=\"new\">2</span>"));
  const std::string second = Element(html, "finding-1-order2", "</ol>");
  EXPECT_THAT(second, HasSubstr("<code class=\"call\">flip()</code>"));
  EXPECT_THAT(second, HasSubstr("<span class=\"new\">true</span>"));
  // Where they settle: n = 2, lit = false against n = 1, lit = true; both variables differ.
  const size_t table = html.find("<table class=\"settled\">");
  ASSERT_NE(table, std::string::npos);
  const std::string settled = html.substr(table, html.find("</table>", table) - table);
  EXPECT_THAT(settled, HasSubstr("<th scope=\"col\">default: inc first</th><th scope=\"col\">"
                                 "other: flip first</th>"));
  EXPECT_THAT(settled, HasSubstr("<tr><th scope=\"row\">n</th><td>2</td><td>1</td></tr>"));
  EXPECT_THAT(settled, HasSubstr("<tr><th scope=\"row\">lit</th><td>false</td><td>true</td></tr>"));
}

TEST_F(HtmlReportTest, ListingShowsEachLinesTransitionsAndMarksDeadAndOffLines) {
  result_.has_coverage = true;
  result_.coverage = {{10, 12345, ""}, {11, 0, ""}, {8, 0, "LIGHTS = false"}};
  const std::string html = Html();
  // Every line of the file is listed, with its text escaped.
  for (int line = 1; line <= 12; ++line)
    EXPECT_THAT(html, HasSubstr("id=\"L" + std::to_string(line) + "\""));
  // The file ends in a line break, which starts no 13th line.
  EXPECT_THAT(html, Not(HasSubstr("id=\"L13\"")));
  const std::string ran = Row(html, 10);
  EXPECT_THAT(ran, HasSubstr("class=\"line ran\""));
  EXPECT_THAT(ran, HasSubstr(">12,345</td>"));
  EXPECT_THAT(ran, HasSubstr("title=\"12,345 transitions\""));
  EXPECT_THAT(ran, HasSubstr("action inc() when n &lt; 3 { n := n + 1 }"));
  const std::string dead = Row(html, 11);
  EXPECT_THAT(dead, HasSubstr("class=\"line dead\""));
  EXPECT_THAT(dead, HasSubstr("title=\"dead: no transition ran this line\">0</td>"));
  const std::string off = Row(html, 8);
  EXPECT_THAT(off, HasSubstr("class=\"line off\""));
  EXPECT_THAT(off, HasSubstr(">off</td>"));
  EXPECT_THAT(off, HasSubstr("<div class=\"offnote\">off: LIGHTS = false</div>"));
  // A line that holds no rule or statement has an empty count.
  EXPECT_THAT(Row(html, 2), HasSubstr("class=\"line\"><td class=\"ln\"><a href=\"#L2\">2</a>"
                                      "</td><td class=\"count\"></td>"));
  EXPECT_THAT(html, HasSubstr("the transitions that ran it: 1 line ran, 1 <span class=\"chip "
                              "dead\">dead</span> (no transition ran them), 1 <span class=\"chip "
                              "off\">off</span> (constants switch them off)."));
}

TEST_F(HtmlReportTest, AfterAStoppedSearchUnrunLinesAreNotCalledDead) {
  result_.stats.complete = false;
  result_.stats.stop_reason = explorer::StopReason::kMaxStates;
  result_.stats.max_states = 8;
  result_.has_coverage = true;
  result_.coverage = {{10, 3, ""}, {11, 0, ""}};
  const std::string html = Html();
  EXPECT_THAT(Row(html, 11), HasSubstr("class=\"line unrun\""));
  EXPECT_THAT(html, Not(HasSubstr("class=\"line dead\"")));
  EXPECT_THAT(html, HasSubstr("no errors so far; the search is incomplete"));
  EXPECT_THAT(html, HasSubstr("exit code 3:"));
  EXPECT_THAT(html, HasSubstr("<dt>search</dt><dd>incomplete: stopped at --max-states 8</dd>"));
}

TEST_F(HtmlReportTest, WithoutCoverageTheListingHasNoCounts) {
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("<table class=\"listing\">"));
  EXPECT_THAT(Row(html, 10), Not(HasSubstr("class=\"count\"")));
}

TEST_F(HtmlReportTest, SwitchedOffRulesAndUndecidedPropertiesAreListedAndLinked) {
  result_.switched_off.push_back({"action flip",
                                  "action flip is switched off by LIGHTS = false",
                                  {11, 1},
                                  {"LIGHTS = false"}});
  result_.undetermined.push_back({"reachable", "big", {12, 1}, ""});
  const std::string html = Html();
  const std::string off = Element(html, "off-1", "</li>");
  EXPECT_THAT(off, HasSubstr("action flip is switched off by LIGHTS = false"));
  EXPECT_THAT(off, HasSubstr("href=\"#L11\""));
  EXPECT_THAT(off, HasSubstr("<code class=\"constant\">LIGHTS = false</code>"));
  EXPECT_THAT(Row(html, 11), HasSubstr("href=\"#off-1\">off: action flip</a>"));
  EXPECT_THAT(Element(html, "undetermined-1", "</li>"), HasSubstr("reachable big"));
  EXPECT_THAT(Row(html, 12), HasSubstr("href=\"#undetermined-1\""));
  EXPECT_THAT(html, HasSubstr("exit code 3: some properties could not be decided"));
}

TEST_F(HtmlReportTest, EverythingFromTheModelIsEscaped) {
  absl::StatusOr<std::unique_ptr<model::Model>> model = model::LoadModelFromText(
      "a&b.rules",
      "game \"<script>alert('x')</script>\"\n"
      "state { n: 0..3 }\n"
      "action inc() when n < 3 { assert n != 2, \"<img src=x onerror=alert(1)>\"\n"
      "  n := n + 1 }\n",
      {});
  ASSERT_TRUE(model.ok()) << model.status();
  model_ = std::move(*model);
  results::Finding finding =
      Make(results::FindingKind::kAssert, results::Severity::kError, "action inc",
           "assert failed in action inc: <img src=x onerror=alert(1)>", 3, 27);
  finding.file = "a&b.rules";
  result_.findings.push_back(finding);
  const std::string html = Html();
  EXPECT_THAT(html, Not(HasSubstr("<script>alert")));
  EXPECT_THAT(html, Not(HasSubstr("<img")));
  EXPECT_THAT(html, HasSubstr("<h1>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</h1>"));
  EXPECT_THAT(html, HasSubstr("<p class=\"file\">a&amp;b.rules</p>"));
  EXPECT_THAT(html, HasSubstr("assert failed in action inc: &lt;img src=x onerror=alert(1)&gt;"));
  EXPECT_THAT(html, HasSubstr("href=\"#L3\">a&amp;b.rules:3:27</a>"));
  EXPECT_THAT(Row(html, 3), HasSubstr("when n &lt; 3 { assert n != 2, &quot;&lt;img src=x "
                                      "onerror=alert(1)&gt;&quot;"));
  // The only script element is the page's own.
  EXPECT_EQ(html.find("<script"), html.rfind("<script"));
}

class HtmlQueryReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
  }

  std::string Html() {
    std::ostringstream out;
    WriteQueryReport(Format::kHtml, *model_, answers_, out);
    return out.str();
  }

  std::unique_ptr<model::Model> model_;
  std::vector<results::Answer> answers_;
};

TEST_F(HtmlQueryReportTest, AnswersShowVerdictValueDepthAndWitness) {
  results::Answer best;
  best.name = "best";
  best.kind = results::AnswerKind::kMaximize;
  best.verdict = results::Verdict::kOptimal;
  best.value = 3;
  best.depth = 2;
  best.message = "the maximum of best within 5 moves is 3, reached in 2 moves";
  best.trace = Play(*model_, {"inc", "inc"});
  answers_.push_back(best);
  results::Answer never;
  never.name = "never";
  never.kind = results::AnswerKind::kReachable;
  never.verdict = results::Verdict::kUnsat;
  never.depth = 5;
  never.message = "never is not reachable within 5 moves";
  answers_.push_back(never);
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("<title>rulecheck solve: Tiny: no violations found</title>"));
  EXPECT_THAT(html, HasSubstr("exit code 0:"));
  const std::string first = Element(html, "answer-1", "</article>");
  EXPECT_THAT(first, HasSubstr("data-kind=\"maximize\" data-verdict=\"optimal\""));
  EXPECT_THAT(first, HasSubstr("<span class=\"badge\">optimal</span>"));
  EXPECT_THAT(first, HasSubstr("<dt>value</dt><dd>3</dd>"));
  EXPECT_THAT(first, HasSubstr("<dt>depth</dt><dd>2</dd>"));
  EXPECT_THAT(first, HasSubstr("id=\"answer-1-trace-s3\""));
  EXPECT_THAT(first, Not(HasSubstr("<dt>proved</dt>")));
  const std::string second = Element(html, "answer-2", "</article>");
  EXPECT_THAT(second, HasSubstr("<span class=\"badge\">not reachable</span>"));
  EXPECT_THAT(second, Not(HasSubstr("<dt>value</dt>")));
  EXPECT_THAT(second, Not(HasSubstr("class=\"trace\"")));
}

TEST_F(HtmlQueryReportTest, InductionSaysWhetherItProvedAndLinksTheInvariant) {
  results::Answer proved;
  proved.name = "small";
  proved.kind = results::AnswerKind::kProof;
  proved.verdict = results::Verdict::kUnsat;
  proved.depth = 2;
  proved.message = "invariant small is proved by 2-induction: it holds in every reachable state";
  answers_.push_back(proved);
  results::Answer open = proved;
  open.verdict = results::Verdict::kUnknown;
  open.trace = Play(*model_, {"inc"});
  open.trace_from_any_state = true;
  open.message = "not inductive";
  answers_.push_back(open);
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("<p class=\"tool\">rulecheck prove</p>"));
  EXPECT_THAT(html, HasSubstr("no violations found; 1 answer is unknown"));
  EXPECT_THAT(html, HasSubstr("exit code 3:"));
  const std::string first = Element(html, "answer-1", "</article>");
  EXPECT_THAT(first, HasSubstr("<span class=\"badge\">proved</span>"));
  EXPECT_THAT(first, HasSubstr("<dt>proved</dt><dd>yes</dd>"));
  // The invariant `small` is declared on line 12 of the tiny model, its name at column 11.
  EXPECT_THAT(first, HasSubstr("href=\"#L12\">tiny.rules:12:11</a>"));
  const std::string second = Element(html, "answer-2", "</article>");
  EXPECT_THAT(second, HasSubstr("<dt>proved</dt><dd>no</dd>"));
  EXPECT_THAT(second, HasSubstr("induction counterexample"));
  EXPECT_THAT(second, HasSubstr("any state satisfying the invariant"));
  EXPECT_THAT(Row(html, 12), HasSubstr("href=\"#answer-1\">proof small: proved</a>"));
  EXPECT_THAT(Row(html, 12), HasSubstr("href=\"#answer-2\">proof small: unknown</a>"));
}

TEST_F(HtmlQueryReportTest, ViolationFailsThePage) {
  results::Answer violated;
  violated.name = "small";
  violated.kind = results::AnswerKind::kInvariant;
  violated.verdict = results::Verdict::kSat;
  violated.depth = 2;
  violated.message = "invariant small is violated after 2 moves";
  violated.trace = Play(*model_, {"inc", "inc"});
  answers_.push_back(violated);
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("<strong class=\"headline\">1 violation</strong>"));
  EXPECT_THAT(html, HasSubstr("exit code 1: at least one violation"));
  EXPECT_THAT(Element(html, "answer-1", "</article>"),
              HasSubstr("<span class=\"badge\">violated</span>"));
}

}  // namespace
}  // namespace rulecheck::reports
