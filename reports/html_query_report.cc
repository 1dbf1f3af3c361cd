// The HTML report of `solve` and `prove` (see query_report.h and docs/report-format.md): the
// summary, one card per answer (what was asked, the outcome in a word, the verdict, value,
// depth and time, whether an induction proved its invariant, the sentence) with its witness
// as a steppable trace (html_trace.h), and the rules file (html_source.h) with each query's or
// invariant's line linked to its answer and back. The symbolic engine counts no transitions,
// so the listing has no counts.
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/html_escape.h"
#include "reports/html_finding.h"
#include "reports/html_page.h"
#include "reports/html_source.h"
#include "reports/html_trace.h"
#include "reports/query_report.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {
namespace {

// An answer's outcome in a word or two, and its colour.
struct Outcome {
  std::string word;
  std::string tone;  // "error", "pass", "info", "open"
};

Outcome OutcomeOf(const results::Answer& answer) {
  using results::AnswerKind;
  using results::Verdict;
  if (results::IsViolation(answer)) return {"violated", "error"};
  if (answer.verdict == Verdict::kUnknown) return {"unknown", "open"};
  switch (answer.kind) {
    case AnswerKind::kReachable:
      return answer.verdict == Verdict::kSat ? Outcome{"reachable", "pass"}
                                             : Outcome{"not reachable", "info"};
    case AnswerKind::kMaximize:
    case AnswerKind::kMinimize:
      return answer.verdict == Verdict::kOptimal ? Outcome{"optimal", "pass"}
                                                 : Outcome{"no value", "info"};
    case AnswerKind::kProof:
      return {"proved", "pass"};
    case AnswerKind::kInvariant:
    case AnswerKind::kFailure:
    case AnswerKind::kDeadlock:
      return {"holds", "pass"};
  }
  return {"unknown", "open"};
}

std::string AnswerId(size_t index) { return absl::StrCat("answer-", index + 1); }

// Where what the answer is about is written: its finding's place for a violation, else the
// query's or invariant's declaration; invalid when neither is known (failure, deadlock).
ir::Location Declaration(const model::Model& model, const results::Answer& answer) {
  if (answer.finding.has_value() && answer.finding->location.valid() &&
      answer.finding->file == model.source->path()) {
    return answer.finding->location;
  }
  ir::Location program_wide;
  if (results::IsQuery(answer.kind)) {
    for (const ir::Query& query : model.program.queries) {
      if (query.name == answer.name) program_wide = query.loc;
    }
  } else if (answer.kind == results::AnswerKind::kInvariant ||
             answer.kind == results::AnswerKind::kProof) {
    for (const ir::Property& invariant : model.program.invariants) {
      if (invariant.name == answer.name) program_wide = invariant.loc;
    }
  }
  if (!program_wide.valid()) return {};
  const auto [source, local] = model.Resolve(program_wide);
  return source == model.source.get() ? local : ir::Location{};
}

// `known`: the baseline holds the answer's finding (a violation it already reported).
void WriteAnswer(const model::Model& model, const results::Answer& answer, const std::string& id,
                 bool known, std::ostream& out) {
  const Outcome outcome = OutcomeOf(answer);
  const std::string kind = results::AnswerKindName(answer.kind);
  out << "<article class=\"answer tone-" << outcome.tone << (known ? " known" : "") << "\" id=\""
      << id << "\" data-kind=\"" << kind << "\" data-verdict=\""
      << results::VerdictName(answer.verdict) << "\">\n"
      << "<header><h4 class=\"message\">"
      << EscapeHtml(answer.message.empty() ? kind + " " + answer.name : answer.message)
      << "</h4><p class=\"meta\"><span class=\"badge\">" << EscapeHtml(outcome.word) << "</span>";
  if (known) out << kKnownBadge;
  out << "<span class=\"name\">" << kind << " " << EscapeHtml(answer.name) << "</span>";
  WriteLocationLink(model, model.source->path(), Declaration(model, answer), out);
  out << "</p></header>\n<dl class=\"extra\">"
      << "<div><dt>verdict</dt><dd>" << results::VerdictName(answer.verdict) << "</dd></div>";
  if (answer.value.has_value()) out << "<div><dt>value</dt><dd>" << *answer.value << "</dd></div>";
  out << "<div><dt>depth</dt><dd>";
  if (answer.depth >= 0) {
    out << answer.depth;
  } else {
    out << "none answered";
  }
  out << "</dd></div>";
  if (answer.proof) {
    out << "<div><dt>proof</dt><dd>" << EscapeHtml(answer.proof->message) << "</dd></div>";
  }
  if (answer.kind == results::AnswerKind::kProof) {
    out << "<div><dt>proved</dt><dd>" << (answer.verdict == results::Verdict::kUnsat ? "yes" : "no")
        << "</dd></div>";
  }
  out << "<div><dt>time</dt><dd>" << Seconds(answer.seconds) << "</dd></div></dl>\n";
  if (!answer.trace.empty()) {
    out << "<p class=\"trace-title\">"
        << (answer.trace_from_any_state ? "induction counterexample (its first state need not "
                                          "be reachable)"
                                        : "witness")
        << "</p>\n";
  }
  WriteTraceHtml(model, answer.trace, {.from_any_state = answer.trace_from_any_state},
                 id + "-trace", "", out);
  out << "</article>\n";
}

PageVerdict Verdict(const std::vector<results::Answer>& answers,
                    const std::vector<ReportedFinding>& reported) {
  int violations = 0, known = 0, unknown = 0;
  for (size_t i = 0; i < answers.size(); ++i) {
    const bool violation = results::IsViolation(answers[i]);
    violations += violation && !reported[i].known;
    known += violation && reported[i].known;
    unknown += answers[i].verdict == results::Verdict::kUnknown;
  }
  // As cli/answer_command.cc decides the exit code: violations the baseline holds do not fail.
  if (violations > 0) {
    return known == 0 ? PageVerdict{PageVerdict::Tone::kFail,
                                    base::CountOf(violations, "violation", "violations"), 1,
                                    "at least one violation"}
                      : PageVerdict{PageVerdict::Tone::kFail,
                                    base::CountOf(violations, "new violation", "new violations"), 1,
                                    "at least one violation that the baseline does not hold"};
  }
  if (known > 0) {
    const std::string headline =
        base::CountOf(known, "known violation", "known violations") + ", no new ones";
    if (unknown > 0) {
      return {PageVerdict::Tone::kOpen,
              absl::StrCat(headline, "; ", base::CountOf(unknown, "answer is", "answers are"),
                           " unknown"),
              3, "an answer is unknown (a time-out, Ctrl-C or a limit stopped it)"};
    }
    return {PageVerdict::Tone::kPass, headline, 0,
            "every answer is decided, and the baseline holds every violation"};
  }
  if (unknown > 0) {
    return {PageVerdict::Tone::kOpen,
            absl::StrCat("no violations found; ",
                         base::CountOf(unknown, "answer is", "answers are"), " unknown"),
            3, "an answer is unknown (a time-out, Ctrl-C or a limit stopped it)"};
  }
  return {PageVerdict::Tone::kPass, "no violations found", 0,
          "every answer is decided and none is a violation"};
}

}  // namespace

void WriteQueryHtmlReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = AnswerFindings(model, answers, context.baseline);
  // Only `prove` gives induction answers.
  const bool prove = !answers.empty() && answers[0].kind == results::AnswerKind::kProof;
  const std::string command = prove ? "prove" : "solve";
  const PageVerdict verdict = Verdict(answers, reported);
  double seconds = 0;
  for (const results::Answer& answer : answers) seconds += answer.seconds;
  WritePageStart(model, command, verdict.headline, out);
  std::vector<SummaryFact> facts = {{"answers", base::GroupThousands(answers.size())},
                                    {"time", Seconds(seconds)}};
  if (context.baseline != nullptr) AddBaselineFacts(*context.baseline, reported, facts);
  WriteSummary(model, command, facts, verdict, {{"Answers", "answers"}, {"Rules file", "source"}},
               out);
  out << "<main class=\"layout\">\n<div class=\"results\">\n"
      << "<section class=\"group\" id=\"answers\"><h2>Answers <span class=\"tally\">"
      << answers.size() << "</span></h2>\n";
  if (answers.empty()) out << "<p class=\"empty\">Nothing was asked.</p>\n";
  ListingMarks marks;
  for (size_t i = 0; i < answers.size(); ++i) {
    WriteAnswer(model, answers[i], AnswerId(i), reported[i].known, out);
    const ir::Location where = Declaration(model, answers[i]);
    if (where.valid()) {
      marks.refs[where.line].push_back(
          {AnswerId(i),
           absl::StrCat(results::AnswerKindName(answers[i].kind), " ", answers[i].name, ": ",
                        OutcomeOf(answers[i]).word),
           OutcomeOf(answers[i]).tone});
    }
  }
  out << "</section>\n</div>\n";
  WriteSourceListing(*model.source, marks, out);
  out << "</main>\n";
  WritePageEnd(out);
}

}  // namespace rulecheck::reports
