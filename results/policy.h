// A policy a run followed (`rulecheck odds --policy NAME`, `rulecheck simulate --policy NAME`),
// as reports name it: its name, where it is declared, and the seats it governs.
#ifndef RULECHECK_RESULTS_POLICY_H_
#define RULECHECK_RESULTS_POLICY_H_

#include <string>

#include "ir/source.h"

namespace rulecheck::results {

struct FollowedPolicy {
  std::string name;
  ir::Location loc;
  std::string seats;  // "First", or "every Player" for a policy with a binder
};

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_POLICY_H_
