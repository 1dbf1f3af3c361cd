// The front door of the reports stage: render the result of a check for a person (text, or an
// HTML page), a program (JSON), a code-scanning tool (SARIF 2.1.0) or a CI test tab (JUnit
// XML). docs/report-format.md describes every format. The other public headers are
// query_report.h (the answers of `solve` and `prove`, in the same formats) and baseline.h (the
// findings an earlier report held).
//
// The text report opens with a summary line (file, counts, time, complete or why not), then
// narrates each finding: its message and location, and its trace move by move, the initial
// state in full and after each move only the variables that changed. The JSON report holds
// the same facts with every state in full, decoded into JSON values. Every finding has a
// stable identifier (results/finding_identity.h); with a baseline, each report says which
// findings are new.
//
//   reports::WriteReport(reports::Format::kText, *model, result, std::cout);
#ifndef RULECHECK_REPORTS_REPORT_H_
#define RULECHECK_REPORTS_REPORT_H_

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "properties/property.h"
#include "reports/baseline.h"

namespace rulecheck::reports {

enum class Format { kText, kJson, kSarif, kJunit, kHtml };

// "text", "json", "sarif", "junit" or "html"; nullopt for anything else.
std::optional<Format> ParseFormat(std::string_view name);
// The names ParseFormat accepts, in the order above.
std::vector<std::string> FormatNames();

// What a report says besides the results themselves.
struct ReportContext {
  // The findings an earlier report held (`--baseline`); null: no baseline. Must outlive the
  // call.
  const Baseline* baseline = nullptr;
  // `check`: the checks `--skip` switched off ("invariant", "reachable", "deadlock", "dead",
  // "chain", "order", "termination"); the JUnit report lists them as skipped.
  std::vector<std::string> skipped_checks{};
  // Whether the text and JSON reports show the result's coverage: `--coverage` asks for it,
  // while the page shows it always (so it is worked out for the page alone without the flag).
  bool show_coverage = true;
};

// Writes the report of `result`, a check of `model`, to `out`. The model must be the one the
// result's traces were made from. Thread-compatible.
void WriteReport(Format format, const model::Model& model, const properties::CheckResult& result,
                 std::ostream& out, const ReportContext& context = {});
void WriteTextReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context = {});
void WriteJsonReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context = {});
void WriteSarifReport(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out, const ReportContext& context = {});
void WriteJunitReport(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out, const ReportContext& context = {});
// One self-contained page for a person with a browser (docs/report-format.md); shows the
// transitions of each line when the result has coverage (CheckOptions::coverage), and marks
// the findings the baseline holds as known.
void WriteHtmlReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context = {});

// How many error findings of `result` `baseline` (may be null) does not hold: with none, the
// check passes (exit code 0 or 3). Thread-safe.
int NewErrorCount(const model::Model& model, const properties::CheckResult& result,
                  const Baseline* baseline);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_REPORT_H_
