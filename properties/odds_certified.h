// Internal to properties/. Proven bounds on the values of one strongly connected component of a
// chance graph where nothing is chosen but at random, for when the exact elimination
// (odds_elimination.h) gives up because its rationals grow too long: a long biased random
// walk, a large grid, Pig's turns; and of one where choices are made but cannot keep the play
// in the component for ever, under the choices policy iteration finds. Value iteration alone needs
// about as many sweeps as a play takes steps to leave such a component (hundreds of thousands on a
// walk of 5,000), so it could not get there in reasonable time.
//
// The component's equations x = A x + b are solved in long double by sparse elimination, with
// b from the lower bounds of the states outside it (giving x_lo) and from the upper ones
// (x_hi). Then L = x_lo - z and U = x_hi + z' are checked against the equations themselves,
// evaluated on the states' trees: L <= A L + b_lo and U >= A U + b_hi, each by a margin larger
// than the evaluation's own rounding. Every state of the component can leave it, so (I - A)
// has a nonnegative inverse, and the two checks prove L <= x <= U for the true values x. The
// offsets z solve (I - A) z = s for a slack s per state a little larger than the residual of
// x and the rounding there, which is what makes the checks pass: A (x - z) + b - (x - z) is
// the residual plus s. As the slack follows each state's own size, a chance of 1e-59 comes
// out to about ten digits, not to within 1e-18 of 0. Where a check fails, nothing is changed
// and the caller's iteration answers as before.
#ifndef RULECHECK_PROPERTIES_ODDS_CERTIFIED_H_
#define RULECHECK_PROPERTIES_ODDS_CERTIFIED_H_

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "explorer/memory_budget.h"
#include "properties/chance_graph.h"
#include "results/odds.h"

namespace rulecheck::properties {

enum class Certified {
  kDone,       // lo and hi of the open states hold proven bounds
  kNotRandom,  // a choice in the component is not taken at random under the play
  kTooLarge,   // the elimination would fill in more than its work or memory allows
  kNotProven,  // the checks failed (rounding larger than the margins)
  kCancelled,
};

// Bounds for the states `open` (a component's states whose value is neither fixed nor known
// to be 0, each of which can reach a state outside `open`) into `lo` and `hi`, per state,
// values normalised to [0, 1]. A leaf to a state not in `open` is read from `lo` and `hi`,
// which must bound it. A choice that is not taken at random under `play` is solved by policy
// iteration where `stopping` says that no choices can keep the play within `open` for ever
// (then the equations have one solution, so a vector below its right side is below the
// values), from the middle of `lo` and `hi` as they are; without `stopping` such a choice
// gives kNotRandom. Untouched unless kDone. The elimination's memory is charged to `budget`
// (may be null) while it runs; `cancel` may be null.
Certified CertifyComponent(const ChanceGraph& g, std::span<const uint32_t> open,
                           results::OddsPlay::Kind play, uint32_t seat, bool stopping,
                           std::vector<double>& lo, std::vector<double>& hi,
                           explorer::MemoryBudget* budget, const std::atomic<bool>* cancel);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_CERTIFIED_H_
