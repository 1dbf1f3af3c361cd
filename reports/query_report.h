// Reports of answers (results/answer.h): `rulecheck solve` with either engine and `rulecheck
// prove`, i.e. the answers to queries and the outcomes of bounded checks and induction proofs,
// as text for a person, JSON for a program, SARIF for code scanning or JUnit XML for a CI test
// tab. Part of the reports stage's public API. The report does not depend on which engine
// answered. Traces use the same step format as the check report (docs/report-format.md): in
// text, the initial state in full and then only what each move changed; in JSON, steps {move,
// by, choices, state} with every state in full. docs/symbolic.md describes both.
//
//   reports::WriteQueryReport(reports::Format::kJson, *model, answers, std::cout);
#ifndef RULECHECK_REPORTS_QUERY_REPORT_H_
#define RULECHECK_REPORTS_QUERY_REPORT_H_

#include <ostream>
#include <vector>

#include "model/model.h"
#include "reports/report.h"
#include "results/answer.h"

namespace rulecheck::reports {

// Writes the answers of one `solve` or `prove` run on `model`, in their order. The model must
// be the one the answers' traces were made from. Thread-compatible.
void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<results::Answer>& answers, std::ostream& out,
                      const ReportContext& context = {});
void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context = {});
void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context = {});
void WriteQuerySarifReport(const model::Model& model, const std::vector<results::Answer>& answers,
                           std::ostream& out, const ReportContext& context = {});
void WriteQueryJunitReport(const model::Model& model, const std::vector<results::Answer>& answers,
                           std::ostream& out, const ReportContext& context = {});
void WriteQueryHtmlReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context = {});

// How many answers are violations (results::IsViolation) whose finding `baseline` (may be
// null) does not hold: with none, the run passes (exit code 0 or 3). Thread-safe.
int NewViolationCount(const model::Model& model, const std::vector<results::Answer>& answers,
                      const Baseline* baseline);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_QUERY_REPORT_H_
