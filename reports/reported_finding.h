// Findings as every report format shows them (internal to reports/): each with its stable
// identifier (results/finding_identity.h) and, when the run has a baseline, whether the
// baseline already holds it. The identifiers of one report are computed together, because
// findings that agree on everything that identifies them are numbered in report order.
//
//   for (const ReportedFinding& f : CheckFindings(model, result, context.baseline)) ...
#ifndef RULECHECK_REPORTS_REPORTED_FINDING_H_
#define RULECHECK_REPORTS_REPORTED_FINDING_H_

#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "properties/property.h"
#include "properties/simulation.h"
#include "reports/baseline.h"
#include "results/answer.h"
#include "results/finding.h"

namespace rulecheck::reports {

struct ReportedFinding {
  const results::Finding* finding = nullptr;  // null: an answer without a finding
  std::string id{};
  bool known = false;  // the baseline holds it
};

// The text of line `line` of `file` (the rules file or a command-line property of `model`);
// empty when there is no such line. Thread-safe.
std::string_view SourceLine(const model::Model& model, const std::string& file, int line);

// The findings of a check, in report order. `baseline` may be null.
std::vector<ReportedFinding> CheckFindings(const model::Model& model,
                                           const properties::CheckResult& result,
                                           const Baseline* baseline);
// One entry per answer, in order: its finding (a violation found by a bounded check or an
// induction), or an entry with a null finding. `baseline` may be null.
std::vector<ReportedFinding> AnswerFindings(const model::Model& model,
                                            const std::vector<results::Answer>& answers,
                                            const Baseline* baseline);

// The findings of a simulation (properties/simulation.h), in order, identified as those of a
// check are.
std::vector<ReportedFinding> SimulationFindings(const model::Model& model,
                                                const properties::SimulationResult& result);

// How many of `findings` are errors the baseline does not hold: what makes exit code 1.
int NewErrorCount(const std::vector<ReportedFinding>& findings);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_REPORTED_FINDING_H_
