// The text report of a check, for a person at a terminal (see report.h and
// docs/report-format.md). Traces are narrated by trace_text.h.
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/counts.h"
#include "properties/stop_description.h"
#include "reports/format_util.h"
#include "reports/report.h"
#include "reports/reported_finding.h"
#include "reports/trace_text.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

void WriteSummary(const model::Model& model, const explorer::ExplorationStats& stats,
                  std::ostream& out) {
  // A stopped search counts the states it checked; its progress lines counted those it found,
  // some not yet checked, so they can be more.
  out << model.source->path() << ": " << base::CountOf(stats.states, "state", "states")
      << (stats.complete ? "" : " checked") << ", "
      << base::CountOf(stats.transitions, "transition", "transitions") << ", "
      << base::GroupThousands(stats.terminal_states) << " terminal, "
      << "depth " << stats.levels << ", " << Seconds(stats.seconds) << ", "
      << (stats.complete ? "complete" : "INCOMPLETE: " + properties::StopDescription(stats))
      << "\n";
}

// `compiled to native code in 1.20 s`: how long the compiled engine took to start. Or, when
// the search ended before a build in the background, that the run was interpreted and how
// the next run gets the library.
void WriteEngine(const properties::EngineStats& engine, std::ostream& out) {
  if (engine.build_goes_on && !engine.compiled) {
    out << "interpreted: the search ended before its native code was ready (building for "
        << Seconds(engine.compile_seconds)
        << " so far); the build goes on in the background and puts it in the cache for the "
           "next run\n";
    return;
  }
  if (engine.background && !engine.compiled && engine.compile_seconds > 0) {
    out << "interpreted: the search ended before its native code, building in the background for "
        << Seconds(engine.compile_seconds)
        << ", was ready; `--engine compiled` builds it into the cache for later runs\n";
    return;
  }
  if (!engine.compiled) return;
  out << "compiled to native code in " << Seconds(engine.compile_seconds)
      << (engine.cached ? " (from the cache)" : "")
      << (engine.background ? ", in the background (interpreted until then)" : "") << "\n";
}

void WriteLocation(const std::string& file, const ir::Location& location, std::ostream& out) {
  if (!location.valid()) return;
  out << kStepIndent << file << ":" << location.line << ":" << location.column << "\n";
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
    out << kStepIndent << count << text;
    if (!line.off_by.empty()) out << "    (off: " << line.off_by << ")";
    out << "\n";
  }
}

void WriteClosing(const properties::CheckResult& result,
                  const std::vector<ReportedFinding>& reported, const Baseline* baseline,
                  std::ostream& out) {
  const int errors = result.error_count();
  const int warnings = result.warning_count();
  // Warnings do not fail the check, but the verdict says how many there are to read.
  const std::string warned = base::CountOf(warnings, "warning", "warnings");
  const std::string and_warnings = warnings == 0 ? "" : ", " + warned;
  if (errors > 0) {
    out << base::CountOf(errors, "error", "errors");
    if (baseline != nullptr) {
      out << " (" << NewErrorCount(reported) << " new since the baseline " << baseline->path()
          << ")";
    }
    out << and_warnings << "\n";
  } else if (!result.stats.complete) {
    out << "no errors so far" << and_warnings << "; the search is incomplete\n";
  } else if (!result.undetermined.empty()) {
    out << "no errors" << and_warnings << "; "
        << base::CountOf(result.undetermined.size(), "property", "properties")
        << " not determined\n";
  } else {
    out << "all properties hold" << (warnings == 0 ? "" : " (" + warned + ")") << "\n";
  }
}

}  // namespace

void WriteTextReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context) {
  WriteSummary(model, result.stats, out);
  WriteEngine(result.engine, out);
  const std::vector<ReportedFinding> reported = CheckFindings(model, result, context.baseline);
  for (const ReportedFinding& entry : reported) {
    out << "\n";
    WriteFindingText(model, *entry.finding, entry.known, out);
  }
  for (const properties::Undetermined& property : result.undetermined) {
    if (!property.reason.empty()) {
      out << "\nnot determined: " << property.name << ": " << property.reason << "\n";
    } else if (property.kind == "terminates") {
      out << "\nnot determined: terminates: the search did not finish, so the whole state "
             "graph could not be searched for cycles\n";
    } else {
      out << "\nnot determined: " << property.kind << " " << property.name
          << " has not held so far, and the search did not finish\n";
    }
    const auto [source, local] = model.Resolve(property.location);
    WriteLocation(source->path(), local, out);
  }
  for (const properties::SwitchedOffBranch& branch : result.switched_off) {
    out << "\noff: " << branch.message << "\n";
    const auto [source, local] = model.Resolve(branch.location);
    WriteLocation(source->path(), local, out);
  }
  if (result.has_coverage && context.show_coverage) WriteCoverage(model, result, out);
  out << "\n";
  WriteClosing(result, reported, context.baseline, out);
}

}  // namespace rulecheck::reports
