// Front-end diagnostics. The lexer, parser and type checker never stop at the first mistake:
// they record every error they can find here, each with its source position, and the command
// line prints them all together. Rendering follows the compiler convention
// `file:line:col: error: message`, then the offending line and a caret under the column.
#ifndef RULECHECK_FRONT_DIAGNOSTICS_H_
#define RULECHECK_FRONT_DIAGNOSTICS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "ir/source.h"

namespace rulecheck::front {

struct Diagnostic {
  ir::Location location;
  std::string message;
};

// Collects errors for one source file. Not thread-safe.
class Diagnostics {
 public:
  // `file` must outlive this object.
  explicit Diagnostics(const ir::SourceFile* file) : file_(file) {}

  void Error(ir::Location location, std::string message);
  // Errors at line `first_line` and after belong to `file` (a property given on the command
  // line, whose text is padded to start at that line): they are rendered with its name and
  // as its line 1. `file` must outlive this object.
  void AddSource(const ir::SourceFile* file, int first_line);

  bool has_errors() const { return !errors_.empty(); }
  const std::vector<Diagnostic>& errors() const { return errors_; }
  const ir::SourceFile& file() const { return *file_; }

  // The most errors Render shows; the rest are counted in one last line.
  static constexpr int kMaxRenderedErrors = 50;

  // The first kMaxRenderedErrors errors in position order (duplicates at one position
  // dropped), each rendered as `path:line:col: error: message` + source line + caret line
  // (see source_display.h: non-printable bytes escaped, long lines cut around the column),
  // then, if there were more, one line saying how many were not shown.
  std::string Render() const;
  // OK when there are no errors; otherwise InvalidArgument carrying Render().
  absl::Status ToStatus() const;

 private:
  const ir::SourceFile* file_;
  std::vector<std::pair<int, const ir::SourceFile*>> extra_;  // (first line, source), ascending
  std::vector<Diagnostic> errors_;
};

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_DIAGNOSTICS_H_
