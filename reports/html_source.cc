// The rules file as an HTML listing (see html_source.h). A count's cell carries a bar whose
// length is the logarithm of the count against the largest, so that hot and cold lines show
// at a glance whatever the magnitudes (a line run 3 times and one run 3 million times both
// stay visible).
#include "reports/html_source.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <unordered_map>

#include "base/counts.h"
#include "reports/html_escape.h"
#include "reports/html_page.h"

namespace rulecheck::reports {
namespace {

struct LineTally {
  int ran = 0, dead = 0, off = 0;
};

// The coverage cell of a line that holds a rule or statement, and the class of its row.
void WriteCount(const properties::LineCoverage& line, uint64_t most, bool complete,
                std::string& row_class, std::ostream& out, LineTally& tally) {
  if (!line.off_by.empty()) {
    row_class += " off";
    ++tally.off;
    out << "<td class=\"count\" title=\"switched off by " << EscapeHtml(line.off_by)
        << "\">off</td>";
    return;
  }
  if (line.transitions == 0) {
    row_class += complete ? " dead" : " unrun";
    ++tally.dead;
    out << "<td class=\"count\" title=\""
        << (complete ? "dead: no transition ran this line" : "no transition ran it so far")
        << "\">0</td>";
    return;
  }
  row_class += " ran";
  ++tally.ran;
  const double share = std::log1p(static_cast<double>(line.transitions)) /
                       std::log1p(static_cast<double>(std::max<uint64_t>(most, 1)));
  char width[16];
  std::snprintf(width, sizeof(width), "%.0f%%", std::clamp(share, 0.04, 1.0) * 100);
  out << "<td class=\"count\" style=\"--share:" << width << "\" title=\""
      << base::CountOf(line.transitions, "transition", "transitions") << "\">"
      << base::GroupThousands(line.transitions) << "</td>";
}

void WriteLegend(const ListingMarks& marks, const LineTally& tally, std::ostream& out) {
  if (marks.coverage == nullptr) {
    out << "<p class=\"legend\">Each line links to what is found there.</p>\n";
    return;
  }
  out << "<p class=\"legend\">Beside each line that holds a rule or a statement, the "
         "transitions that ran it: "
      << base::CountOf(tally.ran, "line", "lines") << " ran, " << tally.dead
      << " <span class=\"chip dead\">" << (marks.complete ? "dead" : "not run so far")
      << "</span> ("
      << (marks.complete ? "no transition ran them" : "the search stopped before any ran them")
      << "), " << tally.off
      << " <span class=\"chip off\">off</span> (constants switch them off).</p>\n";
}

}  // namespace

void WriteSourceListing(const ir::SourceFile& source, const ListingMarks& marks,
                        std::ostream& out) {
  std::unordered_map<int, const properties::LineCoverage*> by_line;
  uint64_t most = 0;
  if (marks.coverage != nullptr) {
    for (const properties::LineCoverage& line : *marks.coverage) {
      by_line[line.line] = &line;
      most = std::max(most, line.transitions);
    }
  }
  const bool counts = marks.coverage != nullptr;
  // The rows first, so that the legend above them can give the tallies.
  std::ostringstream rows;
  LineTally tally;
  // A file that ends in a line break has no line after it.
  int lines = source.line_count();
  if (lines > 1 && source.Line(lines).empty()) --lines;
  for (int number = 1; number <= lines; ++number) {
    std::string row_class = "line";
    std::ostringstream count;
    if (counts) {
      const auto it = by_line.find(number);
      if (it != by_line.end()) {
        WriteCount(*it->second, most, marks.complete, row_class, count, tally);
      } else {
        count << "<td class=\"count\"></td>";
      }
    }
    const auto refs = marks.refs.find(number);
    if (refs != marks.refs.end()) row_class += " has-refs";
    rows << "<tr id=\"" << LineId(number, marks.listing) << "\" class=\"" << row_class
         << "\"><td class=\"ln\"><a href=\"#" << LineId(number, marks.listing) << "\">" << number
         << "</a></td>" << count.str() << "<td class=\"code\"><code>"
         << EscapeHtml(source.Line(number)) << "</code>";
    if (counts) {
      const auto it = by_line.find(number);
      if (it != by_line.end() && !it->second->off_by.empty()) {
        rows << "<div class=\"offnote\">off: " << EscapeHtml(it->second->off_by) << "</div>";
      }
    }
    if (refs != marks.refs.end()) {
      rows << "<div class=\"refs\">";
      for (const LineRef& ref : refs->second) {
        rows << "<a class=\"ref tone-" << ref.tone << "\" href=\"#" << ref.target << "\">"
             << EscapeHtml(ref.label) << "</a>";
      }
      rows << "</div>";
    }
    rows << "</td></tr>\n";
  }
  out << "<section class=\"source\" id=\"" << marks.listing << "source\" aria-labelledby=\""
      << marks.listing << "source-title\">\n"
      << "<h2 id=\"" << marks.listing << "source-title\">" << EscapeHtml(marks.title)
      << " <span class=\"path\">" << EscapeHtml(source.path()) << "</span></h2>\n";
  WriteLegend(marks, tally, out);
  out << "<table class=\"listing" << (counts ? " with-counts" : "") << "\">\n<colgroup>"
      << "<col class=\"ln\">" << (counts ? "<col class=\"count\">" : "") << "<col></colgroup>\n"
      << "<tbody>\n"
      << rows.str() << "</tbody></table>\n</section>\n";
}

}  // namespace rulecheck::reports
