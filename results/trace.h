// A trace: the moves of one play, each with the state it led to, as every engine hands them
// on (the explorer's shortest traces, the findings of checks, the witnesses of answers) and
// every report narrates them. One step type for all of them, so that a report writer learns
// one shape.
//
// The first step is the initial state: its move has kind kInit (with the choices `init`
// made). Each later step is a move from the state of the step before. Only the last step may
// be a failed move (an assert, a model error, a pending-list overflow): it carries the state
// the move was tried in and what went wrong, and no state came out of it.
//
//   for (const results::TraceStep& step : finding.trace) Narrate(step.move, step.state);
#ifndef RULECHECK_RESULTS_TRACE_H_
#define RULECHECK_RESULTS_TRACE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/move.h"

namespace rulecheck::results {

struct TraceStep {
  ir::Move move;                // kInit for the first step
  std::vector<uint32_t> state;  // the packed state after the move; for a failed move the state
                                // it was tried in; empty for a failure while computing `init`
  bool failed = false;          // this move failed: the last step of its trace
  std::string error;            // when failed: what went wrong, a phrase for people
};

using Trace = std::vector<TraceStep>;

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_TRACE_H_
