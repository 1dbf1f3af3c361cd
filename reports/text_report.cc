// The text report, for a person at a terminal (see report.h and docs/report-format.md).
//
// A trace is narrated as a story rather than a dump: the initial state in full, then after
// each move only what the move changed (`board[1][2]: Empty -> MX`), found by comparing the
// flattened states of consecutive steps leaf by leaf. Flattened states of one model always
// list the same paths in the same order, so the comparison is a zip.
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/counts.h"
#include "model/value_format.h"
#include "properties/stop_description.h"
#include "reports/format_util.h"
#include "reports/report.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

using FlatState = std::vector<std::pair<std::string, std::string>>;

constexpr char kStepIndent[] = "  ";
constexpr char kStateIndent[] = "       ";

void WriteSummary(const model::Model& model, const explorer::ExplorationStats& stats,
                  std::ostream& out) {
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%.2f s", stats.seconds);
  out << model.source->path() << ": " << base::CountOf(stats.states, "state", "states") << ", "
      << base::CountOf(stats.transitions, "transition", "transitions") << ", "
      << base::GroupThousands(stats.terminal_states) << " terminal, "
      << base::CountOf(static_cast<uint64_t>(stats.levels), "level", "levels") << ", " << seconds
      << ", " << (stats.complete ? "complete" : "INCOMPLETE: " + properties::StopDescription(stats))
      << "\n";
}

// Every leaf that differs between `before` and `after`, as `path: old -> new` lines.
void WriteChanges(const FlatState& before, const FlatState& after, std::ostream& out) {
  bool any = false;
  for (size_t i = 0; i < after.size(); ++i) {
    if (i < before.size() && before[i] == after[i]) continue;
    const std::string old_value = i < before.size() ? before[i].second : "?";
    out << kStateIndent << after[i].first << ": " << old_value << " -> " << after[i].second
        << "\n";
    any = true;
  }
  if (!any) out << kStateIndent << "(no change)\n";
}

// Narrates `steps`, numbered from `number`: after `previous` (empty: the first step shows
// its state in full), each step's changes. After the step at index `mark` (if any), a line
// says that the cycle of a lasso starts there.
void WriteSteps(const model::Model& model, const results::Trace& steps, FlatState previous,
                size_t number, int mark, std::ostream& out) {
  for (size_t i = 0; i < steps.size(); ++i) {
    const results::TraceStep& step = steps[i];
    out << kStepIndent << (number + i) << ". " << MoveHeading(model, step.move) << "\n";
    if (step.failed) {
      out << kStateIndent << "failed: " << step.error << "\n";
      continue;
    }
    FlatState current = model::FlattenState(model, step.state.data());
    if (previous.empty()) {
      for (const auto& [path, value] : current) {
        out << kStateIndent << path << " = " << value << "\n";
      }
    } else {
      WriteChanges(previous, current, out);
    }
    previous = std::move(current);
    if (static_cast<int>(i) == mark) {
      out << kStepIndent << "-- the cycle starts here: the moves below come back to this state\n";
    }
  }
}

void WriteTrace(const model::Model& model, const results::Finding& finding, std::ostream& out) {
  WriteSteps(model, finding.trace, {}, 1, finding.cycle_start, out);
  if (finding.outcomes.empty() || finding.trace.empty()) return;
  const FlatState witness = model::FlattenState(model, finding.trace.back().state.data());
  for (const results::Finding::Outcome& outcome : finding.outcomes) {
    out << kStepIndent << "then, with " << outcome.order << ":\n";
    if (outcome.steps.empty()) out << kStateIndent << "(the chain never settles)\n";
    WriteSteps(model, outcome.steps, witness, finding.trace.size() + 1, -1, out);
  }
}

void WriteLocation(const std::string& file, const ir::Location& location, std::ostream& out) {
  if (!location.valid()) return;
  out << kStepIndent << file << ":" << location.line << ":" << location.column << "\n";
}

void WriteFinding(const model::Model& model, const results::Finding& finding, std::ostream& out) {
  const std::string label = results::IsError(finding) ? "error"
                            : finding.severity == results::Severity::kWarning
                                ? "warning"
                                : std::string(results::KindName(finding.kind));
  out << label << ": " << finding.message << "\n";
  WriteLocation(finding.file, finding.location, out);
  WriteTrace(model, finding, out);
}

// `line 12 (3 transitions): play(c) by p {` for each line of CheckResult::coverage.
void WriteCoverage(const model::Model& model, const properties::CheckResult& result,
                   std::ostream& out) {
  out << "\ncoverage: transitions that ran each line\n";
  for (const properties::LineCoverage& line : result.coverage) {
    std::string_view text = model.source->Line(line.line);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    char count[32];
    std::snprintf(count, sizeof(count), "%6d %12s  ", line.line,
                  base::GroupThousands(line.transitions).c_str());
    out << kStepIndent << count << text << "\n";
  }
}

void WriteClosing(const properties::CheckResult& result, std::ostream& out) {
  const int errors = result.error_count();
  if (errors > 0) {
    out << base::CountOf(errors, "finding", "findings") << "\n";
  } else if (!result.stats.complete) {
    out << "no findings so far; the search is incomplete\n";
  } else if (!result.undetermined.empty()) {
    out << "no findings; " << base::CountOf(result.undetermined.size(), "property", "properties")
        << " not determined\n";
  } else {
    out << "all properties hold\n";
  }
}

}  // namespace

void WriteTextReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out) {
  WriteSummary(model, result.stats, out);
  for (const results::Finding& finding : result.findings) {
    out << "\n";
    WriteFinding(model, finding, out);
  }
  for (const properties::Undetermined& property : result.undetermined) {
    if (property.kind == "terminates") {
      out << "\nnot determined: terminates: the search did not finish, so the whole state "
             "graph could not be searched for cycles\n";
    } else {
      out << "\nnot determined: " << property.kind << " " << property.name
          << " has not held so far, and the search did not finish\n";
    }
    const auto [source, local] = model.Resolve(property.location);
    WriteLocation(source->path(), local, out);
  }
  if (result.has_coverage) WriteCoverage(model, result, out);
  out << "\n";
  WriteClosing(result, out);
}

}  // namespace rulecheck::reports
