// The search's limits and the reasons it stops (see search_limits.h).
#include "explorer/search_limits.h"

namespace rulecheck::explorer {

SearchLimits::SearchLimits(const ExploreOptions& options, WorkerPool& pool)
    : pool_(pool),
      cancel_(options.cancel),
      max_states_(options.max_states),
      max_depth_(options.max_depth) {}

StopReason SearchLimits::AtInitialLevel() const {
  if (cancelled()) return StopReason::kCancelled;
  if (max_reached()) return StopReason::kMaxStates;
  if (store_full()) return StopReason::kStoreFull;
  return StopReason::kNone;
}

StopReason SearchLimits::PartWay() const {
  if (cancelled()) return StopReason::kCancelled;
  if (store_full()) return StopReason::kStoreFull;
  return StopReason::kNone;
}

StopReason SearchLimits::AfterLevel(bool expanded,
                                    std::span<ExplorationObserver* const> observers) {
  bool stop = false;
  for (const ExplorationObserver* observer : observers) stop = stop || observer->ShouldStop();
  if (!expanded) return StopReason::kMaxDepth;
  if (stop) return StopReason::kStoppedByObserver;
  return StopReason::kNone;
}

}  // namespace rulecheck::explorer
