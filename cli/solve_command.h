// `rulecheck solve FILE`: answer the file's `query` declarations, with the symbolic engine
// (Z3, the default) or with `--engine explicit` by breadth-first search over every state within
// the bound (explicit_solve.h); with the symbolic engine, --depth K also checks invariants,
// failing moves and deadlocks up to K moves. The exit code: 0 no violation (queries
// answered), 1 a violation found, 2 bad input or usage (including a construct the symbolic
// engine does not translate yet), 3 some answer unknown (a --timeout, Z3 gave up, a limit
// stopped the explicit search).
#ifndef RULECHECK_CLI_SOLVE_COMMAND_H_
#define RULECHECK_CLI_SOLVE_COMMAND_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_setup.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The common flags (command_setup.h): --memory is Z3's budget, or the explicit engine's state
// store; empty: most of the free memory.
struct SolveFlags : CommonFlags {
  std::string query;        // empty: every query
  int64_t within = -1;      // >= 0: overrides each query's `within`
  int depth = -1;           // >= 0: bounded checks up to this depth (-1: none)
  bool no_queries = false;  // only the bounded checks
  bool no_deadlock = false;
  double timeout = 0;             // seconds per query or check; 0: none
  std::string method = "binary";  // binary or optimizer
  bool prove_optimal = false;     // symbolic: prove each best value for every depth
  int max_k = 4;                  // with prove_optimal: the induction's largest k
  // symbolic (Z3), or the explicit engine (breadth-first search) on the model's compiled
  // code when it compiles (explicit), only on it (compiled) or on the interpreter (interpreted).
  std::string engine = "symbolic";
  int threads = 0;          // explicit: worker threads; 0: one per core
  uint64_t max_states = 0;  // explicit: stop after this many states; 0: no limit
};

// Adds the `solve` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddSolveCommand(CLI::App& app, SolveFlags& flags);

// Runs `solve`; returns the exit code. Thread-compatible.
int RunSolve(const SolveFlags& flags, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_SOLVE_COMMAND_H_
