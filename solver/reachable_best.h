// The best value of each maximize/minimize query over every reachable state, and the fewest
// moves to a state where each reachable query holds (internal to solver/).
//
// Where the fixed-bit pass's breadth-first search sees every reachable state (a rulebook's
// default preset, fixed_bits.h), it evaluates each maximize/minimize query's expression in
// each of them on the way. The largest (smallest) value bounds the answer at every depth:
// once the unrolling has reached it, no deeper state can do better, and the optimiser stops
// there, as it does at the expression's static bound (optimize.h). The search also keeps the
// fewest moves to each better value it meets, so that for a query `within N` it knows the
// answer and the depth of its shortest play, and Z3 need only find that play. A reachable query is
// answered the same way: no depth before the first where a listed state satisfies it needs a check,
// and where none does, it is unreachable at every depth (bmc.cc).
#ifndef RULECHECK_SOLVER_REACHABLE_BEST_H_
#define RULECHECK_SOLVER_REACHABLE_BEST_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/ir.h"
#include "model/successors.h"

namespace rulecheck::solver::internal {

// A value of a maximize/minimize query's expression, and the fewest moves to a state with it.
struct ListedValue {
  int depth = 0;
  int64_t value = 0;
};

// The best listed value of a query within `within` moves, from the values `records` keeps (each
// better than the one before it, found at the fewest moves, depths ascending): the last whose
// depth is at most `within`; nullopt when there is none.
std::optional<ListedValue> BestWithin(const std::vector<ListedValue>& records, int within);

// Not thread-safe; `program` must outlive it.
class ReachableBest {
 public:
  explicit ReachableBest(const ir::Program& program)
      : program_(program), records_(program.queries.size()), first_at_(program.queries.size()) {}

  // Evaluates every query's expression in `state`, reached in `depth` moves at the fewest (the
  // search is breadth-first); a model error there does not count (as in the bounded search).
  void Add(model::SuccessorGenerator& gen, const uint32_t* state, int depth);
  // The best value of query `query` (an index into the program's queries) over the states
  // added: the largest for maximize, the smallest for minimize; nullopt where none of them
  // gave a value, and for reachable queries.
  std::optional<int64_t> Best(size_t query) const {
    if (records_[query].empty()) return std::nullopt;
    return records_[query].back().value;
  }
  // For a maximize/minimize query: each value better than every one before it, with the fewest
  // moves to it, in the order found (depths ascending, the last the best).
  const std::vector<ListedValue>& Records(size_t query) const { return records_[query]; }
  // For a reachable query: the fewest moves to a state added where it holds; nullopt where it
  // holds in none of them.
  std::optional<int> FirstAt(size_t query) const { return first_at_[query]; }
  size_t states() const { return states_; }

 private:
  const ir::Program& program_;
  std::vector<std::vector<ListedValue>> records_;
  std::vector<std::optional<int>> first_at_;
  size_t states_ = 0;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_REACHABLE_BEST_H_
