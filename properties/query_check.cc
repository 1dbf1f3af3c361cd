// AnswerQueries (see query_check.h): pick the queries, run one search as deep as the largest
// bound, and rebuild a trace for each answer.
#include "properties/query_check.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/model_state_space.h"
#include "properties/query_observer.h"
#include "results/verdict_text.h"

namespace rulecheck::properties {
namespace {

// The levels a search that ended this way visited completely. A search stopped by a limit
// (states, memory, Ctrl-C) may have visited its last level only in part. (When --max-states
// cuts the next level to nothing, the last level is whole: one level too few is said then,
// which errs on the safe side.)
int LevelsDone(const explorer::ExplorationStats& stats) {
  switch (stats.stop_reason) {
    case explorer::StopReason::kNone:
    case explorer::StopReason::kMaxDepth:
    case explorer::StopReason::kStoppedByObserver:
      return stats.levels;
    case explorer::StopReason::kMaxStates:
    case explorer::StopReason::kCancelled:
    case explorer::StopReason::kStoreFull:
      break;
  }
  return stats.levels - 1;
}

}  // namespace

absl::StatusOr<QueryRun> AnswerQueries(const model::Model& model, const QueryOptions& options) {
  std::vector<QueryTarget> targets;
  for (const ir::Query& query : model.program.queries) {
    if (!options.query.empty() && query.name != options.query) continue;
    targets.push_back({&query, static_cast<int>(options.within.value_or(query.within))});
  }
  if (!options.query.empty() && targets.empty()) {
    return absl::NotFoundError(results::NoQueryNamedSentence(model.program, options.query));
  }
  QueryRun run;
  if (targets.empty()) return run;

  explorer::ExploreOptions explore = options.explore;
  explore.max_depth = 0;
  for (const QueryTarget& target : targets) {
    explore.max_depth = std::max(explore.max_depth, target.within);
  }
  QueryObserver observer(model, targets, options.on_level);
  explorer::ExplorationObserver* observers[] = {&observer};
  const model::ModelStateSpace interpreted(model);
  const ir::StateSpace& space = options.space != nullptr ? *options.space : interpreted;
  const explorer::Exploration exploration = explorer::Explore(space, observers, explore);

  run.stats = exploration.stats();
  run.levels_done = LevelsDone(run.stats);
  run.answers = observer.Answers();
  for (QueryAnswer& answer : run.answers) {
    answer.exact = run.stats.complete || run.levels_done >= answer.within ||
                   (answer.found && answer.kind == ir::QueryKind::kReachable);
    if (answer.seconds < 0) answer.seconds = run.stats.seconds;
    if (answer.found) answer.trace = exploration.TraceTo(answer.depth, answer.pos);
  }
  return run;
}

}  // namespace rulecheck::properties
