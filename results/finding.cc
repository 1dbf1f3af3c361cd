// Names of finding kinds and severities, as reports and the JSON format spell them.
#include "results/finding.h"

namespace rulecheck::results {

std::string_view KindName(FindingKind kind) {
  switch (kind) {
    case FindingKind::kInvariant:
      return "invariant";
    case FindingKind::kAssert:
      return "assert";
    case FindingKind::kDeadlock:
      return "deadlock";
    case FindingKind::kUnreachable:
      return "unreachable";
    case FindingKind::kWitness:
      return "witness";
    case FindingKind::kModelError:
      return "model_error";
    case FindingKind::kDeadAction:
      return "dead_action";
    case FindingKind::kDeadTrigger:
      return "dead_trigger";
    case FindingKind::kDeadBranch:
      return "dead_branch";
    case FindingKind::kUnreachableCard:
      return "unreachable_card";
    case FindingKind::kReactionChain:
      return "reaction_chain";
    case FindingKind::kOrderDependence:
      return "order_dependence";
    case FindingKind::kPendingAtEnd:
      return "pending_at_end";
    case FindingKind::kNonTermination:
      return "non_termination";
    case FindingKind::kNoInitialState:
      return "no_initial_state";
  }
  return "unknown";
}

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
  }
  return "unknown";
}

void Locate(Finding& finding, const std::pair<const ir::SourceFile*, ir::Location>& resolved) {
  if (resolved.first == nullptr) return;
  finding.file = resolved.first->path();
  if (finding.location.valid()) finding.location = resolved.second;
}

}  // namespace rulecheck::results
