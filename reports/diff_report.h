// The report of `rulecheck diff OLD NEW`: what a change to a rules file did. The summary of
// each version's search (states, transitions, terminal states), the declarations added,
// removed or changed (properties/declaration_diff.h), the findings new, fixed and changed,
// matched by their stable identifiers (results/finding_identity.h), and the query answers that
// moved (properties/version_diff.h), and the behaviour over the shared state variables that
// one version allows and the other does not, with traces (properties/behaviour_diff.h). In
// every format `check` writes: text and an HTML page for people, JSON for programs, SARIF for
// code scanning and JUnit XML for a CI's test tab; docs/report-format.md describes them.
//
//   reports::VersionDiff diff{old_model, new_model, &old_run, &new_run, declarations, answers};
//   reports::WriteDiffReport(reports::Format::kText, diff, std::cout);
#ifndef RULECHECK_REPORTS_DIFF_REPORT_H_
#define RULECHECK_REPORTS_DIFF_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "model/model.h"
#include "properties/behaviour_diff.h"
#include "properties/declaration_diff.h"
#include "properties/version_diff.h"
#include "reports/report.h"
#include "results/finding.h"

namespace rulecheck::reports {

// What diff compares; every pointer must outlive the report calls.
struct VersionDiff {
  const model::Model* old_model = nullptr;
  const model::Model* new_model = nullptr;
  const properties::VersionRun* old_run = nullptr;
  const properties::VersionRun* new_run = nullptr;
  std::vector<properties::DeclarationChange> declarations;
  std::vector<properties::AnswerChange> answers;
  properties::BehaviourDiff behaviour;
  // The exit code diff exits with (cli/diff_command.h), which the HTML page shows.
  int exit_code = 0;
  // The findings an earlier report held (`--baseline`), or null. Must outlive the calls.
  const Baseline* baseline = nullptr;
};

// A finding of one version or both, matched by its identifier.
struct FindingChange {
  // kFixed and kLost are both only in OLD: kLost is a witness (a `reachable` property that held
  // and no longer does), which is news to worry about, not a fix.
  enum class Status { kNew, kFixed, kLost, kChanged };
  Status status = Status::kNew;
  std::string id;
  const results::Finding* old_finding = nullptr;  // null for kNew
  const results::Finding* new_finding = nullptr;  // null for kFixed and kLost
  // kNew and kChanged: VersionDiff::baseline holds its identifier, so it does not fail.
  bool known = false;
};

// "new", "fixed", "changed".
const char* FindingChangeName(FindingChange::Status status);

// The findings of the new version whose identifier the old version's findings lack (new), the
// old version's findings whose identifier the new one lacks (fixed), and those both have whose
// message or trace length differs (changed): new and changed in the new version's report
// order, then fixed in the old one's. A finding is new only where the old version's search
// finished, and fixed or lost only where the new one's did (a search that stopped may not
// have reached it). Thread-safe.
std::vector<FindingChange> CompareFindings(const VersionDiff& diff);

// How many new findings are errors that the baseline (if any) does not hold: what makes
// diff's exit code 1.
int NewErrorCount(const std::vector<FindingChange>& changes);
// How many new and changed findings the baseline holds.
int KnownCount(const std::vector<FindingChange>& changes);

// Writes the diff report in `format`. Thread-compatible.
void WriteDiffReport(Format format, const VersionDiff& diff, std::ostream& out);
void WriteDiffTextReport(const VersionDiff& diff, std::ostream& out);
void WriteDiffJsonReport(const VersionDiff& diff, std::ostream& out);
// One test suite with two test cases: `new error findings` (failing with each new error
// finding and its trace) and `behaviour` (failing with the behaviour section of the text
// report when the behaviour differs; skipped when it was not compared).
void WriteDiffJunitReport(const VersionDiff& diff, std::ostream& out);
// One SARIF run: the new version's findings as results with `baselineState` against the old
// version (`new`, `updated`, `unchanged`), the fixed ones `absent`, and the behaviour
// differences as results of the rules `behaviour_state` and `behaviour_move` (warnings).
void WriteDiffSarifReport(const VersionDiff& diff, std::ostream& out);
// One self-contained page: both versions' figures, findings new, changed and fixed,
// declarations and answers that differ, the behaviour differences as steppable traces, and
// both rules files.
void WriteDiffHtmlReport(const VersionDiff& diff, std::ostream& out);
// The behaviour section of the text report (its opening line break included).
void WriteDiffBehaviourText(const VersionDiff& diff, std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_DIFF_REPORT_H_
