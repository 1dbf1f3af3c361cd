// The cycle analyses, run after a complete search over its transition graph: infinite
// reaction chains and non-termination.
//
// Both look for strongly connected components (Boost.Graph) with a cycle in them:
// - reaction chains in the trigger-resolution subgraph: the states whose pending-trigger list
//   is not empty and the moves between them. A cycle there is a chain of "whenever X, do Y"
//   that can resolve forever without the players getting a move.
// - non-termination, where the file declares `terminates`: any cycle in the whole graph.
// Each finding is a lasso: the shortest trace to the component's first state in the search's
// canonical order, then a shortest cycle through that state inside the component. A
// reaction chain is `forced` when no move from any state of its component leads out of the
// component (the chain can never be stopped), `optional` when choices can keep it going for
// ever though some move leads out, and `chance` (a warning) when only rolls repeat it: each
// time around, some outcome leads out whatever anyone chooses, so it ends with probability 1
// (end_components.h). Non-termination of that kind is a warning too. Chains are reported
// once per set of triggers on their cycle and kind, non-termination once; messages give the
// counts. Telling `chance` apart expands the states of the cycles again (chance_graph.h);
// where that fails (ResourceExhausted: the memory budget; Cancelled once `cancel`, may be
// null, is set) the status says so, and only what is known without it is reported (the
// forced chains; a cycle with no way out for non-termination).
// Internal to properties/; deterministic (the graph and the order are).
#ifndef RULECHECK_PROPERTIES_CYCLE_CHECK_H_
#define RULECHECK_PROPERTIES_CYCLE_CHECK_H_

#include <atomic>

#include "absl/status/status.h"
#include "explorer/explorer.h"
#include "explorer/state_graph.h"
#include "model/model.h"
#include "properties/collector.h"

namespace rulecheck::properties {

// `graph` must have expanded every state with pending triggers.
absl::Status CheckReactionChains(const model::Model& model,
                                 const explorer::Exploration& exploration,
                                 const explorer::StateGraph& graph, const std::atomic<bool>* cancel,
                                 FindingCollector& collector);

// `graph` must have expanded every state.
absl::Status CheckNonTermination(const model::Model& model,
                                 const explorer::Exploration& exploration,
                                 const explorer::StateGraph& graph, const std::atomic<bool>* cancel,
                                 FindingCollector& collector);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_CYCLE_CHECK_H_
