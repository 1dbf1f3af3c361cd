// `rulecheck solve --engine explicit`: the file's queries answered by the explicit engine
// (properties/query_check.h) and handed on as solver::QueryResults, so that the report is the
// symbolic engine's, field for field. One breadth-first search answers every query: a state
// within N moves is a state of levels 0..N.
//
// How the answers map: maximize/minimize are `optimal` when every state within the bound was
// visited (`unsat` when the expression had no value in any of them), reachable `sat` at the
// first level where it holds or `unsat` when it held in none. When a limit (--max-states,
// --memory, Ctrl-C) stopped the search short of a query's bound the query is `unknown`, with
// the best value found so far and as `depth` the levels visited completely, unless a
// reachable query had already held (then every shallower state was visited: still `sat`).
// One search answers every query, so its time is shared out: in the order the queries were
// settled (the level each needed was visited), each gets the time since the one before, and
// the seconds add up to the search's.
#ifndef RULECHECK_CLI_EXPLICIT_SOLVE_H_
#define RULECHECK_CLI_EXPLICIT_SOLVE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "cli/answer_command.h"
#include "cli/solve_command.h"
#include "model/model.h"
#include "properties/query_check.h"
#include "solver/solver.h"

namespace rulecheck::cli {

// Answers the queries `flags` select (--query, --within) with --threads and --max-states,
// env's memory budget and Ctrl-C flag. Unless flags.quiet, progress goes to stderr: a line
// per level, and the search's progress line as `check` draws it. Errors: NotFound for an
// unknown --query. Thread-compatible.
absl::StatusOr<std::vector<solver::QueryResult>> SolveExplicit(const model::Model& model,
                                                               const SolveFlags& flags,
                                                               const AnswerEnv& env);

// The report's view of one run's answers. Pure.
std::vector<solver::QueryResult> ToQueryResults(const properties::QueryRun& run);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_EXPLICIT_SOLVE_H_
