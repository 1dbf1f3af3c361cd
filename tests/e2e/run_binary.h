// Running the `rulecheck` executable from an end-to-end test. The tests treat the command as a
// black box: they pass it arguments, as a user would type them, and look only at its exit code
// and at what it printed on stdout and stderr, which are captured separately. The child runs
// in the repository root (RULECHECK_SOURCE_DIR), so a path such as `games/hanoi.rules` means
// the file in the source tree; a child that runs longer than the time limit is killed and the
// calling test fails.
#ifndef RULECHECK_TESTS_E2E_RUN_BINARY_H_
#define RULECHECK_TESTS_E2E_RUN_BINARY_H_

#include <chrono>
#include <string>
#include <vector>

namespace rulecheck::e2e {

struct RunResult {
  // The exit status when the child exited; 128 + the signal number when a signal ended it
  // (as a shell reports it); -1 when it could not be started.
  int exit_code = -1;
  std::string stdout_text;
  std::string stderr_text;
  bool timed_out = false;
  // The child's peak resident memory (ru_maxrss of wait4), in KiB; 0 when it was not had.
  long max_rss_kib = 0;
  // With a signal sent: the seconds from sending it to the child's exit; else -1.
  double seconds_after_signal = -1;
};

inline constexpr std::chrono::seconds kDefaultTimeout{120};

// Runs RULECHECK_BINARY with `args` (argv[1..], passed as they are: no shell is involved) in
// the repository root, with stdin from /dev/null, and waits for it to exit. If it is still
// running after `timeout` it is killed (SIGKILL), `timed_out` is set and a gtest failure is
// added to the current test; a child that cannot be started also adds a failure. Thread-safe
// as far as fork/exec is; the tests call it from one thread.
RunResult RunRulecheck(const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout = kDefaultTimeout);

// As RunRulecheck, and sends `signal` to the child `signal_after` from its start unless it
// has exited by then (when it has, nothing is sent, and the caller sees a normal exit). For a
// signal the child can catch, "its start" is the moment its handler for `signal` is in place
// (read from /proc), so that a slow start-up does not turn the test into one of the default
// action; SIGKILL is timed from the fork.
RunResult RunRulecheckAndSignal(const std::vector<std::string>& args, int signal,
                                std::chrono::milliseconds signal_after,
                                std::chrono::milliseconds timeout = kDefaultTimeout);

// As RunRulecheck for any program (an absolute path), e.g. a validator of the reports.
RunResult RunProgram(const std::string& program, const std::vector<std::string>& args,
                     std::chrono::milliseconds timeout = kDefaultTimeout);
RunResult RunProgramAndSignal(const std::string& program, const std::vector<std::string>& args,
                              int signal, std::chrono::milliseconds signal_after,
                              std::chrono::milliseconds timeout = kDefaultTimeout);

// The path of `relative` (e.g. "games/hanoi.rules") inside the repository root.
std::string SourcePath(const std::string& relative);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_RUN_BINARY_H_
