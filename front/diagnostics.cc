// Rendering of collected diagnostics with a quoted source line and a caret.
#include "front/diagnostics.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace rulecheck::front {

void Diagnostics::Error(ir::Location location, std::string message) {
  errors_.push_back({location, std::move(message)});
}

void Diagnostics::AddSource(const ir::SourceFile* file, int first_line) {
  extra_.emplace_back(first_line, file);
}

std::string Diagnostics::Render() const {
  std::vector<Diagnostic> sorted = errors_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.location < b.location;
  });
  std::string out;
  const Diagnostic* previous = nullptr;
  for (const Diagnostic& d : sorted) {
    // One error per position: a later error at the same place is usually a consequence.
    if (previous != nullptr && previous->location == d.location) continue;
    previous = &d;
    const ir::SourceFile* file = file_;
    int shown_line = d.location.line;
    for (const auto& [first_line, extra] : extra_) {
      if (d.location.line >= first_line) {
        file = extra;
        shown_line = d.location.line - first_line + 1;
      }
    }
    absl::StrAppend(&out, file->path(), ":", shown_line, ":", d.location.column,
                    ": error: ", d.message, "\n");
    std::string_view line = file->Line(d.location.line);
    if (line.empty()) continue;
    absl::StrAppend(&out, "  ", std::string(line), "\n  ");
    // Keep tabs so that the caret lines up under the column in a terminal.
    int col = std::max(1, d.location.column);
    for (int i = 1; i < col && i <= static_cast<int>(line.size()); ++i) {
      out.push_back(line[i - 1] == '\t' ? '\t' : ' ');
    }
    out += "^\n";
  }
  return out;
}

absl::Status Diagnostics::ToStatus() const {
  if (errors_.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(Render());
}

}  // namespace rulecheck::front
