// The flags and set-up every rules-file subcommand shares (see command_setup.h).
#include "cli/command_setup.h"

#include <utility>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/byte_size.h"

namespace rulecheck::cli {

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
  command.add_option("--memory", flags.memory, help)->type_name("SIZE");
}

void AddReportFlags(CLI::App& command, CommonFlags& flags) {
  command.add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command.add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE");
}

void AddQuietFlag(CLI::App& command, CommonFlags& flags) {
  command.add_flag("--quiet,-q", flags.quiet, "No progress lines on stderr");
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

std::optional<CommandSetup> SetUpCommand(const CommonFlags& flags, uint64_t default_memory,
                                         const std::vector<model::ExtraProperty>& extra,
                                         std::ostream& err, const std::string* text) {
  CommandSetup setup;
  const std::optional<reports::Format> format = reports::ParseFormat(flags.format);
  if (!format.has_value()) {
    err << "rulecheck: unknown report format '" << flags.format << "' (text or json)\n";
    return std::nullopt;
  }
  setup.format = *format;
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
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      text != nullptr ? model::LoadModelFromText(flags.file, *text, *overrides, extra)
                      : model::LoadModel(flags.file, *overrides, extra);
  if (!model.ok()) {
    // The front end's diagnostics, each with file:line:col and a caret line, as they are.
    const std::string message(model.status().message());
    err << message;
    if (message.empty() || message.back() != '\n') err << "\n";
    return std::nullopt;
  }
  setup.model = *std::move(model);
  if (!flags.output.empty()) {
    setup.file.open(flags.output, std::ios::out | std::ios::trunc);
    if (!setup.file) {
      err << "rulecheck: cannot write " << flags.output << "\n";
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

}  // namespace rulecheck::cli
