// Better values near a witness (internal to solver/), for the optimiser (optimize.h), and
// for a `reachable` query the play that meets its condition (bmc.cc: the condition's value is
// 0 or 1, and a search from an initial state lists the first depth it holds at).
//
// At each depth the optimiser asks Z3 for a value better than the best so far. When Z3 finds
// one, the model is a whole play, and on a game with many deals (Monster Mutators' full card
// pool has 4.3 million) each such check is a search for both a deal and its play: several
// seconds apiece, while the check that nothing better exists is often cheaper. The explicit
// engine can do the local part of that search quickly: from the last state of the play Z3
// found, a breadth-first search of the successor generator lists the states a few moves on,
// and for each depth keeps the best value of the query's expression and the play that reaches
// it. The optimiser starts each depth from the value found there, so Z3 is asked only for
// something better still, and often answers unsat at once. Every value kept is reached by a
// real play of the explicit engine, which the trace replay checks again.
#ifndef RULECHECK_SOLVER_NEARBY_VALUES_H_
#define RULECHECK_SOLVER_NEARBY_VALUES_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::solver::internal {

// Not thread-safe; `model` and `query` must outlive it.
class NearbyValues {
 public:
  // Values are kept in objective terms: bigger is better (objective.h, as the optimiser keeps
  // them). `cancel` (may be null), once set, stops a search part-way through a state's moves.
  NearbyValues(const model::Model& model, const ir::Query& query, bool maximize, int within,
               const std::atomic<bool>* cancel);

  // The states one search listed, each with the index of the state it was reached from (-1 for
  // the state it started from), after the play that led to that state. Shared by the values
  // found in it, whose plays are read off on demand: a search down a long chain finds a value
  // at every depth, and a copy of each one's play cost time and memory quadratic in the depth
  // (a counter stepping to 100,000 took 14 s for its first 12,000 depths).
  struct SearchTree {
    std::vector<std::vector<uint32_t>> prefix;
    std::vector<std::vector<uint32_t>> states;
    std::vector<int64_t> parent;
  };
  // A value found `play().size() - 1` moves deep.
  struct Found {
    int64_t objective = 0;
    std::shared_ptr<const SearchTree> tree;
    size_t node = 0;
    // Its play (S_0, an initial state, first).
    std::vector<std::vector<uint32_t>> play() const;
  };

  // Searches breadth-first from each state of `play` (S_0 first), the last first, up to
  // `max_states` states in all (but kLeastShare from each, where `max_states` allows it) and no
  // deeper than `within` moves in all; asks `stop` before each state it expands. A state
  // searched from before is not searched from again. States whose expression is a model error
  // do not count, as in the bounded search.
  void SearchFrom(const std::vector<std::vector<uint32_t>>& play, size_t max_states,
                  const std::function<bool()>& stop);
  static constexpr size_t kLeastShare = 500;

  // The best value found in a state exactly `depth` moves deep, or null.
  const Found* At(int depth) const;
  // The states listed by every search so far.
  size_t listed() const { return listed_; }

 private:
  // The search from state `end` of `play` alone (the play up to it leads there).
  void SearchFromEnd(const std::vector<std::vector<uint32_t>>& play, size_t end, size_t max_states,
                     const std::function<bool()>& stop);
  std::optional<int64_t> Objective(const uint32_t* state);

  const model::Model& model_;
  const ir::Query& query_;
  const bool maximize_;
  const int within_;
  model::SuccessorGenerator gen_;
  std::vector<std::optional<Found>> best_;  // by depth
  absl::flat_hash_set<std::vector<uint32_t>> searched_;
  size_t listed_ = 0;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_NEARBY_VALUES_H_
