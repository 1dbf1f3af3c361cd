// Internal to properties/. Solving a chance graph (chance_graph.h) for one question and one
// play: the value in each state is fixed where the question decides it (a state where the
// probability's condition holds is 1; an end of the game is 0, or for an expectation the
// expression's value there), and elsewhere is the value of the state's tree, where a roll
// averages its outcomes by weight and a choice takes the mean (random play), the greatest or
// the least of its children, as the play says of its owner.
//
// Strongly connected components are solved from the end of the game backwards. When every
// component is one state whose tree is affine in its own value (no cycle but self-loops
// through chance or random choices), or several states where nothing is chosen but at random
// (solved by elimination, odds_elimination.h, while the numbers stay of a readable size),
// the answer is exact, in rationals. Otherwise the answer is an interval: a cycle where
// nothing is chosen but at random gets bounds from a solve of its equations in long double,
// proven against them (odds_certified.h); then value iteration runs from below (0, or those
// bounds) and from above (1, after fixing to 0 the states that cannot reach a positive value)
// at once, so that every answer it gives is an interval that holds
// the value (up to floating-point rounding), however far the iteration got; loops that a
// maximising choice can stay in for ever are deflated so that the upper bound comes down.
#ifndef RULECHECK_PROPERTIES_ODDS_VALUES_H_
#define RULECHECK_PROPERTIES_ODDS_VALUES_H_

#include <atomic>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/memory_budget.h"
#include "properties/chance_graph.h"
#include "results/odds.h"

namespace rulecheck::properties {

// The components of a chance graph's states, from the end of the game backwards: every edge
// leaves a component for one earlier in `order` or stays inside it.
struct OddsComponents {
  explorer::MemoryCharge charge;  // the arrays below, on the exploration's memory budget
  std::vector<uint32_t> start;    // component k is order[start[k] .. start[k + 1])
  std::vector<uint32_t> order;    // ordinals
  std::vector<bool> self_loop;    // per state
  std::vector<std::vector<uint32_t>> predecessors;  // per state: sources of its edges
};
// ResourceExhausted when `budget` (may be null: no limit) has no room for them.
absl::StatusOr<OddsComponents> FindOddsComponents(const ChanceGraph& g,
                                                  explorer::MemoryBudget* budget);

// One question: per state whether its value is fixed, and the fixed value (a probability's
// 0 or 1, an expectation's value at an end).
struct OddsQuestion {
  bool expect = false;
  std::vector<bool> fixed;
  std::vector<int64_t> value;
};

// The reason of an unknown value that had no room in the memory budget.
inline constexpr char kNoRoomReason[] = "store_full";

// The question's value under `play` (its seat is an index into g.owners for kBest).
// `precision` bounds value iteration's interval (for an expectation, in units of the spread
// of its values at the ends). Unknown once `cancel` is set; unknown with the reason
// kNoRoomReason when `budget` (may be null) has no room for the values, which are charged
// to it before they are allocated. `exact_too_large` (may be null) carries from one play of a
// question to the next that the exact values grew past what is worth computing (then the
// iteration answers at once): a play's numbers are of the size of any other's.
results::OddsValue SolveOdds(const ChanceGraph& g, const OddsComponents& components,
                             const OddsQuestion& question, results::OddsPlay::Kind play,
                             uint32_t seat, double precision, const std::atomic<bool>* cancel,
                             explorer::MemoryBudget* budget, bool* exact_too_large = nullptr);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_VALUES_H_
