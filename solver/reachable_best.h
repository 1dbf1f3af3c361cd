// The best value of each maximize/minimize query over every reachable state, and the fewest
// moves to a state where each reachable query holds (internal to solver/).
//
// Where the fixed-bit pass's breadth-first search sees every reachable state (a rulebook's
// default preset, fixed_bits.h), it evaluates each maximize/minimize query's expression in
// each of them on the way. The largest (smallest) value bounds the answer at every depth:
// once the unrolling has reached it, no deeper state can do better, and the optimiser stops
// there, as it does at the expression's static bound (optimize.h). Z3 still finds the play
// that reaches it, at the fewest moves. A reachable query is answered the same way: no depth
// before the first where a listed state satisfies it needs a check, and where none does, it is
// unreachable at every depth (bmc.cc).
#ifndef RULECHECK_SOLVER_REACHABLE_BEST_H_
#define RULECHECK_SOLVER_REACHABLE_BEST_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/ir.h"
#include "model/successors.h"

namespace rulecheck::solver::internal {

// Not thread-safe; `program` must outlive it.
class ReachableBest {
 public:
  explicit ReachableBest(const ir::Program& program)
      : program_(program), best_(program.queries.size()), first_at_(program.queries.size()) {}

  // Evaluates every query's expression in `state`, reached in `depth` moves at the fewest (the
  // search is breadth-first); a model error there does not count (as in the bounded search).
  void Add(model::SuccessorGenerator& gen, const uint32_t* state, int depth);
  // The best value of query `query` (an index into the program's queries) over the states
  // added: the largest for maximize, the smallest for minimize; nullopt where none of them
  // gave a value, and for reachable queries.
  std::optional<int64_t> Best(size_t query) const { return best_[query]; }
  // For a reachable query: the fewest moves to a state added where it holds; nullopt where it
  // holds in none of them.
  std::optional<int> FirstAt(size_t query) const { return first_at_[query]; }
  size_t states() const { return states_; }

 private:
  const ir::Program& program_;
  std::vector<std::optional<int64_t>> best_;
  std::vector<std::optional<int>> first_at_;
  size_t states_ = 0;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_REACHABLE_BEST_H_
