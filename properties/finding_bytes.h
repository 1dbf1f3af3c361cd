// The byte encoding of a finding in a search snapshot (explorer/search_snapshot.h), for the
// checks that keep findings while the search runs. Internal to properties/.
//
// Only what a finding has during the search is saved: kind, severity, name, message, file,
// location and the lasso and trigger fields. Traces are not: a finding kept during the
// search gets its trace after it, from the exploration (FindingCollector::Finish).
#ifndef RULECHECK_PROPERTIES_FINDING_BYTES_H_
#define RULECHECK_PROPERTIES_FINDING_BYTES_H_

#include "absl/status/statusor.h"
#include "explorer/snapshot_bytes.h"
#include "ir/source.h"
#include "results/finding.h"

namespace rulecheck::properties {

// REQUIRES: finding.trace and finding.outcomes are empty.
void WriteFinding(const results::Finding& finding, explorer::ByteWriter& out);
// Errors: InvalidArgument when the bytes are short or name no kind or severity.
absl::StatusOr<results::Finding> ReadFinding(explorer::ByteReader& in);

void WriteLocation(const ir::Location& location, explorer::ByteWriter& out);
ir::Location ReadLocation(explorer::ByteReader& in);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_FINDING_BYTES_H_
