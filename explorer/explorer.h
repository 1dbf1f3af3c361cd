// The front door of the explorer stage: parallel, level-synchronous breadth-first search over
// a game's packed states, given as a StateSpace (explorer/state_space.h).
//
// `Explore` visits every state reachable from the initial states, level by level (all states
// at depth d before any at depth d + 1). Worker threads take chunks of the current level,
// expand them, and intern the successors in a shared hash-consed StateStore; a successor seen
// for the first time goes on the next level. Every level is put in a canonical order (by the
// position of the first parent that reached a state, then by the successor's index), which
// does not depend on the thread count or timing, so the states, the findings and their
// shortest traces are the same for 1 thread or N.
//
// The explorer knows no property by name. Checks plug in as ExplorationObservers: a parallel
// hook sees every state once (to evaluate invariants), and after each level the rare events of
// the expansion (failed moves, dead states) are delivered in canonical order from one thread.
//
//   model::ModelStateSpace space(model);  // model/model_state_space.h
//   Exploration exploration = Explore(space, observers, {.threads = 2});
//   if (exploration.stats().complete) ...
//   results::Trace trace = exploration.TraceTo(depth, pos);
#ifndef RULECHECK_EXPLORER_EXPLORER_H_
#define RULECHECK_EXPLORER_EXPLORER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "explorer/memory_budget.h"
#include "explorer/progress.h"
#include "explorer/search_snapshot.h"
#include "explorer/snapshot_bytes.h"
#include "ir/move.h"
#include "ir/state_space.h"
#include "results/trace.h"

namespace rulecheck::explorer {

class StateStore;
class ParentLinks;

// Names one stored state: its slot in the store's root table, or its place in a flat store's
// array. Stable for the store's life.
using StateId = uint64_t;
inline constexpr StateId kNoState = ~StateId{0};

// One snapshot written (or not) by a search with checkpoints.
struct CheckpointWrite {
  std::string path;
  absl::Status status;  // why it was not written, when it was not
  int depth = 0;        // the level it starts at (complete: the last level)
  bool complete = false;
  uint64_t states = 0;  // states it holds
  double seconds = 0;   // the time writing took
};

// Where and when a search writes snapshots of itself (search_snapshot.h), so that a killed
// search can be resumed (ResumeExplore). Snapshots are written at the start of a level when
// `every_seconds` have passed since the last one (0: at every level), when a stop (the cancel
// flag, a full store) ends a level part-way (the snapshot then holds the search as it was at
// that level's start), and when the search completes.
struct CheckpointOptions {
  std::string path;  // the snapshot file; empty: no checkpoints
  double every_seconds = 600;
  SnapshotIdentity identity;
  // When set, called from the calling thread after each attempt to write a snapshot.
  std::function<void(const CheckpointWrite&)> on_write{};
};

struct ExploreOptions {
  // Worker threads; 0: one per core.
  int threads = 1;
  // The memory budget (memory_budget.h): bytes for everything the search allocates that grows
  // with the model (the state store, parent links, level lists, the logs of a level, the
  // workers' successor batches) and, after it, the transition graph; 0: DefaultMemoryBudget().
  // When it is used up the search stops (incomplete, kStoreFull).
  uint64_t memory_bytes = 0;
  // Stop (incomplete) rather than count more than this many states; 0: no limit. A model with
  // exactly `max_states` states still completes. The states kept are the first `max_states`
  // in canonical order, so a stopped search is deterministic too.
  uint64_t max_states = 0;
  // When >= 0, the states at this depth are visited but not expanded, and the search ends
  // there (incomplete, kMaxDepth, unless it ran out of states before). -1: no limit.
  int max_depth = -1;
  // When not null, polled between chunks; once true the search stops (incomplete).
  const std::atomic<bool>* cancel = nullptr;
  // When set, called about every `progress_interval` seconds from a monitor thread.
  std::function<void(const Progress&)> progress{};
  double progress_interval = 1.0;
  // Snapshots of the search; every observer must support them (snapshots()), or none is
  // written and on_write says why.
  CheckpointOptions checkpoint{};
  // Keep every transition as the search goes (about 12 bytes an edge, charged to the
  // budget), for the analyses that need the whole state graph after a complete search
  // (Exploration::TakeRecordedEdges), so that they need not expand every state again. When
  // the budget has no room for the record, or the search resumes from a snapshot, there is no
  // record; the search itself is the same either way.
  bool record_edges = false;
};

enum class StopReason {
  kNone,               // the search ran to the end: complete
  kMaxStates,          // ExploreOptions::max_states was reached
  kCancelled,          // the cancel flag was set
  kStoppedByObserver,  // an observer's ShouldStop() returned true
  kStoreFull,          // the memory budget had no room for another state or the search's data
  kMaxDepth,           // ExploreOptions::max_depth was reached (its level was visited)
};

// "none", "max_states", "cancelled", "stopped_by_observer", "store_full", "max_depth".
std::string_view StopReasonName(StopReason reason);

// A state as the search sees it: `pos` is its index in its level's canonical order, so
// (depth, pos) names it, and orders states, the same way in every run. The id is valid
// during the call only: when the store grows, states get new ids.
struct StateRef {
  StateId id = kNoState;
  int depth = 0;
  uint64_t pos = 0;
  const uint32_t* words = nullptr;  // valid during the call only; may be null
  int worker = 0;                   // the calling worker, 0 <= worker < Begin's `workers`
};

// Receives the search's events. Default: ignore everything.
class ExplorationObserver {
 public:
  virtual ~ExplorationObserver() = default;

  // Before the search, from the calling thread: how many workers will call OnVisit.
  virtual void Begin(int /*workers*/) {}
  // PARALLEL: every state the search counts, exactly once, from any worker; `terminal` per
  // Expander::IsTerminal (for a model, its `terminal when`). Must be thread-safe across
  // distinct `state.worker`s.
  virtual void OnVisit(const StateRef& /*state*/, bool /*terminal*/) {}

  // Transitions, for analyses such as coverage. Asked once, before Begin: only when some
  // observer returns true does the search call OnTransition, and then moves carry their
  // Move::trail. The hot loop pays nothing otherwise.
  virtual bool wants_transitions() const { return false; }
  // PARALLEL: every successor (duplicates included) of every state the search expands, from
  // the expanding worker, and every initial state's `init` move (from.id kNoState, depth 0,
  // worker 0, delivered from the calling thread before level 0 is expanded). A level whose
  // expansion is redone (when the store grows) delivers its transitions again: see
  // OnExpansionRetry. Must be thread-safe across distinct `from.worker`s.
  virtual void OnTransition(const StateRef& /*from*/, const ir::Move& /*move*/) {}
  // From the calling thread, no worker running: every OnTransition from states of level
  // `depth` so far is void, as that level's expansion is about to be done again.
  virtual void OnExpansionRetry(int /*depth*/) {}

  // The rest come from one thread after each level, in canonical order, and only for states
  // whose expansion the search keeps (a limit may cut a level short).
  // A move from `from` failed (assert, model error, pending overflow); from.id is kNoState for
  // a failure in `init`. Only the first failure of each source location in a chunk of states
  // is delivered.
  virtual void OnStepFailure(const StateRef& /*from*/, const ir::StepFailure& /*failure*/) {}
  // Deciding whether the state is terminal hit an error (for a model, evaluating `terminal
  // when` hit a model error); the state counts as not terminal.
  virtual void OnTerminalError(const StateRef& /*state*/, const ir::StepFailure& /*failure*/) {}
  // A non-terminal state with no successors and no failed moves. `words` is null.
  virtual void OnDeadState(const StateRef& /*state*/) {}
  // After each level's events; true stops the search (incomplete, kStoppedByObserver).
  virtual bool ShouldStop() const { return false; }

  // Snapshots (search_snapshot.h). Whether this observer saves its state with SaveState and
  // reads it back with LoadState. The default is no, so that an observer that keeps state is
  // never silently left out of a snapshot: a search with checkpoints writes none while one
  // of its observers says no.
  virtual bool snapshots() const { return false; }
  // From the calling thread, no worker running: writes the observer's state as it was at the
  // start of level `depth`, i.e. after every event of the levels before it and before any
  // of its own. The search calls this at the start of a level, after a stop part-way
  // through level `depth` (whose visits and transitions the observer has then partly seen,
  // and must leave out; its other events are not delivered yet), and with `depth` one past
  // the last level when the search is complete.
  virtual void SaveState(int /*depth*/, ByteWriter& /*out*/) const {}
  // From the calling thread, right after Begin, when the search resumes from a snapshot:
  // reads back what SaveState wrote (the reader fails on a short read; the search then
  // refuses the snapshot, as it does on an error).
  virtual absl::Status LoadState(ByteReader& /*in*/) { return absl::OkStatus(); }
};

struct ExplorationStats {
  bool complete = false;  // every reachable state was visited
  StopReason stop_reason = StopReason::kNone;
  uint64_t states = 0;           // distinct states counted (each visited by the observers)
  uint64_t transitions = 0;      // successors generated by expanded states, duplicates included
  uint64_t terminal_states = 0;  // counted states where `terminal when` holds
  int levels = 0;                // the greatest depth of a counted state (initial: 0)
  int whole_levels = 0;          // levels 0..whole_levels-1 were counted and visited in full
  double seconds = 0;            // wall-clock time of the search
  int threads = 1;               // workers used
  uint64_t max_states = 0;       // the limit the search ran with (0: none)
  uint64_t memory_budget = 0;    // bytes the search could use (ExploreOptions::memory_bytes)
  uint64_t store_bytes = 0;      // bytes of the state store's tables at the end
  bool flat_store = false;       // the store's layout at the end: flat, or by tree (state_store.h)
  uint64_t link_bytes = 0;       // bytes of parent links and level lists
};

// The transitions of a complete search that recorded them (ExploreOptions::record_edges).
// States are named by their ordinal, their position in the canonical order over all levels
// (level 0 first); the successors of state s are target[edge_start[s]] up to
// target[edge_start[s + 1]], in the order the expander gave them (failed moves do not count).
// Terminal states have none.
struct RecordedEdges {
  MemoryCharge charge;  // the arrays', against the search's budget: must not outlive it
  std::vector<uint64_t> edge_start;
  std::vector<uint32_t> target;
};

// The outcome of a search: statistics, the stored states, the levels and the parent links.
// Movable, not copyable. The StateSpace it was made from must outlive it. Const methods are
// thread-safe.
class Exploration {
 public:
  Exploration(Exploration&&) noexcept;
  Exploration& operator=(Exploration&&) noexcept;
  ~Exploration();

  const ExplorationStats& stats() const { return stats_; }
  // The state space the search explored.
  const ir::StateSpace& space() const { return *space_; }

  // A shortest trace from an initial state to the state at position `pos` of level `depth`:
  // the initial state first. The parent of each state is the first, in canonical order, of
  // the previous level that reaches it (no step of it is failed). REQUIRES: that state was
  // visited.
  results::Trace TraceTo(int depth, uint64_t pos) const;
  // The words of state `id`. REQUIRES: the search stored it.
  std::vector<uint32_t> StateWords(StateId id) const;
  // Whether the store holds a state with these words, and its id. Thread-safe.
  bool Find(const std::vector<uint32_t>& words, StateId& id) const;
  // Every state id is below this bound.
  uint64_t id_bound() const;
  // The counted states of level `depth`, in canonical order.
  const std::vector<uint32_t>& Level(int depth) const { return levels_[depth]; }
  int level_count() const { return static_cast<int>(levels_.size()); }
  // The account the search charged its memory to: what the exploration holds stays charged
  // while it lives, and the analyses after the search charge theirs to it too. Thread-safe.
  MemoryBudget& budget() const { return *budget_; }
  // The search's record of its transitions, moved out (see ExploreOptions::record_edges);
  // nothing when it kept none, or it was taken already.
  std::optional<RecordedEdges> TakeRecordedEdges() { return std::exchange(recorded_edges_, {}); }
  bool has_recorded_edges() const { return recorded_edges_.has_value(); }

 private:
  friend class Search;
  Exploration(const ir::StateSpace& space, std::shared_ptr<MemoryBudget> budget);

  const ir::StateSpace* space_;
  std::shared_ptr<MemoryBudget> budget_;  // before the charges: outlives them
  MemoryCharge store_charge_;             // store_ and links_
  MemoryCharge levels_charge_;            // levels_
  std::unique_ptr<StateStore> store_;
  std::unique_ptr<ParentLinks> links_;
  std::vector<std::vector<uint32_t>> levels_;  // state ids of each level, canonical order
  std::optional<RecordedEdges> recorded_edges_;
  ExplorationStats stats_;
};

// Explores `space`, calling the observers for each event. Never fails: limits make the result
// incomplete (see ExplorationStats::stop_reason). Thread-compatible. `space` must outlive the
// result.
Exploration Explore(const ir::StateSpace& space, std::span<ExplorationObserver* const> observers,
                    const ExploreOptions& options);

// Continues the search saved in `snapshot` (ReadSnapshot, of a search of the same space with
// observers of the same kinds in the same order), calling the observers for each event from
// the snapshot's level on; the result is the one Explore would have given, apart from
// times. `options` may differ from the saved search's in threads, memory, progress and
// checkpoints, not in its limits. The snapshot's bytes are freed once its states are stored.
// Errors (naming the snapshot's file): InvalidArgument when its sections do not fit the space
// or the observers; ResourceExhausted when the memory budget has no room for its states.
absl::StatusOr<Exploration> ResumeExplore(const ir::StateSpace& space,
                                          std::span<ExplorationObserver* const> observers,
                                          const ExploreOptions& options, Snapshot snapshot);

// Most of the memory this process may have: the least of the memory the machine has
// available (MemAvailable), the memory limit of its control group (cgroup v2 memory.max or
// v1 memory.limit_in_bytes) and its address-space limit (RLIMIT_AS, RLIMIT_DATA), less a
// margin for the rest of the process and the machine; at least 64 MiB.
uint64_t DefaultMemoryBudget();

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_EXPLORER_H_
