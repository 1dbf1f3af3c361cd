// Running an answering engine for `solve` and `prove` (see answer_command.h).
#include "cli/answer_command.h"

#include <cstdint>
#include <optional>

#include "cli/app.h"
#include "cli/interrupt.h"
#include "explorer/explorer.h"
#include "ir/successor_sink.h"
#include "model/successors.h"
#include "reports/query_report.h"
#include "results/answer.h"
#include "results/violations.h"

namespace rulecheck::cli {
namespace {

// Counts the successors it is given.
class CountingSink final : public ir::SuccessorSink {
 public:
  void OnSuccessor(const uint32_t* /*state*/, const ir::Move& /*move*/) override { ++states; }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  uint64_t states = 0;
};

// A game whose every run of `init` stops short has no state to ask about: each engine would
// answer every question vacuously (an invariant false in every state "proved", no deadlock).
// The answer is then the one finding `check` reports, as a failure of `init`; nullopt where an
// initial state exists.
std::optional<results::Answer> NoInitialState(const model::Model& model) {
  model::SuccessorGenerator generator(model);
  CountingSink initial;
  generator.Initial(initial);
  if (initial.states > 0) return std::nullopt;
  results::Answer answer;
  answer.name = "init";
  answer.kind = results::AnswerKind::kFailure;
  answer.verdict = results::Verdict::kSat;
  answer.finding = results::NoInitialState(model.program.init.loc);
  results::Locate(*answer.finding, model.Resolve(answer.finding->location));
  answer.message = answer.finding->message;
  return answer;
}

}  // namespace

int RunAnswers(const CommonFlags& flags, std::ostream& out, std::ostream& err, const AnswerFn& fn) {
  std::optional<CommandSetup> setup = SetUpCommand(flags, explorer::DefaultMemoryBudget(), {}, err);
  if (!setup.has_value()) return kExitUsage;
  AnswerEnv env;
  if (!flags.quiet) env.progress = [&err](const std::string& line) { err << line << "\n"; };
  env.memory_bytes = setup->memory_bytes;
  env.cancel = CatchStopSignals();
  const std::optional<results::Answer> no_start = NoInitialState(*setup->model);
  absl::StatusOr<std::vector<results::Answer>> answers =
      no_start.has_value()
          ? absl::StatusOr<std::vector<results::Answer>>(std::vector<results::Answer>{*no_start})
          : fn(*setup->model, env);
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
