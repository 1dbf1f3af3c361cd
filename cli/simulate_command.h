// `rulecheck simulate FILE --games N --seed S`: random playouts of a rules file
// (properties/simulation.h), reported in text or JSON (reports/simulate_report.h). The exit
// code: 0 when no violation was met, 1 when one was, 2 for bad input or usage, 3 when Ctrl-C
// (or SIGTERM, SIGHUP) stopped the run, which then reports the games played so far.
#ifndef RULECHECK_CLI_SIMULATE_COMMAND_H_
#define RULECHECK_CLI_SIMULATE_COMMAND_H_

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_setup.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// Of the common flags (command_setup.h) simulate takes FILE, --const, --format (text, json or
// html),
// --output and --quiet.
struct SimulateFlags : CommonFlags {
  uint64_t games = 1000;
  uint64_t seed = 0;
  int threads = 0;  // 0: one per core
  uint64_t max_moves = 1000;
  std::string turn;                     // --turn VAR: count turns by changes of VAR
  std::vector<std::string> invariants;  // --invariant EXPR
  std::vector<std::string> reachables;  // --reachable EXPR
  std::vector<std::string> policies;    // --policy NAME
};

// Adds the `simulate` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddSimulateCommand(CLI::App& app, SimulateFlags& flags);

// Runs `simulate` with the interrupt handler installed (cli/interrupt.h). Returns the exit
// code. Not thread-safe (the handler is process-wide).
int RunSimulate(const SimulateFlags& flags, std::ostream& out, std::ostream& err);
// The same without touching signals: the run stops when `cancel` (may be null) turns true.
// Thread-compatible.
int RunSimulateWithCancel(const SimulateFlags& flags, const std::atomic<bool>* cancel,
                          std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_SIMULATE_COMMAND_H_
