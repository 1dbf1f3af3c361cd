// Ctrl-C during a search: instead of dying with nothing to show, rulecheck stops the search
// and reports what it found so far (exit code 3). SIGTERM (what `kill`, `timeout` and job
// schedulers send) and SIGHUP (a closed terminal) mean the same request to stop, so they are
// handled alike. CatchStopSignals installs, for each of these signals, a handler that only
// stores `true` into a lock-free atomic flag, which is async-signal-safe; the explorer polls
// the flag between states. A second signal of the same kind gets the default action (the
// handlers are installed with SA_RESETHAND), so a user can still kill a run that does not
// stop.
//
// The handlers stay in place until the process ends: a request to stop that comes after the
// work is done (while the report is written, or during a sanitizer's exit checks) finds the
// answer complete and changes nothing, where a handler removed on the way out would let the
// signal kill a run that had already succeeded.
#ifndef RULECHECK_CLI_INTERRUPT_H_
#define RULECHECK_CLI_INTERRUPT_H_

#include <atomic>
#include <csignal>

namespace rulecheck::cli {

// The signals that stop a search: SIGINT, SIGTERM and SIGHUP.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Clears the flag and installs the handlers (for the rest of the process); returns the flag,
// which turns true on any of kStopSignals. Call it once a command, before its work starts.
const std::atomic<bool>* CatchStopSignals();

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_INTERRUPT_H_
