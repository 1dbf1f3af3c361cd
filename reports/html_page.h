// The frame of the HTML reports (internal to reports/): the page's head with its style, the
// summary at the top, links to places in the rules file, and the closing script. The check
// report (html_check_report.cc) and the answers report (html_query_report.cc) fill the middle:
// their results on one side and the rules file (html_source.h) on the other.
//
// The page is one self-contained file: the style and the script are inline (html_assets.h),
// it names no font, image or script elsewhere, and its Content-Security-Policy forbids loading
// anything, so opening it never touches the network. Everything from the model is escaped
// (html_escape.h). Thread-compatible.
//
//   WritePageStart(model, "check", "2 findings", out);
//   WriteSummary(model, "check", facts, verdict, jumps, out);
//   ...
//   WritePageEnd(out);
#ifndef RULECHECK_REPORTS_HTML_PAGE_H_
#define RULECHECK_REPORTS_HTML_PAGE_H_

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ir/source.h"
#include "model/model.h"

namespace rulecheck::reports {

// One figure of the summary: "states" and "5,478". Plain text (escaped when written).
struct SummaryFact {
  std::string label;
  std::string value;
};

// How the run ended, as the summary's banner shows it.
struct PageVerdict {
  enum class Tone { kPass, kFail, kOpen };  // green, red, amber
  Tone tone = Tone::kPass;
  std::string headline;      // "2 errors", "all properties hold"
  int exit_code = 0;         // the code rulecheck exits with
  std::string exit_meaning;  // "at least one error finding"
};

// A link in the summary's table of contents: "Errors (2)" to "#errors".
struct Jump {
  std::string label;
  std::string target;  // an element id of the page
};

// Writes the doctype, the head (title "rulecheck COMMAND: GAME: HEADLINE", the style) and
// opens the body.
void WritePageStart(const model::Model& model, std::string_view command, std::string_view headline,
                    std::ostream& out);
// Writes the summary: the game and file, the verdict banner with the exit code's meaning,
// the facts, and the jumps.
void WriteSummary(const model::Model& model, std::string_view command,
                  const std::vector<SummaryFact>& facts, const PageVerdict& verdict,
                  const std::vector<Jump>& jumps, std::ostream& out);
// Writes the script and closes the body and the page.
void WritePageEnd(std::ostream& out);

// The element id of line `line` of the rules file in the listing: "L12". A page with two
// listings (the two versions of `diff`) gives the second a prefix, `listing`: "old-L12".
std::string LineId(int line, std::string_view listing = "");
// `file:line:col` of a location: a link to the line in the listing `listing` (LineId) when
// `file` is the rules file (`model.source`), plain text otherwise (a command-line property);
// nothing when the location is invalid.
void WriteLocationLink(const model::Model& model, const std::string& file,
                       const ir::Location& location, std::ostream& out,
                       std::string_view listing = "");

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_PAGE_H_
