// Names of finding kinds and severities, as reports and the JSON format spell them.
#include "properties/finding.h"

namespace rulecheck::properties {

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
  }
  return "unknown";
}

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "info";
}

}  // namespace rulecheck::properties
