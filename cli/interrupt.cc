// The signal handlers behind ScopedInterruptHandler (see interrupt.h).
#include "cli/interrupt.h"

namespace rulecheck::cli {
namespace {

// A signal handler may only store to a lock-free atomic (or a volatile sig_atomic_t).
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> interrupted{false};

void OnInterrupt(int /*signal*/) { interrupted.store(true, std::memory_order_relaxed); }

}  // namespace

ScopedInterruptHandler::ScopedInterruptHandler() {
  interrupted.store(false, std::memory_order_relaxed);
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    installed_[i] = sigaction(kSignals[i], &action, &previous_[i]) == 0;
  }
}

ScopedInterruptHandler::~ScopedInterruptHandler() {
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    if (installed_[i]) sigaction(kSignals[i], &previous_[i], nullptr);
  }
}

const std::atomic<bool>* ScopedInterruptHandler::flag() { return &interrupted; }

}  // namespace rulecheck::cli
