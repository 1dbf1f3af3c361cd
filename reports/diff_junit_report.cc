// The JUnit XML form of the diff report (see diff_report.h and docs/report-format.md): a test
// suite named `OLD -> NEW` with a case for new error findings and one for the behaviour, so
// that a CI's test tab shows what a rule change broke.
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "reports/diff_report.h"
#include "reports/format_util.h"
#include "reports/markup_text.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {

void WriteDiffJunitReport(const VersionDiff& diff, std::ostream& out) {
  const std::vector<FindingChange> changes = CompareFindings(diff);
  const int new_errors = NewErrorCount(changes);
  std::ostringstream findings_text;
  for (const FindingChange& change : changes) {
    // The new error findings that fail (NewErrorCount): not those a baseline holds.
    if (change.status != FindingChange::Status::kNew || !results::IsError(*change.new_finding) ||
        change.known) {
      continue;
    }
    WriteFindingText(*diff.new_model, *change.new_finding, false, findings_text);
    findings_text << "id: " << change.id << "\n\n";
  }
  const bool behaviour_fails = diff.behaviour.compared && diff.behaviour.differs();
  const int failures = (new_errors > 0 ? 1 : 0) + (behaviour_fails ? 1 : 0);
  // With a search stopped, no new error found is no pass: it is said, as a skip.
  const bool complete = diff.old_run->check.stats.complete && diff.new_run->check.stats.complete;
  const bool findings_skipped = new_errors == 0 && !complete;
  const int skipped = (diff.behaviour.compared ? 0 : 1) + (findings_skipped ? 1 : 0);
  const std::string suite =
      absl::StrCat(diff.old_model->source->path(), " -> ", diff.new_model->source->path());
  // The two searches' time: the findings case's, and the suite's (the behaviour is compared
  // over the states they found).
  const std::string seconds =
      JunitTime(diff.old_run->check.stats.seconds + diff.new_run->check.stats.seconds);
  const std::string counts =
      absl::StrCat("tests=\"2\" failures=\"", failures, "\" errors=\"0\" skipped=\"", skipped,
                   "\" time=\"", seconds, "\"");
  const std::string classname = EscapeMarkup(diff.new_model->source->path() + ".diff");
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"rulecheck diff\" " << counts << ">\n";
  out << "  <testsuite name=\"" << EscapeMarkup(suite) << "\" " << counts << ">\n";
  out << "    <testcase classname=\"" << classname << "\" name=\"new error findings\" time=\""
      << seconds << "\"";
  if (findings_skipped) {
    out << ">\n      <skipped message=\"a search stopped: no new error finding in the states "
           "it visited\"/>\n    </testcase>\n";
  } else if (new_errors == 0) {
    out << "/>\n";
  } else {
    out << ">\n      <failure message=\""
        << EscapeMarkup(absl::StrCat(
               new_errors, new_errors == 1 ? " new error finding" : " new error findings"))
        << "\" type=\"error\">" << EscapeMarkup(findings_text.str()) << "</failure>\n"
        << "    </testcase>\n";
  }
  out << "    <testcase classname=\"" << classname << "\" name=\"behaviour\" time=\"0.000\">\n";
  if (!diff.behaviour.compared) {
    out << "      <skipped message=\"" << EscapeMarkup(diff.behaviour.reason) << "\"/>\n";
  } else {
    std::ostringstream behaviour_text;
    WriteDiffBehaviourText(diff, behaviour_text);
    if (behaviour_fails) {
      out << "      <failure message=\"the behaviour over the shared variables differs\" "
             "type=\"behaviour\">"
          << EscapeMarkup(behaviour_text.str()) << "</failure>\n";
    } else {
      out << "      <system-out>" << EscapeMarkup(behaviour_text.str()) << "</system-out>\n";
    }
  }
  out << "    </testcase>\n";
  out << "  </testsuite>\n</testsuites>\n";
}

}  // namespace rulecheck::reports
