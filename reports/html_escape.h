// Escaping for the HTML report (internal to reports/): everything the page shows that comes
// from the model (names, strings, messages, values, the rules file's own text) goes through
// EscapeHtml, so that a rules file can never add markup, a script or a link to the page. The
// result is safe both as element text and inside a double- or single-quoted attribute value.
// A rules file is UTF-8 but not checked to be: bytes that are not well-formed UTF-8, and
// control characters other than tab and line breaks, become U+FFFD, so the page is valid
// UTF-8 whatever the file holds.
//
//   out << "<td>" << EscapeHtml(path) << "</td>";
#ifndef RULECHECK_REPORTS_HTML_ESCAPE_H_
#define RULECHECK_REPORTS_HTML_ESCAPE_H_

#include <string>
#include <string_view>

namespace rulecheck::reports {

// `text` with & < > " ' written as character references, and invalid UTF-8 and control
// characters replaced as above. Thread-safe (pure).
std::string EscapeHtml(std::string_view text);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_ESCAPE_H_
