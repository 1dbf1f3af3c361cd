// `rulecheck solve FILE`: answer the file's `query` declarations with the symbolic engine
// (Z3), and with --depth K also check invariants, failing moves and deadlocks up to K moves.
// The exit code: 0 no violation (queries answered), 1 a violation found, 2 bad input or usage
// (including a construct the symbolic engine does not translate yet), 3 some answer unknown
// (a --timeout or Z3 gave up).
#ifndef RULECHECK_CLI_SOLVE_COMMAND_H_
#define RULECHECK_CLI_SOLVE_COMMAND_H_

#include <cstdint>
#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "solver/solver.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

struct SolveFlags {
  std::string file;
  std::vector<std::string> consts;  // NAME=VALUE
  std::string query;                // empty: every query
  int64_t within = -1;              // >= 0: overrides each query's `within`
  int depth = 0;                    // > 0: bounded checks up to this depth
  bool no_queries = false;          // only the bounded checks
  bool no_deadlock = false;
  double timeout = 0;             // seconds per query or check; 0: none
  std::string memory;             // Z3's memory budget, e.g. 4G; empty: most of the free memory
  std::string method = "binary";  // binary or optimizer
  std::string format = "text";
  std::string output;
  bool quiet = false;
};

// Adds the `solve` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddSolveCommand(CLI::App& app, SolveFlags& flags);

// Runs `solve`; returns the exit code. Thread-compatible.
int RunSolve(const SolveFlags& flags, std::ostream& out, std::ostream& err);

// What `solve` and `prove` share: load the model, run the symbolic engine with progress
// lines on stderr, write the report, and map the outcome to an exit code.
struct SymbolicRun {
  std::string file;
  std::vector<std::string> consts;
  std::string format;
  std::string output;
  bool quiet = false;
  std::string memory;  // --memory SIZE; empty: most of the available memory
};

using Progress = std::function<void(const std::string&)>;
// What RunSymbolic hands the engine: progress lines, the Ctrl-C flag and Z3's memory budget.
struct SymbolicEnv {
  Progress progress;
  const std::atomic<bool>* cancel = nullptr;
  uint64_t memory_bytes = 0;
};
using SymbolicFn = std::function<absl::StatusOr<std::vector<solver::QueryResult>>(
    const model::Model&, const SymbolicEnv&)>;

// Exit codes: 2 for a bad model, flag, unknown query name, untranslated construct or I/O
// error; otherwise 1 when a result is a violation, 3 when one is unknown (a time-out, Ctrl-C,
// Z3 out of its memory budget), else 0. Installs the Ctrl-C handler for the run.
int RunSymbolic(const SymbolicRun& run, std::ostream& out, std::ostream& err, const SymbolicFn& fn);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_SOLVE_COMMAND_H_
