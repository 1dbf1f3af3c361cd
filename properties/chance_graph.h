// Internal to properties/. The state graph of a finished search with who decides each step:
// for every state, a small tree over its successors whose inner nodes are a roll (chance,
// with the weights of its outcomes), a choice of one seat (an action instance, a `choose`
// or a `may` of a move made `by` that seat), a choice of the rules (moves with no `by`), or,
// where several seats could move, the draw of which seat moves. Its leaves are successor
// states. This is the game as a stochastic game, which properties/odds_values.h solves
// (docs/language.md#chance says why the tree has this shape).
//
// The tree of a state is rebuilt from the moves of its successors, in generator order: each
// successor records its action instance and every choice its body made, with a roll's
// weight, so successors that share a prefix of choices share the nodes of that prefix.
#ifndef RULECHECK_PROPERTIES_CHANCE_GRAPH_H_
#define RULECHECK_PROPERTIES_CHANCE_GRAPH_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/explorer.h"
#include "explorer/memory_budget.h"
#include "explorer/state_graph.h"
#include "ir/move.h"
#include "properties/policies.h"

namespace rulecheck::properties {

struct ChanceNode {
  enum class Kind : uint8_t {
    kLeaf,    // `first` is the successor's ordinal
    kChance,  // a roll: children weighted by `weight`
    kChoice,  // `owner` picks one child
    kSeats,   // several seats could move: which one does (docs/odds.md)
  };
  Kind kind = Kind::kLeaf;
  // kChoice: an index into ChanceGraph::owners (0: the rules); kLeaf: the successor's index
  // among its state's successors in generator order (its edge is graph.edge_start[s] + owner).
  uint32_t owner = 0;
  uint32_t first = 0;  // children: [first, first + count) of ChanceGraph::child
  uint32_t count = 0;
};

struct ChanceGraph {
  static constexpr uint32_t kNoTree = ~uint32_t{0};

  explorer::StateGraph graph;  // the plain edges (SCCs are computed on it)
  // The trees, charged to the exploration's memory budget (as `graph` is) while they live.
  explorer::ChargedVector<ChanceNode> nodes;
  explorer::ChargedVector<uint32_t> child;  // node indices
  explorer::ChargedVector<uint64_t>
      weight;                              // parallel to `child`: a kChance child's weight, else 1
  explorer::ChargedVector<uint32_t> root;  // per state: its tree, or kNoTree (an end)
  uint32_t initial = kNoTree;              // the tree over the initial states (`init`'s choices)
  std::vector<std::string> owners;         // owners[0] is the rules; then seats as traces name them
  // Per owner: whether a policy governs it. Its choices are then kChance nodes with even
  // weights over what the policy allows (docs/language.md#policies).
  std::vector<bool> governed;
  uint64_t seat_draw_states = 0;
  uint64_t conditioned_rolls = 0;
  uint64_t failed_moves = 0;
  uint64_t dead_states = 0;  // no move and not over (deadlocks): the odds count them as ends
  // Not over, with moves that all failed: with the failures left out, the odds count them as
  // ends too.
  uint64_t failed_ends = 0;
  // The first failed move (in the states' order), which the report names.
  std::optional<ir::StepFailure> first_failure;
  // The first failed move (in the states' order) that is one of the engine's limits, not an
  // error of the rules (ir::StepFailure::limit): its outcomes cannot be left out.
  std::optional<ir::StepFailure> limit_failure;
};

// Builds the chance graph of a complete exploration, whose state graph is made of the
// search's record of its edges when it kept one (explorer::ExploreOptions::record_edges).
// Errors: those of explorer::BuildStateGraph (Cancelled once `cancel`, may be null, is set;
// ResourceExhausted when the memory budget has no room for the graph), and ResourceExhausted
// when the budget has no room for the trees (charged before they grow). `policies` (may be
// null) are those the exploration's space follows (policy_state_space.h): the seats they
// govern choose evenly among what it allows. REQUIRES: exploration.stats().complete.
// Thread-compatible.
absl::StatusOr<ChanceGraph> BuildChanceGraph(explorer::Exploration& exploration, int threads,
                                             const std::atomic<bool>* cancel,
                                             const PolicySet* policies = nullptr);

// The trees of the states `wanted` picks (per ordinal of `graph`, which must have expanded
// them), over a state graph built elsewhere, for an analysis that needs who decides in a few
// states (properties/end_components.h). The result's `graph` is empty; `root` has an entry
// for every state of `graph` (kNoTree for the others and for ends); `initial` is kNoTree; no
// policies. Errors: Cancelled once `cancel` (may be null) is set; ResourceExhausted when the
// memory budget has no room for the trees. Thread-compatible.
absl::StatusOr<ChanceGraph> BuildChanceTrees(const explorer::Exploration& exploration,
                                             const explorer::StateGraph& graph,
                                             const std::vector<bool>& wanted,
                                             const std::atomic<bool>* cancel);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_CHANCE_GRAPH_H_
