// Reports of answers (results/answer.h): `rulecheck solve` with either engine and `rulecheck
// prove`, i.e. the answers to queries and the outcomes of bounded checks and induction proofs,
// as text for a person or as JSON for a program. Part of the reports stage's public API. The
// report does not depend on which engine answered. Traces use the same step format as the
// check report (docs/report-format.md): in text, the initial state in full and then only what
// each move changed; in JSON, steps {move, by, choices, state} with every state in full.
// docs/symbolic.md describes both.
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
                      const std::vector<results::Answer>& answers, std::ostream& out);
void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out);
void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out);
void WriteQueryHtmlReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_QUERY_REPORT_H_
