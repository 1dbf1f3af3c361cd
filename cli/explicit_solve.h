// `rulecheck solve --engine explicit`: the file's queries answered by the explicit engine
// (properties/query_check.h), one breadth-first search for all of them, and handed on as
// results::Answers (properties/query_answers.h says how), so that the report is the symbolic
// engine's, field for field. Here: the flags as search options, and the progress lines.
#ifndef RULECHECK_CLI_EXPLICIT_SOLVE_H_
#define RULECHECK_CLI_EXPLICIT_SOLVE_H_

#include <ostream>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/answer_command.h"
#include "cli/solve_command.h"
#include "model/model.h"
#include "results/answer.h"

namespace rulecheck::cli {

// Answers the queries `flags` select (--query, --within) with --threads and --max-states,
// env's memory budget and Ctrl-C flag, on the successor function flags.engine names
// (engine_choice.h; `explicit` is `auto`, and its note goes to `err` unless flags.quiet).
// Unless flags.quiet, progress goes to stderr: a line per level, and the search's progress
// line as `check` draws it. Errors: NotFound for an unknown --query; InvalidArgument when
// `compiled` cannot compile the model. Thread-compatible.
absl::StatusOr<std::vector<results::Answer>> SolveExplicit(const model::Model& model,
                                                           const SolveFlags& flags,
                                                           const AnswerEnv& env, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_EXPLICIT_SOLVE_H_
