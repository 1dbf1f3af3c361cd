// The explicit engine's answers to queries (query_check.h) as results::Answers, the vocabulary
// the symbolic engine answers in too (results/answer.h), so that `solve --engine explicit`
// and `solve` give the same report, field for field. One breadth-first search answers every
// query: a state within N moves is a state of levels 0..N.
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
//
//   absl::StatusOr<properties::QueryRun> run = properties::AnswerQueries(*model, options);
//   if (run.ok()) reports::WriteQueryReport(format, *model, properties::ToAnswers(*run), out);
#ifndef RULECHECK_PROPERTIES_QUERY_ANSWERS_H_
#define RULECHECK_PROPERTIES_QUERY_ANSWERS_H_

#include <vector>

#include "properties/query_check.h"
#include "results/answer.h"

namespace rulecheck::properties {

// The answers of one run, in the run's order (declaration order). Pure, thread-safe.
std::vector<results::Answer> ToAnswers(const QueryRun& run);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_QUERY_ANSWERS_H_
