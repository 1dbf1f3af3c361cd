// Internal to properties/. Whether the choices can keep a play among a set of states for ever
// while the dice have their say: an end component (as in Markov decision processes) inside
// the set. In one, every choice (a seat's, the rules', which seat moves) can be made so as to
// stay, and every roll comes back into it whatever it shows. A cycle that is in none can be
// gone around again and again, but only because rolls come out so: each time, some outcome
// leads out whatever anyone chooses, so the play leaves with probability 1 (docs/findings.md,
// reaction chains and non-termination that only chance repeats).
#ifndef RULECHECK_PROPERTIES_END_COMPONENTS_H_
#define RULECHECK_PROPERTIES_END_COMPONENTS_H_

#include <cstdint>
#include <vector>

#include "explorer/state_graph.h"
#include "properties/chance_graph.h"

namespace rulecheck::properties {

// The end components among a set of states: the states in one, ascending (none: the play
// leaves the set with probability 1 whatever anyone chooses), and for each of them the moves
// that stay, as indices among its successors (the state graph's edge order).
struct EndComponents {
  std::vector<explorer::Ordinal> states;
  std::vector<std::vector<uint32_t>> staying;  // parallel to `states`
};

// The end components among `states` (ordinals), given `trees` with a tree for every one of
// them (BuildChanceTrees); a state with no tree (an end) is in none. Policies' chance nodes
// count as rolls. Deterministic.
EndComponents FindEndComponents(const ChanceGraph& trees,
                                const std::vector<explorer::Ordinal>& states);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_END_COMPONENTS_H_
