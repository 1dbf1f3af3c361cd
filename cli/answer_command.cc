// Running an answering engine for `solve` and `prove` (see answer_command.h).
#include "cli/answer_command.h"

#include <optional>

#include "cli/app.h"
#include "cli/interrupt.h"
#include "explorer/explorer.h"
#include "reports/query_report.h"
#include "results/answer.h"

namespace rulecheck::cli {

int RunAnswers(const CommonFlags& flags, std::ostream& out, std::ostream& err, const AnswerFn& fn) {
  std::optional<CommandSetup> setup = SetUpCommand(flags, explorer::DefaultMemoryBudget(), {}, err);
  if (!setup.has_value()) return kExitUsage;
  AnswerEnv env;
  if (!flags.quiet) env.progress = [&err](const std::string& line) { err << line << "\n"; };
  env.memory_bytes = setup->memory_bytes;
  env.cancel = CatchStopSignals();
  absl::StatusOr<std::vector<results::Answer>> answers = fn(*setup->model, env);
  if (!answers.ok()) {
    err << "rulecheck: " << answers.status().message() << "\n";
    return answers.status().code() == absl::StatusCode::kInternal ? kExitFindings : kExitUsage;
  }
  const bool written =
      WriteReports(*setup, flags, out, err, [&](reports::Format format, std::ostream& stream) {
        reports::WriteQueryReport(format, *setup->model, *answers, stream, setup->context);
      });
  if (!written) return kExitUsage;
  // With a baseline, only violations it does not hold fail the run.
  if (reports::NewViolationCount(*setup->model, *answers, setup->context.baseline) > 0) {
    return kExitFindings;
  }
  bool unknown = false;
  for (const results::Answer& answer : *answers) {
    unknown = unknown || answer.verdict == results::Verdict::kUnknown;
  }
  return unknown ? kExitIncomplete : kExitOk;
}

}  // namespace rulecheck::cli
