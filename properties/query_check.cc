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
  run.levels_done = run.stats.whole_levels - 1;
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
