// The one narrator of traces in text (internal to reports/), shared by the check report and
// the solve/prove report. A trace is told as a story rather than a dump: the first state in
// full, then after each move only what it changed (`board[1][2]: Empty -> MX`), found by
// comparing the flattened states of consecutive steps leaf by leaf. Flattened states of one
// model always list the same paths in the same order, so the comparison is a zip. A failed
// last step says what went wrong; a lasso says where its cycle starts; a finding's outcomes
// (trigger order) go on from its last state, one per order. Thread-compatible.
//
//   WriteTraceText(model, answer.trace, {.from_any_state = answer.trace_from_any_state}, out);
#ifndef RULECHECK_REPORTS_TRACE_TEXT_H_
#define RULECHECK_REPORTS_TRACE_TEXT_H_

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "results/finding.h"
#include "results/trace.h"

namespace rulecheck::reports {

// Indents of the text reports: a step's heading (and other lines under a finding or answer),
// and a line about the state under a step.
inline constexpr char kStepIndent[] = "  ";
inline constexpr char kStateIndent[] = "       ";

// A state as (path, value) leaves, in the model's order (model::FlattenState).
using FlatState = std::vector<std::pair<std::string, std::string>>;

// A leaf whose value a move changed.
struct Change {
  std::string path;
  std::string before;  // "?" when `before` had no such leaf
  std::string after;
};

// The leaves that differ between two flattened states of one model, in the model's order.
std::vector<Change> StateChanges(const FlatState& before, const FlatState& after);

struct Narration {
  // The number of the first step.
  size_t first_number = 1;
  // The state before the first step, whose changes the first step then shows; null: the
  // first step's state is shown in full. Must outlive the call.
  const FlatState* before = nullptr;
  // A lasso: after the step at this index, a line says that the cycle starts there. -1: none.
  int cycle_start = -1;
  // The first state is any state satisfying the invariant (an induction counterexample), not
  // an initial state: its heading says so instead of naming the move.
  bool from_any_state = false;
};

// Writes `trace` as numbered steps. A step with nothing to compare against (the first without
// `before`) shows its state in full; the others show the leaves that changed, or
// "(no change)"; a failed step shows "failed: ERROR" and no state.
void WriteTraceText(const model::Model& model, const results::Trace& trace, const Narration& how,
                    std::ostream& out);

// Writes a finding's trace (a lasso when it has a cycle start) and then each of its
// outcomes: "then, with ORDER:" and the moves from the trace's last state, numbered on.
void WriteFindingTraceText(const model::Model& model, const results::Finding& finding,
                           std::ostream& out);

// Writes a whole finding as the text report shows it: `error: MESSAGE` (`warning:`, or the
// kind for info; `error (known):` when a baseline holds it), its `file:line:col` when it has
// a place, and its trace (WriteFindingTraceText).
void WriteFindingText(const model::Model& model, const results::Finding& finding, bool known,
                      std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_TRACE_TEXT_H_
