// Where each invariant first fails among listed states (internal to solver/).
//
// Where the fixed-bit pass's breadth-first search sees every reachable state (a rulebook's
// default preset, fixed_bits.h), it evaluates each invariant in each of them on the way. That
// settles `prove` at once, as an explicit-state checker settles it: an invariant that holds in
// every listed state holds at every depth, and one that fails does so first at the level of
// the first state where it fails, the fewest moves any violation takes (the search lists each
// state at the depth it is first reached). Induction is then needed only where the states are
// too many to list.
#ifndef RULECHECK_SOLVER_LISTED_INVARIANTS_H_
#define RULECHECK_SOLVER_LISTED_INVARIANTS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/ir.h"
#include "model/successors.h"

namespace rulecheck::solver::internal {

// Not thread-safe; `program` must outlive it.
class ListedInvariants {
 public:
  explicit ListedInvariants(const ir::Program& program)
      : program_(program),
        fails_at_(program.invariants.size()),
        undecided_(program.invariants.size(), false) {}

  // Evaluates every invariant in `state`, first reached in `depth` moves.
  void Add(model::SuccessorGenerator& gen, const uint32_t* state, int depth);
  // Whether invariant `i` of the program hit a model error in some state added. The listing
  // then leaves it to the induction, which has its own word on it: the explicit engine's step
  // budget (model/evaluator.h) can cut short an evaluation that Z3's translation completes.
  bool undecided(size_t i) const { return undecided_[i]; }
  // The least depth of a state added where invariant `i` is false, or nullopt.
  std::optional<int> fails_at(size_t i) const { return fails_at_[i]; }

 private:
  const ir::Program& program_;
  std::vector<std::optional<int>> fails_at_;
  std::vector<bool> undecided_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_LISTED_INVARIANTS_H_
