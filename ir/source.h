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
// Columns count bytes, which is what editors show for the ASCII text the language uses.
struct Location {
  int line = 0;
  int column = 0;
  bool valid() const { return line > 0; }
  friend bool operator==(const Location&, const Location&) = default;
  friend auto operator<=>(const Location&, const Location&) = default;
};

class SourceFile {
 public:
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
