// Reading a baseline (see baseline.h). nlohmann's parse errors give a byte offset; the
// message turns it into the line and column an editor shows (columns in characters, as the
// rules files' diagnostics count them).
#include "reports/baseline.h"

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/read_file.h"
#include "base/status_macros.h"
#include "ir/source.h"
#include "nlohmann/json.hpp"

namespace rulecheck::reports {
namespace {

// The 1-based line and column of byte `offset` (0-based) of `text`.
std::pair<int, int> LineAndColumn(std::string_view text, size_t offset) {
  int line = 1;
  int column = 1;
  for (size_t i = 0; i < offset && i < text.size(); i += ir::CharLength(text, i)) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

absl::Status NotAReport(const std::string& path, const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": error: not a JSON report of rulecheck: ", what));
}

// Adds the `id` of `finding`, the JSON value at `where`.
absl::Status AddId(const std::string& path, const nlohmann::json& finding, const std::string& where,
                   std::set<std::string, std::less<>>& ids) {
  const auto id = finding.is_object() ? finding.find("id") : finding.end();
  if (!finding.is_object() || id == finding.end() || !id->is_string()) {
    return NotAReport(
        path, absl::StrCat("`", where, "` has no `id` (a report from an older rulecheck?)"));
  }
  ids.insert(id->get<std::string>());
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Baseline> Baseline::Load(const std::string& path) {
  // A directory opens and reads as nothing, which JSON's parser called a syntax error; and
  // /dev/zero never ends.
  constexpr uint64_t kMaxBaselineBytes = uint64_t{1} << 30;
  ASSIGN_OR_RETURN(std::string text, base::ReadWholeFile(path, "baseline", kMaxBaselineBytes));
  return Parse(path, text);
}

absl::StatusOr<Baseline> Baseline::Parse(const std::string& path, std::string_view text) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // `byte` is the 1-based position of the character the parser stopped at.
    const size_t offset = error.byte > 0 ? error.byte - 1 : 0;
    const auto [line, column] = LineAndColumn(text, offset);
    std::string what = error.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...":
    // keep what comes after the position, which the prefix repeats.
    if (const size_t colon = what.find(": "); colon != std::string::npos) {
      what = what.substr(colon + 2);
    }
    return absl::InvalidArgumentError(
        absl::StrCat(path, ":", line, ":", column, ": error: the baseline is not JSON: ", what));
  }
  if (!json.is_object()) return NotAReport(path, "the top level is not an object");
  if (const auto command = json.find("command");
      command != json.end() && command->is_string() && *command == "diff") {
    // Its `findings` hold what changed, not what the new version has: not a baseline.
    return NotAReport(path,
                      "it is a report of `diff`, whose findings are changes; use the JSON report "
                      "of check, solve or prove, or the file diff --write-baseline writes");
  }
  Baseline baseline;
  baseline.path_ = path;
  const auto findings = json.find("findings");
  const auto queries = json.find("queries");
  if (findings == json.end() && queries == json.end()) {
    return NotAReport(path, "it has neither `findings` (check) nor `queries` (solve, prove)");
  }
  if (findings != json.end()) {
    if (!findings->is_array()) return NotAReport(path, "`findings` is not a list");
    for (size_t i = 0; i < findings->size(); ++i) {
      absl::Status status =
          AddId(path, (*findings)[i], absl::StrCat("findings[", i, "]"), baseline.ids_);
      if (!status.ok()) return status;
    }
  }
  if (queries != json.end()) {
    if (!queries->is_array()) return NotAReport(path, "`queries` is not a list");
    for (size_t i = 0; i < queries->size(); ++i) {
      const nlohmann::json& query = (*queries)[i];
      if (!query.is_object()) {
        return NotAReport(path, absl::StrCat("`queries[", i, "]` is not an object"));
      }
      const auto finding = query.find("finding");
      if (finding == query.end() || finding->is_null()) continue;
      absl::Status status =
          AddId(path, *finding, absl::StrCat("queries[", i, "].finding"), baseline.ids_);
      if (!status.ok()) return status;
    }
  }
  return baseline;
}

}  // namespace rulecheck::reports
