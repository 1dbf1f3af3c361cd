// Identifying the findings of a report (see reported_finding.h).
#include "reports/reported_finding.h"

#include "results/finding_identity.h"

namespace rulecheck::reports {
namespace {

std::vector<ReportedFinding> Identify(const model::Model& model,
                                      std::vector<ReportedFinding> entries,
                                      const Baseline* baseline) {
  std::vector<std::string> keys;
  for (const ReportedFinding& entry : entries) {
    if (entry.finding == nullptr) continue;
    const results::Finding& finding = *entry.finding;
    keys.push_back(results::FindingKey(
        finding, finding.location.valid() ? SourceLine(model, finding.file, finding.location.line)
                                          : std::string_view()));
  }
  const std::vector<std::string> ids = results::FindingIds(keys);
  size_t next = 0;
  for (ReportedFinding& entry : entries) {
    if (entry.finding == nullptr) continue;
    entry.id = ids[next++];
    entry.known = baseline != nullptr && baseline->Holds(entry.id);
  }
  return entries;
}

}  // namespace

std::string_view SourceLine(const model::Model& model, const std::string& file, int line) {
  if (model.source != nullptr && model.source->path() == file) return model.source->Line(line);
  for (const std::unique_ptr<ir::SourceFile>& extra : model.extra_sources) {
    if (extra->path() == file) return extra->Line(line);
  }
  return {};
}

std::vector<ReportedFinding> CheckFindings(const model::Model& model,
                                           const properties::CheckResult& result,
                                           const Baseline* baseline) {
  std::vector<ReportedFinding> entries;
  for (const results::Finding& finding : result.findings) entries.push_back({&finding});
  return Identify(model, std::move(entries), baseline);
}

std::vector<ReportedFinding> AnswerFindings(const model::Model& model,
                                            const std::vector<results::Answer>& answers,
                                            const Baseline* baseline) {
  std::vector<ReportedFinding> entries;
  for (const results::Answer& answer : answers) {
    entries.push_back({answer.finding.has_value() ? &*answer.finding : nullptr});
  }
  return Identify(model, std::move(entries), baseline);
}

std::vector<ReportedFinding> SimulationFindings(const model::Model& model,
                                                const properties::SimulationResult& result) {
  std::vector<ReportedFinding> entries;
  for (const properties::SimulatedFinding& found : result.findings) {
    entries.push_back({&found.finding});
  }
  return Identify(model, std::move(entries), nullptr);
}

int NewErrorCount(const std::vector<ReportedFinding>& findings) {
  int count = 0;
  for (const ReportedFinding& entry : findings) {
    if (entry.finding != nullptr && results::IsError(*entry.finding) && !entry.known) ++count;
  }
  return count;
}

}  // namespace rulecheck::reports
