// The HTML report in a real browser: headless Chromium (chromium.h) loads pages that the
// rulecheck binary wrote, runs their script, and the tests read back what a reader would get.
// A page is loaded inside an iframe of a probe page, so that its viewport is exactly the width
// under test (Chromium's headless window is at least 500 px wide) and a probe script can
// measure it and work its controls after it loaded; the probe writes what it found as JSON
// into its own DOM, which `--dump-dom` hands back. Checked: the stepper (buttons, arrow keys,
// Home and End, all steps), lassos, the whole state rebuilt after a step of each order, links
// between findings and lines, the layout at a phone's width (420 px: one column, nothing wider
// than the screen) and a wide screen's (1400 px: the findings beside the rules file), that the
// page requests nothing, and that it reads without scripts. Skipped, saying so, only when
// Chromium is not installed.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/chromium.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

// Text as Chromium serialises it back into plain characters.
std::string Unescape(std::string text) {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&nbsp;", " "}, {"&amp;", "&"}}) {
    size_t at = 0;
    while ((at = text.find(from, at)) != std::string::npos) {
      text.replace(at, from.size(), to);
      at += to.size();
    }
  }
  return text;
}

class HtmlBrowserTest : public testing_support::TempFolderTest {
 protected:
  void SetUp() override {
    if (ChromiumPath().empty()) {
      GTEST_SKIP() << "chromium is not installed (apt-get install chromium, or "
                      "scripts/install-deps.sh): the HTML report's browser tests did not run";
    }
    testing_support::TempFolderTest::SetUp();
  }

  // Runs `rulecheck ARGS... --format html --output page.html` and returns the page's path.
  std::string Page(const std::vector<std::string>& args, int expected_exit) {
    const std::string page = (dir_ / "page.html").string();
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--format", "html", "--output", page, "--quiet"});
    const RunResult run = RunRulecheck(full);
    EXPECT_EQ(run.exit_code, expected_exit) << run.stderr_text;
    return page;
  }

  // Loads `page` in a `width` x `height` frame and runs `probe`, the body of a function of
  // `d` (the page's document), `w` (its window) and `out` (an object to fill), after the page
  // loaded; returns `out`. `scripts`: whether the page's own script may run (the probe's
  // always does: a sandboxed frame of the same origin is still readable). `fragment`: the
  // part after `#` of the page's address, if any.
  json Probe(const std::string& page, int width, int height, const std::string& probe,
             bool scripts = true, const std::string& fragment = "") {
    const std::string wrapper = (dir_ / "probe.html").string();
    std::ofstream(wrapper)
        << "<!DOCTYPE html><html><body style=\"margin:0\">\n<iframe id=\"page\" src=\""
        << std::filesystem::path(page).filename().string()
        << (fragment.empty() ? "" : "#" + fragment) << "\""
        << (scripts ? "" : " sandbox=\"allow-same-origin\"") << " style=\"width:" << width
        << "px;height:" << height << "px;border:0\"></iframe>\n<pre id=\"probe\"></pre>\n"
        << "<script>\ndocument.getElementById('page').addEventListener('load', function () {\n"
           "  var out = {};\n"
           "  try {\n"
           "    (function (d, w, out) {\n"
        << probe
        << "\n    })(this.contentDocument, this.contentWindow, out);\n"
           "  } catch (e) { out.error = String(e); }\n"
           "  document.getElementById('probe').textContent = JSON.stringify(out);\n"
           "});\n</script></body></html>\n";
    const std::string dom =
        DumpDom(FileUrl(wrapper), (dir_ / "profile").string(),
                {"--allow-file-access-from-files",
                 "--window-size=" + std::to_string(width + 40) + "," + std::to_string(height)});
    std::smatch match;
    const std::regex pre("<pre id=\"probe\">([^<]*)</pre>");
    if (!std::regex_search(dom, match, pre)) {
      ADD_FAILURE() << "no probe output in the DOM:\n" << dom.substr(0, 2000);
      return json::object();
    }
    json out = json::parse(Unescape(match[1].str()), nullptr, false);
    EXPECT_FALSE(out.is_discarded()) << match[1].str();
    EXPECT_FALSE(out.contains("error")) << out.dump();
    return out.is_discarded() ? json::object() : out;
  }
};

// Probe helpers: the numbers of a trace's visible steps, comma-separated, and a key press.
constexpr char kStepHelpers[] = R"js(
  // (One step at a time, the step shown is a copy of it, in the trace's `ol.stage`.)
  function visible(trace) {
    return Array.prototype.filter.call(
        trace.querySelectorAll(':scope > ol.stage > li.step, :scope > ol.steps > li.step'),
        function (s) { return s.getClientRects().length > 0; })
      .map(function (s) { return s.getAttribute('data-n'); }).join(',');
  }
  function key(trace, name) {
    trace.dispatchEvent(new w.KeyboardEvent('keydown', {key: name, bubbles: true}));
  }
  // The whole state after step `id`, opened as a reader opens it: path=value;...
  function whole(id) {
    var step = d.getElementById(id);
    step.querySelector('details.whole > summary').click();
    return Array.prototype.map.call(step.querySelectorAll('details.whole tr'), function (r) {
      return r.cells[0].textContent + '=' + r.cells[1].textContent;
    }).join(';');
  }
)js";

// tests/e2e/analyses/order_dependent.rules: the witness trace is init, go(); the default order
// resolves double (x 1 -> 2) then inc (-> 3), the other inc (x 1 -> 2) then double (-> 4).
TEST_F(HtmlBrowserTest, TracesStepWithButtonsKeysAndAllStepsAndRebuildWholeStates) {
  const std::string page = Page({"check", "tests/e2e/analyses/order_dependent.rules"}, 0);
  const json out = Probe(page, 1000, 900, std::string(kStepHelpers) + R"js(
    var t = d.getElementById('finding-1-trace');
    out.js = d.documentElement.classList.contains('js');
    out.stepperHidden = t.querySelector('.stepper').hidden;
    out.seq = [visible(t)];
    t.querySelector('.next').click(); out.seq.push(visible(t));
    key(t, 'ArrowLeft'); out.seq.push(visible(t));
    key(t, 'End'); out.seq.push(visible(t));
    key(t, 'ArrowRight'); out.seq.push(visible(t));
    key(t, 'Home'); out.seq.push(visible(t));
    out.prevDisabled = t.querySelector('.prev').disabled;
    out.nextDisabled = t.querySelector('.next').disabled;
    out.position = t.querySelector('.position').textContent;
    t.querySelector('.all').click(); out.seq.push(visible(t));
    t.querySelector('.all').click(); out.seq.push(visible(t));
    out.chips = Array.prototype.map.call(t.querySelectorAll(':scope > .overview button'),
                                         function (b) { return b.textContent; });
    t.querySelectorAll(':scope > .overview button')[1].click(); out.seq.push(visible(t));
    var o1 = d.getElementById('finding-1-order1'), o2 = d.getElementById('finding-1-order2');
    out.orders = [visible(o1), visible(o2)];
    key(o2, 'ArrowRight');
    out.orders.push(visible(o2));
    out.whole = [whole('finding-1-order1-s3'), whole('finding-1-order1-s4'),
                 whole('finding-1-order2-s4')];
    // The step shown (a copy, in the stage) opens its whole state too, changed rows marked
    // (step 4 of the second order: double() takes x 2 -> 4 and leaves nothing pending).
    var shown = o2.querySelector(':scope > ol.stage > li.step');
    shown.querySelector('details.whole > summary').click();
    out.shownWhole = Array.prototype.map.call(shown.querySelectorAll('details.whole tr'),
        function (r) { return (r.className === 'changed' ? '*' : '') + r.cells[0].textContent; });
    out.shownIds = o2.querySelectorAll(':scope > ol.stage [id]').length;
  )js");
  EXPECT_EQ(out["js"], true);
  EXPECT_EQ(out["stepperHidden"], false);
  EXPECT_EQ(out["seq"], json::parse(R"(["1", "2", "1", "2", "2", "1", "1,2", "1", "2"])"));
  EXPECT_EQ(out["prevDisabled"], true);
  EXPECT_EQ(out["nextDisabled"], false);
  EXPECT_EQ(out["position"], "step 1 of 2");
  EXPECT_EQ(out["chips"], json::parse(R"j(["1 init", "2 go()"])j"));
  // Each order steps on its own, numbered on from the witness: steps 3 and 4.
  EXPECT_EQ(out["orders"], json::parse(R"(["3", "3", "4"])"));
  EXPECT_EQ(out["whole"], json::parse(R"j([
    "x=2;gone=true;pending=[inc()]",
    "x=3;gone=true;pending=[]",
    "x=4;gone=true;pending=[]"])j"));
  EXPECT_EQ(out["shownWhole"], json::parse(R"j(["*x", "gone", "*pending"])j"));
  EXPECT_EQ(out["shownIds"], 0);
}

// A link to a step (an address ending in its id) shows that step, not the first.
TEST_F(HtmlBrowserTest, LinkToAStepShowsThatStep) {
  const std::string page = Page({"check", "tests/e2e/analyses/order_dependent.rules"}, 0);
  const json out = Probe(page, 1000, 900, std::string(kStepHelpers) + R"js(
    out.main = visible(d.getElementById('finding-1-trace'));
    out.order = visible(d.getElementById('finding-1-order2'));
  )js",
                         /*scripts=*/true, "finding-1-order2-s4");
  EXPECT_EQ(out["main"], "1");
  EXPECT_EQ(out["order"], "4");
}

// tests/e2e/analyses/endless.rules: the lasso init (turn A) -> pass() -> pass(), back to the
// initial state; the cycle starts at step 1.
TEST_F(HtmlBrowserTest, LassoShowsWhereTheCycleStartsAndCloses) {
  const std::string page = Page({"check", "tests/e2e/analyses/endless.rules"}, 1);
  const json out = Probe(page, 1000, 900, std::string(kStepHelpers) + R"js(
    var t = d.getElementById('finding-1-trace');
    out.kind = d.getElementById('finding-1').getAttribute('data-kind');
    out.steps = Array.prototype.map.call(t.querySelectorAll(':scope > ol.steps > li.step'), function (s) {
      return (s.classList.contains('cycle-start') ? 'start' : '') +
             (s.classList.contains('in-cycle') ? 'cycle' : '');
    });
    out.chips = Array.prototype.map.call(t.querySelectorAll('.overview button'), function (b) {
      return b.className.replace(/ ?current/, '');
    });
    key(t, 'End');
    out.last = visible(t);
    out.note = t.querySelector('li.step.current .cycle-note').textContent;
  )js");
  EXPECT_EQ(out["kind"], "non_termination");
  EXPECT_EQ(out["steps"], json::parse(R"(["start", "cycle", "cycle"])"));
  EXPECT_EQ(out["chips"], json::parse(R"(["cycle-start", "in-cycle", "in-cycle"])"));
  EXPECT_EQ(out["last"], "3");
  EXPECT_EQ(out["note"], "back to the state of step 1: the cycle closes");
}

// tests/e2e/analyses/dead_rules.rules: action `never` (line 34) is dead.
TEST_F(HtmlBrowserTest, FindingsLinkToTheirLinesAndLinesBackToTheirFindings) {
  const std::string page = Page({"check", "tests/e2e/analyses/dead_rules.rules"}, 0);
  const json out = Probe(page, 1400, 900, R"js(
    var finding = d.querySelector('article[data-kind="dead_action"]');
    var link = finding.querySelector('a.loc');
    out.href = link.getAttribute('href');
    link.click();
    out.target = d.querySelector(':target').id;
    var row = d.getElementById('L34');
    out.row = row.className;
    out.count = row.querySelector('td.count').textContent;
    var ref = row.querySelector('a.ref');
    ref.click();
    out.back = d.querySelector(':target') === finding;
  )js");
  EXPECT_EQ(out["href"], "#L34");
  EXPECT_EQ(out["target"], "L34");
  EXPECT_EQ(out["row"], "line dead has-refs");
  EXPECT_EQ(out["count"], "0");
  EXPECT_EQ(out["back"], true);
}

// On a wide screen, following a finding's link to its line scrolls the rules file beside the
// findings to the line, and leaves the findings where they are. (tests/e2e/html/potion.rules,
// every step shown so that the findings are longer than the screen; `spill` is on line 47.)
TEST_F(HtmlBrowserTest, OnAWideScreenALinkToALineScrollsOnlyTheRulesFile) {
  const std::string page = Page({"check", "tests/e2e/html/potion.rules"}, 1);
  const json out = Probe(page, 1400, 900, R"js(
    d.querySelectorAll('.stepper .all').forEach(function (b) { b.click(); });
    var finding = d.querySelector('article[data-kind="dead_action"]');
    w.scrollTo(0, w.scrollY + finding.getBoundingClientRect().top - 300);
    out.scrolled = w.scrollY > 0;
    var before = [w.scrollY, finding.getBoundingClientRect().top];
    finding.querySelector('a.loc').click();
    out.moved = [w.scrollY - before[0], finding.getBoundingClientRect().top - before[1]];
    var source = d.getElementById('source').getBoundingClientRect();
    var row = d.getElementById('L47').getBoundingClientRect();
    out.rowInView = row.top >= Math.max(source.top, 0) && row.bottom <= Math.min(source.bottom,
                                                                                  w.innerHeight);
  )js");
  EXPECT_EQ(out["scrolled"], true);
  EXPECT_EQ(out["moved"], json::parse("[0, 0]"));
  EXPECT_EQ(out["rowInView"], true);
}

// What the layout probe measures, with every trace showing all its steps (the most to fit).
constexpr char kLayoutProbe[] = R"js(
  d.querySelectorAll('.stepper .all').forEach(function (b) { b.click(); });
  function box(e) {
    var r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  }
  var root = d.documentElement;
  out.viewport = w.innerWidth;
  out.client = root.clientWidth;
  out.scroll = root.scrollWidth;
  out.results = box(d.querySelector('.results'));
  out.source = box(d.getElementById('source'));
  out.position = w.getComputedStyle(d.getElementById('source')).position;
  out.codeFont = parseFloat(w.getComputedStyle(d.querySelector('.listing .code')).fontSize);
  out.wider = [];
  d.body.querySelectorAll('*').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > root.clientWidth + 0.5 && out.wider.length < 5) {
      out.wider.push(e.tagName + '.' + e.className + ' ' + Math.round(r.right));
    }
  });
  out.resources = w.performance.getEntriesByType('resource').length;
)js";

// tests/e2e/html/potion.rules has long names, long values and a comment with one word longer
// than a phone's screen.
TEST_F(HtmlBrowserTest, AtAPhonesWidthOneColumnAndNothingWiderThanTheScreen) {
  const std::string page = Page({"check", "tests/e2e/html/potion.rules"}, 1);
  const json out = Probe(page, 420, 900, kLayoutProbe);
  EXPECT_EQ(out["viewport"], 420);
  EXPECT_LE(out["scroll"].get<double>(), out["client"].get<double>());
  EXPECT_EQ(out["wider"], json::array());
  // The rules file comes after the findings, in the same column.
  EXPECT_GE(out["source"][1].get<double>(), out["results"][3].get<double>());
  EXPECT_NEAR(out["source"][0].get<double>(), out["results"][0].get<double>(), 0.5);
  EXPECT_EQ(out["position"], "static");
  EXPECT_GE(out["codeFont"].get<double>(), 12);
  EXPECT_EQ(out["resources"], 0);
}

TEST_F(HtmlBrowserTest, OnAWideScreenTheFindingsAreBesideTheRulesFile) {
  const std::string page = Page({"check", "tests/e2e/html/potion.rules"}, 1);
  const json out = Probe(page, 1400, 900, kLayoutProbe);
  EXPECT_EQ(out["viewport"], 1400);
  EXPECT_LE(out["scroll"].get<double>(), out["client"].get<double>());
  EXPECT_EQ(out["wider"], json::array());
  EXPECT_GE(out["source"][0].get<double>(), out["results"][2].get<double>());
  EXPECT_NEAR(out["source"][1].get<double>(), out["results"][1].get<double>(), 0.5);
  EXPECT_GE(out["results"][2].get<double>() - out["results"][0].get<double>(), 450);
  EXPECT_GE(out["source"][2].get<double>() - out["source"][0].get<double>(), 600);
  // The rules file stays in view while the findings scroll.
  EXPECT_EQ(out["position"], "sticky");
  EXPECT_EQ(out["resources"], 0);
}

TEST_F(HtmlBrowserTest, PageRequestsNothingAndNamesNoAddress) {
  const std::string page = Page({"solve", "tests/e2e/symbolic/hand_worked.rules"}, 0);
  std::ifstream in(page);
  std::stringstream text;
  text << in.rdbuf();
  for (const char* reference : {"http:", "https:", "src=", "url(", "@import", "<link"}) {
    EXPECT_THAT(text.str(), Not(HasSubstr(reference)));
  }
  const json out = Probe(page, 1000, 900, R"js(
    out.resources = w.performance.getEntriesByType('resource').length;
    out.answers = d.querySelectorAll('article.answer').length;
  )js");
  EXPECT_EQ(out["resources"], 0);
  EXPECT_EQ(out["answers"], 6);
}

// With scripts off (the page in a sandbox that runs none), every step of every trace is shown
// and the controls that need the script are not.
TEST_F(HtmlBrowserTest, WithoutScriptsEveryStepIsShown) {
  const std::string page = Page({"check", "tests/e2e/analyses/order_dependent.rules"}, 0);
  const json out = Probe(page, 420, 900, std::string(kStepHelpers) + R"js(
    out.js = d.documentElement.classList.contains('js');
    out.visible = Array.prototype.map.call(d.querySelectorAll('.trace'), visible);
    out.controls = d.querySelectorAll('.stepper, .overview, details.whole').length;
    out.shownControls = Array.prototype.filter.call(d.querySelectorAll('.stepper'),
        function (e) { return e.getClientRects().length > 0; }).length;
    out.fits = d.documentElement.scrollWidth <= d.documentElement.clientWidth;
  )js",
                         /*scripts=*/false);
  EXPECT_EQ(out["js"], false);
  EXPECT_EQ(out["visible"], json::parse(R"(["1,2", "3,4", "3,4"])"));
  EXPECT_EQ(out["controls"], 3);  // the three traces' steppers, hidden
  EXPECT_EQ(out["shownControls"], 0);
  EXPECT_EQ(out["fits"], true);
}

// The print style, applied to the screen in a copy of the page (`@media print` made
// `@media all`): every step shown, the controls and the stepper's state not, the rules file
// after the findings and not in a scrolling box.
TEST_F(HtmlBrowserTest, PrintedEveryStepIsShown) {
  const std::string page = Page({"check", "tests/e2e/analyses/order_dependent.rules"}, 0);
  std::ifstream in(page);
  std::stringstream text;
  text << in.rdbuf();
  std::string html = text.str();
  const size_t print = html.find("@media print");
  ASSERT_NE(print, std::string::npos);
  html.replace(print, std::string("@media print").size(), "@media all");
  std::ofstream(page) << html;
  const json out = Probe(page, 1400, 900, std::string(kStepHelpers) + R"js(
    out.visible = Array.prototype.map.call(d.querySelectorAll('.trace'), visible);
    out.shownControls = Array.prototype.filter.call(
        d.querySelectorAll('.stepper, .overview, details.whole'),
        function (e) { return e.getClientRects().length > 0; }).length;
    var source = d.getElementById('source');
    out.position = w.getComputedStyle(source).position;
    out.after = source.getBoundingClientRect().top >=
                d.querySelector('.results').getBoundingClientRect().bottom;
  )js");
  EXPECT_EQ(out["visible"], json::parse(R"(["1,2", "3,4", "3,4"])"));
  EXPECT_EQ(out["shownControls"], 0);
  EXPECT_EQ(out["position"], "static");
  EXPECT_EQ(out["after"], true);
}

// The page of `diff` (tests/e2e/diff/, each pair worked out by hand in its files): from
// invariant_two.rules to invariant_three.rules, 6 states and 5 transitions become 8 and 7,
// invariant low fails one step later (changed), best moves from 2 to 3, and the new version
// reaches x = 3 (init, inc, inc, inc) and x = 3 with done: two behaviour differences, each a
// trace that steps like the check page's.
TEST_F(HtmlBrowserTest, DiffPageShowsBothVersionsAndStepsTheBehaviourTraces) {
  const std::string page = Page(
      {"diff", "tests/e2e/diff/invariant_two.rules", "tests/e2e/diff/invariant_three.rules"}, 4);
  const json out = Probe(page, 1400, 900, std::string(kStepHelpers) + R"js(
    function cells(selector) {
      return Array.prototype.map.call(d.querySelectorAll(selector + ' tbody tr'), function (r) {
        return Array.prototype.map.call(r.cells, function (c) { return c.textContent; })
            .join('|');
      });
    }
    out.exit = d.querySelector('#verdict .exit').textContent;
    out.versions = cells('#versions');
    out.changed = Array.prototype.map.call(
        d.querySelectorAll('#changed-findings article.finding'),
        function (a) { return a.getAttribute('data-kind'); });
    out.newCount = d.querySelectorAll('#new-findings article').length;
    out.queries = cells('#queries');
    out.behaviour = Array.prototype.map.call(d.querySelectorAll('#behaviour article'),
        function (a) { return a.id + ':' + a.querySelector('.message').textContent; });
    var t = d.getElementById('behaviour-new-1-trace');
    out.seq = [visible(t)];
    t.querySelector('.next').click(); out.seq.push(visible(t));
    key(t, 'End'); out.seq.push(visible(t));
    out.whole = whole('behaviour-new-1-trace-s4');
    out.resources = w.performance.getEntriesByType('resource').length;
  )js");
  EXPECT_EQ(out["exit"], "exit code 4: the behaviour differs, without new error findings");
  EXPECT_THAT(out["versions"].get<std::vector<std::string>>(),
              testing::IsSupersetOf(
                  {"states|6|8", "transitions|5|7", "terminal states|3|4", "error findings|1|1"}));
  EXPECT_EQ(out["changed"], json::parse(R"(["invariant"])"));
  EXPECT_EQ(out["newCount"], 0);
  EXPECT_EQ(out["queries"], json::parse(R"j(["maximize best|2 (optimal)|3 (optimal)"])j"));
  EXPECT_EQ(out["behaviour"], json::parse(R"([
    "behaviour-new-1:only the new version reaches x = 3, done = false",
    "behaviour-new-2:only the new version reaches x = 3, done = true"])"));
  EXPECT_EQ(out["seq"], json::parse(R"(["1", "2", "4"])"));
  EXPECT_EQ(out["whole"], "x=3;done=false");
  EXPECT_EQ(out["resources"], 0);
}

// From new_error.rules back to base.rules both findings of `boom` (line 13 of the old file)
// are fixed: they link to the old version's rules file, which the page holds too, and back.
TEST_F(HtmlBrowserTest, DiffPageLinksFixedFindingsToTheOldRulesFile) {
  const std::string page =
      Page({"diff", "tests/e2e/diff/new_error.rules", "tests/e2e/diff/base.rules"}, 0);
  const json out = Probe(page, 1400, 900, R"js(
    var fixed = d.querySelectorAll('#fixed-findings article.finding');
    out.fixed = Array.prototype.map.call(fixed, function (a) {
      return a.getAttribute('data-kind') + ' ' + a.querySelector('a.loc').getAttribute('href');
    });
    fixed[0].querySelector('a.loc').click();
    out.target = d.querySelector(':target').id;
    out.inOld = d.getElementById('old-source').contains(d.querySelector(':target'));
    out.refs = Array.prototype.map.call(d.querySelectorAll('#old-L13 a.ref'),
                                        function (a) { return a.getAttribute('href'); });
    out.moveLink = fixed[0].querySelector('.step a.rule').getAttribute('href');
    out.declarations = Array.prototype.map.call(d.querySelectorAll('#declarations tbody tr'),
                                                function (r) { return r.textContent; });
    out.verdict = d.querySelector('#verdict .exit').textContent;
  )js");
  EXPECT_EQ(out["fixed"], json::parse(R"(["assert #old-L13", "dead_action #old-L13"])"));
  EXPECT_EQ(out["target"], "old-L13");
  EXPECT_EQ(out["inOld"], true);
  EXPECT_EQ(out["refs"], json::parse(R"(["#fixed-1", "#fixed-2"])"));
  // The file has no `init` block, so the first move with a rule is step 2, inc() on line 11.
  EXPECT_EQ(out["moveLink"], "#old-L11");
  EXPECT_EQ(out["declarations"], json::parse(R"(["actionboomremoved"])"));
  EXPECT_EQ(out["verdict"], "exit code 0: no difference that --fail-on fails on");
}

TEST_F(HtmlBrowserTest, DiffPageAtAPhonesWidthIsOneColumnNoWiderThanTheScreen) {
  const std::string page =
      Page({"diff", "tests/e2e/diff/base.rules", "tests/e2e/diff/new_move.rules"}, 4);
  const json out = Probe(page, 420, 900, kLayoutProbe);
  EXPECT_LE(out["scroll"].get<double>(), out["client"].get<double>());
  EXPECT_EQ(out["wider"], json::array());
  EXPECT_EQ(out["resources"], 0);
}

// Width and height from a PNG's header (its IHDR chunk); {0, 0} when it is not a PNG.
std::pair<int, int> PngSize(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(24, '\0');
  in.read(head.data(), head.size());
  if (!in || head.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || head.compare(12, 4, "IHDR") != 0) {
    return {0, 0};
  }
  auto word = [&](size_t at) {
    int value = 0;
    for (size_t i = 0; i < 4; ++i) value = value * 256 + static_cast<unsigned char>(head[at + i]);
    return value;
  };
  return {word(16), word(20)};
}

// Screenshots of the page at a phone's and a wide screen's width, kept in
// $RULECHECK_SCREENSHOT_DIR when it is set (to look at), else in the test's temporary folder.
// The layout itself is measured by the tests above; this one checks that Chromium renders
// the page at both widths.
TEST_F(HtmlBrowserTest, ScreenshotsAtTwoWidths) {
  const std::string page = Page({"check", "tests/e2e/html/potion.rules"}, 1);
  const char* keep = std::getenv("RULECHECK_SCREENSHOT_DIR");
  const std::filesystem::path folder = keep != nullptr ? std::filesystem::path(keep) : dir_;
  for (const auto& [width, height] : {std::pair{420, 1800}, std::pair{1400, 1100}}) {
    const std::string png = (folder / ("potion-" + std::to_string(width) + ".png")).string();
    ASSERT_TRUE(Screenshot(FileUrl(page), (dir_ / "profile").string(), width, height, png));
    EXPECT_EQ(PngSize(png), std::make_pair(width, height)) << png;
    EXPECT_GT(std::filesystem::file_size(png), 10000u) << png;
  }
}

}  // namespace
}  // namespace rulecheck::e2e
