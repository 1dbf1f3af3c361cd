// What every subcommand that reads a rules file shares (`check`, `solve`, `prove`): the flags
// FILE, --const, --memory, --format, --output and --quiet, their registration with CLI11, and
// the set-up they call for before any work starts: the report format checked, --memory and
// --const parsed, the model loaded, and --output opened (so that a bad path fails at once, not
// after an hour of search). Every problem is written to `err` as the command line shows it and
// means exit code 2.
#ifndef RULECHECK_CLI_COMMAND_SETUP_H_
#define RULECHECK_CLI_COMMAND_SETUP_H_

#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "reports/report.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The flags every such subcommand has; each subcommand's own flags derive from it.
struct CommonFlags {
  std::string file;
  std::vector<std::string> consts;  // NAME=VALUE
  std::string memory;               // SIZE; empty: the command's default
  std::string format = "text";      // text or json
  std::string output;               // empty: stdout
  bool quiet = false;               // no progress lines on stderr
};

// Registers FILE (described by `file_help`; required unless `file_required` is false, when
// the command checks for it itself) and --const on `command`.
void AddInputFlags(CLI::App& command, CommonFlags& flags, const std::string& file_help,
                   bool file_required = true);
// Registers --memory, described by `help`.
void AddMemoryFlag(CLI::App& command, CommonFlags& flags, const std::string& help);
// Registers --format and --output.
void AddReportFlags(CLI::App& command, CommonFlags& flags);
// Registers --quiet (-q).
void AddQuietFlag(CLI::App& command, CommonFlags& flags);

// `NAME=VALUE` strings as overrides; InvalidArgument naming the first malformed one.
absl::StatusOr<std::vector<model::ConstOverride>> ParseConstOverrides(
    const std::vector<std::string>& flags);

// A subcommand's inputs and outputs, ready for its work. Movable, not copyable.
struct CommandSetup {
  reports::Format format = reports::Format::kText;
  // --memory in bytes, or the `default_memory` SetUpCommand was given.
  uint64_t memory_bytes = 0;
  std::unique_ptr<model::Model> model;
  std::ofstream file;  // open when --output was given

  // Where the report goes: the --output file, or `out`.
  std::ostream& report(std::ostream& out) { return file.is_open() ? file : out; }
};

// Checks the format, parses --memory (`default_memory` when it is not given) and --const,
// loads the model with `extra` properties (from `text`, named flags.file, when `text` is
// not null; else from the file flags.file), and opens --output. On any problem, writes it to
// `err` (a bad model: the front end's diagnostics as they are) and returns nullopt: the
// command exits with code 2. Thread-compatible.
std::optional<CommandSetup> SetUpCommand(const CommonFlags& flags, uint64_t default_memory,
                                         const std::vector<model::ExtraProperty>& extra,
                                         std::ostream& err, const std::string* text = nullptr);

// Flushes the report written to `setup.report(out)`. False, with a message on `err`, when it
// could not be written (the command then exits with code 2).
bool FinishReport(CommandSetup& setup, const CommonFlags& flags, std::ostream& out,
                  std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_COMMAND_SETUP_H_
