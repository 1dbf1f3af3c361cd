// The flags and set-up every rules-file subcommand shares (see command_setup.h).
#include "cli/command_setup.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/byte_size.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"

namespace rulecheck::cli {
namespace {

// ": No such file or directory" for the errno an open just left; "" where it left none.
std::string SystemReason() { return errno != 0 ? absl::StrCat(": ", std::strerror(errno)) : ""; }

// "text, json, sarif, junit or html".
std::string FormatList() {
  const std::vector<std::string> names = reports::FormatNames();
  std::string list;
  for (size_t i = 0; i < names.size(); ++i) {
    absl::StrAppend(&list, i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  }
  return list;
}

// Whether paths `a` and `b` name the same file (through links too, where both exist).
bool SameFile(const std::string& a, const std::string& b) {
  std::error_code error;
  if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error)) {
    return std::filesystem::equivalent(a, b, error);
  }
  return std::filesystem::weakly_canonical(a, error) == std::filesystem::weakly_canonical(b, error);
}

// A report written over the rules file would destroy it: false, with a message, where `path`
// is that file. (A baseline may be written over the one read: it is read first.)
bool NotTheRulesFile(const CommonFlags& flags, const std::string& path, std::ostream& err) {
  if (flags.file.empty() || !SameFile(path, flags.file)) return true;
  err << "rulecheck: " << path << " is the rules file this run reads; a report written there "
      << "would overwrite it\n";
  return false;
}

// Parses --report and --write-baseline into `setup.extra_reports` (files not yet opened), and
// refuses a file named twice, --output included, and a report over the rules file.
bool PlanExtraReports(const CommonFlags& flags, CommandSetup& setup, std::ostream& err) {
  // Compared as files, not as text: `same.txt` and `./same.txt` are one file, and the second
  // report written would silently replace the first.
  std::vector<std::string> paths;
  if (!flags.output.empty()) {
    if (!NotTheRulesFile(flags, flags.output, err)) return false;
    paths.push_back(flags.output);
  }
  auto add = [&](reports::Format format, const std::string& path) {
    for (const std::string& other : paths) {
      if (SameFile(path, other)) {
        err << "rulecheck: " << path << (path == other ? "" : " (" + other + ")")
            << " is named as the file of two reports\n";
        return false;
      }
    }
    paths.push_back(path);
    if (!NotTheRulesFile(flags, path, err)) return false;
    setup.extra_reports.push_back({format, path, nullptr});
    return true;
  };
  for (const std::string& spec : flags.reports) {
    absl::StatusOr<std::pair<reports::Format, std::string>> parsed = ParseReportSpec(spec);
    if (!parsed.ok()) {
      err << "rulecheck: " << parsed.status().message() << "\n";
      return false;
    }
    if (!add(parsed->first, parsed->second)) return false;
  }
  return flags.write_baseline.empty() || add(reports::Format::kJson, flags.write_baseline);
}

}  // namespace

void AddInputFlags(CLI::App& command, CommonFlags& flags, const std::string& file_help,
                   bool file_required) {
  command.add_option("FILE", flags.file, file_help)->required(file_required);
  command
      .add_option("--const", flags.consts,
                  "Override a constant of the file (repeatable): NAME=VALUE")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
}

void AddMemoryFlag(CLI::App& command, CommonFlags& flags, const std::string& help) {
  // Checked as it is read, so that `--memory ''` is a mistake, not the default.
  command.add_option("--memory", flags.memory, help)
      ->type_name("SIZE")
      ->check(CLI::Validator(
          [](const std::string& value) {
            absl::StatusOr<uint64_t> parsed = ParseByteSize(value);
            return parsed.ok() ? std::string() : std::string(parsed.status().message());
          },
          ""));
}

void AddReportFlags(CLI::App& command, CommonFlags& flags) {
  command.add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember(reports::FormatNames()))
      ->capture_default_str();
  command.add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE")
      ->check(NonEmptyPath());
  command
      .add_option("--report", flags.reports,
                  "Also write a report in this format to this file (repeatable), e.g. "
                  "sarif=out.sarif")
      ->type_name("FORMAT=FILE")
      ->allow_extra_args(false);
  command
      .add_option("--baseline", flags.baseline,
                  "An earlier JSON report: its findings are known, and only new error findings "
                  "fail the run")
      ->type_name("FILE")
      ->check(NonEmptyPath());
  command
      .add_option("--write-baseline", flags.write_baseline,
                  "Write the JSON report to this file, to serve as a later run's --baseline")
      ->type_name("FILE")
      ->check(NonEmptyPath());
}

void AddQuietFlag(CLI::App& command, CommonFlags& flags) {
  command.add_flag("--quiet,-q", flags.quiet, "No progress lines on stderr");
}

std::vector<model::ExtraProperty> ExtraProperties(const std::vector<std::string>& invariants,
                                                  const std::vector<std::string>& reachables) {
  std::vector<model::ExtraProperty> extra;
  for (const std::string& expr : invariants) {
    extra.push_back({model::ExtraProperty::Kind::kInvariant, expr});
  }
  for (const std::string& expr : reachables) {
    extra.push_back({model::ExtraProperty::Kind::kReachable, expr});
  }
  return extra;
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

absl::StatusOr<std::pair<reports::Format, std::string>> ParseReportSpec(const std::string& spec) {
  const size_t equals = spec.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--report expects FORMAT=FILE, got '", spec, "'"));
  }
  const std::string name = spec.substr(0, equals);
  const std::optional<reports::Format> format = reports::ParseFormat(name);
  if (!format.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--report: unknown report format '", name, "' (", FormatList(), ")"));
  }
  return std::make_pair(*format, spec.substr(equals + 1));
}

std::optional<CommandSetup> SetUpCommand(const CommonFlags& flags, uint64_t default_memory,
                                         const std::vector<model::ExtraProperty>& extra,
                                         std::ostream& err, const std::string* text) {
  CommandSetup setup;
  const std::optional<reports::Format> format = reports::ParseFormat(flags.format);
  if (!format.has_value()) {
    err << "rulecheck: unknown report format '" << flags.format << "' (" << FormatList() << ")\n";
    return std::nullopt;
  }
  setup.format = *format;
  if (!PlanExtraReports(flags, setup, err)) return std::nullopt;
  setup.memory_bytes = default_memory;
  if (!flags.memory.empty()) {
    absl::StatusOr<uint64_t> parsed = ParseByteSize(flags.memory);
    if (!parsed.ok()) {
      err << "rulecheck: --memory: " << parsed.status().message() << "\n";
      return std::nullopt;
    }
    setup.memory_bytes = *parsed;
  }
  absl::StatusOr<std::vector<model::ConstOverride>> overrides = ParseConstOverrides(flags.consts);
  if (!overrides.ok()) {
    err << "rulecheck: " << overrides.status().message() << "\n";
    return std::nullopt;
  }
  // Reading can block (a FIFO nobody writes to): until it is done, a stop signal ends the run.
  std::optional<DefaultStopWhileReading> reading(std::in_place);
  if (!flags.baseline.empty()) {
    absl::StatusOr<reports::Baseline> baseline = reports::Baseline::Load(flags.baseline);
    if (!baseline.ok()) {
      err << (baseline.status().code() == absl::StatusCode::kNotFound ? "rulecheck: " : "")
          << baseline.status().message() << "\n";
      return std::nullopt;
    }
    setup.baseline = std::make_unique<reports::Baseline>(*std::move(baseline));
    setup.context.baseline = setup.baseline.get();
  }
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      text != nullptr ? model::LoadModelFromText(flags.file, *text, *overrides, extra)
                      : model::LoadModel(flags.file, *overrides, extra);
  reading.reset();
  if (!model.ok()) {
    // The front end's diagnostics, each with file:line:col and a caret line, as they are.
    const std::string message(model.status().message());
    err << message;
    if (message.empty() || message.back() != '\n') err << "\n";
    // A constant set on the command line shows in those messages only as its value (an empty
    // range 0..-1): say where it came from, unless the messages are about the flags already.
    if (!overrides->empty() && message.find("--const") == std::string::npos) {
      err << "note: the file was read with";
      for (const model::ConstOverride& o : *overrides)
        err << " --const " << o.name << "=" << o.value;
      err << "\n";
    }
    return std::nullopt;
  }
  setup.model = *std::move(model);
  if (!flags.output.empty()) {
    errno = 0;
    setup.file.open(flags.output, std::ios::out | std::ios::trunc);
    if (!setup.file) {
      err << "rulecheck: cannot write " << flags.output << SystemReason() << "\n";
      return std::nullopt;
    }
  }
  for (ExtraReport& extra : setup.extra_reports) {
    errno = 0;
    extra.file = std::make_unique<std::ofstream>(extra.path, std::ios::out | std::ios::trunc);
    if (!*extra.file) {
      err << "rulecheck: cannot write " << extra.path << SystemReason() << "\n";
      return std::nullopt;
    }
  }
  return setup;
}

bool FinishReport(CommandSetup& setup, const CommonFlags& flags, std::ostream& out,
                  std::ostream& err) {
  std::ostream& report = setup.report(out);
  report.flush();
  if (report) return true;
  err << "rulecheck: cannot write "
      << (flags.output.empty() ? std::string("the report") : flags.output) << "\n";
  return false;
}

bool WriteReports(CommandSetup& setup, const CommonFlags& flags, std::ostream& out,
                  std::ostream& err,
                  const std::function<void(reports::Format, std::ostream&)>& write) {
  write(setup.format, setup.report(out));
  bool ok = FinishReport(setup, flags, out, err);
  for (ExtraReport& extra : setup.extra_reports) {
    write(extra.format, *extra.file);
    extra.file->flush();
    if (!*extra.file) {
      err << "rulecheck: cannot write " << extra.path << "\n";
      ok = false;
    }
  }
  return ok;
}

}  // namespace rulecheck::cli
