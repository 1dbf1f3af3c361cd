// The reports of `solve` and `prove` (see query_report.h): a line per answer with its verdict,
// its sentence, and its witness. Traces are narrated by trace_text.h and converted to JSON by
// json_values.h, as in the check report; verdicts and kinds are named by results/answer.h.
#include "reports/query_report.h"

#include <string>
#include <utility>
#include <vector>

#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/json_values.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {

void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out) {
  double total = 0;
  for (const results::Answer& answer : answers) total += answer.seconds;
  out << model.source->path() << ": " << base::CountOf(answers.size(), "answer", "answers") << ", "
      << Seconds(total) << "\n";
  int violations = 0;
  for (const results::Answer& answer : answers) {
    out << "\n"
        << results::AnswerKindName(answer.kind) << " " << answer.name << ": "
        << results::VerdictName(answer.verdict);
    if (answer.value) out << ", value " << *answer.value;
    out << ", depth " << answer.depth << ", " << Seconds(answer.seconds) << "\n";
    if (!answer.message.empty()) out << kStepIndent << answer.message << "\n";
    if (!answer.trace.empty()) violations += results::IsViolation(answer);
    WriteTraceText(model, answer.trace, {.from_any_state = answer.trace_from_any_state}, out);
  }
  out << "\n";
  if (violations > 0) {
    out << base::CountOf(violations, "violation", "violations") << "\n";
  } else {
    out << "no violations found\n";
  }
}

void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out) {
  Json json = ModelToJson(model);
  Json queries = Json::array();
  for (const results::Answer& answer : answers) {
    Json q = Json::object();
    q["name"] = answer.name;
    q["kind"] = results::AnswerKindName(answer.kind);
    q["status"] = results::VerdictName(answer.verdict);
    q["value"] = answer.value ? Json(*answer.value) : Json(nullptr);
    q["depth"] = answer.depth;
    q["seconds"] = answer.seconds;
    q["message"] = answer.message;
    q["trace"] = TraceToJson(model, answer.trace);
    queries.push_back(std::move(q));
  }
  json["queries"] = std::move(queries);
  WriteJson(json, out);
}

void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<results::Answer>& answers, std::ostream& out) {
  if (format == Format::kJson) {
    WriteQueryJsonReport(model, answers, out);
  } else if (format == Format::kHtml) {
    WriteQueryHtmlReport(model, answers, out);
  } else {
    WriteQueryTextReport(model, answers, out);
  }
}

}  // namespace rulecheck::reports
