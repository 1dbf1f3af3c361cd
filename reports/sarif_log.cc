// The frame of rulecheck's SARIF logs (see sarif_log.h).
#include "reports/sarif_log.h"

#include <set>
#include <utility>

#include "base/version.h"
#include "reports/findings_help.h"
#include "reports/json_finding.h"
#include "reports/sarif_flow.h"
#include "reports/sarif_location.h"

#ifndef RULECHECK_INFORMATION_URI
#error "reports/CMakeLists.txt defines RULECHECK_INFORMATION_URI"
#endif

namespace rulecheck::reports {
namespace {

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
    case results::FindingKind::kPendingAtEnd:
      return results::Severity::kWarning;
    default:
      return results::Severity::kError;
  }
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
    case results::FindingKind::kPendingAtEnd:
      return "TriggerPendingAtGameEnd";
    case results::FindingKind::kNonTermination:
      return "GameNeedNotEnd";
    case results::FindingKind::kNoInitialState:
      return "NoInitialState";
  }
  return "";
}

Json RuleToJson(const SarifRule& rule) {
  Json json = Json::object();
  json["id"] = rule.id;
  json["name"] = rule.name;
  json["shortDescription"] = Json{{"text", rule.summary}};
  json["fullDescription"] = Json{{"text", rule.text}};
  json["help"] = Json{{"text", rule.text}, {"markdown", rule.markdown}};
  json["defaultConfiguration"] = Json{{"level", rule.level}};
  return json;
}

}  // namespace

Json SarifDriver(const std::vector<SarifRule>& extra) {
  Json rules = Json::array();
  for (const results::FindingKind kind : AllFindingKinds()) {
    const FindingHelp help = HelpFor(kind);
    rules.push_back(RuleToJson({std::string(results::KindName(kind)), RuleName(kind), help.summary,
                                help.text, help.markdown, Level(KindSeverity(kind))}));
  }
  for (const SarifRule& rule : extra) rules.push_back(RuleToJson(rule));
  Json driver = Json::object();
  driver["name"] = "rulecheck";
  driver["version"] = base::kRulecheckVersion;
  driver["semanticVersion"] = base::kRulecheckVersion;
  driver["informationUri"] = RULECHECK_INFORMATION_URI;
  driver["rules"] = std::move(rules);
  return driver;
}

int SarifRuleIndex(results::FindingKind kind) {
  const std::vector<results::FindingKind>& kinds = AllFindingKinds();
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i] == kind) return static_cast<int>(i);
  }
  return -1;
}

Json SarifNotification(const std::string& level, const std::string& text) {
  return Json{{"level", level}, {"message", Json{{"text", text}}}};
}

Json SarifFindingResult(const model::Model& model, const ReportedFinding& entry,
                        bool with_baseline) {
  const results::Finding& finding = *entry.finding;
  Json result = Json::object();
  result["ruleId"] = results::KindName(finding.kind);
  result["ruleIndex"] = SarifRuleIndex(finding.kind);
  if (finding.severity == results::Severity::kInfo) result["kind"] = "pass";
  result["level"] = Level(finding.severity);
  result["message"] = Json{{"text", finding.message}};
  Json location = PlaceOfResult(model, finding);
  location["logicalLocations"] = Json::array({Json{{"name", finding.name}}});
  result["locations"] = Json::array({std::move(location)});
  result["partialFingerprints"] = Json{{kSarifFingerprintKey, entry.id}};
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

bool SearchSucceeded(const explorer::ExplorationStats& stats) {
  return stats.stop_reason != explorer::StopReason::kCancelled &&
         stats.stop_reason != explorer::StopReason::kStoreFull;
}

void WriteSarifLog(Json driver, const std::vector<const model::Model*>& models, Json results,
                   Json notifications, Json properties, bool successful, std::ostream& out) {
  Json invocation = Json::object();
  invocation["executionSuccessful"] = successful;
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  Json artifacts = Json::array();
  std::set<std::string> listed;
  for (const model::Model* model : models) {
    if (!listed.insert(model->source->path()).second) continue;
    Json artifact = Json::object();
    artifact["location"] = ArtifactLocation(model->source->path());
    artifacts.push_back(std::move(artifact));
  }
  Json run = Json::object();
  run["tool"] = Json{{"driver", std::move(driver)}};
  run["invocations"] = Json::array({std::move(invocation)});
  run["originalUriBaseIds"] = OriginalUriBaseIds();
  run["artifacts"] = std::move(artifacts);
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  run["properties"] = std::move(properties);
  Json log = Json::object();
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = Json::array({std::move(run)});
  WriteJson(log, out);
}

}  // namespace rulecheck::reports
