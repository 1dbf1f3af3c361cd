// Baselines: the findings an earlier run already reported, so that CI fails only on new ones.
// A baseline is a JSON report of rulecheck (`check`, `solve` or `prove`, see
// docs/report-format.md); what it contributes is the `id` of each finding in it (stable
// across line shifts, results/finding_identity.h). Part of the reports stage's public API,
// with report.h and query_report.h.
//
//   absl::StatusOr<reports::Baseline> baseline = reports::Baseline::Load("old.json");
//   if (!baseline.ok()) { std::cerr << baseline.status().message() << "\n"; return 2; }
#ifndef RULECHECK_REPORTS_BASELINE_H_
#define RULECHECK_REPORTS_BASELINE_H_

#include <set>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace rulecheck::reports {

class Baseline {
 public:
  // Reads the JSON report at `path`. InvalidArgument for text that is not JSON (the message
  // is `PATH:LINE:COL: error: ...` at the place the parse failed) or JSON that is not a
  // rulecheck report (the message names the file and the JSON path of what is missing);
  // NotFound when the file cannot be read. Thread-safe.
  static absl::StatusOr<Baseline> Load(const std::string& path);
  // The same for text in memory; `path` is used in messages.
  static absl::StatusOr<Baseline> Parse(const std::string& path, std::string_view text);

  const std::string& path() const { return path_; }
  // Whether the baseline holds a finding with this identifier.
  bool Holds(std::string_view id) const { return ids_.find(id) != ids_.end(); }
  const std::set<std::string, std::less<>>& ids() const { return ids_; }

 private:
  std::string path_;
  std::set<std::string, std::less<>> ids_;
};

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_BASELINE_H_
