// Ctrl-C during a search: instead of dying with nothing to show, rulecheck stops the search
// and reports what it found so far (exit code 3). A ScopedInterruptHandler installs a SIGINT
// handler that only stores `true` into a lock-free atomic flag, which is async-signal-safe;
// the explorer polls the flag between states. A second Ctrl-C gets the default action (the
// handler is installed with SA_RESETHAND), so a user can still kill a run that does not stop.
#ifndef RULECHECK_CLI_INTERRUPT_H_
#define RULECHECK_CLI_INTERRUPT_H_

#include <atomic>
#include <csignal>

namespace rulecheck::cli {

class ScopedInterruptHandler {
 public:
  // Clears the flag and installs the handler. REQUIRES: no other instance is alive.
  ScopedInterruptHandler();
  // Restores the SIGINT action there was before.
  ~ScopedInterruptHandler();
  ScopedInterruptHandler(const ScopedInterruptHandler&) = delete;
  ScopedInterruptHandler& operator=(const ScopedInterruptHandler&) = delete;

  // Turns true on SIGINT. Valid for the life of the process.
  static const std::atomic<bool>* flag();

 private:
  struct sigaction previous_;
  bool installed_ = false;
};

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_INTERRUPT_H_
