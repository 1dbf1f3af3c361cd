// The frame of every SARIF log rulecheck writes (internal to reports/), shared by the reports
// of `check`, `solve` and `prove` (sarif_report.cc) and of `diff` (diff_sarif_report.cc): the
// driver with one rule per finding kind (help from docs/findings.md, findings_help.h) and any
// rules a report adds after them, a result for a finding (its level, place, fingerprint and
// trace as a code flow), tool notifications, and the log around its one run.
//
//   Json results = Json::array({SarifFindingResult(model, entry, false)});
//   WriteSarifLog(SarifDriver({}), {&model}, std::move(results), notifications, properties, out);
#ifndef RULECHECK_REPORTS_SARIF_LOG_H_
#define RULECHECK_REPORTS_SARIF_LOG_H_

#include <ostream>
#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "reports/json_values.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {

// The key of every result's partialFingerprints: the finding's stable identifier.
inline constexpr char kSarifFingerprintKey[] = "rulecheckFindingId/v1";

// A rule besides the finding kinds' (the behaviour differences of `diff`).
struct SarifRule {
  std::string id;
  std::string name;      // CamelCase, unlike the id
  std::string summary;   // one sentence
  std::string text;      // the help, plain text
  std::string markdown;  // the help, markdown
  std::string level;     // "error", "warning", "note" or "none"
};

// tool.driver: name, version, information URI, one rule per finding kind (in the order of
// results::FindingKind), then `extra` (their ruleIndex is 14 + their place). Thread-safe.
Json SarifDriver(const std::vector<SarifRule>& extra);
// The index of the rule of finding kind `kind` in every driver SarifDriver makes.
int SarifRuleIndex(results::FindingKind kind);
// A result for `entry`'s finding in `model`: rule, level, message, place, the fingerprint
// (its id), `baselineState` when `with_baseline` ("new" or "unchanged"), the trace as code
// flows, and properties. REQUIRES: entry.finding is not null. Thread-compatible.
Json SarifFindingResult(const model::Model& model, const ReportedFinding& entry,
                        bool with_baseline);
// {level, message: {text}}: a tool execution notification.
Json SarifNotification(const std::string& level, const std::string& text);
// Whether a search did what it was asked (SARIF's executionSuccessful): it ran to its end or
// to a limit the user set (--max-states, --stop-at-first), not to Ctrl-C or the memory budget.
bool SearchSucceeded(const explorer::ExplorationStats& stats);
// Writes the log of one run by `driver` over the rules files of `models` (its artifacts, each
// path once, in order), with `results`, `notifications` (left out when empty), the run's
// `properties`, and whether it succeeded.
void WriteSarifLog(Json driver, const std::vector<const model::Model*>& models, Json results,
                   Json notifications, Json properties, bool successful, std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SARIF_LOG_H_
