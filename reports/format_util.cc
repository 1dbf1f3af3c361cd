// Shared report text (see format_util.h).
#include "reports/format_util.h"

#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "model/value_format.h"

namespace rulecheck::reports {

std::vector<std::string> MoveChoices(const ir::Move& move) {
  // value_format renders a move's choices as one string; a move holding a single choice
  // renders just that one, which keeps the spelling in one place.
  std::vector<std::string> choices;
  for (const ir::Choice& choice : move.choices) {
    ir::Move single;
    single.choices.push_back(choice);
    choices.push_back(model::FormatMoveChoices(single));
  }
  return choices;
}

std::string MoveHeading(const model::Model& model, const ir::Move& move) {
  std::string heading;
  if (move.kind != ir::Move::Kind::kInit) {
    const std::string player = model::FormatMovePlayer(move);
    if (!player.empty()) absl::StrAppend(&heading, player, ": ");
  }
  absl::StrAppend(&heading, model::FormatMoveCall(model, move));
  if (!move.choices.empty()) {
    absl::StrAppend(&heading, " [", absl::StrJoin(MoveChoices(move), ", "), "]");
  }
  return heading;
}

std::string PoliciesText(const model::Model& model,
                         const std::vector<results::FollowedPolicy>& policies) {
  std::string text;
  for (const results::FollowedPolicy& p : policies) {
    const auto [file, loc] = model.Resolve(p.loc);
    absl::StrAppend(&text, text.empty() ? "" : ", ", p.name, " by ", p.seats, " (", file->path(),
                    ":", loc.line, ")");
  }
  return text;
}

std::vector<std::string> NeverAppliedLines(const model::Model& model,
                                           const std::vector<results::FollowedPolicy>& policies,
                                           const std::string& where) {
  std::vector<std::string> lines;
  for (const results::FollowedPolicy& p : policies) {
    for (const ir::Location& at : p.never_applied) {
      const auto [file, loc] = model.Resolve(at);
      lines.push_back(absl::StrCat("the preference at ", file->path(), ":", loc.line, ":",
                                   loc.column, " of policy ", p.name, " never applied ", where));
    }
  }
  return lines;
}

std::string Seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f s", seconds);
  return text;
}

std::string JunitTime(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f", seconds);
  return text;
}

std::string StopReasonJsonName(explorer::StopReason reason) {
  if (reason == explorer::StopReason::kStoppedByObserver) return "stop_at_first";
  return std::string(explorer::StopReasonName(reason));
}

}  // namespace rulecheck::reports
