// Rendering of collected diagnostics with a quoted source line and a caret.
#include "model/diagnostics.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace rulecheck::model {

void Diagnostics::Error(Location location, std::string message) {
  errors_.push_back({location, std::move(message)});
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
    absl::StrAppend(&out, file_->path(), ":", d.location.line, ":", d.location.column,
                    ": error: ", d.message, "\n");
    std::string_view line = file_->Line(d.location.line);
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

}  // namespace rulecheck::model
