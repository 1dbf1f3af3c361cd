// Ctrl-C during a search: instead of dying with nothing to show, rulecheck stops the search
// and reports what it found so far (exit code 3). SIGTERM (what `kill`, `timeout` and job
// schedulers send) and SIGHUP (a closed terminal) mean the same request to stop, so they are
// handled alike. CatchStopSignals installs, for each of these signals, a handler that only
// stores `true` into a lock-free atomic flag, which is async-signal-safe; the explorer polls
// the flag between states. A stop signal that comes a second or more after the first gets the
// default action, so a user can still kill a run that does not stop; one that comes sooner is
// the same request delivered twice and changes nothing: coreutils' `timeout`, which CI scripts
// wrap runs in, sends its signal to the run and then to its whole process group, and the
// second copy, arriving once the first was handled, used to kill the run before it could
// write its partial report (about one run in ten).
//
// The handlers stay in place until the process ends: a request to stop that comes after the
// work is done (while the report is written, or during a sanitizer's exit checks) finds the
// answer complete and changes nothing, where a handler removed on the way out would let the
// signal kill a run that had already succeeded.
#ifndef RULECHECK_CLI_INTERRUPT_H_
#define RULECHECK_CLI_INTERRUPT_H_

#include <atomic>
#include <csignal>
#include <cstdint>

namespace rulecheck::cli {

// The signals that stop a search: SIGINT, SIGTERM and SIGHUP.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
// Stop signals that come within this time of the first are one request to stop.
inline constexpr int64_t kSameRequestNanos = 1000000000;

// Clears the flag and installs the handlers (for the rest of the process); returns the flag,
// which turns true on any of kStopSignals. Call it once a command, before its work starts.
const std::atomic<bool>* CatchStopSignals();

// While one lives (the rules file and the other inputs are being read), a stop signal has its
// default effect, as before CatchStopSignals: reading can block (a FIFO nobody writes to), and
// there is nothing to report yet, so a request to stop ends the run at once.
class DefaultStopWhileReading {
 public:
  DefaultStopWhileReading();
  ~DefaultStopWhileReading();
  DefaultStopWhileReading(const DefaultStopWhileReading&) = delete;
  DefaultStopWhileReading& operator=(const DefaultStopWhileReading&) = delete;
};

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_INTERRUPT_H_
