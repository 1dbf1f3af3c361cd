// Small pieces of report text shared by the reports: a move's heading, its choices one by one,
// a time, and the JSON name of why a search stopped. Internal to reports/; numbers with
// thousands separators are in base/counts.h. Thread-safe (pure functions).
#ifndef RULECHECK_REPORTS_FORMAT_UTIL_H_
#define RULECHECK_REPORTS_FORMAT_UTIL_H_

#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "model/successors.h"
#include "results/policy.h"

namespace rulecheck::reports {

// Each choice of a move on its own: "c = Dog", "roll d = 3", "may: yes".
std::vector<std::string> MoveChoices(const ir::Move& move);
// "X: place(1, 2) [c = Dog]": the player (when the rule has `by`), the call, and the choices
// in brackets (when any). The initial state's move is "init", with its choices.
std::string MoveHeading(const model::Model& model, const ir::Move& move);
// "hold_at_20 by every Player (pig.rules:40), ...": the policies a run followed, as one line
// of text; empty when there are none.
std::string PoliciesText(const model::Model& model,
                         const std::vector<results::FollowedPolicy>& policies);
// "the preference at FILE:LINE:COLUMN of policy NAME never applied WHERE", one per preference of
// the policies that applied in no state the run saw (results::FollowedPolicy::never_applied).
std::vector<std::string> NeverAppliedLines(const model::Model& model,
                                           const std::vector<results::FollowedPolicy>& policies,
                                           const std::string& where);
// "0.25 s": a time in seconds, as the text reports show it.
std::string Seconds(double seconds);
// "0.250": a time in seconds as a JUnit `time` attribute.
std::string JunitTime(double seconds);
// The stop reason as the JSON report spells it: "none", "max_states", "cancelled",
// "stop_at_first", "store_full", "max_depth".
std::string StopReasonJsonName(explorer::StopReason reason);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_FORMAT_UTIL_H_
