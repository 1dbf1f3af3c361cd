// A finding on the HTML pages (internal to reports/), shared by the page of `check`
// (html_check_report.cc) and the page of `diff` (diff_html_report.cc): an `article.finding`
// with its message, severity, name and location (a link to its line in the listing), the
// chain and triggers where it has them, and its trace as steps (html_trace.h). A finding the
// baseline holds (`--baseline`) carries the class `known` and a `known` badge.
// Thread-compatible.
//
//   WriteFindingHtml(model, entry, "finding-3", out);
#ifndef RULECHECK_REPORTS_HTML_FINDING_H_
#define RULECHECK_REPORTS_HTML_FINDING_H_

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "reports/baseline.h"
#include "reports/html_page.h"
#include "reports/reported_finding.h"
#include "results/finding.h"

namespace rulecheck::reports {

// The summary's figures of a baseline: its file and how many of `reported` it holds (known).
void AddBaselineFacts(const Baseline& baseline, const std::vector<ReportedFinding>& reported,
                      std::vector<SummaryFact>& facts);

// The badge of a finding or answer the baseline holds.
extern const char kKnownBadge[];

// "dead branch" for dead_branch.
std::string KindTitle(results::FindingKind kind);

// Writes `entry`'s finding as an article with id `id` (its trace `ID-trace`); its location
// and its moves link to the listing `listing` (html_page.h's LineId). REQUIRES: entry.finding
// is not null.
void WriteFindingHtml(const model::Model& model, const ReportedFinding& entry,
                      const std::string& id, std::ostream& out, std::string_view listing = "");

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_FINDING_H_
