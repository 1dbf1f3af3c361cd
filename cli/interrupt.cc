// The signal handlers behind CatchStopSignals (see interrupt.h).
#include "cli/interrupt.h"

#include <iterator>

namespace rulecheck::cli {
namespace {

// A signal handler may only store to a lock-free atomic (or a volatile sig_atomic_t).
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> interrupted{false};

void OnInterrupt(int /*signal*/) { interrupted.store(true, std::memory_order_relaxed); }

}  // namespace

const std::atomic<bool>* CatchStopSignals() {
  interrupted.store(false, std::memory_order_relaxed);
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  for (const int signal : kStopSignals) sigaction(signal, &action, nullptr);
  return &interrupted;
}

}  // namespace rulecheck::cli
