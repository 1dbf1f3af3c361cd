// Ctrl-C during a search: instead of dying with nothing to show, rulecheck stops the search
// and reports what it found so far (exit code 3). SIGTERM (what `kill`, `timeout` and job
// schedulers send) and SIGHUP (a closed terminal) mean the same request to stop, so they are
// handled alike. A ScopedInterruptHandler installs, for each of these signals, a handler that
// only stores `true` into a lock-free atomic flag, which is async-signal-safe; the explorer
// polls the flag between states. A second signal of the same kind gets the default action
// (the handlers are installed with SA_RESETHAND), so a user can still kill a run that does
// not stop.
#ifndef RULECHECK_CLI_INTERRUPT_H_
#define RULECHECK_CLI_INTERRUPT_H_

#include <atomic>
#include <csignal>
#include <iterator>

namespace rulecheck::cli {

class ScopedInterruptHandler {
 public:
  // The signals that stop a search: SIGINT, SIGTERM and SIGHUP.
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

  // Clears the flag and installs the handlers. REQUIRES: no other instance is alive.
  ScopedInterruptHandler();
  // Restores the actions there were before.
  ~ScopedInterruptHandler();
  ScopedInterruptHandler(const ScopedInterruptHandler&) = delete;
  ScopedInterruptHandler& operator=(const ScopedInterruptHandler&) = delete;

  // Turns true on any of kSignals. Valid for the life of the process.
  static const std::atomic<bool>* flag();

 private:
  struct sigaction previous_[std::size(kSignals)];
  bool installed_[std::size(kSignals)] = {};
};

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_INTERRUPT_H_
