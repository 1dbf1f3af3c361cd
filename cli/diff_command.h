// `rulecheck diff OLD NEW`: check two versions of a rules file with the same options and
// report what the change did (reports/diff_report.h). Exit code (DiffExitCode): 1 when the
// new version has error findings the old one lacks, 4 when the behaviour over the shared
// variables differs (without new errors), 3 when a limit stopped a search (the comparison is
// then partial), 2 for bad input or usage (a file that does not load, two files that share no
// state variable, a bad --report), else 0; `--fail-on` chooses which differences fail. Every
// report format of `check` applies, and --report writes more reports of the one comparison.
#ifndef RULECHECK_CLI_DIFF_COMMAND_H_
#define RULECHECK_CLI_DIFF_COMMAND_H_

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>

#include "cli/command_setup.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// CommonFlags::file is OLD. --baseline marks the new version's findings it holds as known (a
// known new error does not fail); --write-baseline writes the new version's JSON check report.
struct DiffFlags : CommonFlags {
  std::string new_file;               // NEW
  uint64_t max_states = 0;            // per version; 0: no limit
  int threads = 0;                    // 0: one per core
  int max_traces = 3;                 // behaviour differences shown in each direction
  std::string fail_on = "behaviour";  // behaviour, findings or none
  std::string engine = "auto";        // --engine: auto, compiled or interpreted (both versions)
};

// The exit code of a diff: with `fail_on` "behaviour", 1 for new errors, else 4 for a
// behaviour difference; "findings": only new errors fail (1); "none": no difference fails.
// Then 3 when `complete` is false, else 0.
int DiffExitCode(const std::string& fail_on, int new_errors, bool behaviour_differs, bool complete);

// Adds the `diff` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddDiffCommand(CLI::App& app, DiffFlags& flags);

// Runs `diff` with a SIGINT handler installed that stops the searches. Returns the exit code.
// Not thread-safe.
int RunDiff(const DiffFlags& flags, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_DIFF_COMMAND_H_
