// The signal handlers behind CatchStopSignals (see interrupt.h).
#include "cli/interrupt.h"

#include <time.h>

#include <cstdint>

namespace rulecheck::cli {
namespace {

// A signal handler may only store to a lock-free atomic (or a volatile sig_atomic_t), and call
// async-signal-safe functions (clock_gettime, signal and raise are).
static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<int64_t>::is_always_lock_free);
std::atomic<bool> interrupted{false};
std::atomic<int64_t> first_signal_ns{0};
std::atomic<bool> reading{false};

int64_t MonotonicNanos() {
  struct timespec now = {};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return int64_t{now.tv_sec} * 1000000000 + now.tv_nsec;
}

void OnInterrupt(int sig) {
  if (reading.load(std::memory_order_relaxed)) {
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    return;
  }
  const int64_t now = MonotonicNanos();
  if (!interrupted.exchange(true, std::memory_order_relaxed)) {
    first_signal_ns.store(now, std::memory_order_relaxed);
    return;
  }
  // A repeat within kSameRequestNanos is the same request (coreutils' timeout signals the run
  // and then its whole process group); a later one is a person insisting: the default action.
  if (now - first_signal_ns.load(std::memory_order_relaxed) < kSameRequestNanos) return;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

const std::atomic<bool>* CatchStopSignals() {
  interrupted.store(false, std::memory_order_relaxed);
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  // Each stop signal is blocked while any of them is handled, so the first one's time is
  // stored before a repeat reads it.
  for (const int signal : kStopSignals) sigaddset(&action.sa_mask, signal);
  action.sa_flags = SA_RESTART;
  for (const int signal : kStopSignals) sigaction(signal, &action, nullptr);
  return &interrupted;
}

DefaultStopWhileReading::DefaultStopWhileReading() { reading.store(true); }

DefaultStopWhileReading::~DefaultStopWhileReading() { reading.store(false); }

}  // namespace rulecheck::cli
