// How source text is shown in a diagnostic, internal to front/. A message or a quoted line can
// hold any byte a file holds; written raw, control bytes would garble the terminal and one
// very long line would be repeated whole under every error on it. So text is shown with every
// byte that is not printable escaped as `\xNN`, and a quoted line is cut to a window around
// the column, with the caret still under the character the column names.
#ifndef RULECHECK_FRONT_SOURCE_DISPLAY_H_
#define RULECHECK_FRONT_SOURCE_DISPLAY_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace rulecheck::front {

// The widest quoted line, in display columns, before it is cut around the caret.
inline constexpr int kMaxQuotedWidth = 120;

// `text` with each byte that is neither printable ASCII, a tab, a line break nor part of a
// printable UTF-8 character written as `\xNN`. Thread-safe.
std::string EscapeForDisplay(std::string_view text);

// The code point of `c`, one whole UTF-8 character (as ir::CharLength delimits it).
uint32_t CodePoint(std::string_view c);

// Whether `text` is printable as it is: printable ASCII, tabs and UTF-8 characters, but no
// control character (C0 or C1), no byte that is not UTF-8, and no direction control (U+202E
// and the like reorder a terminal's output). Thread-safe.
bool PrintableText(std::string_view text);

// The longest run of characters without a space a message shows whole.
inline constexpr int kMaxShownRun = 80;

// `message` with each run of more than kMaxShownRun characters without a space (a name or a
// literal of a million characters, quoted in an error) cut to its first characters, `...`,
// and the punctuation that closed it, followed by its length: "`xxx...` (1000000
// characters)". Thread-safe.
std::string ShortenLongRuns(std::string_view message);

// The two lines that quote `line` under a diagnostic: two spaces, the (escaped, and if wider
// than kMaxQuotedWidth cut with `...`) text, then a line with `^` under character `column`
// (1-based, in characters as ir::CharLength counts them; past the end means just after it).
// Tabs before the column are repeated in the caret line so the caret lines up in a terminal.
// Thread-safe.
std::string QuoteLine(std::string_view line, int column);

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_SOURCE_DISPLAY_H_
