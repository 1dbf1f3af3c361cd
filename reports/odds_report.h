// The report of `rulecheck odds` (results/odds.h): each chance query's value under each play,
// as text for a person or JSON for a program, with what the numbers rest on (the states, any
// cycles, rolls conditioned by a `require`, failed moves left out). Part of the reports
// stage's public API; docs/report-format.md#odds describes the formats: text, JSON, and an
// HTML page (html_odds_report.cc) with each probability drawn on a 0-100% scale.
//
//   reports::WriteOddsReport(reports::Format::kText, *model, result, std::cout);
#ifndef RULECHECK_REPORTS_ODDS_REPORT_H_
#define RULECHECK_REPORTS_ODDS_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "model/model.h"
#include "reports/report.h"
#include "results/odds.h"

namespace rulecheck::reports {

// The formats `odds` writes: text, JSON and HTML.
bool OddsWrites(Format format);

// Writes `result` for `model` in `format`. REQUIRES: OddsWrites(format). Thread-compatible.
void WriteOddsReport(Format format, const model::Model& model, const results::OddsResult& result,
                     std::ostream& out);

// The HTML page (docs/report-format.md#odds).
void WriteOddsHtml(const model::Model& model, const results::OddsResult& result, std::ostream& out);

// The play an answer assumes, in words: "random play", "P1 maximises, the rest minimise", ...
std::string OddsPlayText(const results::OddsPlay& play);

// What the answers of a complete search rest on, one sentence each (cycles, seats drawn,
// choices of the rules, conditioned rolls, failed moves); none for a stopped one.
std::vector<std::string> OddsNotes(const results::OddsResult& result);

// A value as the text report writes it: "244/495 (0.4929292929)", "0.5347 ± 2e-10", ...
std::string OddsValueText(const results::OddsValue& value);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_ODDS_REPORT_H_
