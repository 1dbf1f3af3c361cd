// Escaping and windowing of quoted source text (see source_display.h).
#include "front/source_display.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/source.h"

namespace rulecheck::front {
namespace {

// One character of a line as it is shown: its text and how many columns it takes.
struct Shown {
  std::string text;
  int width = 0;
};

bool PrintableAscii(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// The character at text[pos] (ir::CharLength bytes) as shown. A UTF-8 character is shown as it
// is unless it is a C1 control (U+0080..U+009F); anything else that is not printable is escaped.
Shown ShowChar(std::string_view text, size_t pos, size_t length) {
  unsigned char c = static_cast<unsigned char>(text[pos]);
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
