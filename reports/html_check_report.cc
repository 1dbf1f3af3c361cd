// The HTML report of a check (see report.h and docs/report-format.md): the summary, the
// findings grouped by severity (errors, warnings, information) and within each by kind, the
// properties a stopped search could not decide, the rules switched off by constants, and the
// rules file with the transitions of each line. Findings and lines link to each other: a
// finding to the line it is located on, a line to every finding, undecided property and
// switched-off rule located on it. The frame is html_page.h, traces html_trace.h, the listing
// html_source.h.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "properties/stop_description.h"
#include "reports/format_util.h"
#include "reports/html_escape.h"
#include "reports/html_finding.h"
#include "reports/html_page.h"
#include "reports/html_source.h"
#include "reports/report.h"
#include "reports/reported_finding.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

// The severities in the order the page shows them, with their section ids and titles.
struct SeverityGroup {
  results::Severity severity;
  const char* id;
  const char* title;
};
constexpr SeverityGroup kGroups[] = {
    {results::Severity::kError, "errors", "Errors"},
    {results::Severity::kWarning, "warnings", "Warnings"},
    {results::Severity::kInfo, "information", "Information"},
};

std::string FindingId(size_t index) { return absl::StrCat("finding-", index + 1); }

// The figures of the summary; with a baseline, also how many findings it holds and how many
// errors it does not.
std::vector<SummaryFact> Facts(const properties::CheckResult& result,
                               const std::vector<ReportedFinding>& reported,
                               const Baseline* baseline) {
  const explorer::ExplorationStats& stats = result.stats;
  const int warnings = result.warning_count();
  int infos = 0;
  for (const results::Finding& finding : result.findings) {
    infos += finding.severity == results::Severity::kInfo;
  }
  std::vector<SummaryFact> facts = {
      {"states", base::GroupThousands(stats.states)},
      {"transitions", base::GroupThousands(stats.transitions)},
      {"terminal states", base::GroupThousands(stats.terminal_states)},
      {"depth", base::GroupThousands(static_cast<uint64_t>(stats.levels))},
      {"time", Seconds(stats.seconds)},
      {"engine", result.engine.compiled ? "compiled" : "interpreted"},
      {"search", stats.complete ? "complete" : "incomplete: " + properties::StopDescription(stats)},
      {"errors", base::GroupThousands(static_cast<uint64_t>(result.error_count()))},
      {"warnings", base::GroupThousands(static_cast<uint64_t>(warnings))},
      {"info", base::GroupThousands(static_cast<uint64_t>(infos))},
  };
  // Generating, compiling (or finding in the cache) and loading the compiled engine.
  if (result.engine.compiled) {
    facts.insert(facts.begin() + 6, {"compile time", Seconds(result.engine.compile_seconds)});
  }
  if (baseline != nullptr) {
    AddBaselineFacts(*baseline, reported, facts);
    facts.push_back(
        {"new errors", base::GroupThousands(static_cast<uint64_t>(NewErrorCount(reported)))});
  }
  return facts;
}

// The verdict and exit code, as `rulecheck check` decides them (cli/check_command.cc): only
// error findings the baseline does not hold fail.
PageVerdict Verdict(const properties::CheckResult& result,
                    const std::vector<ReportedFinding>& reported) {
  const int errors = result.error_count();
  const int new_errors = NewErrorCount(reported);
  if (new_errors > 0) {
    return new_errors == errors
               ? PageVerdict{PageVerdict::Tone::kFail,
                             base::CountOf(errors, "error finding", "error findings"), 1,
                             "at least one error finding"}
               : PageVerdict{PageVerdict::Tone::kFail,
                             base::CountOf(new_errors, "new error finding", "new error findings"),
                             1, "at least one error finding that the baseline does not hold"};
  }
  // Errors here are all known: they leave the exit code as if they were not there.
  const std::string known =
      errors > 0 ? base::CountOf(errors, "known error finding", "known error findings") : "";
  if (!result.stats.complete) {
    return {
        PageVerdict::Tone::kOpen,
        (errors > 0 ? known + ", no new ones" : "no errors") + " so far; the search is incomplete",
        3, "a limit stopped the search, so the report is incomplete"};
  }
  if (!result.undetermined.empty()) {
    return {PageVerdict::Tone::kOpen,
            absl::StrCat(errors > 0 ? known + ", no new ones" : "no errors", "; ",
                         base::CountOf(result.undetermined.size(), "property", "properties"),
                         " not determined"),
            3, "some properties could not be decided"};
  }
  if (errors > 0) {
    return {PageVerdict::Tone::kPass, known + ", no new ones", 0,
            "the search finished, and the baseline holds every error finding"};
  }
  return {PageVerdict::Tone::kPass, "all properties hold", 0,
          "the search finished and every property holds"};
}

void WriteFindings(const model::Model& model, const properties::CheckResult& result,
                   const std::vector<ReportedFinding>& reported, std::ostream& out) {
  for (const SeverityGroup& group : kGroups) {
    // By kind, in the kinds' declaration order; each kind's findings in the report's order.
    std::map<int, std::vector<size_t>> by_kind;
    size_t count = 0;
    for (size_t i = 0; i < result.findings.size(); ++i) {
      if (result.findings[i].severity != group.severity) continue;
      by_kind[static_cast<int>(result.findings[i].kind)].push_back(i);
      ++count;
    }
    if (count == 0) continue;
    const std::string severity(results::SeverityName(group.severity));
    out << "<section class=\"group tone-" << severity << "\" id=\"" << group.id << "\">\n"
        << "<h2>" << group.title << " <span class=\"tally\">" << count << "</span></h2>\n";
    for (const auto& [kind, indices] : by_kind) {
      const auto finding_kind = static_cast<results::FindingKind>(kind);
      // Open, and folded with a click: thirty unreachable cards need not hide the errors.
      out << "<details class=\"kind\" id=\"" << group.id << "-" << results::KindName(finding_kind)
          << "\" open><summary><h3>" << KindTitle(finding_kind) << " <span class=\"tally\">"
          << indices.size() << "</span></h3></summary>\n";
      for (size_t index : indices) {
        WriteFindingHtml(model, reported[index], FindingId(index), out);
      }
      out << "</details>\n";
    }
    out << "</section>\n";
  }
  if (result.findings.empty()) {
    out << "<section class=\"group tone-pass\" id=\"no-findings\"><h2>Findings</h2>"
        << "<p class=\"empty\">No findings.</p></section>\n";
  }
}

void WriteUndetermined(const model::Model& model, const properties::CheckResult& result,
                       std::ostream& out) {
  if (result.undetermined.empty()) return;
  out << "<section class=\"group tone-open\" id=\"undetermined\">\n<h2>Not determined "
      << "<span class=\"tally\">" << result.undetermined.size()
      << "</span></h2>\n<ul class=\"notes\">\n";
  for (size_t i = 0; i < result.undetermined.size(); ++i) {
    const properties::Undetermined& property = result.undetermined[i];
    out << "<li id=\"undetermined-" << i + 1 << "\"><strong>" << EscapeHtml(property.kind) << " "
        << EscapeHtml(property.name) << "</strong>: "
        << EscapeHtml(property.reason.empty() ? "the search stopped before it could be decided"
                                              : property.reason)
        << " ";
    const auto [source, local] = model.Resolve(property.location);
    WriteLocationLink(model, source->path(), local, out);
    out << "</li>\n";
  }
  out << "</ul>\n</section>\n";
}

void WriteSwitchedOff(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out) {
  if (result.switched_off.empty()) return;
  out << "<section class=\"group tone-off\" id=\"switched-off\">\n<h2>Switched off by constants "
      << "<span class=\"tally\">" << result.switched_off.size() << "</span></h2>\n"
      << "<p class=\"empty\">Not findings: another setting of these constants may run them "
         "(try <code>--const</code>).</p>\n<ul class=\"notes\">\n";
  for (size_t i = 0; i < result.switched_off.size(); ++i) {
    const properties::SwitchedOffBranch& branch = result.switched_off[i];
    out << "<li id=\"off-" << i + 1 << "\">" << EscapeHtml(branch.message) << " ";
    const auto [source, local] = model.Resolve(branch.location);
    WriteLocationLink(model, source->path(), local, out);
    for (const std::string& constant : branch.constants) {
      out << " <code class=\"constant\">" << EscapeHtml(constant) << "</code>";
    }
    out << "</li>\n";
  }
  out << "</ul>\n</section>\n";
}

// The links from each line of the rules file to what is located there.
ListingMarks Marks(const model::Model& model, const properties::CheckResult& result) {
  ListingMarks marks;
  if (result.has_coverage) marks.coverage = &result.coverage;
  marks.complete = result.stats.complete;
  const std::string& path = model.source->path();
  for (size_t i = 0; i < result.findings.size(); ++i) {
    const results::Finding& finding = result.findings[i];
    if (finding.file != path || !finding.location.valid()) continue;
    marks.refs[finding.location.line].push_back(
        {FindingId(i), KindTitle(finding.kind) + ": " + finding.name,
         std::string(results::SeverityName(finding.severity))});
  }
  for (size_t i = 0; i < result.undetermined.size(); ++i) {
    const auto [source, local] = model.Resolve(result.undetermined[i].location);
    if (source != model.source.get() || !local.valid()) continue;
    marks.refs[local.line].push_back({absl::StrCat("undetermined-", i + 1),
                                      "not determined: " + result.undetermined[i].name, "open"});
  }
  for (size_t i = 0; i < result.switched_off.size(); ++i) {
    const auto [source, local] = model.Resolve(result.switched_off[i].location);
    if (source != model.source.get() || !local.valid()) continue;
    marks.refs[local.line].push_back(
        {absl::StrCat("off-", i + 1), "off: " + result.switched_off[i].rule, "off"});
  }
  return marks;
}

std::vector<Jump> Jumps(const properties::CheckResult& result) {
  std::vector<Jump> jumps;
  for (const SeverityGroup& group : kGroups) {
    int count = 0;
    for (const results::Finding& finding : result.findings) {
      count += finding.severity == group.severity;
    }
    if (count > 0) jumps.push_back({absl::StrCat(group.title, " (", count, ")"), group.id});
  }
  if (!result.undetermined.empty()) {
    jumps.push_back(
        {absl::StrCat("Not determined (", result.undetermined.size(), ")"), "undetermined"});
  }
  if (!result.switched_off.empty()) {
    jumps.push_back(
        {absl::StrCat("Switched off (", result.switched_off.size(), ")"), "switched-off"});
  }
  jumps.push_back({"Rules file", "source"});
  return jumps;
}

}  // namespace

void WriteHtmlReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = CheckFindings(model, result, context.baseline);
  const PageVerdict verdict = Verdict(result, reported);
  WritePageStart(model, "check", verdict.headline, out);
  WriteSummary(model, "check", Facts(result, reported, context.baseline), verdict, Jumps(result),
               out);
  out << "<main class=\"layout\">\n<div class=\"results\" id=\"findings\">\n";
  WriteFindings(model, result, reported, out);
  WriteUndetermined(model, result, out);
  WriteSwitchedOff(model, result, out);
  out << "</div>\n";
  WriteSourceListing(*model.source, Marks(model, result), out);
  out << "</main>\n";
  WritePageEnd(out);
}

}  // namespace rulecheck::reports
