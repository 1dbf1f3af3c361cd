// The transition graph of a finished search, for the analyses that look at cycles and at
// what follows a state (reaction chains, non-termination, order dependence).
//
// Two ways to a graph. A search asked to (ExploreOptions::record_edges) keeps its edges as it
// goes, and StateGraphFromRecord makes the graph of them at no more cost. Otherwise (most
// checks never need edges, and then the hot loop should not pay for them) BuildStateGraph
// expands again (with the exploration's StateSpace) the states an analysis asks for and looks
// every successor up in the store: one more pass of successor generation over those states.
// Either way the graph is the same, at 4 bytes an edge and 8 a state.
// States are named by their ordinal: their position in the search's canonical order over
// all levels (level 0 first), which is the same for any thread count; an ordinal's (depth,
// position) gives its shortest trace (Exploration::TraceTo).
#ifndef RULECHECK_EXPLORER_STATE_GRAPH_H_
#define RULECHECK_EXPLORER_STATE_GRAPH_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/explorer.h"
#include "explorer/memory_budget.h"
#include "ir/state_space.h"

namespace rulecheck::explorer {

using Ordinal = uint32_t;

struct StateGraph {
  // The graph's arrays, charged to the exploration's memory budget while the graph lives.
  MemoryCharge charge;
  // level_start[d] is the ordinal of the first state of level d; the last entry is the count.
  std::vector<uint64_t> level_start;
  // The edges of state s are [edge_start[s], edge_start[s + 1]): `target` the successor's
  // ordinal, in generator order (failed moves do not count), so edge e of s leads to the
  // successor with index e - edge_start[s] (successor()). States the graph was not asked to
  // expand have no edges, and terminal states none.
  std::vector<uint64_t> edge_start;
  std::vector<Ordinal> target;
  std::vector<bool> expanded;  // per state: whether its edges were built
  std::vector<StateId> id;     // per state: its id in the exploration's store

  uint64_t states() const { return level_start.back(); }
  uint64_t edges() const { return target.size(); }
  // (depth, position in its level) of an ordinal.
  std::pair<int, uint64_t> Where(Ordinal state) const;
  // The state whose edge range holds edge `e`.
  Ordinal Source(uint64_t e) const;
  // The index among the successors of `source` of its edge `e`.
  uint32_t successor(Ordinal source, uint64_t e) const {
    return static_cast<uint32_t>(e - edge_start[source]);
  }
};

// Builds the edges of every state for which `expand(words)` is true (null: every state), on
// `threads` threads, expanding them with the exploration's StateSpace. `expand` must be
// thread-safe. REQUIRES:
// the exploration is complete (every successor is in the store). Deterministic: the graph does
// not depend on `threads`. Every array it builds is charged to the exploration's memory
// budget (Exploration::budget) before it is allocated, and the graph's stay charged while it
// lives. Errors: Cancelled once `cancel` (may be null) is set, within a few states;
// ResourceExhausted when the budget has no room for the graph (nothing is left allocated).
absl::StatusOr<StateGraph> BuildStateGraph(const Exploration& exploration,
                                           const std::function<bool(const uint32_t*)>& expand,
                                           int threads, const std::atomic<bool>* cancel);

// The graph BuildStateGraph(exploration, expand, ...) gives, made of the search's `record` of
// its edges (Exploration::TakeRecordedEdges) without expanding a state: the record's arrays
// become the graph's, and their charge with them. Errors: ResourceExhausted as
// BuildStateGraph's.
absl::StatusOr<StateGraph> StateGraphFromRecord(const Exploration& exploration,
                                                RecordedEdges record,
                                                const std::function<bool(const uint32_t*)>& expand);

// The graph of the states `expand` asks for: StateGraphFromRecord of the search's record
// when it kept one (which this takes out of `exploration`), else BuildStateGraph. Errors as
// theirs.
absl::StatusOr<StateGraph> TakeStateGraph(Exploration& exploration,
                                          const std::function<bool(const uint32_t*)>& expand,
                                          int threads, const std::atomic<bool>* cancel);

// The move and state of the `successor`-th successor of `words` in `space` (see
// StateGraph::successor). REQUIRES: it exists.
results::TraceStep StepTo(const ir::StateSpace& space, const std::vector<uint32_t>& words,
                          uint32_t successor);

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_STATE_GRAPH_H_
