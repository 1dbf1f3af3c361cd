// HTML escaping (see html_escape.h). Walks the text a character at a time with
// ir::CharLength, the front end's own idea of a UTF-8 character, so that what the page shows
// lines up with the columns the diagnostics count.
#include "reports/html_escape.h"

#include "ir/source.h"

namespace rulecheck::reports {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

std::string EscapeHtml(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size() + text.size() / 8);
  size_t pos = 0;
  while (pos < text.size()) {
    const unsigned char byte = static_cast<unsigned char>(text[pos]);
    const size_t length = ir::CharLength(text, pos);
    if (byte >= 0x80) {
      // A lone byte (CharLength 1) is not UTF-8; 0xC2 0x80..0x9F are the C1 controls.
      const bool c1_control =
          length == 2 && byte == 0xc2 && static_cast<unsigned char>(text[pos + 1]) < 0xa0;
      if (length == 1 || c1_control) {
        escaped += kReplacement;
      } else {
        escaped.append(text.substr(pos, length));
      }
      pos += length;
      continue;
    }
    switch (byte) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      case '\t':
      case '\n':
      case '\r':
        escaped += static_cast<char>(byte);
        break;
      default:
        if (byte < 0x20 || byte == 0x7f) {
          escaped += kReplacement;
        } else {
          escaped += static_cast<char>(byte);
        }
    }
    ++pos;
  }
  return escaped;
}

}  // namespace rulecheck::reports
