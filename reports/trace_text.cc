// The narrator of traces (see trace_text.h).
#include "reports/trace_text.h"

#include "model/value_format.h"
#include "reports/format_util.h"

namespace rulecheck::reports {
namespace {

// Every leaf that differs between `before` and `after`, as `path: old -> new` lines.
void WriteChanges(const FlatState& before, const FlatState& after, std::ostream& out) {
  const std::vector<Change> changes = StateChanges(before, after);
  for (const Change& change : changes) {
    out << kStateIndent << change.path << ": " << change.before << " -> " << change.after << "\n";
  }
  if (changes.empty()) out << kStateIndent << "(no change)\n";
}

}  // namespace

std::vector<Change> StateChanges(const FlatState& before, const FlatState& after) {
  std::vector<Change> changes;
  for (size_t i = 0; i < after.size(); ++i) {
    if (i < before.size() && before[i] == after[i]) continue;
    changes.push_back(
        {after[i].first, i < before.size() ? before[i].second : "?", after[i].second});
  }
  return changes;
}

void WriteTraceText(const model::Model& model, const results::Trace& trace, const Narration& how,
                    std::ostream& out) {
  FlatState previous = how.before != nullptr ? *how.before : FlatState{};
  for (size_t i = 0; i < trace.size(); ++i) {
    const results::TraceStep& step = trace[i];
    out << kStepIndent << (how.first_number + i) << ". "
        << (i == 0 && how.from_any_state ? "start (any state satisfying the invariant)"
                                         : MoveHeading(model, step.move))
        << "\n";
    if (step.failed) {
      out << kStateIndent << "failed: " << step.error << "\n";
      continue;
    }
    FlatState current = model::FlattenState(model, step.state.data());
    // Nothing to compare against: the first state (or, in a model without state variables
    // and triggers, every state, which flattens to nothing).
    if (previous.empty()) {
      for (const auto& [path, value] : current) {
        out << kStateIndent << path << " = " << value << "\n";
      }
    } else {
      WriteChanges(previous, current, out);
    }
    previous = std::move(current);
    if (static_cast<int>(i) == how.cycle_start) {
      out << kStepIndent << "-- the cycle starts here: the moves below come back to this state\n";
    }
  }
}

void WriteFindingTraceText(const model::Model& model, const results::Finding& finding,
                           std::ostream& out) {
  WriteTraceText(model, finding.trace, {.cycle_start = finding.cycle_start}, out);
  if (finding.outcomes.empty() || finding.trace.empty()) return;
  const FlatState witness = model::FlattenState(model, finding.trace.back().state.data());
  for (const results::Finding::Outcome& outcome : finding.outcomes) {
    out << kStepIndent << "then, with " << outcome.order << ":\n";
    if (outcome.steps.empty()) out << kStateIndent << "(the chain never settles)\n";
    if (outcome.cycle_start >= 0) {
      out << kStateIndent << "(the chain never settles: each state's first move, into a loop)\n";
    }
    WriteTraceText(model, outcome.steps,
                   {.first_number = finding.trace.size() + 1,
                    .before = &witness,
                    .cycle_start = outcome.cycle_start},
                   out);
  }
}

void WriteFindingText(const model::Model& model, const results::Finding& finding, bool known,
                      std::ostream& out) {
  const std::string label = results::IsError(finding) ? "error"
                            : finding.severity == results::Severity::kWarning
                                ? "warning"
                                : std::string(results::KindName(finding.kind));
  out << label << (known ? " (known)" : "") << ": " << finding.message << "\n";
  if (finding.location.valid()) {
    out << kStepIndent << finding.file << ":" << finding.location.line << ":"
        << finding.location.column << "\n";
  }
  WriteFindingTraceText(model, finding, out);
}

}  // namespace rulecheck::reports
