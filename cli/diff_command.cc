// The `diff` subcommand (see diff_command.h).
#include "cli/diff_command.h"

#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "CLI/CLI.hpp"
#include "cli/app.h"
#include "cli/engine_choice.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "properties/behaviour_diff.h"
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
  AddReportFlags(*diff, flags);
  diff->get_option("--baseline")
      ->description(
          "An earlier JSON report of check, solve or prove: the new version's findings it "
          "holds are known, and only new error findings it does not hold fail the run");
  diff->get_option("--write-baseline")
      ->description(
          "Write the new version's JSON check report to this file, to serve as a later run's "
          "--baseline");
  diff->add_option("--max-states", flags.max_states,
                   "Stop each version's search after this many states (0: no limit)")
      ->type_name("N")
      ->check(UnsignedCount());
  diff->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(WholeNumber(1, 1024));
  AddMemoryFlag(*diff, flags,
                "Memory for each version's state store, e.g. 512M (default: most of the "
                "available memory)");
  diff->add_option("--max-traces", flags.max_traces,
                   "Behaviour differences shown with a trace, in each direction")
      ->type_name("N")
      ->check(WholeNumber(0, 1000000))
      ->capture_default_str();
  diff->add_option("--fail-on", flags.fail_on,
                   "Which differences fail the run: behaviour (new error findings: 1, else a "
                   "behaviour difference: 4), findings (new error findings only) or none")
      ->check(CLI::IsMember({"behaviour", "findings", "none"}))
      ->capture_default_str();
  AddEngineFlag(*diff, flags.engine);
  AddQuietFlag(*diff, flags);
  return diff;
}

int DiffExitCode(const std::string& fail_on, int new_errors, bool behaviour_differs,
                 bool complete) {
  if (fail_on != "none" && new_errors > 0) return kExitFindings;
  if (fail_on == "behaviour" && behaviour_differs) return kExitBehaviour;
  return complete ? kExitOk : kExitIncomplete;
}

namespace {

// SetUpCommand for one version; a message that does not name a place (a --const the file
// does not declare) is prefixed with `file`, since it may concern either version.
std::optional<CommandSetup> SetUpVersion(const DiffFlags& flags, const std::string& file,
                                         std::ostream& err) {
  std::ostringstream messages;
  std::optional<CommandSetup> setup = SetUpCommand(flags, 0, {}, messages);
  const std::string text = messages.str();
  if (!text.empty() && !text.starts_with(file) && !text.starts_with("rulecheck: ")) {
    err << file << ": ";
  }
  err << text;
  return setup;
}

}  // namespace

int RunDiff(const DiffFlags& flags, std::ostream& out, std::ostream& err) {
  std::optional<CommandSetup> old_setup = SetUpVersion(flags, flags.file, err);
  DiffFlags new_flags = flags;
  new_flags.file = flags.new_file;
  // The reports are written, and the baseline read, once, through old_setup.
  new_flags.output.clear();
  new_flags.reports.clear();
  new_flags.baseline.clear();
  new_flags.write_baseline.clear();
  // Both versions are read whatever the first gave: every error of both files in one run.
  std::optional<CommandSetup> new_setup = SetUpVersion(new_flags, flags.new_file, err);
  if (!old_setup.has_value() || !new_setup.has_value()) return kExitUsage;

  if (properties::SharedVariables(old_setup->model->program, new_setup->model->program).empty()) {
    const std::vector<ir::StateVar>& state = new_setup->model->program.state;
    const ir::Location where = state.empty() ? ir::Location{1, 1} : state.front().loc;
    err << flags.new_file << ":" << where.line << ":" << where.column
        << ": error: " << flags.new_file << " shares no state variable (by name) with "
        << flags.file << "; diff compares two versions of one game\n";
    return kExitUsage;
  }

  // Each version runs on the engine asked for; a note (or the error) names its file.
  std::optional<EngineChoice> engines[2];
  const CommandSetup* setups[2] = {&*old_setup, &*new_setup};
  for (int i = 0; i < 2; ++i) {
    const std::string& file = i == 0 ? flags.file : flags.new_file;
    std::function<void(const std::string&)> note;
    if (!flags.quiet) {
      note = [&](const std::string& line) {
        err << "rulecheck: note: " << file << ": " << line << "\n";
      };
    }
    absl::StatusOr<EngineChoice> engine = ChooseEngine(*setups[i]->model, flags.engine, note);
    if (!engine.ok()) {
      err << "rulecheck: " << file << ": " << engine.status().message() << "\n";
      return kExitUsage;
    }
    engines[i] = *std::move(engine);
  }

  properties::CheckOptions options;
  options.explore.max_states = flags.max_states;
  options.explore.cancel = CatchStopSignals();
  options.explore.threads = flags.threads;
  options.explore.memory_bytes = old_setup->memory_bytes;
  // The HTML page shows the transitions of each line of both rules files.
  options.coverage = old_setup->writes(reports::Format::kHtml);
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_analysis = [&progress](const std::string& what) { progress.Phase(what); };
  }
  properties::VersionsRun run =
      properties::RunVersions(*old_setup->model, *new_setup->model, options, flags.max_traces,
                              engines[0]->space.get(), engines[1]->space.get());
  const bool ended = !options.explore.cancel->load();
  run.old_run.check.engine = engines[0]->EndOfRun(ended);
  run.new_run.check.engine = engines[1]->EndOfRun(ended);
  const properties::VersionRun& old_run = run.old_run;
  const properties::VersionRun& new_run = run.new_run;
  reports::VersionDiff diff{
      old_setup->model.get(),
      new_setup->model.get(),
      &old_run,
      &new_run,
      properties::CompareDeclarations(old_setup->model->program, new_setup->model->program),
      properties::CompareAnswers(old_run.answers, new_run.answers),
      std::move(run.behaviour)};
  diff.baseline = old_setup->baseline.get();
  progress.Finish();
  const bool complete =
      old_run.check.stats.complete && new_run.check.stats.complete && diff.behaviour.compared;
  diff.exit_code =
      DiffExitCode(flags.fail_on, reports::NewErrorCount(reports::CompareFindings(diff)),
                   diff.behaviour.differs(), complete);
  // --write-baseline: the new version's findings, as `check NEW --write-baseline` writes them.
  bool written = true;
  for (auto it = old_setup->extra_reports.begin(); it != old_setup->extra_reports.end(); ++it) {
    if (it->path != flags.write_baseline || flags.write_baseline.empty()) continue;
    reports::WriteJsonReport(*new_setup->model, new_run.check, *it->file, old_setup->context);
    it->file->flush();
    if (!*it->file) {
      err << "rulecheck: cannot write " << it->path << "\n";
      written = false;
    }
    old_setup->extra_reports.erase(it);
    break;
  }
  if (!WriteReports(*old_setup, flags, out, err,
                    [&diff](reports::Format format, std::ostream& stream) {
                      reports::WriteDiffReport(format, diff, stream);
                    }) ||
      !written) {
    return kExitUsage;
  }
  return diff.exit_code;
}

}  // namespace rulecheck::cli
