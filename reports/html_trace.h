// Traces in the HTML reports (internal to reports/): the steps of a play as a list that a
// reader can step through. Each step names its move (the player, the call, the choices) and
// shows a table: the first step the whole state, each later one only the variables its move
// changed, old and new, as the text report tells it (trace_text.h). A failed last step says
// what went wrong; a lasso marks the step where its cycle starts, the steps on the cycle, and
// the step that closes it; an order dependence goes on with one trace per order and a table
// of the variables on which the orders settle differently.
//
// Without JavaScript every step is shown, one after the other. With it, the page's script
// (html_assets.h) turns each `.trace` into a stepper: one step at a time, previous/next
// buttons, a slider, the arrow keys (Home and End too) while the trace has the focus, a
// button to show all steps, and the whole state at any step, rebuilt from the first state and
// the changes. Thread-compatible.
//
//   WriteFindingTraceHtml(model, finding, "finding-3", out);
#ifndef RULECHECK_REPORTS_HTML_TRACE_H_
#define RULECHECK_REPORTS_HTML_TRACE_H_

#include <ostream>
#include <string>
#include <string_view>

#include "model/model.h"
#include "reports/trace_text.h"
#include "results/finding.h"
#include "results/trace.h"

namespace rulecheck::reports {

// Writes `trace` as a `.trace` element with id `id` (its steps `ID-s1`, `ID-s2`, ... by their
// numbers), narrated as `how` says (the numbering, the state before it, the cycle start, a
// first state that is any state). `continues`: the id of the trace whose last state this one
// starts from (an order's outcome), so that the script can rebuild whole states; empty for
// none. A move's call links to its rule's line in the listing `listing` (html_page.h's
// LineId). Writes nothing for an empty trace.
void WriteTraceHtml(const model::Model& model, const results::Trace& trace, const Narration& how,
                    const std::string& id, const std::string& continues, std::ostream& out,
                    std::string_view listing = "");

// Writes a finding's trace (a lasso when it has a cycle start), with id `ID-trace`, and then
// its outcomes, if any (`ID-order1`, `ID-order2`, ...), each headed by its order, after a
// table of where the orders settle.
void WriteFindingTraceHtml(const model::Model& model, const results::Finding& finding,
                           const std::string& id, std::ostream& out, std::string_view listing = "");

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_TRACE_H_
