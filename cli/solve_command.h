// `rulecheck solve FILE`: answer the file's `query` declarations, with the symbolic engine
// (Z3, the default) or with `--engine explicit` by breadth-first search over every state within
// the bound (explicit_solve.h); with the symbolic engine, --depth K also checks invariants,
// failing moves and deadlocks up to K moves. The exit code: 0 no violation (queries
// answered), 1 a violation found, 2 bad input or usage (including a construct the symbolic
// engine does not translate yet), 3 some answer unknown (a --timeout, Z3 gave up, a limit
// stopped the explicit search).
#ifndef RULECHECK_CLI_SOLVE_COMMAND_H_
#define RULECHECK_CLI_SOLVE_COMMAND_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "results/answer.h"

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
  std::string engine = "symbolic";  // symbolic (Z3) or explicit (breadth-first search)
  int threads = 0;                  // explicit: worker threads; 0: one per core
  uint64_t max_states = 0;          // explicit: stop after this many states; 0: no limit
};

// Adds the `solve` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddSolveCommand(CLI::App& app, SolveFlags& flags);

// Runs `solve`; returns the exit code. Thread-compatible.
int RunSolve(const SolveFlags& flags, std::ostream& out, std::ostream& err);

// What `solve` and `prove` share: load the model, run an engine with progress lines on
// stderr, write the report (reports/query_report.h), and map the outcome to an exit code.
struct AnswerRun {
  std::string file;
  std::vector<std::string> consts;
  std::string format;
  std::string output;
  bool quiet = false;
  std::string memory;  // --memory SIZE; empty: most of the available memory
};

using Progress = std::function<void(const std::string&)>;
// What RunAnswers hands the engine: progress lines (empty with --quiet), the Ctrl-C flag and
// the memory budget (Z3's, or the explicit engine's state store).
struct AnswerEnv {
  Progress progress;
  const std::atomic<bool>* cancel = nullptr;
  uint64_t memory_bytes = 0;
};
using AnswerFn = std::function<absl::StatusOr<std::vector<results::Answer>>(const model::Model&,
                                                                            const AnswerEnv&)>;

// Exit codes: 2 for a bad model, flag, unknown query name, untranslated construct or I/O
// error; otherwise 1 when a result is a violation, 3 when one is unknown (a time-out, Ctrl-C,
// a memory budget or --max-states), else 0. Installs the Ctrl-C handler for the run.
int RunAnswers(const AnswerRun& run, std::ostream& out, std::ostream& err, const AnswerFn& fn);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_SOLVE_COMMAND_H_
