// The JUnit XML reports of `check`, `solve` and `prove` (see report.h, query_report.h and
// docs/report-format.md), for the test tab of a CI system: one test suite for the rules
// file, one test case per property and per built-in check (for `solve` and `prove`, per
// answer). A check with findings fails, each finding told in the failure's text as the text
// report tells it; a check that a stopped search could not decide, or that `--skip` switched
// off, is skipped with the reason.
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "properties/stop_description.h"
#include "reports/format_util.h"
#include "reports/markup_text.h"
#include "reports/query_report.h"
#include "reports/report.h"
#include "reports/reported_finding.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {
namespace {

using results::FindingKind;

struct TestCase {
  std::string classname;  // the rules file and the check: "games/x.rules.invariant"
  std::string name;       // "invariant one_winner", "deadlock"
  double seconds = 0;
  std::vector<const ReportedFinding*> failures;  // empty: passed (or skipped)
  std::string violation;  // a violation that came without a finding: its sentence
  std::string skipped;    // non-empty: skipped, with this reason
  std::string output;     // system-out: what a passing case found
};

// The failure element of a case: its findings' messages as the message, and each finding
// with its trace as the text.
void WriteFailure(const model::Model& model, const TestCase& test, std::ostream& out) {
  const results::Finding& first = *test.failures.front()->finding;
  std::string message = first.message;
  if (test.failures.size() > 1) {
    absl::StrAppend(&message, " (and ", test.failures.size() - 1, " more)");
  }
  std::ostringstream text;
  bool error = false;  // the case fails as an error when any of its findings is one
  for (const ReportedFinding* entry : test.failures) {
    WriteFindingText(model, *entry->finding, entry->known, text);
    text << "id: " << entry->id << "\n\n";
    error = error || results::IsError(*entry->finding);
  }
  out << "      <failure message=\"" << EscapeMarkup(message) << "\" type=\""
      << (error ? "error" : "warning") << "\">" << EscapeMarkup(text.str()) << "</failure>\n";
}

void WriteSuites(const model::Model& model, const std::string& command,
                 const std::vector<TestCase>& cases, double seconds, std::ostream& out) {
  int failures = 0;
  int skipped = 0;
  for (const TestCase& test : cases) {
    const bool failed = !test.failures.empty() || !test.violation.empty();
    failures += failed;
    skipped += !failed && !test.skipped.empty();
  }
  const std::string counts =
      absl::StrCat("tests=\"", cases.size(), "\" failures=\"", failures,
                   "\" errors=\"0\" skipped=\"", skipped, "\" time=\"", JunitTime(seconds), "\"");
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"rulecheck " << command << "\" " << counts << ">\n";
  out << "  <testsuite name=\"" << EscapeMarkup(model.source->path()) << "\" " << counts << ">\n";
  for (const TestCase& test : cases) {
    out << "    <testcase classname=\"" << EscapeMarkup(test.classname) << "\" name=\""
        << EscapeMarkup(test.name) << "\" time=\"" << JunitTime(test.seconds) << "\"";
    if (test.failures.empty() && test.violation.empty() && test.skipped.empty() &&
        test.output.empty()) {
      out << "/>\n";
      continue;
    }
    out << ">\n";
    if (!test.failures.empty()) {
      WriteFailure(model, test, out);
    } else if (!test.violation.empty()) {
      out << "      <failure message=\"" << EscapeMarkup(test.violation) << "\" type=\"error\"/>\n";
    } else if (!test.skipped.empty()) {
      out << "      <skipped message=\"" << EscapeMarkup(test.skipped) << "\"/>\n";
    }
    if (!test.output.empty()) {
      out << "      <system-out>" << EscapeMarkup(test.output) << "</system-out>\n";
    }
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
}

// Builds the cases of a check: which findings fail which case, and which cases a stopped
// search or --skip leaves undecided.
class CheckCases {
 public:
  CheckCases(const model::Model& model, const properties::CheckResult& result,
             const std::vector<ReportedFinding>& findings, const ReportContext& context)
      : model_(model), result_(result), findings_(findings), context_(context) {}

  std::vector<TestCase> Build() {
    const ir::Program& program = model_.program;
    // Decided before the search: an initial state exists once one was visited.
    Add("init", "initial state", {FindingKind::kNoInitialState}, "", "", false);
    if (result_.stats.states > 0) cases_.back().skipped.clear();
    for (const ir::Property& invariant : program.invariants) {
      Add("invariant", "invariant " + invariant.name, {FindingKind::kInvariant}, invariant.name,
          "invariant", false);
    }
    for (const ir::Property& reachable : program.reachables) {
      AddReachable(reachable.name);
    }
    Add("assert", "assert", {FindingKind::kAssert}, "", "", false);
    Add("model_error", "model errors", {FindingKind::kModelError}, "", "", false);
    Add("deadlock", "deadlock", {FindingKind::kDeadlock}, "", "deadlock", false);
    Add("dead", "dead rules",
        {FindingKind::kDeadAction, FindingKind::kDeadTrigger, FindingKind::kDeadBranch,
         FindingKind::kUnreachableCard},
        "", "dead", true);
    if (!program.triggers.empty()) {
      Add("chain", "reaction chains", {FindingKind::kReactionChain}, "", "chain", true,
          "reaction_chain");
      Add("order", "trigger order", {FindingKind::kOrderDependence}, "", "order", true);
      Add("pending", "triggers pending at the end", {FindingKind::kPendingAtEnd}, "", "pending",
          false);
    }
    if (program.terminates.has_value()) {
      Add("termination", "termination", {FindingKind::kNonTermination}, "", "termination", true,
          "terminates");
    }
    return std::move(cases_);
  }

 private:
  bool Skipped(const std::string& check) const {
    for (const std::string& skip : context_.skipped_checks) {
      if (skip == check) return true;
    }
    return false;
  }

  const properties::Undetermined* Undetermined(const std::string& kind,
                                               const std::string& name) const {
    for (const properties::Undetermined& property : result_.undetermined) {
      if (property.kind == kind && (name.empty() || property.name == name)) return &property;
    }
    return nullptr;
  }

  std::string Stopped() const {
    return "not determined: the search stopped (" + properties::StopDescription(result_.stats) +
           ")";
  }

  // A case for the findings of `kinds` (with `name`, when not empty). `skip`: the --skip name
  // that switches it off; `after_search`: the check runs only after a complete search;
  // `undetermined_kind`: the kind under which CheckResult::undetermined lists it.
  void Add(const std::string& check, const std::string& name, std::vector<FindingKind> kinds,
           const std::string& finding_name, const std::string& skip, bool after_search,
           const std::string& undetermined_kind = "") {
    TestCase test;
    test.classname = absl::StrCat(model_.source->path(), ".", check);
    test.name = name;
    for (const ReportedFinding& entry : findings_) {
      const results::Finding& finding = *entry.finding;
      bool matches = false;
      for (const FindingKind kind : kinds) matches = matches || finding.kind == kind;
      if (matches && (finding_name.empty() || finding.name == finding_name)) {
        test.failures.push_back(&entry);
      }
    }
    if (test.failures.empty()) {
      if (!skip.empty() && Skipped(skip)) {
        test.skipped = "switched off by --skip " + skip;
      } else if (const properties::Undetermined* property =
                     undetermined_kind.empty() ? nullptr : Undetermined(undetermined_kind, "");
                 property != nullptr) {
        test.skipped = property->reason.empty() ? Stopped() : "not determined: " + property->reason;
      } else if (!result_.stats.complete) {
        // A check that finds failures during the search found none so far; one that runs
        // after the search did not run.
        test.skipped = after_search ? Stopped() : Stopped() + "; none found so far";
      }
    }
    cases_.push_back(std::move(test));
  }

  void AddReachable(const std::string& name) {
    TestCase test;
    test.classname = absl::StrCat(model_.source->path(), ".reachable");
    test.name = "reachable " + name;
    for (const ReportedFinding& entry : findings_) {
      const results::Finding& finding = *entry.finding;
      if (finding.name != name) continue;
      if (finding.kind == FindingKind::kUnreachable) test.failures.push_back(&entry);
      if (finding.kind == FindingKind::kWitness) {
        test.output = absl::StrCat(
            finding.message, " after ",
            base::CountOf(finding.trace.empty() ? 0 : finding.trace.size() - 1, "move", "moves"));
      }
    }
    if (test.failures.empty() && test.output.empty()) {
      if (Skipped("reachable")) {
        test.skipped = "switched off by --skip reachable";
      } else if (const properties::Undetermined* property = Undetermined("reachable", name);
                 property != nullptr || !result_.stats.complete) {
        test.skipped = property != nullptr && !property->reason.empty()
                           ? "not determined: " + property->reason
                           : Stopped();
      }
    }
    cases_.push_back(std::move(test));
  }

  const model::Model& model_;
  const properties::CheckResult& result_;
  const std::vector<ReportedFinding>& findings_;
  const ReportContext& context_;
  std::vector<TestCase> cases_;
};

}  // namespace

void WriteJunitReport(const model::Model& model, const properties::CheckResult& result,
                      std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> findings = CheckFindings(model, result, context.baseline);
  const std::vector<TestCase> cases = CheckCases(model, result, findings, context).Build();
  WriteSuites(model, "check", cases, result.stats.seconds, out);
}

void WriteQueryJunitReport(const model::Model& model, const std::vector<results::Answer>& answers,
                           std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> findings = AnswerFindings(model, answers, context.baseline);
  std::vector<TestCase> cases;
  double seconds = 0;
  bool proof = false;
  for (size_t i = 0; i < answers.size(); ++i) {
    const results::Answer& answer = answers[i];
    seconds += answer.seconds;
    proof = proof || answer.kind == results::AnswerKind::kProof;
    TestCase test;
    test.classname = absl::StrCat(model.source->path(), ".", results::AnswerKindName(answer.kind));
    const std::string kind = results::AnswerKindName(answer.kind);
    // "invariant small", "deadlock" (not "deadlock deadlock").
    test.name = answer.name == kind ? kind : absl::StrCat(kind, " ", answer.name);
    test.seconds = answer.seconds;
    if (results::IsViolation(answer)) {
      if (findings[i].finding != nullptr) {
        test.failures.push_back(&findings[i]);
      } else {
        test.violation = answer.message;
      }
    } else if (answer.verdict == results::Verdict::kUnknown) {
      test.skipped = "unknown: " + answer.message;
    } else {
      test.output = answer.message;
      if (answer.value) absl::StrAppend(&test.output, " (value ", *answer.value, ")");
      if (answer.proof) absl::StrAppend(&test.output, "; proof: ", answer.proof->message);
    }
    cases.push_back(std::move(test));
  }
  WriteSuites(model, proof ? "prove" : "solve", cases, seconds, out);
}

}  // namespace rulecheck::reports
