// Parts of the diff report as JSON (internal to reports/), shared by the JSON report of diff
// (diff_json_report.cc) and the run properties of its SARIF report (diff_sarif_report.cc).
// docs/report-format.md lists the fields.
#ifndef RULECHECK_REPORTS_DIFF_JSON_H_
#define RULECHECK_REPORTS_DIFF_JSON_H_

#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "properties/declaration_diff.h"
#include "properties/version_diff.h"
#include "reports/diff_report.h"
#include "reports/json_values.h"

namespace rulecheck::reports {

// {file, game, states, transitions, terminal_states, complete, stop_reason}: one version's
// search.
Json DiffVersionToJson(const model::Model& model, const explorer::ExplorationStats& stats);
// [{kind, name, change, detail}]: the declarations that differ.
Json DeclarationChangesToJson(const std::vector<properties::DeclarationChange>& changes);
// {file, known}: the baseline and how many new and changed findings it holds. REQUIRES:
// diff.baseline is not null.
Json DiffBaselineToJson(const VersionDiff& diff, const std::vector<FindingChange>& changes);
// [{name, kind, old, new}]: the query answers that moved.
Json AnswerChangesToJson(const std::vector<properties::AnswerChange>& changes);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_DIFF_JSON_H_
