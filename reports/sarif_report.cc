// The SARIF 2.1.0 reports of `check`, `solve` and `prove` (see report.h, query_report.h and
// docs/report-format.md): one run whose driver has a rule per finding kind, a result per
// finding with its trace as a code flow (the frame and both in sarif_log.h), and what is not
// a finding (statistics, answers that are not violations, properties left undetermined) in
// the run's properties and tool notifications, where code scanning does not raise them as
// alerts.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "properties/stop_description.h"
#include "reports/format_util.h"
#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/query_report.h"
#include "reports/report.h"
#include "reports/reported_finding.h"
#include "reports/sarif_flow.h"
#include "reports/sarif_log.h"

namespace rulecheck::reports {

void WriteSarifReport(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = CheckFindings(model, result, context.baseline);
  Json results = Json::array();
  for (const ReportedFinding& entry : reported) {
    results.push_back(SarifFindingResult(model, entry, context.baseline != nullptr));
  }
  Json notifications = Json::array();
  const explorer::ExplorationStats& stats = result.stats;
  if (!stats.complete) {
    notifications.push_back(SarifNotification(
        "warning", "the search is incomplete: " + properties::StopDescription(stats)));
  }
  for (const properties::Undetermined& property : result.undetermined) {
    notifications.push_back(SarifNotification(
        "warning", absl::StrCat(property.kind, " ", property.name, " is not determined",
                                property.reason.empty() ? "" : ": " + property.reason)));
  }
  Json properties = ModelToJson(model);
  properties["complete"] = stats.complete;
  properties["stop_reason"] = StopReasonJsonName(stats.stop_reason);
  properties["states"] = stats.states;
  properties["transitions"] = stats.transitions;
  properties["terminal_states"] = stats.terminal_states;
  properties["levels"] = stats.levels;
  properties["errors"] = result.error_count();
  if (context.baseline != nullptr) {
    properties["baseline"] = BaselineToJson(*context.baseline, reported);
  }
  WriteSarifLog(SarifDriver({}), {&model}, std::move(results), std::move(notifications),
                std::move(properties), SearchSucceeded(stats), out);
}

void WriteQuerySarifReport(const model::Model& model, const std::vector<results::Answer>& answers,
                           std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = AnswerFindings(model, answers, context.baseline);
  Json results = Json::array();
  Json notifications = Json::array();
  Json answer_list = Json::array();
  for (size_t i = 0; i < answers.size(); ++i) {
    const results::Answer& answer = answers[i];
    Json summary = AnswerSummaryToJson(answer);
    if (reported[i].finding != nullptr) {
      // A violation: a result like the one `check` would give, with the witness as its flow.
      summary["finding"] = reported[i].id;
      Json result = SarifFindingResult(model, reported[i], context.baseline != nullptr);
      result["codeFlows"] = answer.trace.empty()
                                ? FindingCodeFlows(model, *reported[i].finding)
                                : TraceCodeFlows(model, answer.trace, answer.trace_from_any_state);
      if (result["codeFlows"].empty()) result.erase("codeFlows");
      results.push_back(std::move(result));
    } else if (results::IsViolation(answer)) {
      // Every engine attaches a finding to a violation; should one not, it is still told.
      notifications.push_back(
          SarifNotification("error", absl::StrCat(results::AnswerKindName(answer.kind), " ",
                                                  answer.name, " is violated: ", answer.message)));
    } else if (answer.verdict == results::Verdict::kUnknown) {
      notifications.push_back(
          SarifNotification("warning", absl::StrCat(results::AnswerKindName(answer.kind), " ",
                                                    answer.name, " is unknown: ", answer.message)));
    }
    answer_list.push_back(std::move(summary));
  }
  Json properties = ModelToJson(model);
  properties["answers"] = std::move(answer_list);
  if (context.baseline != nullptr) {
    properties["baseline"] = BaselineToJson(*context.baseline, reported);
  }
  // An answer cut short (by --timeout or Ctrl-C) is `unknown`, with a notification that says
  // why.
  WriteSarifLog(SarifDriver({}), {&model}, std::move(results), std::move(notifications),
                std::move(properties), /*successful=*/true, out);
}

}  // namespace rulecheck::reports
