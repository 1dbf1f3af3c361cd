// Matching the findings of two versions by identifier (see diff_report.h).
#include <map>
#include <string>
#include <vector>

#include "reports/diff_report.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {

const char* FindingChangeName(FindingChange::Status status) {
  switch (status) {
    case FindingChange::Status::kNew:
      return "new";
    case FindingChange::Status::kFixed:
      return "fixed";
    case FindingChange::Status::kLost:
      return "lost";
    case FindingChange::Status::kChanged:
      return "changed";
  }
  return "new";
}

std::vector<FindingChange> CompareFindings(const VersionDiff& diff) {
  const std::vector<ReportedFinding> old_findings =
      CheckFindings(*diff.old_model, diff.old_run->check, nullptr);
  const std::vector<ReportedFinding> new_findings =
      CheckFindings(*diff.new_model, diff.new_run->check, nullptr);
  std::map<std::string, const results::Finding*> old_index;
  for (const ReportedFinding& entry : old_findings) old_index.emplace(entry.id, entry.finding);
  std::map<std::string, const results::Finding*> new_index;
  for (const ReportedFinding& entry : new_findings) new_index.emplace(entry.id, entry.finding);
  // A finding one version lacks is a change only where that version's search finished: a
  // search that stopped may simply not have got there.
  const bool old_complete = diff.old_run->check.stats.complete;
  const bool new_complete = diff.new_run->check.stats.complete;
  std::vector<FindingChange> changes;
  for (const ReportedFinding& entry : new_findings) {
    auto it = old_index.find(entry.id);
    if (it == old_index.end()) {
      if (!old_complete) continue;
      changes.push_back({FindingChange::Status::kNew, entry.id, nullptr, entry.finding});
    } else if (it->second->message != entry.finding->message ||
               it->second->trace.size() != entry.finding->trace.size()) {
      changes.push_back({FindingChange::Status::kChanged, entry.id, it->second, entry.finding});
    }
  }
  for (FindingChange& change : changes) {
    change.known = diff.baseline != nullptr && diff.baseline->Holds(change.id);
  }
  for (const ReportedFinding& entry : old_findings) {
    if (!new_index.contains(entry.id) && new_complete) {
      const bool witness = entry.finding->kind == results::FindingKind::kWitness;
      changes.push_back({witness ? FindingChange::Status::kLost : FindingChange::Status::kFixed,
                         entry.id, entry.finding, nullptr});
    }
  }
  return changes;
}

int NewErrorCount(const std::vector<FindingChange>& changes) {
  int count = 0;
  for (const FindingChange& change : changes) {
    if (change.status == FindingChange::Status::kNew && results::IsError(*change.new_finding) &&
        !change.known) {
      ++count;
    }
  }
  return count;
}

int KnownCount(const std::vector<FindingChange>& changes) {
  int count = 0;
  for (const FindingChange& change : changes) count += change.known ? 1 : 0;
  return count;
}

void WriteDiffReport(Format format, const VersionDiff& diff, std::ostream& out) {
  switch (format) {
    case Format::kText:
      return WriteDiffTextReport(diff, out);
    case Format::kJson:
      return WriteDiffJsonReport(diff, out);
    case Format::kSarif:
      return WriteDiffSarifReport(diff, out);
    case Format::kJunit:
      return WriteDiffJunitReport(diff, out);
    case Format::kHtml:
      return WriteDiffHtmlReport(diff, out);
  }
}

}  // namespace rulecheck::reports
