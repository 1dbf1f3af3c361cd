// A finding as HTML (see html_finding.h).
#include "reports/html_finding.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/html_escape.h"
#include "reports/html_page.h"
#include "reports/html_trace.h"

namespace rulecheck::reports {

const char kKnownBadge[] =
    "<span class=\"badge known\" title=\"the baseline already holds this finding, so it does "
    "not fail the run\">known</span>";

void AddBaselineFacts(const Baseline& baseline, const std::vector<ReportedFinding>& reported,
                      std::vector<SummaryFact>& facts) {
  int known = 0;
  for (const ReportedFinding& entry : reported) known += entry.known ? 1 : 0;
  facts.push_back({"baseline", baseline.path()});
  facts.push_back({"known", absl::StrCat(known)});
}

std::string KindTitle(results::FindingKind kind) {
  std::string title(results::KindName(kind));
  std::replace(title.begin(), title.end(), '_', ' ');
  return title;
}

void WriteFindingHtml(const model::Model& model, const ReportedFinding& entry,
                      const std::string& id, std::ostream& out, std::string_view listing) {
  const results::Finding& finding = *entry.finding;
  const std::string severity(results::SeverityName(finding.severity));
  out << "<article class=\"finding tone-" << severity << (entry.known ? " known" : "") << "\" id=\""
      << id << "\" data-kind=\"" << results::KindName(finding.kind) << "\" data-severity=\""
      << severity << "\"";
  if (!entry.id.empty()) out << " data-finding-id=\"" << EscapeHtml(entry.id) << "\"";
  out << ">\n<header><h4 class=\"message\">" << EscapeHtml(finding.message) << "</h4>"
      << "<p class=\"meta\"><span class=\"badge\">" << severity << "</span>";
  if (entry.known) out << kKnownBadge;
  out << "<span class=\"name\">" << EscapeHtml(finding.name) << "</span>";
  WriteLocationLink(model, finding.file, finding.location, out, listing);
  out << "</p></header>\n";
  if (!finding.chain.empty() || !finding.triggers.empty()) {
    out << "<dl class=\"extra\">";
    if (!finding.chain.empty()) {
      out << "<div><dt>chain</dt><dd>" << EscapeHtml(finding.chain) << "</dd></div>";
    }
    if (!finding.triggers.empty()) {
      out << "<div><dt>triggers</dt><dd>" << EscapeHtml(absl::StrJoin(finding.triggers, ", "))
          << "</dd></div>";
    }
    out << "</dl>\n";
  }
  WriteFindingTraceHtml(model, finding, id, out, listing);
  out << "</article>\n";
}

}  // namespace rulecheck::reports
