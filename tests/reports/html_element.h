// Reading an HTML page as text in the report tests: the markup is checked as text, each
// element a test looks into being written on one line (a listing row) or closed by a tag that
// does not nest (an article), so a substring is the element.
#ifndef RULECHECK_TESTS_REPORTS_HTML_ELEMENT_H_
#define RULECHECK_TESTS_REPORTS_HTML_ELEMENT_H_

#include <cstddef>
#include <string>

namespace rulecheck::reports::testing {

// The text from the tag that carries `id="ID"` to the first `close` after it; empty (and a
// test failure) when there is no such element.
std::string Element(const std::string& html, const std::string& id, const std::string& close);

// How many times `what` occurs in `text` (overlapping occurrences too).
size_t Count(const std::string& text, const std::string& what);

}  // namespace rulecheck::reports::testing

#endif  // RULECHECK_TESTS_REPORTS_HTML_ELEMENT_H_
