// `rulecheck odds FILE`: the exact probabilities and expectations of the file's chance
// queries (`query name: probability e`, `query name: expect e`) and of --probability and
// --expect, under random play, best play for each seat, and the extremes any choices give
// (properties/odds.h; docs/odds.md). Exit codes: 0 answered, 2 bad input or usage, 3 the
// search or the computation was stopped (Ctrl-C, --memory, --max-states): every value is
// unknown.
#ifndef RULECHECK_CLI_ODDS_COMMAND_H_
#define RULECHECK_CLI_ODDS_COMMAND_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_setup.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The common flags (command_setup.h) with --format text, json or html only.
struct OddsFlags : CommonFlags {
  std::string query;                       // only this declared chance query
  std::vector<std::string> probabilities;  // --probability EXPR
  std::vector<std::string> expectations;   // --expect EXPR
  std::vector<std::string> policies;       // --policy NAME
  double precision = 1e-9;
  int threads = 0;
  uint64_t max_states = 0;
};

// Adds the `odds` subcommand to `app`, parsing into `flags` (which must outlive `app`).
CLI::App* AddOddsCommand(CLI::App& app, OddsFlags& flags);

// Runs `odds`; returns the exit code. Not thread-safe (installs the Ctrl-C handler).
int RunOdds(const OddsFlags& flags, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_ODDS_COMMAND_H_
