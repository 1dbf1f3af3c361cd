// The run's cancel flag, as the explorer, the analyses and the solvers take it: null when
// nothing can cancel the work, else set (from any thread, or a signal handler) to stop it.
#ifndef RULECHECK_BASE_CANCEL_FLAG_H_
#define RULECHECK_BASE_CANCEL_FLAG_H_

#include <atomic>

namespace rulecheck::base {

// Whether `cancel` (may be null) asks the work to stop. Thread-safe.
inline bool Cancelled(const std::atomic<bool>* cancel) {
  return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

}  // namespace rulecheck::base

#endif  // RULECHECK_BASE_CANCEL_FLAG_H_
