// End-to-end tests of `--format html`: the rulecheck binary writes the page for `check`,
// `solve` and `prove` on small models whose results are worked out by hand in their comments,
// and the tests read the markup as text (each listing row is one line, each finding or answer
// an `article` that does not nest). The page in a browser is html_browser_test.cc's.
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// From the tag that carries `attribute` to the first `close` after it; empty and a test
// failure when there is none.
std::string Part(const std::string& html, const std::string& attribute, const std::string& close) {
  const size_t at = html.find(attribute);
  if (at == std::string::npos) {
    ADD_FAILURE() << "no " << attribute;
    return "";
  }
  const size_t start = html.rfind('<', at);
  const size_t end = html.find(close, at);
  return html.substr(start,
                     end == std::string::npos ? std::string::npos : end + close.size() - start);
}

std::string Row(const std::string& html, int line) {
  return Part(html, "<tr id=\"L" + std::to_string(line) + "\"", "</tr>");
}

std::string Article(const std::string& html, const std::string& kind) {
  return Part(html, "data-kind=\"" + kind + "\"", "</article>");
}

int Count(const std::string& text, const std::string& what) {
  int count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

class HtmlReportTest : public testing_support::TempFolderTest {
 protected:
  // `rulecheck ARGS... --format html --quiet`: the page, with the exit code checked.
  std::string Html(std::vector<std::string> args, int expected_exit) {
    args.insert(args.end(), {"--format", "html", "--quiet"});
    const RunResult run = RunRulecheck(args);
    EXPECT_EQ(run.exit_code, expected_exit) << run.stderr_text;
    EXPECT_EQ(run.stdout_text.rfind("<!DOCTYPE html>", 0), 0u);
    return run.stdout_text;
  }
};

// tests/e2e/html/potion.rules: 21 states, 44 transitions; the invariant fails after three
// `add(MandrakeRootFromTheNorthernMarshes)`, a deadlock after 5 moves, `spill` is dead and
// the `if EXTRA_STIRRING` branch is switched off. Coverage is on the page without --coverage.
TEST_F(HtmlReportTest, CheckShowsFindingsTracesAndTheRulesFileWithCounts) {
  const std::string html = Html({"check", "tests/e2e/html/potion.rules"}, 1);
  EXPECT_THAT(html, HasSubstr("<title>rulecheck check: The Alchemist&#39;s &lt;Potion&gt; Shop "
                              "&amp; Co.: 2 error findings</title>"));
  EXPECT_THAT(html, HasSubstr("<dt>states</dt><dd>21</dd>"));
  EXPECT_THAT(html, HasSubstr("<dt>transitions</dt><dd>44</dd>"));
  EXPECT_THAT(html, HasSubstr("exit code 1: at least one error finding"));

  const std::string invariant = Article(html, "invariant");
  EXPECT_THAT(invariant, HasSubstr("data-severity=\"error\""));
  EXPECT_THAT(invariant, HasSubstr("href=\"#L52\">tests/e2e/html/potion.rules:52:11</a>"));
  EXPECT_EQ(Count(invariant, "<li class=\"step"), 4);
  EXPECT_EQ(Count(invariant, "<code class=\"call\">add(MandrakeRootFromTheNorthernMarshes)</code>"),
            3);
  EXPECT_THAT(invariant, HasSubstr("<span class=\"old\">2</span> <span class=\"arrow\" "
                                   "aria-label=\"becomes\">&rarr;</span> <span "
                                   "class=\"new\">3</span>"));
  const std::string deadlock = Article(html, "deadlock");
  EXPECT_EQ(Count(deadlock, "<li class=\"step"), 6);
  EXPECT_THAT(deadlock, Not(HasSubstr("class=\"loc\"")));
  EXPECT_THAT(Article(html, "dead_action"), HasSubstr("href=\"#L47\""));
  // Errors before warnings, and the switched-off branch apart.
  EXPECT_LT(html.find("id=\"errors\""), html.find("id=\"warnings\""));
  EXPECT_THAT(Part(html, "id=\"off-1\"", "</li>"),
              HasSubstr("<code class=\"constant\">EXTRA_STIRRING = false</code>"));

  // The listing: init ran once, each line of add 30 times, of stir 14 times.
  EXPECT_THAT(Row(html, 30), HasSubstr("title=\"1 transition\">1</td>"));
  EXPECT_THAT(Row(html, 37), HasSubstr(">30</td>"));
  EXPECT_THAT(Row(html, 44), HasSubstr(">14</td>"));
  EXPECT_THAT(Row(html, 42), HasSubstr("class=\"line off\""));
  EXPECT_THAT(Row(html, 42), HasSubstr("off: EXTRA_STIRRING = false"));
  for (int line : {47, 48, 49}) EXPECT_THAT(Row(html, line), HasSubstr("class=\"line dead"));
  EXPECT_THAT(Row(html, 47), HasSubstr(">dead action: action spill</a>"));
  EXPECT_THAT(Row(html, 41), HasSubstr(">off: action stir</a>"));
  EXPECT_THAT(Row(html, 52), HasSubstr("class=\"ref tone-error\""));
  // A comment has no count.
  EXPECT_THAT(Row(html, 1), HasSubstr("<td class=\"count\"></td>"));
}

// The page asked for with --report, beside a JSON report on stdout, has the same line counts
// as with --format html (coverage is gathered whichever way the page is asked for).
TEST_F(HtmlReportTest, AnHtmlPageAskedForWithReportHasTheLineCounts) {
  const std::string page = (dir_ / "potion.html").string();
  const RunResult run = RunRulecheck({"check", "tests/e2e/html/potion.rules", "--format", "json",
                                      "--report", "html=" + page, "--quiet"});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_EQ(run.stdout_text.rfind("{", 0), 0u);
  std::stringstream html;
  html << std::ifstream(page).rdbuf();
  EXPECT_THAT(Row(html.str(), 37), HasSubstr(">30</td>"));
  EXPECT_THAT(Row(html.str(), 44), HasSubstr(">14</td>"));
  // The JSON (and text) report shows the coverage only with --coverage: asking for the page
  // added it to them.
  EXPECT_THAT(run.stdout_text, Not(HasSubstr("\"coverage\"")));
  const RunResult text =
      RunRulecheck({"check", "tests/e2e/html/potion.rules", "--report", "html=" + page, "--quiet"});
  EXPECT_THAT(text.stdout_text, Not(HasSubstr("coverage:")));
  const RunResult asked = RunRulecheck({"check", "tests/e2e/html/potion.rules", "--coverage",
                                        "--report", "html=" + page, "--quiet"});
  EXPECT_THAT(asked.stdout_text, HasSubstr("coverage: transitions that ran each line"));
}

// tests/e2e/analyses/endless.rules: one non_termination lasso, init -> pass() -> pass(), whose
// cycle starts at the initial state; `pass` (line 8) runs in both states.
TEST_F(HtmlReportTest, CheckShowsALassoAndWhereItsCycleStarts) {
  const std::string html = Html({"check", "tests/e2e/analyses/endless.rules"}, 1);
  const std::string lasso = Article(html, "non_termination");
  EXPECT_THAT(lasso, HasSubstr("<li class=\"step cycle-start\" id=\"finding-1-trace-s1\""));
  EXPECT_THAT(lasso, HasSubstr("<li class=\"step in-cycle\" id=\"finding-1-trace-s2\""));
  EXPECT_THAT(lasso, HasSubstr("<li class=\"step in-cycle\" id=\"finding-1-trace-s3\""));
  // Each move names its player and links to its rule's line.
  EXPECT_THAT(lasso, HasSubstr("<span class=\"by\">A</span><a class=\"rule\" href=\"#L8\"><code "
                               "class=\"call\">pass()</code></a>"));
  EXPECT_THAT(lasso, HasSubstr("<span class=\"by\">B</span><a class=\"rule\" href=\"#L8\"><code "
                               "class=\"call\">pass()</code></a>"));
  EXPECT_THAT(lasso, HasSubstr("back to the state of step 1: the cycle closes"));
  EXPECT_THAT(Row(html, 8), HasSubstr(">2</td>"));
  EXPECT_THAT(Row(html, 9), HasSubstr("href=\"#finding-1\""));
}

// tests/e2e/analyses/order_dependent.rules: after init and go(), double-then-inc settles at
// x = 3 and inc-then-double at x = 4.
TEST_F(HtmlReportTest, CheckShowsBothOrdersOfAnOrderDependence) {
  const std::string html = Html({"check", "tests/e2e/analyses/order_dependent.rules"}, 0);
  EXPECT_THAT(html, HasSubstr("all properties hold"));
  const std::string finding = Article(html, "order_dependence");
  EXPECT_THAT(finding, HasSubstr("data-severity=\"warning\""));
  EXPECT_THAT(finding, HasSubstr("<dt>triggers</dt><dd>double, inc</dd>"));
  EXPECT_EQ(Count(finding, "<h5>then, with "), 2);
  EXPECT_THAT(finding, HasSubstr("<tr><th scope=\"row\">x</th><td>3</td><td>4</td></tr>"));
  EXPECT_THAT(Part(finding, "id=\"finding-1-order1\"", "</ol>"),
              HasSubstr("<code class=\"call\">double()</code>"));
  EXPECT_THAT(Part(finding, "id=\"finding-1-order2-s3\"", "</li>"),
              HasSubstr("<code class=\"call\">inc()</code>"));
}

// tests/e2e/analyses/order_never_settles.rules: with b first the chain loops on spin; that
// order's steps are a lasso back to the state of step 4, and no table compares settled states.
TEST_F(HtmlReportTest, AnOrderThatNeverSettlesShowsItsLoop) {
  const std::string html = Html({"check", "tests/e2e/analyses/order_never_settles.rules"}, 0);
  const std::string finding = Article(html, "order_dependence");
  EXPECT_THAT(finding, Not(HasSubstr("class=\"settled\"")));
  EXPECT_THAT(finding, HasSubstr("the chain never settles: each state's first move, into a loop"));
  EXPECT_THAT(Part(finding, "-order2-s4\"", "</li>"),
              HasSubstr("the cycle starts here: the moves below come back to this state"));
  EXPECT_THAT(Part(finding, "-order2-s5\"", "</li>"),
              HasSubstr("back to the state of step 4: the cycle closes"));
}

// tests/e2e/analyses/dead_rules.rules: action never (line 34), trigger on_joker (35), the `if`
// branch at line 27 (its line 28 never runs) and the card Joker (16).
TEST_F(HtmlReportTest, CheckMarksDeadRulesAndTheirLines) {
  const std::string html = Html({"check", "tests/e2e/analyses/dead_rules.rules"}, 0);
  for (const char* kind : {"dead_action", "dead_trigger", "dead_branch", "unreachable_card"}) {
    EXPECT_THAT(Article(html, kind), HasSubstr("data-severity=\"warning\"")) << kind;
  }
  EXPECT_THAT(html, HasSubstr("id=\"warnings-dead_action\""));
  for (int line : {28, 34, 35}) EXPECT_THAT(Row(html, line), HasSubstr("class=\"line dead"));
  EXPECT_THAT(Row(html, 34), HasSubstr(">dead action: action never</a>"));
  EXPECT_THAT(Row(html, 27), HasSubstr(">dead branch: action play</a>"));
  EXPECT_THAT(Row(html, 16), HasSubstr(">unreachable card: Joker</a>"));
  EXPECT_THAT(Row(html, 29), Not(HasSubstr("dead")));
}

// tests/e2e/symbolic/hand_worked.rules: farthest 60 at depth 3 (jump, jump, jump), centred 0
// at depth 2, two_coins reachable at depth 3, rich_end not reachable within 4, ratio 12 at
// depth 2, broken has no value.
TEST_F(HtmlReportTest, SolveShowsEachAnswerWithItsWitness) {
  const std::string html = Html({"solve", "tests/e2e/symbolic/hand_worked.rules"}, 0);
  EXPECT_THAT(html, HasSubstr("<p class=\"tool\">rulecheck solve</p>"));
  EXPECT_THAT(html, HasSubstr("<dt>answers</dt><dd>6</dd>"));
  const std::string farthest = Part(html, "id=\"answer-1\"", "</article>");
  EXPECT_THAT(farthest, HasSubstr("<span class=\"badge\">optimal</span>"));
  EXPECT_THAT(farthest, HasSubstr("<dt>value</dt><dd>60</dd></div><div><dt>depth</dt><dd>3</dd>"));
  EXPECT_EQ(Count(farthest, "<code class=\"call\">jump()</code>"), 3);
  EXPECT_THAT(Part(html, "id=\"answer-2\"", "</article>"),
              HasSubstr("<dt>value</dt><dd>0</dd></div><div><dt>depth</dt><dd>2</dd>"));
  const std::string two_coins = Part(html, "id=\"answer-3\"", "</article>");
  EXPECT_THAT(two_coins, HasSubstr("<span class=\"badge\">reachable</span>"));
  EXPECT_EQ(Count(two_coins, "<li class=\"step"), 4);
  const std::string rich_end = Part(html, "id=\"answer-4\"", "</article>");
  EXPECT_THAT(rich_end, HasSubstr("<span class=\"badge\">not reachable</span>"));
  EXPECT_THAT(rich_end, Not(HasSubstr("class=\"trace\"")));
  EXPECT_THAT(Part(html, "id=\"answer-5\"", "</article>"), HasSubstr("<dt>value</dt><dd>12</dd>"));
  EXPECT_THAT(Part(html, "id=\"answer-6\"", "</article>"),
              HasSubstr("<span class=\"badge\">no value</span>"));
  // Each query's line links to its answer.
  EXPECT_THAT(Row(html, 37), HasSubstr("href=\"#answer-1\">maximize farthest: optimal</a>"));
  EXPECT_THAT(Row(html, 40), HasSubstr("href=\"#answer-4\">reachable rich_end: not reachable</a>"));
}

// tests/e2e/html/potion.rules: the invariant fails after 3 moves (any three adds), nothing
// fails and nothing deadlocks within 3 (the deadlock needs 5 moves).
TEST_F(HtmlReportTest, SolveDepthShowsAViolationAndTheChecksThatHeld) {
  const std::string html = Html({"solve", "tests/e2e/html/potion.rules", "--depth", "3"}, 1);
  EXPECT_THAT(html, HasSubstr("<strong class=\"headline\">1 violation</strong>"));
  const std::string invariant = Article(html, "invariant");
  EXPECT_THAT(invariant, HasSubstr("<span class=\"badge\">violated</span>"));
  EXPECT_THAT(invariant, HasSubstr("href=\"#L52\""));
  EXPECT_EQ(Count(invariant, "<li class=\"step"), 4);
  EXPECT_THAT(Article(html, "failure"), HasSubstr("<span class=\"badge\">holds</span>"));
  EXPECT_THAT(Article(html, "deadlock"), HasSubstr("<span class=\"badge\">holds</span>"));
}

TEST_F(HtmlReportTest, ProveShowsWhetherEachInvariantIsProved) {
  // x never passes 3: x <= 3 holds in the four reachable states, which `prove` lists.
  const std::string path = WriteFile("counter.rules", R"(state { x: 0..5 }
action inc() when x < 3 { x += 1 }
invariant small: x <= 3
)");
  const std::string proved = Html({"prove", path}, 0);
  EXPECT_THAT(proved, HasSubstr("<p class=\"tool\">rulecheck prove</p>"));
  const std::string answer = Article(proved, "proof");
  EXPECT_THAT(answer, HasSubstr("<span class=\"badge\">proved</span>"));
  EXPECT_THAT(answer, HasSubstr("<dt>proved</dt><dd>yes</dd>"));
  EXPECT_THAT(answer, HasSubstr("invariant small holds in every reachable state: all 4 of them "
                                "were listed (none is more than 3 moves deep)"));

  // The potion's invariant fails after three adds: a real violation, not proved.
  const std::string violated = Html({"prove", "tests/e2e/html/potion.rules"}, 1);
  const std::string failed = Article(violated, "proof");
  EXPECT_THAT(failed, HasSubstr("<span class=\"badge\">violated</span>"));
  EXPECT_THAT(failed, HasSubstr("<dt>proved</dt><dd>no</dd>"));
  EXPECT_EQ(Count(failed, "<li class=\"step"), 4);
}

// The page is the same for any thread count, but for the times on it.
TEST_F(HtmlReportTest, SamePageForOneOrTwoThreads) {
  const std::regex seconds("[0-9]+\\.[0-9]+ s<");
  std::vector<std::string> pages;
  for (const char* threads : {"1", "2"}) {
    pages.push_back(std::regex_replace(
        Html({"check", "tests/e2e/html/potion.rules", "--threads", threads}, 1), seconds, "s<"));
  }
  EXPECT_EQ(pages[0], pages[1]);
  EXPECT_THAT(pages[0], HasSubstr("<dt>time</dt><dd>s</dd>"));
}

TEST_F(HtmlReportTest, OutputFileHoldsThePage) {
  const std::string page = (dir_ / "report.html").string();
  const RunResult run = RunRulecheck(
      {"check", "tests/e2e/analyses/endless.rules", "--format", "html", "--output", page, "-q"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.stdout_text, "");
  std::ifstream in(page);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("data-kind=\"non_termination\""));
}

TEST_F(HtmlReportTest, UnknownFormatIsAUsageError) {
  const RunResult run =
      RunRulecheck({"check", "tests/e2e/analyses/endless.rules", "--format", "htm"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--format: htm not in {text,json,sarif,junit,html}"));
}

}  // namespace
}  // namespace rulecheck::e2e
