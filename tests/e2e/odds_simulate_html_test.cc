// The HTML pages of `odds` and `simulate` end to end: the rulecheck binary writes them with
// `--format html --output FILE`, with the exit code the other formats give, and headless
// Chromium (chromium.h, as the check page's tests use it) loads them: no message on the
// console (no script error, nothing refused by the page's Content-Security-Policy), no request
// for anything, the plots drawn, and a violation's trace stepping as on the check page. The
// figures are those of the games' own files: craps' pass line wins 244/495; in six_fails.rules
// an assert fails after two sixes. Skipped, saying so, where Chromium is not installed; the
// structural checks run anyway.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/chromium.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class OddsSimulateHtmlTest : public testing_support::TempFolderTest {
 protected:
  // Runs `rulecheck ARGS... --format html --output page.html --quiet`, expects `exit_code`,
  // and returns the page's text.
  std::string Page(const std::vector<std::string>& args, int exit_code) {
    page_ = (dir_ / "page.html").string();
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--format", "html", "--output", page_, "--quiet"});
    const RunResult run = RunRulecheck(full);
    EXPECT_EQ(run.exit_code, exit_code) << run.stderr_text;
    EXPECT_EQ(run.stdout_text, "");
    const std::string html = Read(page_);
    for (const char* reference : {"http:", "https:", "src=", "url(", "@import", "<link"}) {
      EXPECT_THAT(html, Not(HasSubstr(reference)));
    }
    return html;
  }

  // Loads the page in Chromium: what its console got, and the DOM after its script ran.
  void ExpectCleanInBrowser(const std::string& dom_must_hold) {
    if (ChromiumPath().empty()) {
      GTEST_SKIP() << "chromium is not installed (apt-get install chromium, or "
                      "scripts/install-deps.sh): the page was not loaded in a browser";
    }
    const std::string profile = (dir_ / "profile").string();
    EXPECT_EQ(ConsoleMessages(FileUrl(page_), profile), "");
    const std::string dom = DumpDom(FileUrl(page_), profile);
    // The script ran (it marks the page) and the plots are in the DOM.
    EXPECT_THAT(dom, HasSubstr("<html lang=\"en\" class=\"js\""));
    EXPECT_THAT(dom, HasSubstr(dom_must_hold));
  }

  std::string page_;
};

TEST_F(OddsSimulateHtmlTest, OddsPageOfCraps) {
  const std::string html = Page({"odds", "tests/e2e/odds/craps.rules"}, 0);
  EXPECT_THAT(html, HasSubstr("<td class=\"value\">244/495 (0.4929292929)</td>"));
  EXPECT_THAT(html, HasSubstr("exit code 0"));
  // 244/495 on the strip: 4 + 192 * 0.49293 = 98.6.
  EXPECT_THAT(html, HasSubstr("<circle class=\"mark\" cx=\"98.6\""));
  ExpectCleanInBrowser("<svg class=\"plot interval\"");
}

TEST_F(OddsSimulateHtmlTest, OddsPageOfAStoppedSearchSaysUnknown) {
  const std::string html = Page({"odds", "tests/e2e/odds/craps.rules", "--max-states", "2"}, 3);
  EXPECT_THAT(html, HasSubstr("unknown: the search was stopped"));
  EXPECT_THAT(html, HasSubstr("exit code 3"));
  EXPECT_THAT(html, Not(HasSubstr("<td class=\"value\">244/495")));
  EXPECT_THAT(html, HasSubstr("<td class=\"value\">unknown</td>"));
}

// A question with no number for any play is badged undefined, not bounded, and the banner
// does not claim every answer was computed.
TEST_F(OddsSimulateHtmlTest, OddsPageOfUndefinedAnswersSaysSo) {
  const std::string html = Page({"odds", "tests/e2e/odds/too_many_ways.rules"}, 0);
  EXPECT_THAT(html, HasSubstr("<span class=\"badge\">undefined</span>"));
  EXPECT_THAT(html, Not(HasSubstr("<span class=\"badge\">bounded</span>")));
  EXPECT_THAT(html, HasSubstr("1 question has no number (undefined: see why below)"));
  EXPECT_THAT(html, Not(HasSubstr("every answer computed")));
}

TEST_F(OddsSimulateHtmlTest, SimulatePageWithHistogramsRatesAndAViolation) {
  const std::string html = Page({"simulate", "tests/e2e/simulate/six_fails.rules", "--games",
                                 "2000", "--seed", "5", "--turn", "rolls"},
                                1);
  EXPECT_THAT(html, HasSubstr("exit code 1"));
  // A game lasts two moves (three turns, counting the initial state's), or one when its second
  // roll fails (a failed move is not counted): two histograms of two bars each.
  EXPECT_EQ(Count(html, "<svg class=\"plot histogram\""), 2u);
  EXPECT_EQ(Count(html, "<rect class=\"bar\""), 4u);
  EXPECT_THAT(html, HasSubstr("id=\"lengths-moves\""));
  EXPECT_THAT(html, HasSubstr("id=\"lengths-turns\""));
  EXPECT_THAT(html, HasSubstr("id=\"terminals-1\""));
  EXPECT_THAT(html, HasSubstr("<svg class=\"plot interval\""));
  EXPECT_THAT(html, HasSubstr("assert failed in action roll_die: two sixes (in "));
  EXPECT_THAT(html, HasSubstr("id=\"finding-1-trace\""));
  ExpectCleanInBrowser("aria-live=\"polite\">step 1 of 3</span>");
}

TEST_F(OddsSimulateHtmlTest, FormatsStayCheckedWithExitCode2) {
  const RunResult run =
      RunRulecheck({"simulate", "tests/e2e/simulate/die.rules", "--format", "sarif"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--format"));
}

}  // namespace
}  // namespace rulecheck::e2e
