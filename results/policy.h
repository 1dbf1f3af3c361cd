// A policy a run followed (`rulecheck odds --policy NAME`, `rulecheck simulate --policy NAME`),
// as reports name it: its name, where it is declared, and the seats it governs.
#ifndef RULECHECK_RESULTS_POLICY_H_
#define RULECHECK_RESULTS_POLICY_H_

#include <string>
#include <vector>

#include "ir/source.h"

namespace rulecheck::results {

struct FollowedPolicy {
  std::string name;
  ir::Location loc;
  std::string seats;  // "First", or "every Player" for a policy with a binder
  // Where the run saw all it needed (odds' whole search, or simulate's games): the preferences
  // that applied in none of its states, in order (a preference applies in a state where it is
  // the first whose condition holds and whose pattern matches a move of the seat).
  bool use_known = false;
  std::vector<ir::Location> never_applied;
};

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_POLICY_H_
