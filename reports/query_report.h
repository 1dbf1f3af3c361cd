// Reports of the symbolic engine (`rulecheck solve` and `rulecheck prove`): the answers to
// queries and the results of bounded checks and induction proofs, as text for a person or as
// JSON for a program. Traces use the same step format as the check report (docs/report-format.md):
// in text, the initial state in full and then only what each move changed; in JSON, steps
// {move, by, choices, state} with every state in full. docs/symbolic.md describes both.
//
//   reports::WriteQueryReport(reports::Format::kJson, *model, results, std::cout);
#ifndef RULECHECK_REPORTS_QUERY_REPORT_H_
#define RULECHECK_REPORTS_QUERY_REPORT_H_

#include <ostream>
#include <vector>

#include "model/model.h"
#include "reports/report.h"
#include "results/answer.h"

namespace rulecheck::reports {

// Writes the results of one `solve` or `prove` run on `model`. Thread-compatible.
void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<results::Answer>& answers, std::ostream& out);
void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out);
void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_QUERY_REPORT_H_
