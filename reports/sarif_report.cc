// The SARIF 2.1.0 reports of `check`, `solve` and `prove` (see report.h, query_report.h and
// docs/report-format.md): one run whose driver has a rule per finding kind (help text from
// docs/findings.md, findings_help.h), a result per finding with its trace as a code flow
// (sarif_flow.h), and what is not a finding (statistics, answers that are not violations,
// properties left undetermined) in the run's properties and tool notifications, where code
// scanning does not raise them as alerts.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/version.h"
#include "properties/stop_description.h"
#include "reports/findings_help.h"
#include "reports/format_util.h"
#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/query_report.h"
#include "reports/report.h"
#include "reports/reported_finding.h"
#include "reports/sarif_flow.h"
#include "reports/sarif_location.h"

#ifndef RULECHECK_INFORMATION_URI
#error "reports/CMakeLists.txt defines RULECHECK_INFORMATION_URI"
#endif

namespace rulecheck::reports {
namespace {

// The key of every result's partialFingerprints: the finding's stable identifier.
constexpr char kFingerprintKey[] = "rulecheckFindingId/v1";

// error -> error, warning -> warning; info (a witness) is a passing check: level none.
const char* Level(results::Severity severity) {
  switch (severity) {
    case results::Severity::kError:
      return "error";
    case results::Severity::kWarning:
      return "warning";
    case results::Severity::kInfo:
      return "none";
  }
  return "none";
}

// The default severity of each kind, as the checks give it.
results::Severity KindSeverity(results::FindingKind kind) {
  switch (kind) {
    case results::FindingKind::kWitness:
      return results::Severity::kInfo;
    case results::FindingKind::kDeadAction:
    case results::FindingKind::kDeadTrigger:
    case results::FindingKind::kDeadBranch:
    case results::FindingKind::kUnreachableCard:
    case results::FindingKind::kOrderDependence:
      return results::Severity::kWarning;
    default:
      return results::Severity::kError;
  }
}

int RuleIndex(results::FindingKind kind) {
  const std::vector<results::FindingKind>& kinds = AllFindingKinds();
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i] == kind) return static_cast<int>(i);
  }
  return -1;
}

// A rule's name for people (SARIF wants it to differ from the id, the kind's name).
const char* RuleName(results::FindingKind kind) {
  switch (kind) {
    case results::FindingKind::kInvariant:
      return "InvariantViolated";
    case results::FindingKind::kAssert:
      return "AssertFailed";
    case results::FindingKind::kDeadlock:
      return "DeadlockedState";
    case results::FindingKind::kUnreachable:
      return "NeverReachable";
    case results::FindingKind::kWitness:
      return "ReachableWitness";
    case results::FindingKind::kModelError:
      return "ModelError";
    case results::FindingKind::kDeadAction:
      return "DeadAction";
    case results::FindingKind::kDeadTrigger:
      return "DeadTrigger";
    case results::FindingKind::kDeadBranch:
      return "DeadBranch";
    case results::FindingKind::kUnreachableCard:
      return "UnreachableCard";
    case results::FindingKind::kReactionChain:
      return "InfiniteReactionChain";
    case results::FindingKind::kOrderDependence:
      return "TriggerOrderDependence";
    case results::FindingKind::kNonTermination:
      return "GameNeedNotEnd";
    case results::FindingKind::kNoInitialState:
      return "NoInitialState";
  }
  return "";
}

Json Driver() {
  Json rules = Json::array();
  for (const results::FindingKind kind : AllFindingKinds()) {
    const FindingHelp help = HelpFor(kind);
    Json rule = Json::object();
    rule["id"] = results::KindName(kind);
    rule["name"] = RuleName(kind);
    rule["shortDescription"] = Json{{"text", help.summary}};
    rule["fullDescription"] = Json{{"text", help.text}};
    rule["help"] = Json{{"text", help.text}, {"markdown", help.markdown}};
    rule["defaultConfiguration"] = Json{{"level", Level(KindSeverity(kind))}};
    rules.push_back(std::move(rule));
  }
  Json driver = Json::object();
  driver["name"] = "rulecheck";
  driver["version"] = base::kRulecheckVersion;
  driver["semanticVersion"] = base::kRulecheckVersion;
  driver["informationUri"] = RULECHECK_INFORMATION_URI;
  driver["rules"] = std::move(rules);
  return driver;
}

Json Notification(const std::string& level, const std::string& text) {
  return Json{{"level", level}, {"message", Json{{"text", text}}}};
}

Json Result(const model::Model& model, const ReportedFinding& entry, bool with_baseline) {
  const results::Finding& finding = *entry.finding;
  Json result = Json::object();
  result["ruleId"] = results::KindName(finding.kind);
  result["ruleIndex"] = RuleIndex(finding.kind);
  if (finding.severity == results::Severity::kInfo) result["kind"] = "pass";
  result["level"] = Level(finding.severity);
  result["message"] = Json{{"text", finding.message}};
  Json location = PlaceOfResult(model, finding);
  location["logicalLocations"] = Json::array({Json{{"name", finding.name}}});
  result["locations"] = Json::array({std::move(location)});
  result["partialFingerprints"] = Json{{kFingerprintKey, entry.id}};
  if (with_baseline) result["baselineState"] = BaselineState(entry);
  Json flows = FindingCodeFlows(model, finding);
  if (!flows.empty()) result["codeFlows"] = std::move(flows);
  Json properties = Json::object();
  properties["name"] = finding.name;
  if (finding.cycle_start >= 0) properties["cycleStart"] = finding.cycle_start;
  if (!finding.chain.empty()) properties["chain"] = finding.chain;
  if (!finding.triggers.empty()) properties["triggers"] = finding.triggers;
  result["properties"] = std::move(properties);
  return result;
}

// The SARIF log around one run.
void WriteLog(const model::Model& model, Json results, Json notifications, Json properties,
              std::ostream& out) {
  Json invocation = Json::object();
  invocation["executionSuccessful"] = true;
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  Json artifact = Json::object();
  artifact["location"] = ArtifactLocation(model.source->path());
  Json run = Json::object();
  run["tool"] = Json{{"driver", Driver()}};
  run["invocations"] = Json::array({std::move(invocation)});
  run["originalUriBaseIds"] = OriginalUriBaseIds();
  run["artifacts"] = Json::array({std::move(artifact)});
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  run["properties"] = std::move(properties);
  Json log = Json::object();
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = Json::array({std::move(run)});
  WriteJson(log, out);
}

}  // namespace

void WriteSarifReport(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = CheckFindings(model, result, context.baseline);
  Json results = Json::array();
  for (const ReportedFinding& entry : reported) {
    results.push_back(Result(model, entry, context.baseline != nullptr));
  }
  Json notifications = Json::array();
  const explorer::ExplorationStats& stats = result.stats;
  if (!stats.complete) {
    notifications.push_back(
        Notification("warning", "the search is incomplete: " + properties::StopDescription(stats)));
  }
  for (const properties::Undetermined& property : result.undetermined) {
    notifications.push_back(Notification(
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
  WriteLog(model, std::move(results), std::move(notifications), std::move(properties), out);
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
      Json result = Result(model, reported[i], context.baseline != nullptr);
      result["codeFlows"] = answer.trace.empty()
                                ? FindingCodeFlows(model, *reported[i].finding)
                                : TraceCodeFlows(model, answer.trace, answer.trace_from_any_state);
      if (result["codeFlows"].empty()) result.erase("codeFlows");
      results.push_back(std::move(result));
    } else if (results::IsViolation(answer)) {
      // Every engine attaches a finding to a violation; should one not, it is still told.
      notifications.push_back(
          Notification("error", absl::StrCat(results::AnswerKindName(answer.kind), " ", answer.name,
                                             " is violated: ", answer.message)));
    } else if (answer.verdict == results::Verdict::kUnknown) {
      notifications.push_back(
          Notification("warning", absl::StrCat(results::AnswerKindName(answer.kind), " ",
                                               answer.name, " is unknown: ", answer.message)));
    }
    answer_list.push_back(std::move(summary));
  }
  Json properties = ModelToJson(model);
  properties["answers"] = std::move(answer_list);
  if (context.baseline != nullptr) {
    properties["baseline"] = BaselineToJson(*context.baseline, reported);
  }
  WriteLog(model, std::move(results), std::move(notifications), std::move(properties), out);
}

}  // namespace rulecheck::reports
