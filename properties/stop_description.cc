// Why a search stopped, in words (see stop_description.h).
#include "properties/stop_description.h"

#include "absl/strings/str_cat.h"
#include "base/counts.h"

namespace rulecheck::properties {

std::string StopDescription(const explorer::ExplorationStats& stats) {
  switch (stats.stop_reason) {
    case explorer::StopReason::kNone:
      return "complete";
    case explorer::StopReason::kMaxStates:
      return absl::StrCat("stopped at --max-states ", base::GroupThousands(stats.max_states));
    case explorer::StopReason::kCancelled:
      return "interrupted";
    case explorer::StopReason::kStoppedByObserver:
      return "stopped at the first error (--stop-at-first)";
    case explorer::StopReason::kStoreFull:
      return "the memory budget (--memory) is used up";
    case explorer::StopReason::kMaxDepth:
      return absl::StrCat("stopped at depth ", stats.levels);
  }
  return "stopped";
}

}  // namespace rulecheck::properties
