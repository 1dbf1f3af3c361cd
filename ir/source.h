// Source text and positions. A `SourceFile` owns the text of one `.rules` file (or of a
// command-line expression) and maps 1-based line numbers to the text of that line, so that
// diagnostics can quote the offending line under its `file:line:col`.
#ifndef RULECHECK_IR_SOURCE_H_
#define RULECHECK_IR_SOURCE_H_

#include <string>
#include <string_view>
#include <vector>

namespace rulecheck::ir {

// A position in a source file. Lines and columns are 1-based; 0 means "no position".
// Columns count characters (UTF-8 code points, see CharLength), which is what editors show.
struct Location {
  int line = 0;
  int column = 0;
  bool valid() const { return line > 0; }
  friend bool operator==(const Location&, const Location&) = default;
  friend auto operator<=>(const Location&, const Location&) = default;
};

// The number of bytes of the character that starts at `text[pos]`: the length of a well-formed
// UTF-8 sequence there, otherwise 1 (a byte that is not UTF-8 is a character of its own).
// REQUIRES: pos < text.size(). Thread-safe.
size_t CharLength(std::string_view text, size_t pos);

class SourceFile {
 public:
  // A UTF-8 byte-order mark at the start of `text` is dropped: it is not part of the program.
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  int line_count() const { return static_cast<int>(line_starts_.size()); }
  // The text of 1-based line `line` without its line break; empty when out of range.
  std::string_view Line(int line) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_SOURCE_H_
