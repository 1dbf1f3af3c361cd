// `rulecheck check FILE`: load a rules file, explore it, run the built-in checks, and write
// the report; the exit code says whether every property holds (0), something is broken (1),
// the input or the command line is bad (2), or the search was stopped by a limit (3).
#ifndef RULECHECK_CLI_CHECK_COMMAND_H_
#define RULECHECK_CLI_CHECK_COMMAND_H_

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_setup.h"
#include "properties/property.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The common flags (command_setup.h): --memory sizes the state store; empty: most of the
// available memory.
struct CheckFlags : CommonFlags {
  uint64_t max_states = 0;  // 0: no limit
  bool stop_at_first = false;
  int threads = 0;                      // 0: one per core
  std::vector<std::string> invariants;  // --invariant EXPR: more invariants
  std::vector<std::string> reachables;  // --reachable EXPR: more reachable properties
  std::vector<std::string> skip;        // checks switched off: invariant, reachable, deadlock, dead
  bool coverage = false;                // add the per-line coverage table to the report
  std::string checkpoint;               // --checkpoint DIR: write snapshots there
  double checkpoint_every = 10;         // minutes between snapshots (0: every level)
  bool checkpoint_every_given = false;  // --checkpoint-every was on the command line
  std::string resume;                   // --resume DIR: continue the search saved there
  std::string engine = "auto";          // --engine: auto, compiled or interpreted
};

// Adds the `check` subcommand to `app`, parsing into `flags` (which must outlive `app`).
// Returns the subcommand.
CLI::App* AddCheckCommand(CLI::App& app, CheckFlags& flags);

// Runs `check` with a SIGINT handler installed that stops the search (the report then says
// it is incomplete). Returns the exit code. Not thread-safe (the handler is process-wide).
int RunCheck(const CheckFlags& flags, std::ostream& out, std::ostream& err);
// The same without touching signals: the search stops when `cancel` (may be null) turns true.
// Thread-compatible.
int RunCheckWithCancel(const CheckFlags& flags, const std::atomic<bool>* cancel, std::ostream& out,
                       std::ostream& err);

// 1 when there is a new error finding (`new_errors`: those a --baseline does not hold; all of
// them without one); else 3 when a limit stopped the search or a property is undetermined;
// else 0.
int ExitCodeFor(const properties::CheckResult& result, int new_errors);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_CHECK_COMMAND_H_
