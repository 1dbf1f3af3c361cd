// Rendering of collected diagnostics with a quoted source line and a caret.
#include "front/diagnostics.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "front/source_display.h"

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
  int shown = 0, not_shown = 0;
  for (const Diagnostic& d : sorted) {
    // One error per position: a later error at the same place is usually a consequence.
    if (previous != nullptr && previous->location == d.location) continue;
    previous = &d;
    // Past the first few errors the rest are mostly consequences of the first, and a file of
    // garbage could otherwise produce text many times its own size.
    if (shown == kMaxRenderedErrors) {
      ++not_shown;
      continue;
    }
    ++shown;
    const ir::SourceFile* file = file_;
    int shown_line = d.location.line;
    for (const auto& [first_line, extra] : extra_) {
      if (d.location.line >= first_line) {
        file = extra;
        shown_line = d.location.line - first_line + 1;
      }
    }
    absl::StrAppend(&out, file->path(), ":", shown_line, ":", d.location.column,
                    ": error: ", EscapeForDisplay(ShortenLongRuns(d.message)), "\n");
    std::string_view line = file->Line(d.location.line);
    if (!line.empty()) out += QuoteLine(line, d.location.column);
  }
  if (not_shown > 0) {
    absl::StrAppend(&out, file_->path(), ": ", not_shown, " more error", not_shown == 1 ? "" : "s",
                    " not shown (only the first ", kMaxRenderedErrors, " are)\n");
  }
  return out;
}

absl::Status Diagnostics::ToStatus() const {
  if (errors_.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(Render());
}

}  // namespace rulecheck::front
