// The `check` subcommand (see check_command.h).
#include "cli/check_command.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "CLI/CLI.hpp"
#include "cli/app.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "reports/report.h"

namespace rulecheck::cli {

CLI::App* AddCheckCommand(CLI::App& app, CheckFlags& flags) {
  CLI::App* check = app.add_subcommand(
      "check", "Explore every reachable state of a rules file and check its properties");
  AddInputFlags(*check, flags, "The .rules file to check");
  AddReportFlags(*check, flags);
  check
      ->add_option("--max-states", flags.max_states,
                   "Stop after this many states, reporting an incomplete search (0: no limit)")
      ->type_name("N")
      ->check(UnsignedCount());
  check->add_flag("--stop-at-first", flags.stop_at_first,
                  "Stop the search at the first error finding");
  check->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1, 1024));
  AddMemoryFlag(*check, flags,
                "Memory for the state store, e.g. 512M or 8G (default: most of the available "
                "memory); a full store stops the search");
  AddQuietFlag(*check, flags);
  check->add_option("--skip", flags.skip, "Switch a check off (repeatable)")
      ->type_name("invariant|reachable|deadlock|dead|chain|order|termination")
      ->check(CLI::IsMember(
          {"invariant", "reachable", "deadlock", "dead", "chain", "order", "termination"}))
      ->allow_extra_args(false);
  check
      ->add_option("--invariant", flags.invariants,
                   "Check this expression as one more invariant (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  check
      ->add_option("--reachable", flags.reachables,
                   "Check this expression as one more reachable property (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  check->add_flag("--coverage", flags.coverage,
                  "Add to the report how many transitions ran each line of the rules file");
  return check;
}

int ExitCodeFor(const properties::CheckResult& result, int new_errors) {
  if (new_errors > 0) return kExitFindings;
  // A property left undetermined (by a stopped search, or an analysis the memory budget had no
  // room for) is not a pass.
  if (!result.stats.complete || !result.undetermined.empty()) return kExitIncomplete;
  return kExitOk;
}

int RunCheckWithCancel(const CheckFlags& flags, const std::atomic<bool>* cancel, std::ostream& out,
                       std::ostream& err) {
  std::vector<model::ExtraProperty> extra;
  for (const std::string& expr : flags.invariants) {
    extra.push_back({model::ExtraProperty::Kind::kInvariant, expr});
  }
  for (const std::string& expr : flags.reachables) {
    extra.push_back({model::ExtraProperty::Kind::kReachable, expr});
  }
  // The explorer sizes its own default budget (0) from the memory the machine has.
  std::optional<CommandSetup> setup = SetUpCommand(flags, 0, extra, err);
  if (!setup.has_value()) return kExitUsage;

  properties::CheckOptions options;
  options.explore.max_states = flags.max_states;
  options.explore.cancel = cancel;
  options.explore.threads = flags.threads;
  options.explore.memory_bytes = setup->memory_bytes;
  options.stop_at_first = flags.stop_at_first;
  for (const std::string& kind : flags.skip) {
    if (kind == "invariant") options.invariants = false;
    if (kind == "reachable") options.reachables = false;
    if (kind == "deadlock") options.deadlocks = false;
    if (kind == "dead") options.dead_rules = false;
    if (kind == "chain") options.reaction_chains = false;
    if (kind == "order") options.order_dependence = false;
    if (kind == "termination") options.non_termination = false;
  }
  // The HTML page shows the transitions of each line whether or not --coverage asks for them.
  options.coverage = flags.coverage || setup->writes(reports::Format::kHtml);
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_analysis = [&progress](const std::string& what) { progress.Phase(what); };
  }
  const properties::CheckResult result = properties::Check(*setup->model, options);
  progress.Finish();

  setup->context.skipped_checks = flags.skip;
  const bool written =
      WriteReports(*setup, flags, out, err, [&](reports::Format format, std::ostream& stream) {
        reports::WriteReport(format, *setup->model, result, stream, setup->context);
      });
  if (!written) return kExitUsage;
  return ExitCodeFor(result,
                     reports::NewErrorCount(*setup->model, result, setup->context.baseline));
}

int RunCheck(const CheckFlags& flags, std::ostream& out, std::ostream& err) {
  ScopedInterruptHandler interrupt;
  return RunCheckWithCancel(flags, ScopedInterruptHandler::flag(), out, err);
}

}  // namespace rulecheck::cli
