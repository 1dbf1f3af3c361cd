// Findings in snapshots (see finding_bytes.h).
#include "properties/finding_bytes.h"

#include <cassert>
#include <string>
#include <utility>

#include "absl/status/status.h"

namespace rulecheck::properties {

void WriteLocation(const ir::Location& location, explorer::ByteWriter& out) {
  out.I64(location.line);
  out.I64(location.column);
}

ir::Location ReadLocation(explorer::ByteReader& in) {
  ir::Location location;
  location.line = static_cast<int>(in.I64());
  location.column = static_cast<int>(in.I64());
  return location;
}

void WriteFinding(const results::Finding& finding, explorer::ByteWriter& out) {
  assert(finding.trace.empty() && finding.outcomes.empty());
  out.U32(static_cast<uint32_t>(finding.kind));
  out.U32(static_cast<uint32_t>(finding.severity));
  out.String(finding.name);
  out.String(finding.message);
  out.String(finding.file);
  WriteLocation(finding.location, out);
  out.I64(finding.cycle_start);
  out.String(finding.chain);
  out.U64(finding.triggers.size());
  for (const std::string& trigger : finding.triggers) out.String(trigger);
}

absl::StatusOr<results::Finding> ReadFinding(explorer::ByteReader& in) {
  results::Finding finding;
  const uint32_t kind = in.U32();
  const uint32_t severity = in.U32();
  if (kind > static_cast<uint32_t>(results::FindingKind::kNoInitialState) ||
      severity > static_cast<uint32_t>(results::Severity::kWarning)) {
    return absl::InvalidArgumentError("a saved finding has no kind this rulecheck knows");
  }
  finding.kind = static_cast<results::FindingKind>(kind);
  finding.severity = static_cast<results::Severity>(severity);
  finding.name = in.String();
  finding.message = in.String();
  finding.file = in.String();
  finding.location = ReadLocation(in);
  finding.cycle_start = static_cast<int>(in.I64());
  finding.chain = in.String();
  const uint64_t triggers = in.U64();
  for (uint64_t i = 0; i < triggers && in.ok(); ++i) finding.triggers.push_back(in.String());
  if (!in.ok()) return absl::InvalidArgumentError("a saved finding is cut short");
  return finding;
}

}  // namespace rulecheck::properties
