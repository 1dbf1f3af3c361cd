// The proof of a maximize/minimize bound by listing every reachable state (internal to
// solver/), tried by `solve --prove-optimal` before induction (bound_proof.h).
//
// Where the fixed-bit pass's breadth-first search saw every reachable state (fixed_bits.h),
// it also took each query's best value over them (reachable_best.h). That value settles the
// question at once, in both directions: when it is no better than the bounded answer, no
// state at any depth does better, and the answer is optimal for every depth; when it is
// better, some state deeper than the bound does better, and the bound holds only to the depth
// searched. This is how an explicit-state checker proves a bound; induction is needed only
// where the states are too many to list.
#ifndef RULECHECK_SOLVER_BOUND_BY_LISTING_H_
#define RULECHECK_SOLVER_BOUND_BY_LISTING_H_

#include <cstdint>
#include <optional>

#include "ir/ir.h"
#include "results/answer.h"
#include "solver/fixed_bits.h"

namespace rulecheck::solver::internal {

// The proof for `query`'s bounded answer `bound` (the best within `searched` moves), or
// nullopt where `facts` did not see every reachable state.
std::optional<results::BoundProof> BoundByListing(const ir::Program& program,
                                                  const StateFacts& facts, const ir::Query& query,
                                                  int64_t bound, int searched);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_BOUND_BY_LISTING_H_
