// SARIF artifact locations and regions (see sarif_location.h).
#include "reports/sarif_location.h"

#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace rulecheck::reports {
namespace {

// RFC 3986: unreserved characters and `/` stay, every other byte becomes %XX.
std::string PercentEncode(std::string_view path) {
  std::string out;
  for (const char c : path) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if ((byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
        (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

}  // namespace

ir::Location RuleLocation(const model::Model& model, const ir::Move& move) {
  const ir::Program& program = model.program;
  switch (move.kind) {
    case ir::Move::Kind::kAction:
      if (move.index >= 0 && move.index < static_cast<int>(program.actions.size())) {
        return program.actions[move.index].loc;
      }
      break;
    case ir::Move::Kind::kTrigger:
      if (move.index >= 0 && move.index < static_cast<int>(program.triggers.size())) {
        return program.triggers[move.index].loc;
      }
      break;
    case ir::Move::Kind::kInit:
      return program.init.loc;
  }
  return {};
}

Json ArtifactLocation(const std::string& path) {
  if (!path.empty() && path.front() == '/') {
    return Json{{"uri", absl::StrCat("file://", PercentEncode(path))}};
  }
  std::string_view relative = path;
  while (relative.substr(0, 2) == "./") relative.remove_prefix(2);
  return Json{{"uri", PercentEncode(relative)}, {"uriBaseId", kSourceRootId}};
}

Json OriginalUriBaseIds() {
  std::error_code error;
  const std::string cwd = std::filesystem::current_path(error).string();
  const bool slash = !error && !cwd.empty() && cwd.back() == '/';
  const std::string uri =
      absl::StrCat("file://", PercentEncode(error ? "" : cwd), slash ? "" : "/");
  return Json{{kSourceRootId, Json{{"uri", uri}}}};
}

Json PlaceOfResult(const model::Model& model, const results::Finding& finding) {
  if (finding.file == model.source->path() && finding.location.valid()) {
    return PlaceOf(model, finding.file, finding.location);
  }
  return PlaceOfTrace(model, finding.trace);
}

Json PlaceOfTrace(const model::Model& model, const results::Trace& trace) {
  ir::Location place;
  if (!trace.empty()) place = RuleLocation(model, trace.back().move);
  if (!place.valid()) place = {1, 1};
  return PlaceOf(model, model.source->path(), place);
}

Json PlaceOf(const model::Model& model, const std::string& file, const ir::Location& location) {
  const std::string& rules = model.source->path();
  Json physical = Json::object();
  physical["artifactLocation"] = ArtifactLocation(rules);
  if (file == rules && location.valid()) {
    Json region = Json::object();
    region["startLine"] = location.line;
    if (location.column > 0) region["startColumn"] = location.column;
    physical["region"] = std::move(region);
  }
  return Json{{"physicalLocation", std::move(physical)}};
}

}  // namespace rulecheck::reports
