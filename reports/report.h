// The front door of the reports stage: render the result of a check for a person (text, or an
// HTML page) or a program (JSON). docs/report-format.md describes the formats. The other
// public headers are query_report.h (the answers of `solve` and `prove`).
//
// The text report opens with a summary line (file, counts, time, complete or why not), then
// narrates each finding: its message and location, and its trace move by move, the initial
// state in full and after each move only the variables that changed. The JSON report holds
// the same facts with every state in full, decoded into JSON values.
//
//   reports::WriteReport(reports::Format::kText, *model, result, std::cout);
#ifndef RULECHECK_REPORTS_REPORT_H_
#define RULECHECK_REPORTS_REPORT_H_

#include <optional>
#include <ostream>
#include <string_view>

#include "model/model.h"
#include "properties/property.h"

namespace rulecheck::reports {

enum class Format { kText, kJson, kHtml };

// "text", "json" or "html"; nullopt for anything else.
std::optional<Format> ParseFormat(std::string_view name);

// Writes the report of `result`, a check of `model`, to `out`. The model must be the one the
// result's traces were made from. Thread-compatible.
void WriteReport(Format format, const model::Model& model, const properties::CheckResult& result,
                 std::ostream& out);
void WriteTextReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out);
void WriteJsonReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out);
// One self-contained page for a person with a browser (docs/report-format.md); shows the
// transitions of each line when the result has coverage (CheckOptions::coverage).
void WriteHtmlReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_REPORT_H_
