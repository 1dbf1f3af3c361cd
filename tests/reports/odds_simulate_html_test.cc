// Tests for the HTML pages of `odds` (odds_report.h's WriteOddsHtml) and `simulate`
// (simulate_report.h's WriteSimulationHtml) on hand-made results over the tiny model
// (tiny_model.h): the page is the shared frame (one self-contained file), each answer and
// each figure is on it as text, and the plots are drawn where the figures say: a value v on
// the 0-100% strip at x = 4 + 192 v, a histogram bar of c games out of a tallest of m at a
// height of 184 c / m. The 95% intervals are Wilson's, worked out by hand below.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "properties/simulation.h"
#include "reports/odds_report.h"
#include "reports/simulate_report.h"
#include "results/finding.h"
#include "results/odds.h"
#include "tests/reports/html_element.h"
#include "tests/reports/tiny_model.h"

namespace rulecheck::reports {
namespace {

using testing::Count;
using testing::Element;
using ::testing::HasSubstr;
using testing::LoadTiny;
using ::testing::Not;
using testing::Play;

void ExpectSelfContained(const std::string& html) {
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_THAT(html, HasSubstr("Content-Security-Policy\" content=\"default-src 'none'"));
  EXPECT_THAT(html, Not(HasSubstr("src=")));
  EXPECT_THAT(html, Not(HasSubstr("<link")));
  EXPECT_THAT(html, Not(HasSubstr("url(")));
  EXPECT_THAT(html, Not(HasSubstr("http:")));
  EXPECT_EQ(html.substr(html.size() - 8), "</html>\n");
}

results::OddsValue Exact(const std::string& text, double value) {
  results::OddsValue v;
  v.kind = results::OddsValue::Kind::kExact;
  v.exact = text;
  v.lower = v.upper = value;
  return v;
}

class OddsHtmlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
    result_.precision = 1e-9;
    result_.graph.states = 8;
    result_.graph.analysed = true;
    result_.graph.transitions = 14;
    results::OddsAnswer wins;
    wins.name = "big<b>";
    wins.loc = {12, 1};
    results::OddsPlay random;
    random.value = Exact("1/4", 0.25);
    results::OddsPlay best;
    best.kind = results::OddsPlay::Kind::kBest;
    best.seat = "P1";
    best.value.kind = results::OddsValue::Kind::kBounds;
    best.value.lower = 0.5;
    best.value.upper = 0.75;
    best.value.converged = false;
    wins.plays = {random, best};
    results::OddsAnswer length;
    length.name = "moves";
    length.expect = true;
    length.loc = {11, 1};
    results::OddsPlay mean;
    mean.value = Exact("7/2", 3.5);
    length.plays = {mean};
    result_.answers = {wins, length};
  }

  std::string Html() {
    std::ostringstream out;
    WriteOddsReport(Format::kHtml, *model_, result_, out);
    return out.str();
  }

  std::unique_ptr<model::Model> model_;
  results::OddsResult result_;
};

TEST_F(OddsHtmlTest, EachAnswerWithEachPlayAndProbabilitiesOnTheScale) {
  ASSERT_TRUE(OddsWrites(Format::kHtml));
  const std::string html = Html();
  ExpectSelfContained(html);
  EXPECT_THAT(html, HasSubstr("<title>rulecheck odds: Tiny: 2 chance queries answered</title>"));
  EXPECT_THAT(html, HasSubstr("exit code 0"));
  EXPECT_THAT(html, HasSubstr("<dt>states</dt><dd>8</dd>"));
  const std::string wins = Element(html, "query-1", "</article>");
  // The name is escaped, the values read as the text report writes them.
  EXPECT_THAT(wins, HasSubstr("probability big&lt;b&gt;"));
  EXPECT_THAT(wins, Not(HasSubstr("<b>")));
  EXPECT_THAT(wins, HasSubstr("<th>random play</th><td class=\"value\">1/4 (0.25)</td>"));
  EXPECT_THAT(wins, HasSubstr("<th>P1 maximises, the rest minimise</th>"));
  EXPECT_THAT(wins, HasSubstr("did not converge"));
  // 1/4 is a mark at 4 + 192/4 = 52; the bounds 0.5 to 0.75 a band from 100, 48 wide, with
  // the mark in its middle, 0.625: 124.
  EXPECT_EQ(Count(wins, "<svg class=\"plot interval\""), 2u);
  EXPECT_THAT(wins, HasSubstr("<circle class=\"mark\" cx=\"52.0\""));
  EXPECT_THAT(wins, HasSubstr("<rect class=\"band\" x=\"100.0\" y=\"5\" width=\"48.0\""));
  EXPECT_THAT(wins, HasSubstr("<circle class=\"mark\" cx=\"124.0\""));
  EXPECT_THAT(wins, HasSubstr("href=\"#L12\""));
  // An expectation has no scale to draw on.
  const std::string moves = Element(html, "query-2", "</article>");
  EXPECT_THAT(moves, HasSubstr("expect moves"));
  EXPECT_THAT(moves, HasSubstr("7/2 (3.5)"));
  EXPECT_THAT(moves, Not(HasSubstr("<svg")));
  // The listing links each query's line to its card.
  EXPECT_THAT(Element(html, "L12", "</tr>"), HasSubstr("href=\"#query-1\""));
  EXPECT_THAT(Element(html, "L11", "</tr>"), HasSubstr("href=\"#query-2\""));
  EXPECT_THAT(Element(html, "notes", "</section>"), HasSubstr("no cycle"));
}

TEST_F(OddsHtmlTest, AStoppedSearchIsUnknownWithExitCodeThree) {
  result_.complete = false;
  result_.stop_reason = "cancelled";
  for (results::OddsAnswer& answer : result_.answers) {
    for (results::OddsPlay& play : answer.plays) play.value = {};
  }
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("unknown: the search was stopped (cancelled)"));
  EXPECT_THAT(html, HasSubstr("exit code 3"));
  EXPECT_THAT(html, HasSubstr("<td class=\"value\">unknown</td>"));
  EXPECT_THAT(html, Not(HasSubstr("<svg")));
  EXPECT_THAT(html, Not(HasSubstr("id=\"notes\"")));
}

class SimulateHtmlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
    result_.games_asked = result_.games_played = 10;
    result_.seed = 7;
    result_.max_moves = 100;
    result_.terminal = 10;
    result_.moves = {{2, 3}, {5, 7}};
    result_.turn_variable = "lit";
    result_.turns = {{1, 10}};
    result_.reachables = {{"p1_wins", {12, 1}, 0, 4}};
    result_.actions = {{"inc", {10, 1}, 5, 3}, {"flip", {11, 1}, 0, 0}};
  }

  std::string Html() {
    std::ostringstream out;
    WriteSimulationReport(Format::kHtml, *model_, result_, out);
    return out.str();
  }

  std::unique_ptr<model::Model> model_;
  properties::SimulationResult result_;
};

TEST_F(SimulateHtmlTest, HistogramsOfMovesAndTurns) {
  const std::string html = Html();
  ExpectSelfContained(html);
  EXPECT_THAT(html, HasSubstr("no violation met in 10 games"));
  EXPECT_THAT(html, HasSubstr("exit code 0"));
  // Lengths 2 to 5 in bins of one: 3, 0, 0 and 7 games; the tallest is 184 high, 3 games
  // 184 * 3 / 7 = 78.857 high.
  const std::string moves = Element(html, "lengths-moves", "</figure>");
  EXPECT_THAT(moves, HasSubstr("min 2, mean 4.1, median 5, max 5"));
  EXPECT_EQ(Count(moves, "<rect class=\"bar\""), 4u);
  EXPECT_THAT(moves, HasSubstr("height=\"184.0\"><title>5 moves: 7 games (70.0%)</title>"));
  EXPECT_THAT(moves, HasSubstr("height=\"78.9\"><title>2 moves: 3 games (30.0%)</title>"));
  EXPECT_THAT(moves, HasSubstr("height=\"0.0\"><title>3 moves: 0 games (0.0%)</title>"));
  const std::string turns = Element(html, "lengths-turns", "</figure>");
  EXPECT_THAT(turns, HasSubstr("turns (changes of lit)"));
  EXPECT_EQ(Count(turns, "<rect class=\"bar\""), 1u);
}

TEST_F(SimulateHtmlTest, RatesWithTheirIntervalsAndWhatNeverActed) {
  const std::string html = Html();
  // 4 wins in 10 games: Wilson's interval with z = 1.96 is centred on
  // (0.4 + 1.96^2/20) / (1 + 1.96^2/10) = 0.42776, half-width
  // 1.96 sqrt(0.4 * 0.6 / 10 + 1.96^2/400) / 1.38416 = 0.25957: 16.8% to 68.7%.
  const std::string win = Element(html, "reachables-1", "</tr>");
  EXPECT_THAT(win, HasSubstr("p1_wins"));
  EXPECT_THAT(win, HasSubstr("40.0%"));
  EXPECT_THAT(win, HasSubstr("16.8% to 68.7%"));
  // The band from 4 + 192 * 0.16818 = 36.3 to 4 + 192 * 0.68733 = 136.0; the mark at 80.8.
  EXPECT_THAT(win, HasSubstr("<rect class=\"band\" x=\"36.3\""));
  EXPECT_THAT(win, HasSubstr("<circle class=\"mark\" cx=\"80.8\""));
  EXPECT_THAT(Element(html, "L12", "</tr>"), HasSubstr("href=\"#reachables-1\""));
  const std::string actions = Element(html, "actions", "</table>");
  EXPECT_THAT(actions, HasSubstr("<tr class=\"never\"><th class=\"name\">flip</th>"));
  EXPECT_THAT(Element(html, "actions-never", "</p>"), HasSubstr("<code>flip</code>"));
}

TEST_F(SimulateHtmlTest, ViolationsWithTheirTracesAndAnInterruptedRun) {
  properties::SimulatedFinding found;
  found.finding.kind = results::FindingKind::kInvariant;
  found.finding.name = "small";
  found.finding.message = "invariant small is violated";
  found.finding.file = "tiny.rules";
  found.finding.location = {12, 11};
  found.finding.trace = Play(*model_, {"inc", "inc"});
  found.games = 2;
  found.first_game = 4;
  result_.findings.push_back(found);
  result_.stopped = true;
  result_.games_asked = 100;
  const std::string html = Html();
  EXPECT_THAT(html, HasSubstr("1 violation met"));
  EXPECT_THAT(html, HasSubstr("exit code 1"));
  const std::string finding = Element(html, "finding-1", "</article>");
  EXPECT_THAT(finding,
              HasSubstr("invariant small is violated (in 2 of 10 games; the trace is game 4)"));
  EXPECT_THAT(finding, HasSubstr("id=\"finding-1-trace\""));
  EXPECT_EQ(Count(finding, "id=\"finding-1-trace-s"), 3u);
  EXPECT_THAT(Element(html, "L12", "</tr>"), HasSubstr("href=\"#finding-1\""));

  result_.findings.clear();
  const std::string stopped = Html();
  EXPECT_THAT(stopped, HasSubstr("no violation met so far; interrupted after 10 of 100 games"));
  EXPECT_THAT(stopped, HasSubstr("exit code 3"));
}

}  // namespace
}  // namespace rulecheck::reports
