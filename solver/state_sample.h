// A sample of reachable states from the explicit successor generator (internal to solver/),
// for the invariant candidates of a bound proof (bound_proof.h): the first states of a
// breadth-first search, which cover the shallow states evenly, then random plays from a fixed
// seed, which reach deep states a search of the same size never sees. The same model gives
// the same sample every run.
#ifndef RULECHECK_SOLVER_STATE_SAMPLE_H_
#define RULECHECK_SOLVER_STATE_SAMPLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "model/model.h"

namespace rulecheck::solver::internal {

struct SampleLimits {
  size_t bfs_states = 4000;  // distinct states of the breadth-first search
  size_t walks = 100;        // random plays, each from an initial state in turn
  size_t walk_length = 100;  // moves of each play at most
};

// Distinct reachable states (packed words), the search's first, then the plays'. `stop` is
// asked before each state is expanded; once it says so, or once `cancel` (may be null) stops
// an expansion part-way, the sample ends early. Empty when the model has no initial state.
// Not thread-safe in `stop` only.
std::vector<std::vector<uint32_t>> SampleStates(const model::Model& model,
                                                const SampleLimits& limits,
                                                const std::function<bool()>& stop,
                                                const std::atomic<bool>* cancel);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_STATE_SAMPLE_H_
