// The reports of `solve` and `prove` (see query_report.h): a line per answer with its verdict,
// its sentence, and its witness. Traces are narrated by trace_text.h and converted to JSON by
// json_values.h, as in the check report; verdicts and kinds are named by results/answer.h.
#include "reports/query_report.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/reported_finding.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {

void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = AnswerFindings(model, answers, context.baseline);
  double total = 0;
  for (const results::Answer& answer : answers) total += answer.seconds;
  out << model.source->path() << ": " << base::CountOf(answers.size(), "answer", "answers") << ", "
      << Seconds(total) << "\n";
  int violations = 0;
  for (size_t i = 0; i < answers.size(); ++i) {
    const results::Answer& answer = answers[i];
    out << "\n"
        << results::AnswerKindName(answer.kind) << " " << answer.name << ": "
        << results::VerdictName(answer.verdict) << (reported[i].known ? " (known)" : "");
    if (answer.value) out << ", value " << *answer.value;
    // Depth -1: not even depth 0 was answered (a query a stop came before).
    if (answer.depth >= 0) {
      out << ", depth " << answer.depth;
    } else {
      out << ", no depth answered";
    }
    out << ", " << Seconds(answer.seconds) << "\n";
    if (!answer.message.empty()) out << kStepIndent << answer.message << "\n";
    if (answer.proof) {
      out << kStepIndent << "proof: " << answer.proof->message << ", "
          << Seconds(answer.proof->seconds) << "\n";
    }
    violations += results::IsViolation(answer);
    WriteTraceText(model, answer.trace, {.from_any_state = answer.trace_from_any_state}, out);
  }
  out << "\n";
  if (violations > 0) {
    out << base::CountOf(violations, "violation", "violations");
    if (context.baseline != nullptr) {
      out << ", " << NewViolationCount(model, answers, context.baseline)
          << " new since the baseline " << context.baseline->path();
    }
  } else {
    out << "no violations found";
  }
  // As the HTML page's verdict: an answer a time-out, Ctrl-C or a limit left open is said.
  const size_t unknown = std::count_if(answers.begin(), answers.end(), [](const auto& a) {
    return a.verdict == results::Verdict::kUnknown;
  });
  if (unknown > 0) out << "; " << base::CountOf(unknown, "answer is", "answers are") << " unknown";
  out << "\n";
}

void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out, const ReportContext& context) {
  const std::vector<ReportedFinding> reported = AnswerFindings(model, answers, context.baseline);
  Json json = ModelToJson(model);
  if (context.baseline != nullptr) json["baseline"] = BaselineToJson(*context.baseline, reported);
  Json queries = Json::array();
  for (size_t i = 0; i < answers.size(); ++i) {
    const results::Answer& answer = answers[i];
    Json q = AnswerSummaryToJson(answer);
    q["trace"] = TraceToJson(model, answer.trace);
    q["finding"] = reported[i].finding == nullptr
                       ? Json(nullptr)
                       : FindingToJson(model, reported[i], context.baseline != nullptr);
    queries.push_back(std::move(q));
  }
  json["queries"] = std::move(queries);
  WriteJson(json, out);
}

}  // namespace rulecheck::reports
