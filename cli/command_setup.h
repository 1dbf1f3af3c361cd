// What every subcommand that reads a rules file shares (`check`, `solve`, `prove`): the flags
// FILE, --const, --memory, --format, --output, --report, --baseline, --write-baseline and
// --quiet, their registration with CLI11, and the set-up they call for before any work starts:
// the report formats checked, --memory and --const parsed, the baseline read, the model
// loaded, and every report file opened (so that a bad path fails at once, not after an hour
// of search). Every problem is written to `err` as the command line shows it and means exit
// code 2.
#ifndef RULECHECK_CLI_COMMAND_SETUP_H_
#define RULECHECK_CLI_COMMAND_SETUP_H_

#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "reports/baseline.h"
#include "reports/report.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// The flags every such subcommand has; each subcommand's own flags derive from it.
struct CommonFlags {
  std::string file;
  std::vector<std::string> consts;   // NAME=VALUE
  std::string memory;                // SIZE; empty: the command's default
  std::string format = "text";       // text, json, sarif, junit or html
  std::string output;                // empty: stdout
  std::vector<std::string> reports;  // --report FORMAT=FILE: more reports of the same run
  std::string baseline;              // --baseline FILE: an earlier JSON report
  std::string write_baseline;        // --write-baseline FILE: the JSON report, as a baseline
  bool quiet = false;                // no progress lines on stderr
};

// Registers FILE (described by `file_help`; required unless `file_required` is false, when
// the command checks for it itself) and --const on `command`.
void AddInputFlags(CLI::App& command, CommonFlags& flags, const std::string& file_help,
                   bool file_required = true);
// Registers --memory, described by `help`.
void AddMemoryFlag(CLI::App& command, CommonFlags& flags, const std::string& help);
// Registers --format, --output, --report, --baseline and --write-baseline.
void AddReportFlags(CLI::App& command, CommonFlags& flags);
// Registers --quiet (-q).
void AddQuietFlag(CLI::App& command, CommonFlags& flags);

// `NAME=VALUE` strings as overrides; InvalidArgument naming the first malformed one.
absl::StatusOr<std::vector<model::ConstOverride>> ParseConstOverrides(
    const std::vector<std::string>& flags);

// `--invariant EXPR` and `--reachable EXPR` values as properties to load with the file, the
// invariants first. Thread-safe.
std::vector<model::ExtraProperty> ExtraProperties(const std::vector<std::string>& invariants,
                                                  const std::vector<std::string>& reachables);

// A report besides the main one: --report FORMAT=FILE, or --write-baseline FILE (JSON).
struct ExtraReport {
  reports::Format format = reports::Format::kJson;
  std::string path;
  std::unique_ptr<std::ofstream> file;  // open
};

// A subcommand's inputs and outputs, ready for its work. Movable, not copyable.
struct CommandSetup {
  reports::Format format = reports::Format::kText;
  // --memory in bytes, or the `default_memory` SetUpCommand was given.
  uint64_t memory_bytes = 0;
  std::unique_ptr<model::Model> model;
  std::ofstream file;  // open when --output was given
  std::vector<ExtraReport> extra_reports;
  // --baseline, when given (a pointer, so that `context` stays valid when the set-up moves).
  std::unique_ptr<reports::Baseline> baseline;
  // What every report of the run is told besides the results: the baseline, and (set by the
  // command) the checks it switched off.
  reports::ReportContext context;

  // Where the report goes: the --output file, or `out`.
  std::ostream& report(std::ostream& out) { return file.is_open() ? file : out; }
  // Whether the report or one of the extra reports is written in `f`.
  bool writes(reports::Format f) const {
    for (const ExtraReport& extra : extra_reports) {
      if (extra.format == f) return true;
    }
    return format == f;
  }
};

// `FORMAT=FILE` (a --report value) as its format and file; InvalidArgument naming the value
// when it has no `=`, an empty side, or an unknown format. Thread-safe.
absl::StatusOr<std::pair<reports::Format, std::string>> ParseReportSpec(const std::string& spec);

// Checks the formats, parses --memory (`default_memory` when it is not given) and --const,
// reads --baseline, loads the model with `extra` properties (from `text`, named flags.file,
// when `text` is not null; else from the file flags.file), and opens --output, each --report
// file and --write-baseline. On any problem (also one file named twice), writes it to `err`
// (a bad model: the front end's diagnostics as they are; a bad baseline: `FILE:LINE:COL:
// error: ...` where its JSON breaks) and returns nullopt: the command exits with code 2.
// Thread-compatible.
std::optional<CommandSetup> SetUpCommand(const CommonFlags& flags, uint64_t default_memory,
                                         const std::vector<model::ExtraProperty>& extra,
                                         std::ostream& err, const std::string* text = nullptr);

// Flushes the report written to `setup.report(out)`. False, with a message on `err`, when it
// could not be written (the command then exits with code 2).
bool FinishReport(CommandSetup& setup, const CommonFlags& flags, std::ostream& out,
                  std::ostream& err);

// Writes every report of the run: `write(format, stream)` for the main report (to
// `setup.report(out)`) and then for each extra one, and flushes them all. False, with a
// message on `err`, when one could not be written (exit code 2).
bool WriteReports(CommandSetup& setup, const CommonFlags& flags, std::ostream& out,
                  std::ostream& err,
                  const std::function<void(reports::Format, std::ostream&)>& write);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_COMMAND_SETUP_H_
