// The `rulecheck` command line: the program's subcommands and flags (CLI11), `--version`, and
// the mapping of every outcome to an exit code. Each subcommand's work lives in its own file
// (check_command.h).
#ifndef RULECHECK_CLI_APP_H_
#define RULECHECK_CLI_APP_H_

#include <ostream>

#include "base/version.h"

namespace rulecheck::cli {

// The version of rulecheck itself (base/version.h, which reports read too).
using base::kRulecheckVersion;

// Exit codes of `rulecheck`.
inline constexpr int kExitOk = 0;          // every property holds (witnesses alone are fine)
inline constexpr int kExitFindings = 1;    // at least one error finding
inline constexpr int kExitUsage = 2;       // bad input or usage: flags, a bad model, I/O
inline constexpr int kExitIncomplete = 3;  // a limit (--max-states, Ctrl-C) stopped the search
inline constexpr int kExitBehaviour = 4;   // diff: the behaviour differs, without new errors

// Parses `argv` and runs the subcommand it names; returns the exit code. Reports and help go
// to `out`, diagnostics and usage errors to `err`. Not thread-safe: `check` installs a SIGINT
// handler for the duration of the search.
int RunCommandLine(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_APP_H_
