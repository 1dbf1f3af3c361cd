// Trigger-order ambiguity, checked after a complete search: where two triggers wait at once,
// does the order in which they resolve change how the chain of reactions ends?
//
// In every reachable state with two or more pending triggers, the chain is played out to
// where it settles (no trigger pending, or none able to resolve) twice or more: resolving
// pending triggers first-in first-out from that state (the language's default), and resolving
// the i-th pending entry first and then first-in first-out, for each i > 0. When the settled
// states of the two differ, the rulebook must say which trigger goes first: an
// `order_dependence` finding (a warning) names the two triggers, gives the trace to the
// state, and one way each order plays out, ending in a settled state the other order cannot
// reach. Triggers that commute settle in the same states and are not reported. One finding
// per pair of triggers, at the first such state in canonical order. Its working memory (the
// chains played out) is charged to the exploration's memory budget. Internal to properties/.
#ifndef RULECHECK_PROPERTIES_ORDER_CHECK_H_
#define RULECHECK_PROPERTIES_ORDER_CHECK_H_

#include <atomic>

#include "absl/status/status.h"
#include "explorer/explorer.h"
#include "model/model.h"
#include "properties/collector.h"

namespace rulecheck::properties {

// Runs on `threads` threads; the findings do not depend on their number. Adds nothing and
// returns Cancelled once `cancel` (may be null) is set, within a few states, and
// ResourceExhausted (with the reason) when the exploration's budget has no room for its
// working memory.
absl::Status CheckOrderDependence(const model::Model& model,
                                  const explorer::Exploration& exploration, int threads,
                                  const std::atomic<bool>* cancel, FindingCollector& collector);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ORDER_CHECK_H_
