// The observer behind AnswerQueries (query_check.h; internal to properties/): evaluates each
// query's expression in every visited state within the query's bound, and asks the search
// to stop once every query is settled.
//
// OnVisit runs on many workers at once. Each worker keeps its own best state per query (no
// lock, no shared cache line), and the workers' bests are merged afterwards by the same
// order: a better value wins, and among equal values the smaller (depth, position). That
// order is total, so the merge gives the canonical first state whatever the threads did.
#ifndef RULECHECK_PROPERTIES_QUERY_OBSERVER_H_
#define RULECHECK_PROPERTIES_QUERY_OBSERVER_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "model/successors.h"
#include "properties/query_check.h"

namespace rulecheck::properties {

// A query to answer and the bound it is answered within.
struct QueryTarget {
  const ir::Query* query = nullptr;
  int within = 0;
};

class QueryObserver final : public explorer::ExplorationObserver {
 public:
  // `model` and the targets' queries must outlive the observer. `on_level` may be empty.
  QueryObserver(const model::Model& model, std::vector<QueryTarget> targets,
                std::function<void(const QueryLevel&)> on_level);
  ~QueryObserver() override;

  void Begin(int workers) override;
  // PARALLEL: thread-safe across distinct `state.worker`s.
  void OnVisit(const explorer::StateRef& state, bool terminal) override;
  // After each level (workers idle): notes which queries the level settled and when, reports
  // the level, and stops the search once the level just visited is as deep as any unsettled
  // query needs. (The search's one hook after each level: so it records, although const.)
  bool ShouldStop() const override;

  // The answers so far, merged over the workers: name, kind, within, found, value, depth,
  // pos, errors, first_error, and seconds when settled, else -1 (not exact, no trace). Call
  // only while no worker runs.
  std::vector<QueryAnswer> Answers() const;

 private:
  // One query's best state, or its first model error, as one worker saw it.
  struct Best {
    bool found = false;
    int64_t value = 0;
    int depth = 0;
    uint64_t pos = 0;
  };
  struct Worker;

  // Whether `value` at (depth, pos) beats `best` for target `index`.
  bool Beats(size_t index, int64_t value, int depth, uint64_t pos, const Best& best) const;
  // The deepest level target `index` needs: its bound, or where a reachable query held.
  int NeededDepth(size_t index) const;

  const model::Model& model_;
  std::vector<QueryTarget> targets_;
  std::function<void(const QueryLevel&)> on_level_;
  std::vector<std::unique_ptr<Worker>> workers_;
  // Per target: the smallest depth where a reachable query held (a large number until then);
  // deeper states need not evaluate it.
  std::unique_ptr<std::atomic<int>[]> settled_depth_;
  std::chrono::steady_clock::time_point start_;
  // Per target: when ShouldStop saw it settled (-1: not yet).
  mutable std::vector<double> settled_seconds_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_QUERY_OBSERVER_H_
