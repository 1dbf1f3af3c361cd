// The `simulate` subcommand (see simulate_command.h).
#include "cli/simulate_command.h"

#include <optional>
#include <string>
#include <utility>

#include "CLI/CLI.hpp"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "cli/app.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "properties/simulation.h"
#include "reports/simulate_report.h"

namespace rulecheck::cli {

CLI::App* AddSimulateCommand(CLI::App& app, SimulateFlags& flags) {
  CLI::App* simulate = app.add_subcommand(
      "simulate", "Play random games of a rules file and report what happened in them");
  AddInputFlags(*simulate, flags, "The .rules file to play");
  simulate->add_option("--games", flags.games, "Games to play")
      ->type_name("N")
      ->check(WholeNumber(1, int64_t{1} << 40))
      ->capture_default_str();
  simulate->add_option("--seed", flags.seed, "The seed: the same seed plays the same games")
      ->type_name("S")
      ->check(UnsignedCount())
      ->capture_default_str();
  simulate->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(WholeNumber(1, 1024));
  simulate
      ->add_option("--max-moves", flags.max_moves,
                   "Cut a game that has not ended after this many moves")
      ->type_name("M")
      ->check(WholeNumber(1, int64_t{1} << 32))
      ->capture_default_str();
  simulate
      ->add_option("--turn", flags.turn,
                   "Count turns: a new turn starts whenever this state variable changes")
      ->type_name("VAR");
  simulate
      ->add_option("--invariant", flags.invariants,
                   "Check this expression as one more invariant (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  simulate
      ->add_option("--reachable", flags.reachables,
                   "Count the games in which this expression holds (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  simulate
      ->add_option("--policy", flags.policies,
                   "The seats this policy of the model governs follow it (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
  simulate->add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember({"text", "json", "html"}))
      ->capture_default_str();
  simulate->add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE")
      ->check(NonEmptyPath());
  AddQuietFlag(*simulate, flags);
  return simulate;
}

int RunSimulateWithCancel(const SimulateFlags& flags, const std::atomic<bool>* cancel,
                          std::ostream& out, std::ostream& err) {
  const std::vector<model::ExtraProperty> extra =
      ExtraProperties(flags.invariants, flags.reachables);
  std::optional<CommandSetup> setup = SetUpCommand(flags, 0, extra, err);
  if (!setup.has_value()) return kExitUsage;

  properties::SimulateOptions options;
  options.games = flags.games;
  options.seed = flags.seed;
  options.threads = flags.threads;
  options.max_moves = flags.max_moves;
  options.turn_variable = flags.turn;
  options.policies = flags.policies;
  options.cancel = cancel;
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.progress = [&progress](const properties::SimulationProgress& p) {
      progress.PrintLine(p.seconds,
                         absl::StrFormat("%.0f s  %s of %s games  %.0f games/s", p.seconds,
                                         base::GroupThousands(p.games_done),
                                         base::GroupThousands(p.games), p.games_per_second));
    };
  }
  absl::StatusOr<properties::SimulationResult> result =
      properties::Simulate(*setup->model, options);
  progress.Finish();
  if (!result.ok()) {
    err << "rulecheck: " << result.status().message() << "\n";
    return kExitUsage;
  }
  const bool written =
      WriteReports(*setup, flags, out, err, [&](reports::Format format, std::ostream& stream) {
        reports::WriteSimulationReport(format, *setup->model, *result, stream);
      });
  if (!written) return kExitUsage;
  if (!result->findings.empty()) return kExitFindings;
  return result->stopped ? kExitIncomplete : kExitOk;
}

int RunSimulate(const SimulateFlags& flags, std::ostream& out, std::ostream& err) {
  return RunSimulateWithCancel(flags, CatchStopSignals(), out, err);
}

}  // namespace rulecheck::cli
