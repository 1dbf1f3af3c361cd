// What `solve` and `prove` share once the set-up is done (command_setup.h): run an engine that
// answers questions about the model, with progress lines on stderr and Ctrl-C stopping it,
// write the report of its answers (reports/query_report.h), and map the outcome to an exit
// code.
#ifndef RULECHECK_CLI_ANSWER_COMMAND_H_
#define RULECHECK_CLI_ANSWER_COMMAND_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/command_setup.h"
#include "model/model.h"
#include "results/answer.h"

namespace rulecheck::cli {

using Progress = std::function<void(const std::string&)>;
// What RunAnswers hands the engine: progress lines (empty with --quiet), the Ctrl-C flag and
// the memory budget (Z3's, or the explicit engine's state store).
struct AnswerEnv {
  Progress progress;
  const std::atomic<bool>* cancel = nullptr;
  uint64_t memory_bytes = 0;
};
using AnswerFn = std::function<absl::StatusOr<std::vector<results::Answer>>(const model::Model&,
                                                                            const AnswerEnv&)>;

// Sets up from `flags` (--memory defaults to most of the available memory), runs `fn`, and
// writes the report. Exit codes: 2 for a bad model, flag, unknown query name, untranslated
// construct or I/O error; otherwise 1 when a result is a violation (one a --baseline does not
// hold), 3 when one is unknown (a time-out, Ctrl-C, a memory budget or --max-states), else 0.
// Installs the Ctrl-C handler for the run. Not thread-safe (the handler is process-wide).
int RunAnswers(const CommonFlags& flags, std::ostream& out, std::ostream& err, const AnswerFn& fn);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_ANSWER_COMMAND_H_
