// What Solve and Prove (solver.cc) hand every driver of one run (internal to solver/): the
// limits and progress callback from the options, and the run's fixed bits, which depend on the
// model only and are found once per run.
#ifndef RULECHECK_SOLVER_BMC_CONTEXT_H_
#define RULECHECK_SOLVER_BMC_CONTEXT_H_

#include <atomic>
#include <functional>
#include <optional>
#include <string>

#include "solver/fixed_bits.h"

namespace rulecheck::solver::internal {

// Plain data; the drivers of one run take it in turn, on the run's thread.
struct BmcContext {
  double timeout_seconds = 0;
  const std::atomic<bool>* cancel = nullptr;  // set (Ctrl-C): stop as after a time-out
  std::function<void(const std::string&)> progress;
  // The run's fixed bits, found by its first query and shared by the others (fixed_bits.h).
  std::optional<StateFacts>* facts = nullptr;
  // Prove: an invariant is settled by the states the fixed-bit pass listed, where it listed
  // every reachable state, before any induction (listed_invariants.h).
  bool prove_by_listing = true;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_BMC_CONTEXT_H_
