// The explicit engine's answers to a model's `query` declarations: `reachable EXPR within N`,
// `maximize EXPR within N` and `minimize EXPR within N`, over the states a breadth-first
// search visits.
//
// The explorer's levels are shortest distances, so the states within N moves are exactly
// levels 0..N. AnswerQueries explores only as deep as the largest bound asked for (the last
// level is visited, not expanded), and stops sooner once every query is settled: a reachable
// query at the first level where it holds, the others at their bound. Each query's
// expression is evaluated in every visited state within its bound; a state where it hits a
// model error does not count for that query (as in the symbolic engine). Among the states
// holding the best value (or, for reachable, holding at all), the first in canonical order
// (smallest depth, then position in the level) is the answer's state, with a shortest trace
// to it, so answers are the same for any thread count.
//
//   properties::QueryOptions options;
//   options.explore.threads = 2;
//   absl::StatusOr<properties::QueryRun> run = properties::AnswerQueries(*model, options);
#ifndef RULECHECK_PROPERTIES_QUERY_CHECK_H_
#define RULECHECK_PROPERTIES_QUERY_CHECK_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/explorer.h"
#include "ir/state_space.h"
#include "model/model.h"
#include "results/trace.h"

namespace rulecheck::properties {

// One query's answer.
struct QueryAnswer {
  std::string name;
  ir::QueryKind kind = ir::QueryKind::kReachable;
  int within = 0;  // the bound used (the query's, or QueryOptions::within)
  // Some visited state within the bound has a value (maximize/minimize) or makes the
  // expression true (reachable).
  bool found = false;
  int64_t value = 0;  // maximize/minimize: the best value found; reachable: 1 when found
  // The first state in canonical order with `value`: its depth and position in its level.
  int depth = 0;
  uint64_t pos = 0;
  // The answer is final: every state within the bound was visited, so `value` is the best
  // there is (and not found means none exists); or a reachable query held, and every
  // shallower level was visited, so its depth is the shortest (the search may have stopped
  // before the bound: nothing deeper was needed).
  bool exact = false;
  // Visited states within the bound where evaluating the expression hit a model error (they
  // do not count), and the first such error in canonical order.
  uint64_t errors = 0;
  std::string first_error;
  // Seconds from the search's start until the level that settled this answer was visited
  // (an answer the search never settled: its end).
  double seconds = 0;
  results::Trace trace;  // when found: a shortest trace to (depth, pos)
};

// The state of the search after a level, for progress lines.
struct QueryLevel {
  int depth = 0;                     // the level just visited
  uint64_t visited = 0;              // states visited so far, every level
  std::vector<QueryAnswer> answers;  // the best so far (no traces, exact and seconds unset)
};

struct QueryOptions {
  // Threads, memory, max_states, cancel flag, progress. AnswerQueries sets max_depth.
  explorer::ExploreOptions explore{};
  // The successor function to explore, which must be the model's (e.g. its compiled form,
  // native/native.h); null: the interpreter's (model::ModelStateSpace).
  const ir::StateSpace* space = nullptr;
  std::string query;                // only this query; empty: every query
  std::optional<int64_t> within{};  // overrides each query's `within`
  // When set, called after each level from the search's calling thread.
  std::function<void(const QueryLevel&)> on_level{};
};

struct QueryRun {
  explorer::ExplorationStats stats;
  int levels_done = -1;              // levels 0..levels_done were visited completely
  std::vector<QueryAnswer> answers;  // in declaration order
};

// Answers the model's queries (or only options.query) by one breadth-first search.
// Errors: NotFound for an unknown options.query. A model without queries answers nothing,
// without a search. Deterministic apart from times, unless the search is cancelled or runs
// out of memory; thread-compatible.
absl::StatusOr<QueryRun> AnswerQueries(const model::Model& model, const QueryOptions& options);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_QUERY_CHECK_H_
