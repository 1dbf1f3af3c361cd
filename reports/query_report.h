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
#include "solver/solver.h"

namespace rulecheck::reports {

// Writes the results of one `solve` or `prove` run on `model`. Thread-compatible.
void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<solver::QueryResult>& results, std::ostream& out);
void WriteQueryTextReport(const model::Model& model,
                          const std::vector<solver::QueryResult>& results, std::ostream& out);
void WriteQueryJsonReport(const model::Model& model,
                          const std::vector<solver::QueryResult>& results, std::ostream& out);

// Whether a result is bad news: a violated invariant, a failing move, a deadlock, an
// induction proof that found a real violation.
bool IsViolation(const solver::QueryResult& result);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_QUERY_REPORT_H_
