// Text inside XML or HTML markup (internal to reports/): names and messages come from an
// untrusted rules file, so they are escaped, and what XML 1.0 cannot hold at all (control
// characters other than tab and line breaks, bytes that are not UTF-8) is replaced, never
// passed through to break the document. Thread-safe (pure functions).
//
//   out << "<testcase name=\"" << EscapeMarkup(name) << "\">";
#ifndef RULECHECK_REPORTS_MARKUP_TEXT_H_
#define RULECHECK_REPORTS_MARKUP_TEXT_H_

#include <string>
#include <string_view>

namespace rulecheck::reports {

// `text` with & < > " ' as character references, control characters other than tab, line
// feed and carriage return as U+FFFD, and every byte that does not begin or continue a
// well-formed UTF-8 sequence as U+FFFD. Fit for element content and quoted attributes.
std::string EscapeMarkup(std::string_view text);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_MARKUP_TEXT_H_
