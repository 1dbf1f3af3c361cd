// The `diff` subcommand (see diff_command.h).
#include "cli/diff_command.h"

#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "cli/app.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "properties/declaration_diff.h"
#include "properties/version_diff.h"
#include "reports/diff_report.h"

namespace rulecheck::cli {

CLI::App* AddDiffCommand(CLI::App& app, DiffFlags& flags) {
  CLI::App* diff = app.add_subcommand(
      "diff", "Check two versions of a rules file and report what the change did");
  diff->add_option("OLD", flags.file, "The rules file before the change")->required();
  diff->add_option("NEW", flags.new_file, "The rules file after the change")->required();
  diff->add_option("--const", flags.consts,
                   "Override a constant in both versions (repeatable): NAME=VALUE")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  diff->add_option("--format", flags.format, "Report format (diff writes text and json so far)")
      ->check(CLI::IsMember(reports::FormatNames()))
      ->capture_default_str();
  diff->add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE");
  diff->add_option("--max-states", flags.max_states,
                   "Stop each version's search after this many states (0: no limit)")
      ->type_name("N")
      ->check(UnsignedCount());
  diff->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1, 1024));
  AddMemoryFlag(*diff, flags,
                "Memory for each version's state store, e.g. 512M (default: most of the "
                "available memory)");
  AddQuietFlag(*diff, flags);
  return diff;
}

int RunDiff(const DiffFlags& flags, std::ostream& out, std::ostream& err) {
  const std::optional<reports::Format> format = reports::ParseFormat(flags.format);
  if (format.has_value() && !reports::DiffFormatAvailable(*format)) {
    err << "rulecheck: diff: --format " << flags.format
        << " is not available for diff yet (text or json)\n";
    return kExitUsage;
  }
  std::optional<CommandSetup> old_setup = SetUpCommand(flags, 0, {}, err);
  if (!old_setup.has_value()) return kExitUsage;
  DiffFlags new_flags = flags;
  new_flags.file = flags.new_file;
  new_flags.output.clear();  // the report is written once, through old_setup
  std::optional<CommandSetup> new_setup = SetUpCommand(new_flags, 0, {}, err);
  if (!new_setup.has_value()) return kExitUsage;

  if (properties::SharedVariables(old_setup->model->program, new_setup->model->program).empty()) {
    const std::vector<ir::StateVar>& state = new_setup->model->program.state;
    const ir::Location where = state.empty() ? ir::Location{1, 1} : state.front().loc;
    err << flags.new_file << ":" << where.line << ":" << where.column << ": error: "
        << flags.new_file << " shares no state variable (same name and type) with "
        << flags.file << "; diff compares two versions of one game\n";
    return kExitUsage;
  }

  ScopedInterruptHandler interrupt;
  properties::CheckOptions options;
  options.explore.max_states = flags.max_states;
  options.explore.cancel = ScopedInterruptHandler::flag();
  options.explore.threads = flags.threads;
  options.explore.memory_bytes = old_setup->memory_bytes;
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_analysis = [&progress](const std::string& what) { progress.Phase(what); };
  }
  const properties::VersionRun old_run = properties::RunVersion(*old_setup->model, options);
  const properties::VersionRun new_run = properties::RunVersion(*new_setup->model, options);
  progress.Finish();

  reports::VersionDiff diff{old_setup->model.get(), new_setup->model.get(), &old_run, &new_run,
                            properties::CompareDeclarations(old_setup->model->program,
                                                            new_setup->model->program),
                            properties::CompareAnswers(old_run.answers, new_run.answers)};
  reports::WriteDiffReport(old_setup->format, diff, old_setup->report(out));
  if (!FinishReport(*old_setup, flags, out, err)) return kExitUsage;
  if (reports::NewErrorCount(reports::CompareFindings(diff)) > 0) return kExitFindings;
  if (!old_run.check.stats.complete || !new_run.check.stats.complete) return kExitIncomplete;
  return kExitOk;
}

}  // namespace rulecheck::cli
