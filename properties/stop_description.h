// Why an incomplete search stopped, in words for people: "stopped at --max-states 1,000",
// "interrupted", "the memory budget (--memory) is used up"... Part of the properties stage's public
// API: the explicit engine's answers quote it (query_answers.h) and the check report's summary line
// shows it (reports/). Pure, thread-safe.
#ifndef RULECHECK_PROPERTIES_STOP_DESCRIPTION_H_
#define RULECHECK_PROPERTIES_STOP_DESCRIPTION_H_

#include <string>

#include "explorer/explorer.h"

namespace rulecheck::properties {

// "complete" for a search that ran to the end; else how it stopped, naming the flag that
// stopped it where there is one ("stopped at the first error (--stop-at-first)").
std::string StopDescription(const explorer::ExplorationStats& stats);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_STOP_DESCRIPTION_H_
