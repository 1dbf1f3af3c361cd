// The front door of `rulecheck odds`: the exact (or boundedly approximate) answers to a
// model's chance queries over its whole state graph. One breadth-first search finds every
// reachable state; the chance graph (chance_graph.h) says who decides each step; every query
// is then solved under random play, best play for each seat, and the greatest and least
// value any choices give (odds_values.h). docs/odds.md describes the questions and the plays.
//
//   properties::OddsOptions options;
//   options.explore.threads = 2;
//   absl::StatusOr<results::OddsResult> result = properties::AnswerOdds(*model, options);
#ifndef RULECHECK_PROPERTIES_ODDS_H_
#define RULECHECK_PROPERTIES_ODDS_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/explorer.h"
#include "model/model.h"
#include "results/odds.h"

namespace rulecheck::properties {

struct OddsOptions {
  // Threads, memory, max_states, cancel flag, progress of the search; the cancel flag also
  // stops the computation after it.
  explorer::ExploreOptions explore{};
  std::string query;        // of the file's chance queries only this one; empty: every one
  double precision = 1e-9;  // value iteration's bound, where answers are not exact
  // The policies of the model the seats they govern follow in every play (--policy).
  std::vector<std::string> policies;
  // When set, called from the calling thread as each step after the search starts ("building
  // the chance graph", "solving NAME").
  std::function<void(const std::string&)> on_phase{};
};

// Answers the model's chance queries (the file's and the command line's, in that order). A
// stopped search or computation gives a result whose values are all unknown. Errors:
// NotFound for an unknown `query` or policy; InvalidArgument when the model has no chance
// query, or when two of `policies` govern one seat.
// Deterministic for any thread count. Thread-compatible.
absl::StatusOr<results::OddsResult> AnswerOdds(const model::Model& model,
                                               const OddsOptions& options);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_H_
