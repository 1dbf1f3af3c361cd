// The HTML page of `odds` (see odds_report.h and docs/report-format.md#odds): the summary
// (states, transitions, time, precision, whether the search finished), one card per chance
// query with its value under each play, a probability also drawn on a 0-100% scale (an exact
// value as a mark, bounds as a band), the notes on what the answers rest on, and the rules file
// with each query's line linked to its card and back. The frame is html_page.h, the listing
// html_source.h, the plots html_plot.h.
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/html_escape.h"
#include "reports/html_page.h"
#include "reports/html_plot.h"
#include "reports/html_source.h"
#include "reports/odds_report.h"

namespace rulecheck::reports {
namespace {

using results::OddsAnswer;
using results::OddsPlay;
using results::OddsValue;

std::string QueryId(size_t index) { return absl::StrCat("query-", index + 1); }

const char* ValueTone(const OddsValue& value) {
  switch (value.kind) {
    case OddsValue::Kind::kExact:
      return "pass";
    case OddsValue::Kind::kBounds:
      return value.converged ? "info" : "open";
    case OddsValue::Kind::kUndefined:
      return "info";
    case OddsValue::Kind::kUnknown:
      return "open";
  }
  return "open";
}

PageVerdict Verdict(const results::OddsResult& result) {
  if (!result.complete) {
    return {PageVerdict::Tone::kOpen,
            absl::StrCat("unknown: the search was stopped (", result.stop_reason, ")"), 3,
            "the search was stopped, so no answer is known"};
  }
  int undefined = 0;  // answers with no number for any play
  for (const OddsAnswer& answer : result.answers) {
    bool none = !answer.plays.empty();
    for (const OddsPlay& play : answer.plays) {
      none = none && play.value.kind == OddsValue::Kind::kUndefined;
    }
    undefined += none ? 1 : 0;
  }
  return {PageVerdict::Tone::kPass,
          absl::StrCat(base::CountOf(result.answers.size(), "chance query", "chance queries"),
                       " answered"),
          0,
          undefined == 0 ? "every state was explored and every answer computed"
                         : absl::StrCat("every state was explored; ",
                                        base::CountOf(undefined, "question has", "questions have"),
                                        " no number (undefined: see why below)")};
}

// A row of an answer's table: the play, the value in words, and (for a probability with a
// number) the value on the 0-100% scale.
void WritePlayRow(const OddsAnswer& answer, const OddsPlay& play, std::ostream& out) {
  const OddsValue& v = play.value;
  out << "<tr class=\"tone-" << ValueTone(v) << "\" data-play=\"" << EscapeHtml(OddsPlayText(play))
      << "\"><th>" << EscapeHtml(OddsPlayText(play)) << "</th><td class=\"value\">"
      << EscapeHtml(OddsValueText(v)) << "</td>";
  const bool number = v.kind == OddsValue::Kind::kExact || v.kind == OddsValue::Kind::kBounds;
  if (!answer.expect) {
    out << "<td class=\"plot-cell\">";
    if (number) {
      const double mid = (v.lower + v.upper) / 2;
      WriteIntervalSvg(mid, v.lower, v.upper,
                       absl::StrFormat("%s: %.4g%%%s", OddsPlayText(play), 100 * mid,
                                       v.kind == OddsValue::Kind::kBounds
                                           ? absl::StrFormat(" (between %.4g%% and %.4g%%)",
                                                             100 * v.lower, 100 * v.upper)
                                           : std::string()),
                       out);
    }
    out << "</td>";
  }
  out << "</tr>\n";
}

void WriteAnswer(const model::Model& model, const OddsAnswer& answer, const std::string& id,
                 bool complete, std::ostream& out) {
  const char* kind = answer.expect ? "expect" : "probability";
  bool all_exact = true, all_undefined = !answer.plays.empty();
  for (const OddsPlay& play : answer.plays) {
    all_exact = all_exact && play.value.kind == OddsValue::Kind::kExact;
    all_undefined = all_undefined && play.value.kind == OddsValue::Kind::kUndefined;
  }
  const std::string tone = !complete ? "open" : all_exact ? "pass" : "info";
  out << "<article class=\"answer tone-" << tone << "\" id=\"" << id << "\" data-kind=\"" << kind
      << "\">\n<header><h4 class=\"message\">" << kind << " " << EscapeHtml(answer.name)
      << "</h4><p class=\"meta\"><span class=\"badge\">"
      << (!complete       ? "unknown"
          : all_exact     ? "exact"
          : all_undefined ? "undefined"
                          : "bounded")
      << "</span>";
  const auto [file, loc] = model.Resolve(answer.loc);
  WriteLocationLink(model, file->path(), loc, out);
  out << "</p></header>\n<table class=\"odds\"><thead><tr><th>play</th><th>"
      << (answer.expect ? "expected value at the end" : "probability") << "</th>"
      << (answer.expect ? "" : "<th>0 to 100%</th>") << "</tr></thead><tbody>\n";
  for (const OddsPlay& play : answer.plays) WritePlayRow(answer, play, out);
  out << "</tbody></table>\n</article>\n";
}

ListingMarks Marks(const model::Model& model, const results::OddsResult& result) {
  ListingMarks marks;
  marks.complete = result.complete;
  for (size_t i = 0; i < result.answers.size(); ++i) {
    const auto [source, local] = model.Resolve(result.answers[i].loc);
    if (source != model.source.get() || !local.valid()) continue;
    marks.refs[local.line].push_back(
        {QueryId(i),
         (result.answers[i].expect ? "expect " : "probability ") + result.answers[i].name,
         result.complete ? "pass" : "open"});
  }
  return marks;
}

}  // namespace

void WriteOddsHtml(const model::Model& model, const results::OddsResult& result,
                   std::ostream& out) {
  const PageVerdict verdict = Verdict(result);
  WritePageStart(model, "odds", verdict.headline, out);
  const results::OddsGraph& g = result.graph;
  std::vector<SummaryFact> facts = {
      {"chance queries", base::GroupThousands(result.answers.size())},
      {"states", base::GroupThousands(g.states)},
      {"transitions", base::GroupThousands(g.transitions)},
      {"time", Seconds(result.seconds)},
      {"search", result.complete ? "complete" : "stopped: " + result.stop_reason},
  };
  if (!result.policies.empty()) {
    facts.push_back({"policies followed", PoliciesText(model, result.policies)});
    for (const std::string& line :
         NeverAppliedLines(model, result.policies, "in a state the policies let the game reach")) {
      facts.push_back({"preference never applied", line});
    }
  }
  if (result.complete) {
    facts.push_back({"states on cycles", base::GroupThousands(g.cyclic_states)});
    facts.push_back({"precision", absl::StrFormat("%g", result.precision)});
  }
  std::vector<Jump> jumps = {{"Answers", "answers"}};
  const std::vector<std::string> notes = OddsNotes(result);
  if (!notes.empty()) jumps.push_back({"Notes", "notes"});
  jumps.push_back({"Rules file", "source"});
  WriteSummary(model, "odds", facts, verdict, jumps, out);
  out << "<main class=\"layout\">\n<div class=\"results\">\n"
      << "<section class=\"group tone-" << (result.complete ? "pass" : "open")
      << "\" id=\"answers\"><h2>Answers <span class=\"tally\">" << result.answers.size()
      << "</span></h2>\n";
  if (!result.complete && result.stopped_solving) {
    out << "<p class=\"empty\">Stopped (" << EscapeHtml(result.stop_reason)
        << ") while computing the answers from every state: no answer is known.</p>\n";
  } else if (!result.complete) {
    out << "<p class=\"empty\">The search was stopped (" << EscapeHtml(result.stop_reason)
        << "): no answer is known without every state.</p>\n";
  }
  if (result.answers.empty()) out << "<p class=\"empty\">Nothing was asked.</p>\n";
  for (size_t i = 0; i < result.answers.size(); ++i) {
    WriteAnswer(model, result.answers[i], QueryId(i), result.complete, out);
  }
  out << "</section>\n";
  if (!notes.empty()) {
    out << "<section class=\"group tone-info\" id=\"notes\"><h2>What the answers rest on</h2>\n"
        << "<ul class=\"notes\">\n";
    for (const std::string& note : notes) out << "<li>" << EscapeHtml(note) << "</li>\n";
    out << "</ul>\n</section>\n";
  }
  out << "</div>\n";
  WriteSourceListing(*model.source, Marks(model, result), out);
  out << "</main>\n";
  WritePageEnd(out);
}

}  // namespace rulecheck::reports
