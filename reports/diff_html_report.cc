// The HTML form of the diff report (see diff_report.h and docs/report-format.md): one
// self-contained page (the frame of html_page.h) with the verdict and both versions'
// figures, the findings new, changed and fixed (each as the check page shows a finding,
// html_finding.h), the declarations and query answers that differ, and the behaviour
// differences with their traces, steppable like the check page's (html_trace.h). The new
// version's rules file stands beside the results as on the check page; the old version's
// follows the results, its element ids prefixed `old-` (html_page.h's LineId), so that what
// is in the old version (a fixed finding, a move only the old version allows) links to its
// own lines.
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "properties/stop_description.h"
#include "reports/diff_report.h"
#include "reports/html_escape.h"
#include "reports/html_finding.h"
#include "reports/html_page.h"
#include "reports/html_source.h"
#include "reports/html_trace.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {
namespace {

// The prefix of the old version's listing.
constexpr char kOldListing[] = "old-";

int CountStatus(const std::vector<FindingChange>& changes, FindingChange::Status status) {
  int count = 0;
  for (const FindingChange& change : changes) count += change.status == status ? 1 : 0;
  return count;
}

const char* BehaviourWord(const properties::BehaviourDiff& behaviour) {
  if (!behaviour.compared) return "not compared";
  return behaviour.differs() ? "differs" : "same";
}

std::vector<SummaryFact> Facts(const VersionDiff& diff, const std::vector<FindingChange>& changes) {
  std::vector<SummaryFact> facts = {
      {"old file", diff.old_model->source->path()},
      {"new file", diff.new_model->source->path()},
      {"new findings", absl::StrCat(CountStatus(changes, FindingChange::Status::kNew))},
      {"new errors", absl::StrCat(NewErrorCount(changes))},
      {"changed", absl::StrCat(CountStatus(changes, FindingChange::Status::kChanged))},
      {"lost", absl::StrCat(CountStatus(changes, FindingChange::Status::kLost))},
      {"fixed", absl::StrCat(CountStatus(changes, FindingChange::Status::kFixed))},
      {"declarations", absl::StrCat(diff.declarations.size())},
      {"query answers", absl::StrCat(diff.answers.size())},
      {"behaviour", BehaviourWord(diff.behaviour)},
  };
  if (diff.baseline != nullptr) {
    facts.push_back({"known to the baseline", absl::StrCat(KnownCount(changes))});
  }
  return facts;
}

// The banner, as cli/diff_command.h decides the exit code (VersionDiff::exit_code).
PageVerdict Verdict(const VersionDiff& diff, const std::vector<FindingChange>& changes) {
  const int new_errors = NewErrorCount(changes);
  const std::string headline =
      new_errors > 0 ? base::CountOf(new_errors, "new error finding", "new error findings")
      : !diff.behaviour.compared ? "no new errors; the behaviour was not compared"
      : diff.behaviour.differs() ? "the behaviour differs; no new errors"
                                 : "no new errors; the same behaviour";
  switch (diff.exit_code) {
    case 1:
      return {PageVerdict::Tone::kFail, headline, 1, "new error findings"};
    case 4:
      return {PageVerdict::Tone::kFail, headline, 4,
              "the behaviour differs, without new error findings"};
    case 3:
      return {PageVerdict::Tone::kOpen, headline, 3,
              "a limit stopped a search, so the comparison is partial"};
    default:
      return {new_errors > 0 || diff.behaviour.differs() ? PageVerdict::Tone::kOpen
                                                         : PageVerdict::Tone::kPass,
              headline, diff.exit_code, "no difference that --fail-on fails on"};
  }
}

// The two versions' figures side by side.
void WriteVersions(const VersionDiff& diff, std::ostream& out) {
  const explorer::ExplorationStats& before = diff.old_run->check.stats;
  const explorer::ExplorationStats& after = diff.new_run->check.stats;
  auto search = [](const explorer::ExplorationStats& stats) {
    return stats.complete ? std::string("complete")
                          : "incomplete: " + properties::StopDescription(stats);
  };
  auto row = [&out](const std::string& label, const std::string& old_value,
                    const std::string& new_value) {
    out << "<tr" << (old_value != new_value ? " class=\"differs\"" : "") << "><th scope=\"row\">"
        << EscapeHtml(label) << "</th><td>" << EscapeHtml(old_value) << "</td><td>"
        << EscapeHtml(new_value) << "</td></tr>\n";
  };
  out << "<section class=\"group\" id=\"versions\">\n<h2>Versions</h2>\n"
      << "<table class=\"compare versions\"><thead><tr><th scope=\"col\"></th>"
      << "<th scope=\"col\">old</th><th scope=\"col\">new</th></tr></thead>\n<tbody>\n";
  row("file", diff.old_model->source->path(), diff.new_model->source->path());
  row("states", base::GroupThousands(before.states), base::GroupThousands(after.states));
  row("transitions", base::GroupThousands(before.transitions),
      base::GroupThousands(after.transitions));
  row("terminal states", base::GroupThousands(before.terminal_states),
      base::GroupThousands(after.terminal_states));
  row("search", search(before), search(after));
  row("findings", absl::StrCat(diff.old_run->check.findings.size()),
      absl::StrCat(diff.new_run->check.findings.size()));
  row("error findings", absl::StrCat(diff.old_run->check.error_count()),
      absl::StrCat(diff.new_run->check.error_count()));
  out << "</tbody></table>\n</section>\n";
}

// One section of the finding changes of `status`, with a note when there are none.
void WriteFindingSection(const VersionDiff& diff, const std::vector<FindingChange>& changes,
                         FindingChange::Status status, std::ostream& out) {
  const char* name = FindingChangeName(status);
  const int count = CountStatus(changes, status);
  const char* tone = status == FindingChange::Status::kFixed ? "pass"
                     : status == FindingChange::Status::kNew ? "error"
                                                             : "warning";
  const char* title = status == FindingChange::Status::kNew       ? "New findings"
                      : status == FindingChange::Status::kChanged ? "Changed findings"
                      : status == FindingChange::Status::kLost    ? "Lost findings"
                                                                  : "Fixed findings";
  out << "<section class=\"group tone-" << (count > 0 ? tone : "pass") << "\" id=\"" << name
      << "-findings\">\n<h2>" << title << " <span class=\"tally\">" << count << "</span></h2>\n";
  if (count == 0) out << "<p class=\"empty\">None.</p>\n";
  int number = 0;
  for (const FindingChange& change : changes) {
    if (change.status != status) continue;
    const std::string id = absl::StrCat(name, "-", ++number);
    if (status == FindingChange::Status::kFixed || status == FindingChange::Status::kLost) {
      out << "<p class=\"trace-title\">in the old version only"
          << (status == FindingChange::Status::kLost ? ": the new version no longer reaches it"
                                                     : "")
          << ":</p>\n";
      WriteFindingHtml(*diff.old_model, {change.old_finding, change.id}, id, out, kOldListing);
      continue;
    }
    if (status == FindingChange::Status::kChanged) {
      out << "<p class=\"trace-title\">was: &ldquo;" << EscapeHtml(change.old_finding->message)
          << "&rdquo; (" << base::CountOf(change.old_finding->trace.size(), "step", "steps")
          << "); now:</p>\n";
    }
    WriteFindingHtml(*diff.new_model, {change.new_finding, change.id, change.known}, id, out);
  }
  out << "</section>\n";
}

void WriteDeclarations(const VersionDiff& diff, std::ostream& out) {
  out << "<section class=\"group\" id=\"declarations\">\n<h2>Declarations <span "
         "class=\"tally\">"
      << diff.declarations.size() << "</span></h2>\n";
  if (diff.declarations.empty()) {
    out << "<p class=\"empty\">No declaration was added, removed or changed.</p>\n</section>\n";
    return;
  }
  out << "<table class=\"compare declarations\"><thead><tr><th scope=\"col\">kind</th>"
         "<th scope=\"col\">name</th><th scope=\"col\">change</th><th scope=\"col\">detail</th>"
         "</tr></thead>\n<tbody>\n";
  for (const properties::DeclarationChange& change : diff.declarations) {
    out << "<tr class=\"" << EscapeHtml(change.change) << "\"><td>" << EscapeHtml(change.kind)
        << "</td><th scope=\"row\">" << EscapeHtml(change.name) << "</th><td>"
        << EscapeHtml(change.change) << "</td><td>" << EscapeHtml(change.detail) << "</td></tr>\n";
  }
  out << "</tbody></table>\n</section>\n";
}

void WriteAnswers(const VersionDiff& diff, std::ostream& out) {
  out << "<section class=\"group\" id=\"queries\">\n<h2>Query answers that moved <span "
         "class=\"tally\">"
      << diff.answers.size() << "</span></h2>\n";
  if (diff.answers.empty()) {
    out << "<p class=\"empty\">No query answer moved.</p>\n</section>\n";
    return;
  }
  out << "<table class=\"compare queries\"><thead><tr><th scope=\"col\">query</th>"
         "<th scope=\"col\">old</th><th scope=\"col\">new</th></tr></thead>\n<tbody>\n";
  for (const properties::AnswerChange& change : diff.answers) {
    out << "<tr><th scope=\"row\">" << EscapeHtml(change.kind) << " " << EscapeHtml(change.name)
        << "</th><td>"
        << EscapeHtml(change.old_outcome.empty() ? "(not in the old version)" : change.old_outcome)
        << "</td><td>"
        << EscapeHtml(change.new_outcome.empty() ? "(not in the new version)" : change.new_outcome)
        << "</td></tr>\n";
  }
  out << "</tbody></table>\n</section>\n";
}

// The differences one version allows, each an article with its trace in that version.
void WriteBehaviourSide(const model::Model& model, const properties::BehaviourSide& side,
                        const std::string& which, std::string_view listing, std::ostream& out) {
  for (size_t i = 0; i < side.shown.size(); ++i) {
    const properties::BehaviourDifference& difference = side.shown[i];
    const bool state = difference.kind == properties::BehaviourDifference::Kind::kState;
    const std::string id = absl::StrCat("behaviour-", which, "-", i + 1);
    out << "<article class=\"finding difference tone-warning\" id=\"" << id << "\" data-kind=\""
        << (state ? "state" : "move") << "\" data-version=\"" << which << "\">\n<header><h4 "
        << "class=\"message\">only the " << which << " version "
        << (state ? "reaches " : "moves from ") << EscapeHtml(difference.from);
    if (!state) out << " to " << EscapeHtml(difference.to);
    out << "</h4><p class=\"meta\"><span class=\"badge\">" << (state ? "state" : "move")
        << "</span><span class=\"name\">in the " << which << " version</span></p></header>\n";
    WriteTraceHtml(model, difference.trace, {}, id + "-trace", "", out, listing);
    out << "</article>\n";
  }
}

void WriteBehaviour(const VersionDiff& diff, std::ostream& out) {
  const properties::BehaviourDiff& behaviour = diff.behaviour;
  out << "<section class=\"group tone-"
      << (!behaviour.compared   ? "open"
          : behaviour.differs() ? "warning"
                                : "pass")
      << "\" id=\"behaviour\">\n<h2>Behaviour</h2>\n";
  if (!behaviour.compared) {
    out << "<p class=\"empty\">Not compared: " << EscapeHtml(behaviour.reason) << "</p>\n"
        << "</section>\n";
    return;
  }
  out << "<p class=\"empty\">Over the shared variables <code>";
  for (size_t i = 0; i < behaviour.shared.size(); ++i) {
    out << (i == 0 ? "" : ", ") << EscapeHtml(behaviour.shared[i]);
  }
  if (!behaviour.differs()) {
    out << "</code>: the same states and moves in both versions.</p>\n</section>\n";
    return;
  }
  out << "</code>: only the old version allows <span class=\"count-old\">"
      << base::CountOf(behaviour.only_old.states, "state", "states") << " and "
      << base::CountOf(behaviour.only_old.moves, "move", "moves")
      << "</span>, only the new version <span class=\"count-new\">"
      << base::CountOf(behaviour.only_new.states, "state", "states") << " and "
      << base::CountOf(behaviour.only_new.moves, "move", "moves") << "</span>.</p>\n";
  WriteBehaviourSide(*diff.new_model, behaviour.only_new, "new", "", out);
  WriteBehaviourSide(*diff.old_model, behaviour.only_old, "old", kOldListing, out);
  out << "</section>\n";
}

// Links from the new version's lines to its new and changed findings and to the moves only
// it allows (at the rule of the trace's last move).
ListingMarks NewMarks(const VersionDiff& diff, const std::vector<FindingChange>& changes) {
  ListingMarks marks;
  const properties::CheckResult& result = diff.new_run->check;
  if (result.has_coverage) marks.coverage = &result.coverage;
  marks.complete = result.stats.complete;
  const model::Model& model = *diff.new_model;
  int numbers[2] = {0, 0};
  for (const FindingChange& change : changes) {
    if (change.new_finding == nullptr) continue;  // fixed or lost: only in the old version
    const bool added = change.status == FindingChange::Status::kNew;
    const std::string id =
        absl::StrCat(FindingChangeName(change.status), "-", ++numbers[added ? 0 : 1]);
    const results::Finding& finding = *change.new_finding;
    if (finding.file != model.source->path() || !finding.location.valid()) continue;
    marks.refs[finding.location.line].push_back(
        {id,
         absl::StrCat(FindingChangeName(change.status), " ", KindTitle(finding.kind), ": ",
                      finding.name),
         std::string(results::SeverityName(finding.severity))});
  }
  return marks;
}

ListingMarks OldMarks(const VersionDiff& diff, const std::vector<FindingChange>& changes) {
  ListingMarks marks;
  const properties::CheckResult& result = diff.old_run->check;
  if (result.has_coverage) marks.coverage = &result.coverage;
  marks.complete = result.stats.complete;
  marks.listing = kOldListing;
  marks.title = "Old rules file";
  const model::Model& model = *diff.old_model;
  int numbers[2] = {0, 0};  // fixed, lost
  for (const FindingChange& change : changes) {
    if (change.new_finding != nullptr) continue;
    const bool lost = change.status == FindingChange::Status::kLost;
    const char* name = FindingChangeName(change.status);
    const std::string id = absl::StrCat(name, "-", ++numbers[lost ? 1 : 0]);
    const results::Finding& finding = *change.old_finding;
    if (finding.file != model.source->path() || !finding.location.valid()) continue;
    marks.refs[finding.location.line].push_back(
        {id, absl::StrCat(name, " ", KindTitle(finding.kind), ": ", finding.name),
         lost ? "warning" : "pass"});
  }
  return marks;
}

}  // namespace

void WriteDiffHtmlReport(const VersionDiff& diff, std::ostream& out) {
  const std::vector<FindingChange> changes = CompareFindings(diff);
  const PageVerdict verdict = Verdict(diff, changes);
  WritePageStart(*diff.new_model, "diff", verdict.headline, out);
  WriteSummary(
      *diff.new_model, "diff", Facts(diff, changes), verdict,
      {{"Versions", "versions"},
       {absl::StrCat("New (", CountStatus(changes, FindingChange::Status::kNew), ")"),
        "new-findings"},
       {absl::StrCat("Changed (", CountStatus(changes, FindingChange::Status::kChanged), ")"),
        "changed-findings"},
       {absl::StrCat("Lost (", CountStatus(changes, FindingChange::Status::kLost), ")"),
        "lost-findings"},
       {absl::StrCat("Fixed (", CountStatus(changes, FindingChange::Status::kFixed), ")"),
        "fixed-findings"},
       {absl::StrCat("Declarations (", diff.declarations.size(), ")"), "declarations"},
       {absl::StrCat("Queries (", diff.answers.size(), ")"), "queries"},
       {"Behaviour", "behaviour"},
       {"Rules file", "source"},
       {"Old rules file", "old-source"}},
      out);
  out << "<main class=\"layout\">\n<div class=\"results\" id=\"findings\">\n";
  WriteVersions(diff, out);
  WriteFindingSection(diff, changes, FindingChange::Status::kNew, out);
  WriteFindingSection(diff, changes, FindingChange::Status::kChanged, out);
  WriteFindingSection(diff, changes, FindingChange::Status::kLost, out);
  WriteFindingSection(diff, changes, FindingChange::Status::kFixed, out);
  WriteDeclarations(diff, out);
  WriteAnswers(diff, out);
  WriteBehaviour(diff, out);
  WriteSourceListing(*diff.old_model->source, OldMarks(diff, changes), out);
  out << "</div>\n";
  WriteSourceListing(*diff.new_model->source, NewMarks(diff, changes), out);
  out << "</main>\n";
  WritePageEnd(out);
}

}  // namespace rulecheck::reports
