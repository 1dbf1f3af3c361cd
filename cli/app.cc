// The command-line parser and dispatch (see app.h).
#include "cli/app.h"

#include <string>

#include "CLI/CLI.hpp"
#include "cli/check_command.h"
#include "cli/diff_command.h"
#include "cli/odds_command.h"
#include "cli/prove_command.h"
#include "cli/simulate_command.h"
#include "cli/solve_command.h"
#include "solver/z3_version.h"

namespace rulecheck::cli {
namespace {

std::string VersionText() {
  return std::string("rulecheck ") + kRulecheckVersion + "\nZ3 " + solver::Z3Version();
}

}  // namespace

int RunCommandLine(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app("rulecheck: a model checker for tabletop-game rules", "rulecheck");
  app.set_version_flag("--version", [] { return VersionText(); });
  // On a usage error: the message, naming the command it concerns, and where its options are
  // listed (the whole help, 30 lines and more, would bury the one line that matters).
  app.failure_message([](const CLI::App* parsed, const CLI::Error& error) {
    std::string command = "rulecheck";
    for (const CLI::App* sub : parsed->get_subcommands()) command += " " + sub->get_name();
    return command + ": " + error.what() + "\n`" + command + " --help` lists the options\n";
  });
  app.require_subcommand(1);

  CheckFlags check_flags;
  CLI::App* check = AddCheckCommand(app, check_flags);
  SolveFlags solve_flags;
  CLI::App* solve = AddSolveCommand(app, solve_flags);
  ProveFlags prove_flags;
  CLI::App* prove = AddProveCommand(app, prove_flags);
  DiffFlags diff_flags;
  CLI::App* diff = AddDiffCommand(app, diff_flags);
  SimulateFlags simulate_flags;
  CLI::App* simulate = AddSimulateCommand(app, simulate_flags);
  OddsFlags odds_flags;
  CLI::App* odds = AddOddsCommand(app, odds_flags);

  // A first word that names no command: CLI11 would say only that a subcommand is required,
  // and print the whole help.
  if (argc >= 2 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* command : app.get_subcommands({})) {
      known = known || command->get_name() == argv[1];
      names += (names.empty() ? "" : ", ") + command->get_name();
    }
    if (!known) {
      err << "rulecheck: unknown command `" << argv[1] << "`: the commands are " << names
          << " (rulecheck --help says what each does)\n";
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // --help and --version arrive here too, with exit code 0.
    return app.exit(error, out, err) == 0 ? kExitOk : kExitUsage;
  }
  if (check->parsed()) return RunCheck(check_flags, out, err);
  if (solve->parsed()) return RunSolve(solve_flags, out, err);
  if (prove->parsed()) return RunProve(prove_flags, out, err);
  if (diff->parsed()) return RunDiff(diff_flags, out, err);
  if (simulate->parsed()) return RunSimulate(simulate_flags, out, err);
  if (odds->parsed()) return RunOdds(odds_flags, out, err);
  return kExitUsage;  // require_subcommand makes this unreachable
}

}  // namespace rulecheck::cli
