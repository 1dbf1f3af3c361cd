// Shared report text (see format_util.h).
#include "reports/format_util.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "model/value_format.h"

namespace rulecheck::reports {

std::string GroupThousands(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string grouped;
  const size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  grouped.append(digits, 0, first);
  for (size_t i = first; i < digits.size(); i += 3) {
    grouped.push_back(',');
    grouped.append(digits, i, 3);
  }
  return grouped;
}

std::string CountOf(uint64_t n, const std::string& singular, const std::string& plural) {
  return absl::StrCat(GroupThousands(n), " ", n == 1 ? singular : plural);
}

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

std::string StopDescription(const explorer::ExplorationStats& stats) {
  switch (stats.stop_reason) {
    case explorer::StopReason::kNone:
      return "complete";
    case explorer::StopReason::kMaxStates:
      return absl::StrCat("stopped at --max-states ", GroupThousands(stats.max_states));
    case explorer::StopReason::kCancelled:
      return "interrupted";
    case explorer::StopReason::kStoppedByObserver:
      return "stopped at the first error (--stop-at-first)";
    case explorer::StopReason::kStoreFull:
      return "the state store is full";
    case explorer::StopReason::kMaxDepth:
      return absl::StrCat("stopped at depth ", stats.levels);
  }
  return "stopped";
}

std::string StopReasonJsonName(explorer::StopReason reason) {
  if (reason == explorer::StopReason::kStoppedByObserver) return "stop_at_first";
  return std::string(explorer::StopReasonName(reason));
}

}  // namespace rulecheck::reports
