// The one dispatch from a report format to its writer, for checks and for answers (see
// report.h and query_report.h). A new format adds its name here and a case to each switch.
#include "reports/report.h"

#include "reports/query_report.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {
namespace {

struct FormatName {
  Format format;
  const char* name;
};
constexpr FormatName kFormats[] = {{Format::kText, "text"},
                                   {Format::kJson, "json"},
                                   {Format::kSarif, "sarif"},
                                   {Format::kJunit, "junit"},
                                   {Format::kHtml, "html"}};

}  // namespace

std::optional<Format> ParseFormat(std::string_view name) {
  for (const FormatName& entry : kFormats) {
    if (name == entry.name) return entry.format;
  }
  return std::nullopt;
}

std::vector<std::string> FormatNames() {
  std::vector<std::string> names;
  for (const FormatName& entry : kFormats) names.push_back(entry.name);
  return names;
}

void WriteReport(Format format, const model::Model& model, const properties::CheckResult& result,
                 std::ostream& out, const ReportContext& context) {
  switch (format) {
    case Format::kText:
      return WriteTextReport(model, result, out, context);
    case Format::kJson:
      return WriteJsonReport(model, result, out, context);
    case Format::kSarif:
      return WriteSarifReport(model, result, out, context);
    case Format::kJunit:
      return WriteJunitReport(model, result, out, context);
    case Format::kHtml:
      return WriteHtmlReport(model, result, out, context);
  }
}

void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<results::Answer>& answers, std::ostream& out,
                      const ReportContext& context) {
  switch (format) {
    case Format::kText:
      return WriteQueryTextReport(model, answers, out, context);
    case Format::kJson:
      return WriteQueryJsonReport(model, answers, out, context);
    case Format::kSarif:
      return WriteQuerySarifReport(model, answers, out, context);
    case Format::kJunit:
      return WriteQueryJunitReport(model, answers, out, context);
    case Format::kHtml:
      return WriteQueryHtmlReport(model, answers, out, context);
  }
}

int NewErrorCount(const model::Model& model, const properties::CheckResult& result,
                  const Baseline* baseline) {
  return NewErrorCount(CheckFindings(model, result, baseline));
}

int NewViolationCount(const model::Model& model, const std::vector<results::Answer>& answers,
                      const Baseline* baseline) {
  const std::vector<ReportedFinding> findings = AnswerFindings(model, answers, baseline);
  int count = 0;
  for (size_t i = 0; i < answers.size(); ++i) {
    if (results::IsViolation(answers[i]) && !findings[i].known) ++count;
  }
  return count;
}

}  // namespace rulecheck::reports
