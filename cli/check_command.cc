// The `check` subcommand (see check_command.h).
#include "cli/check_command.h"

#include <fstream>
#include <optional>
#include <iostream>
#include <string>
#include <memory>
#include <utility>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/app.h"
#include "cli/byte_size.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "reports/report.h"

namespace rulecheck::cli {

CLI::App* AddCheckCommand(CLI::App& app, CheckFlags& flags) {
  CLI::App* check = app.add_subcommand(
      "check", "Explore every reachable state of a rules file and check its properties");
  check->add_option("FILE", flags.file, "The .rules file to check")->required();
  check
      ->add_option("--const", flags.consts,
                   "Override a constant of the file (repeatable): NAME=VALUE")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  check->add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  check->add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE");
  check->add_option("--max-states", flags.max_states,
                    "Stop after this many states, reporting an incomplete search (0: no limit)")
      ->type_name("N")
      ->check(NotNegative());
  check->add_flag("--stop-at-first", flags.stop_at_first,
                  "Stop the search at the first error finding");
  check->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1, 1024));
  check->add_option("--memory", flags.memory,
                    "Memory for the state store, e.g. 512M or 8G (default: most of the "
                    "available memory); a full store stops the search")
      ->type_name("SIZE");
  check->add_flag("--quiet,-q", flags.quiet, "No progress lines on stderr");
  check->add_option("--skip", flags.skip, "Switch a check off (repeatable)")
      ->type_name("invariant|reachable|deadlock|dead|chain|order|termination")
      ->check(CLI::IsMember(
          {"invariant", "reachable", "deadlock", "dead", "chain", "order", "termination"}))
      ->allow_extra_args(false);
  check->add_option("--invariant", flags.invariants,
                    "Check this expression as one more invariant (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  check->add_option("--reachable", flags.reachables,
                    "Check this expression as one more reachable property (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  check->add_flag("--coverage", flags.coverage,
                  "Add to the report how many transitions ran each line of the rules file");
  return check;
}

absl::StatusOr<std::vector<model::ConstOverride>> ParseConstOverrides(
    const std::vector<std::string>& flags) {
  std::vector<model::ConstOverride> overrides;
  for (const std::string& flag : flags) {
    const size_t equals = flag.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == flag.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--const expects NAME=VALUE, got '", flag, "'"));
    }
    overrides.push_back({flag.substr(0, equals), flag.substr(equals + 1)});
  }
  return overrides;
}

int ExitCodeFor(const properties::CheckResult& result) {
  if (result.error_count() > 0) return kExitFindings;
  if (!result.stats.complete) return kExitIncomplete;
  return kExitOk;
}

int RunCheckWithCancel(const CheckFlags& flags, const std::atomic<bool>* cancel,
                       std::ostream& out, std::ostream& err) {
  const std::optional<reports::Format> format = reports::ParseFormat(flags.format);
  if (!format.has_value()) {
    err << "rulecheck: unknown report format '" << flags.format << "' (text or json)\n";
    return kExitUsage;
  }
  absl::StatusOr<std::vector<model::ConstOverride>> overrides =
      ParseConstOverrides(flags.consts);
  if (!overrides.ok()) {
    err << "rulecheck: " << overrides.status().message() << "\n";
    return kExitUsage;
  }
  uint64_t memory = 0;
  if (!flags.memory.empty()) {
    absl::StatusOr<uint64_t> parsed = ParseByteSize(flags.memory);
    if (!parsed.ok()) {
      err << "rulecheck: --memory: " << parsed.status().message() << "\n";
      return kExitUsage;
    }
    memory = *parsed;
  }
  std::vector<model::ExtraProperty> extra;
  for (const std::string& expr : flags.invariants) {
    extra.push_back({model::ExtraProperty::Kind::kInvariant, expr});
  }
  for (const std::string& expr : flags.reachables) {
    extra.push_back({model::ExtraProperty::Kind::kReachable, expr});
  }
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModel(flags.file, *overrides, extra);
  if (!model.ok()) {
    // The front end's diagnostics, each with file:line:col and a caret line, as they are.
    const std::string message(model.status().message());
    err << message;
    if (message.empty() || message.back() != '\n') err << "\n";
    return kExitUsage;
  }

  // Opened before the search so that a bad path fails fast, not after an hour of work.
  std::ofstream file;
  if (!flags.output.empty()) {
    file.open(flags.output, std::ios::out | std::ios::trunc);
    if (!file) {
      err << "rulecheck: cannot write " << flags.output << "\n";
      return kExitUsage;
    }
  }

  properties::CheckOptions options;
  options.explore.max_states = flags.max_states;
  options.explore.cancel = cancel;
  options.explore.threads = flags.threads;
  options.explore.memory_bytes = memory;
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
  options.coverage = flags.coverage;
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_analysis = [&progress](const std::string& what) { progress.Phase(what); };
  }
  const properties::CheckResult result = properties::Check(**model, options);
  progress.Finish();

  std::ostream& report = flags.output.empty() ? out : file;
  reports::WriteReport(*format, **model, result, report);
  report.flush();
  if (!report) {
    err << "rulecheck: cannot write "
        << (flags.output.empty() ? std::string("the report") : flags.output) << "\n";
    return kExitUsage;
  }
  return ExitCodeFor(result);
}

int RunCheck(const CheckFlags& flags, std::ostream& out, std::ostream& err) {
  ScopedInterruptHandler interrupt;
  return RunCheckWithCancel(flags, ScopedInterruptHandler::flag(), out, err);
}

}  // namespace rulecheck::cli
