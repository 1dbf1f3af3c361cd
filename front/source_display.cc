// Escaping and windowing of quoted source text (see source_display.h).
#include "front/source_display.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ir/source.h"

namespace rulecheck::front {

uint32_t CodePoint(std::string_view c) {
  const auto byte = [&c](size_t i) {
    return static_cast<uint32_t>(static_cast<unsigned char>(c[i]));
  };
  if (c.empty()) return 0;
  if (c.size() == 1) return byte(0);
  uint32_t cp = byte(0) & (0x7f >> c.size());
  for (size_t i = 1; i < c.size(); ++i) cp = (cp << 6) | (byte(i) & 0x3f);
  return cp;
}

namespace {

// One character of a line as it is shown: its text and how many columns it takes.
struct Shown {
  std::string text;
  int width = 0;
};

bool PrintableAscii(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// Whether code point `cp` shows as nothing, as a plain space, or reorders the text around it in
// a terminal: spaces other than U+0020, zero-width characters, direction controls, the
// byte-order mark. A reader cannot see which it is, so it is shown as `\uXXXX`.
bool Invisible(uint32_t cp) {
  return cp == 0xa0 || cp == 0xad || cp == 0x34f || cp == 0x61c || cp == 0x115f || cp == 0x1160 ||
         cp == 0x17b4 || cp == 0x17b5 || cp == 0x180e || (cp >= 0x2000 && cp <= 0x200f) ||
         (cp >= 0x2028 && cp <= 0x202f) || (cp >= 0x205f && cp <= 0x206f) || cp == 0x3000 ||
         cp == 0x3164 || cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb);
}

// The character at text[pos] (ir::CharLength bytes) as shown. A UTF-8 character is shown as it
// is unless it is a C1 control (U+0080..U+009F) or invisible (above); anything else that is not
// printable is escaped.
Shown ShowChar(std::string_view text, size_t pos, size_t length) {
  unsigned char c = static_cast<unsigned char>(text[pos]);
  if (length > 1) {
    const uint32_t cp = CodePoint(text.substr(pos, length));
    if (Invisible(cp)) {
      Shown shown;
      shown.text = absl::StrFormat("\\u%04X", cp);
      shown.width = static_cast<int>(shown.text.size());
      return shown;
    }
  }
  bool printable = length > 1 ? !(c == 0xc2 && static_cast<unsigned char>(text[pos + 1]) < 0xa0)
                              : PrintableAscii(c) || c == '\t';
  if (printable) return {std::string(text.substr(pos, length)), 1};
  Shown shown;
  for (size_t i = 0; i < length; ++i) {
    absl::StrAppend(&shown.text, "\\x",
                    absl::Hex(static_cast<unsigned char>(text[pos + i]), absl::kZeroPad2));
  }
  shown.width = static_cast<int>(shown.text.size());
  return shown;
}

std::vector<Shown> ShowChars(std::string_view text) {
  std::vector<Shown> chars;
  for (size_t pos = 0; pos < text.size();) {
    size_t length = ir::CharLength(text, pos);
    chars.push_back(ShowChar(text, pos, length));
    pos += length;
  }
  return chars;
}

}  // namespace

bool PrintableText(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    const size_t length = ir::CharLength(text, pos);
    const unsigned char c = static_cast<unsigned char>(text[pos]);
    if (length == 1) {
      if (!PrintableAscii(c) && c != '\t') return false;
    } else {
      const uint32_t cp = CodePoint(text.substr(pos, length));
      const bool direction = cp == 0x61c || cp == 0x200e || cp == 0x200f ||
                             (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
      if ((cp >= 0x80 && cp < 0xa0) || direction) return false;
    }
    pos += length;
  }
  return true;
}

std::string EscapeForDisplay(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    size_t length = ir::CharLength(text, pos);
    out += text[pos] == '\n' ? std::string("\n") : ShowChar(text, pos, length).text;
    pos += length;
  }
  return out;
}

std::string ShortenLongRuns(std::string_view message) {
  constexpr int kKept = kMaxShownRun / 2;
  constexpr std::string_view kOpening = "`'\"([{";
  constexpr std::string_view kClosingQuote = "`'\")]}";
  constexpr std::string_view kTrailing = ",.:;?!";
  std::string out;
  size_t pos = 0;
  while (pos < message.size()) {
    if (message[pos] == ' ' || message[pos] == '\n') {
      out += message[pos++];
      continue;
    }
    // A run: its characters up to the next space or line break.
    size_t end = pos;
    int characters = 0;
    size_t kept_end = pos;
    while (end < message.size() && message[end] != ' ' && message[end] != '\n') {
      end += ir::CharLength(message, end);
      if (++characters == kKept) kept_end = end;
    }
    if (characters <= kMaxShownRun) {
      out.append(message.substr(pos, end - pos));
      pos = end;
      continue;
    }
    // What the run quotes: without an opening quote and the punctuation that ends it.
    size_t trailing = end;
    while (trailing > kept_end && kTrailing.find(message[trailing - 1]) != std::string_view::npos) {
      --trailing;
    }
    size_t closing = trailing;
    while (closing > kept_end &&
           kClosingQuote.find(message[closing - 1]) != std::string_view::npos) {
      --closing;
    }
    const int opening = kOpening.find(message[pos]) != std::string_view::npos ? 1 : 0;
    const int quoted = characters - opening - static_cast<int>(end - closing);
    out.append(message.substr(pos, kept_end - pos));
    out += "...";
    out.append(message.substr(closing, trailing - closing));
    absl::StrAppend(&out, " (", quoted, " characters)");
    out.append(message.substr(trailing, end - trailing));
    pos = end;
  }
  return out;
}

std::string QuoteLine(std::string_view line, int column) {
  std::vector<Shown> chars = ShowChars(line);
  const int count = static_cast<int>(chars.size());
  const int caret = std::clamp(column - 1, 0, count);  // index of the character under the caret
  // Show [begin, end): everything if it fits, otherwise about half the width before the caret.
  int begin = 0, end = count;
  int total = 0;
  for (const Shown& c : chars) total += c.width;
  if (total > kMaxQuotedWidth) {
    int width = 0;
    begin = caret;
    while (begin > 0 && width + chars[begin - 1].width <= kMaxQuotedWidth / 2) {
      width += chars[--begin].width;
    }
    end = caret;
    while (end < count && width + chars[end].width <= kMaxQuotedWidth) width += chars[end++].width;
  }
  std::string text = "  ", under = "  ";
  if (begin > 0) {
    text += "...";
    under += "   ";
  }
  for (int i = begin; i < end; ++i) {
    text += chars[i].text;
    if (i < caret)
      under += chars[i].text == "\t" ? std::string("\t") : std::string(chars[i].width, ' ');
  }
  if (end < count) text += "...";
  return absl::StrCat(text, "\n", under, "^\n");
}

}  // namespace rulecheck::front
