// The report of `rulecheck simulate` (properties/simulation.h), for a person (text or an HTML
// page) or a program (JSON); docs/simulate.md describes them. The text report opens with a summary
// line, then says how the games ended, how long they lasted (with a histogram), how often each
// `reachable` property held and each `terminal when` ended a game (with 95% confidence
// intervals), how often each action, trigger and card acted (naming those that never did),
// and narrates every violation met, with its trace, as the check report does.
//
//   reports::WriteSimulationReport(reports::Format::kText, *model, result, std::cout);
#ifndef RULECHECK_REPORTS_SIMULATE_REPORT_H_
#define RULECHECK_REPORTS_SIMULATE_REPORT_H_

#include <ostream>

#include "model/model.h"
#include "properties/simulation.h"
#include "reports/report.h"

namespace rulecheck::reports {

// REQUIRES: format is kText, kJson or kHtml. The model must be the one the result was played on.
// Thread-compatible.
void WriteSimulationReport(Format format, const model::Model& model,
                           const properties::SimulationResult& result, std::ostream& out);
void WriteSimulationText(const model::Model& model, const properties::SimulationResult& result,
                         std::ostream& out);
void WriteSimulationJson(const model::Model& model, const properties::SimulationResult& result,
                         std::ostream& out);
// One self-contained page (html_simulate_report.cc): the figures of the text report, the
// game lengths as histograms and each rate with its 95% interval as plots (inline SVG), the
// violations as the check page shows them, and the rules file.
void WriteSimulationHtml(const model::Model& model, const properties::SimulationResult& result,
                         std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SIMULATE_REPORT_H_
