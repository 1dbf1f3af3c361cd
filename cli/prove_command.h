// `rulecheck prove FILE [--k K]`: prove the file's invariants for every depth by k-induction
// with the symbolic engine. The exit code: 0 every invariant proved, 1 an invariant is
// violated (with a trace), 2 bad input or usage, 3 some invariant neither proved nor violated
// (not k-inductive up to --k, so it may need strengthening; or a --timeout).
#ifndef RULECHECK_CLI_PROVE_COMMAND_H_
#define RULECHECK_CLI_PROVE_COMMAND_H_

#include <ostream>
#include <string>

#include "cli/command_setup.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The common flags (command_setup.h): --memory is Z3's budget; empty: most of the available
// memory.
struct ProveFlags : CommonFlags {
  std::string invariant;  // empty: every invariant
  int k = 10;
  double timeout = 0;
};

// Adds the `prove` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddProveCommand(CLI::App& app, ProveFlags& flags);

// Runs `prove`; returns the exit code. Thread-compatible.
int RunProve(const ProveFlags& flags, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_PROVE_COMMAND_H_
