// The `check` subcommand (see check_command.h).
#include "cli/check_command.h"

#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "cli/app.h"
#include "cli/check_checkpoint.h"
#include "cli/engine_choice.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "reports/report.h"

namespace rulecheck::cli {

CLI::App* AddCheckCommand(CLI::App& app, CheckFlags& flags) {
  CLI::App* check = app.add_subcommand(
      "check", "Explore every reachable state of a rules file and check its properties");
  AddInputFlags(*check, flags,
                "The .rules file to check (with --resume: optional, and must be the file the "
                "search started with)",
                /*file_required=*/false);
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
      ->check(WholeNumber(1, 1024));
  AddMemoryFlag(*check, flags,
                "Memory for the state store, e.g. 512M or 8G (default: most of the available "
                "memory); a full store stops the search");
  AddQuietFlag(*check, flags);
  AddEngineFlag(*check, flags.engine);
  check->add_option("--skip", flags.skip, "Switch a check off (repeatable)")
      ->type_name("invariant|reachable|deadlock|dead|chain|order|pending|termination")
      ->check(CLI::IsMember({"invariant", "reachable", "deadlock", "dead", "chain", "order",
                             "pending", "termination"}))
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
  check
      ->add_option("--checkpoint", flags.checkpoint,
                   "Write snapshots of the search to DIR (at level boundaries, on a stop and at "
                   "the end), so that --resume DIR can continue it after a kill")
      ->type_name("DIR")
      ->check(NonEmptyPath());
  check
      ->add_option("--checkpoint-every", flags.checkpoint_every,
                   "Minutes between snapshots (0: at every level)")
      ->type_name("MINUTES")
      ->check(Minutes(1e6))
      ->each([&flags](const std::string&) { flags.checkpoint_every_given = true; })
      ->capture_default_str();
  check
      ->add_option("--resume", flags.resume,
                   "Continue the search saved in DIR by --checkpoint DIR (FILE and the "
                   "search's flags come from the snapshot)")
      ->type_name("DIR")
      ->check(NonEmptyPath());
  return check;
}

int ExitCodeFor(const properties::CheckResult& result, int new_errors) {
  if (new_errors > 0) return kExitFindings;
  // A property left undetermined (by a stopped search, or an analysis the memory budget had no
  // room for) is not a pass.
  if (!result.stats.complete || !result.undetermined.empty()) return kExitIncomplete;
  return kExitOk;
}

namespace {

// Checkpoint messages on stderr: a snapshot that could not be written always, a written one
// unless --quiet.
std::function<void(const explorer::CheckpointWrite&)> ReportCheckpoints(ProgressPrinter& progress,
                                                                        bool quiet) {
  return [&progress, quiet](const explorer::CheckpointWrite& write) {
    if (!write.status.ok()) {
      progress.Note(
          absl::StrCat("rulecheck: warning: no snapshot written: ", write.status.message()));
      return;
    }
    if (quiet) return;
    progress.Note(absl::StrCat("snapshot written to ", write.path, ": ",
                               base::GroupThousands(write.states), " states, ",
                               write.complete ? std::string("the search complete")
                                              : absl::StrCat("the start of level ", write.depth),
                               " (", absl::StrFormat("%.1f", write.seconds), " s)"));
  };
}

// Fills `checkpoint` for a search that resumes `resumed`, or that flags.checkpoint asks to
// save, locking the latter's directory into `lock`. False, with the message on `err`, when
// the directory or the rules file cannot be used.
bool SetUpCheckpoints(const CheckFlags& flags, const ResumedSearch* resumed,
                      ProgressPrinter& progress, explorer::CheckpointOptions& checkpoint,
                      std::unique_ptr<CheckpointDirLock>& lock, std::ostream& err) {
  if (resumed == nullptr && flags.checkpoint.empty() && flags.checkpoint_every_given) {
    err << "rulecheck: --checkpoint-every needs --checkpoint DIR (or --resume DIR)\n";
    return false;
  }
  if (resumed != nullptr) {
    checkpoint.path = resumed->snapshot.path;
    // The recorded settings, with --max-states as given now.
    checkpoint.identity = SnapshotIdentityFor(flags, resumed->text);
  } else if (!flags.checkpoint.empty()) {
    absl::StatusOr<std::unique_ptr<CheckpointDirLock>> locked =
        PrepareCheckpointDir(flags.checkpoint);
    if (!locked.ok()) {
      err << "rulecheck: " << locked.status().message() << "\n";
      return false;
    }
    lock = *std::move(locked);
    absl::StatusOr<std::string> text = ReadRulesText(flags.file);
    if (!text.ok()) {
      err << "rulecheck: " << text.status().message() << "\n";
      return false;
    }
    checkpoint.path = explorer::SnapshotPath(flags.checkpoint);
    checkpoint.identity = SnapshotIdentityFor(flags, *text);
  }
  checkpoint.every_seconds = flags.checkpoint_every * 60;
  checkpoint.on_write = ReportCheckpoints(progress, flags.quiet);
  return true;
}

// The check itself; with `resumed`, continuing its snapshot.
int RunSearch(const CheckFlags& flags, ResumedSearch* resumed, const std::atomic<bool>* cancel,
              std::ostream& out, std::ostream& err) {
  const std::vector<model::ExtraProperty> extra =
      ExtraProperties(flags.invariants, flags.reachables);
  // The explorer sizes its own default budget (0) from the memory the machine has.
  std::optional<CommandSetup> setup =
      SetUpCommand(flags, 0, extra, err, resumed != nullptr ? &resumed->text : nullptr);
  if (!setup.has_value()) return kExitUsage;

  std::unique_ptr<EngineChoice> engine =
      ChooseEngineFor(*setup->model, flags.engine, flags.quiet, err);
  if (engine == nullptr) return kExitUsage;

  properties::CheckOptions options;
  options.space = engine->space.get();
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
    if (kind == "pending") options.pending_at_end = false;
    if (kind == "termination") options.non_termination = false;
  }
  // The HTML page shows the transitions of each line whether or not --coverage asks for them.
  options.coverage = flags.coverage || setup->writes(reports::Format::kHtml);
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_analysis = [&progress](const std::string& what) { progress.Phase(what); };
  }
  // A new search's directory, locked while the search runs (a resume holds its own).
  std::unique_ptr<CheckpointDirLock> lock;
  if (!SetUpCheckpoints(flags, resumed, progress, options.explore.checkpoint, lock, err)) {
    return kExitUsage;
  }

  properties::CheckResult result;
  if (resumed != nullptr) {
    if (!flags.quiet) {
      progress.Note("resuming the search saved in " + resumed->snapshot.path);
      // A limit the search stopped at stops it in the same place again: say which one.
      if (resumed->started_max_states != 0 && flags.max_states == resumed->started_max_states) {
        progress.Note("the search resumes with the limit it was started with, --max-states " +
                      base::GroupThousands(flags.max_states) +
                      "; give a larger --max-states to go further");
      } else if (flags.max_states != resumed->started_max_states) {
        progress.Note("the search resumes with --max-states " +
                      base::GroupThousands(flags.max_states) + " (it was started with " +
                      (resumed->started_max_states == 0
                           ? std::string("none")
                           : base::GroupThousands(resumed->started_max_states)) +
                      ")");
      }
    }
    absl::StatusOr<properties::CheckResult> continued =
        properties::ResumeCheck(*setup->model, options, std::move(resumed->snapshot));
    if (!continued.ok()) {
      progress.Finish();
      err << "rulecheck: " << continued.status().message() << "\n";
      return kExitUsage;
    }
    result = *std::move(continued);
  } else {
    result = properties::Check(*setup->model, options);
  }
  progress.Finish();
  result.engine = engine->EndOfRun(cancel == nullptr || !cancel->load());

  setup->context.skipped_checks = flags.skip;
  setup->context.show_coverage = flags.coverage;
  const bool written =
      WriteReports(*setup, flags, out, err, [&](reports::Format format, std::ostream& stream) {
        reports::WriteReport(format, *setup->model, result, stream, setup->context);
      });
  if (!written) return kExitUsage;
  return ExitCodeFor(result,
                     reports::NewErrorCount(*setup->model, result, setup->context.baseline));
}

}  // namespace

int RunCheckWithCancel(const CheckFlags& flags, const std::atomic<bool>* cancel, std::ostream& out,
                       std::ostream& err) {
  if (!flags.resume.empty()) {
    absl::StatusOr<ResumedSearch> resumed = OpenResume(flags);
    if (!resumed.ok()) {
      err << "rulecheck: " << resumed.status().message() << "\n";
      return kExitUsage;
    }
    return RunSearch(resumed->flags, &*resumed, cancel, out, err);
  }
  if (flags.file.empty()) {
    err << "rulecheck: check: FILE is required (or --resume DIR)\n";
    return kExitUsage;
  }
  return RunSearch(flags, nullptr, cancel, out, err);
}

int RunCheck(const CheckFlags& flags, std::ostream& out, std::ostream& err) {
  return RunCheckWithCancel(flags, CatchStopSignals(), out, err);
}

}  // namespace rulecheck::cli
