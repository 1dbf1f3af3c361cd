// The rules file in the HTML reports (internal to reports/): every line with its number, and,
// when the report has coverage (properties::CheckResult::coverage), the number of transitions
// that ran it. A line that holds a rule or a statement and that no transition ran is marked
// dead after a complete search ("not run so far" after a stopped one); a line that constants
// switch off is marked off, with the constants. Each line links to what is located on it
// (findings, answers, switched-off rules), and each line has an id (html_page.h's LineId) that
// those link back to. Thread-compatible.
//
//   ListingMarks marks;
//   marks.coverage = &result.coverage;
//   marks.refs[12].push_back({"finding-1", "invariant small", "error"});
//   WriteSourceListing(*model.source, marks, out);
#ifndef RULECHECK_REPORTS_HTML_SOURCE_H_
#define RULECHECK_REPORTS_HTML_SOURCE_H_

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "ir/source.h"
#include "properties/property.h"

namespace rulecheck::reports {

// A link from a line to something located there.
struct LineRef {
  std::string target;  // the element id it links to
  std::string label;   // "invariant small"; plain text
  std::string tone;    // "error", "warning", "info", "off", "pass", "open": its colour
};

struct ListingMarks {
  // The transitions of each line, or null: no counts (the answers report). Must outlive
  // the call.
  const std::vector<properties::LineCoverage>* coverage = nullptr;
  // Whether the search was complete, so that a line with no transitions is dead.
  bool complete = true;
  // By line: the links shown under it, in order.
  std::map<int, std::vector<LineRef>> refs;
  // The prefix of the element ids of a second listing on the page (html_page.h's LineId):
  // its section is `LISTINGsource`, its lines `LISTINGL12`. Empty for the (first) listing.
  std::string listing{};
  // The listing's heading, before the file's path.
  std::string title = "Rules file";
};

// Writes the listing of `source` as a `section#source` (`section#LISTINGsource`).
void WriteSourceListing(const ir::SourceFile& source, const ListingMarks& marks, std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_SOURCE_H_
