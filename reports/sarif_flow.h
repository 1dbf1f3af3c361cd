// Traces as SARIF code flows (internal to reports/). A trace becomes one thread flow whose
// locations are its steps: each at the rule that made the move (the action or trigger
// header, or `init`), with the move and the variables it changed as its message, and those
// variables with their new values as the location's `state` (the first step: the whole
// initial state). A lasso marks the step where its cycle starts (message and the property
// `cycleStart`) and says on its last step which step it comes back to; an order dependence
// gives one thread flow per order, each the shared trace followed by that order's moves.
//
//   result["codeFlows"] = FindingCodeFlows(model, finding);
#ifndef RULECHECK_REPORTS_SARIF_FLOW_H_
#define RULECHECK_REPORTS_SARIF_FLOW_H_

#include "model/model.h"
#include "reports/json_values.h"
#include "results/finding.h"
#include "results/trace.h"

namespace rulecheck::reports {

// The code flows of `finding`: an empty list when it has no trace. Thread-compatible.
Json FindingCodeFlows(const model::Model& model, const results::Finding& finding);
// One code flow for a witness trace (solve/prove); `from_any_state`: the first state is any
// state satisfying the invariant (an induction counterexample). Empty list for no trace.
Json TraceCodeFlows(const model::Model& model, const results::Trace& trace, bool from_any_state);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SARIF_FLOW_H_
