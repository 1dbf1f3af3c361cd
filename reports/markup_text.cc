// Escaping text for XML and HTML (see markup_text.h).
#include "reports/markup_text.h"

#include "ir/source.h"

namespace rulecheck::reports {

constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD

std::string EscapeMarkup(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      // ir::CharLength counts a byte that starts no well-formed sequence as a character.
      const size_t length = ir::CharLength(text, i);
      if (length == 1) {
        out += kReplacement;
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\t':
      case '\n':
      case '\r':
        out += static_cast<char>(c);
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += kReplacement;
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  return out;
}

}  // namespace rulecheck::reports
