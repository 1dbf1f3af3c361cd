// Reading an HTML page as text (see html_element.h).
#include "tests/reports/html_element.h"

#include <gtest/gtest.h>

namespace rulecheck::reports::testing {

std::string Element(const std::string& html, const std::string& id, const std::string& close) {
  const size_t at = html.find("id=\"" + id + "\"");
  if (at == std::string::npos) {
    ADD_FAILURE() << "no element with id " << id;
    return "";
  }
  const size_t start = html.rfind('<', at);
  const size_t end = html.find(close, at);
  if (end == std::string::npos) {
    ADD_FAILURE() << "element " << id << " is not closed by " << close;
    return "";
  }
  return html.substr(start, end + close.size() - start);
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace rulecheck::reports::testing
