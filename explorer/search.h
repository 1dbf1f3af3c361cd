// The parallel level-synchronous search behind Explore (internal to explorer/).
//
// One level at a time: the level's states are cut into chunks; workers claim chunks in order
// and, for each state, read it back from the store, let the observers visit it, and expand
// it, interning every successor and offering the state's position as the parent of each new
// one (ParentLinks keeps the smallest). Each chunk writes its own log: the new states it
// reached, its per-state successor counts, and its rare events (failed moves, dead states).
// When the level is done, the logs are read back in chunk order, which is canonical order:
// a new state goes on the next level from the log entry of its smallest parent, so the next
// level's order is the same whatever the threads did. Then the events are delivered to the
// observers from one thread.
//
// A limit can stop a level part-way. Claimed chunks always finish, so the chunks that ran are
// a prefix of the level; for --max-states the next level is cut to exactly the states
// allowed, which keeps even a stopped search deterministic.
#ifndef RULECHECK_EXPLORER_SEARCH_H_
#define RULECHECK_EXPLORER_SEARCH_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "explorer/explorer.h"
#include "explorer/parent_links.h"
#include "explorer/tree_store.h"
#include "explorer/worker_pool.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::explorer {

// A new state reached while expanding a level: its id and the position of the parent.
struct Discovery {
  uint32_t id;
  uint32_t parent_pos;
};

// A rare event met while visiting or expanding a state of the level.
struct SearchEvent {
  enum class Kind { kStepFailure, kTerminalError, kDead };
  Kind kind = Kind::kDead;
  uint64_t pos = 0;
  StateId id = kNoState;
  ir::StepFailure failure;
};

// What one chunk of a level produced.
struct ChunkLog {
  uint64_t begin = 0, end = 0;  // the chunk's positions in the level
  uint64_t visited = 0;         // states [begin, begin + visited) were visited
  uint64_t visited_before = 0;  // by an earlier attempt at the level (the store grew)
  uint64_t expanded = 0;        // states [begin, begin + expanded) were fully expanded
  std::vector<Discovery> found;
  std::vector<uint32_t> successors;  // per expanded state
  std::vector<SearchEvent> events;   // in position order
  std::vector<uint32_t> next;        // finalisation: the states this chunk adds to the next level
  void Reset(uint64_t b, uint64_t e);
};

class Search {
 public:
  Search(const model::Model& model, std::span<ExplorationObserver* const> observers,
         const ExploreOptions& options);
  ~Search();

  Exploration Run();

 private:
  class Worker;

  // The store grows between levels, by rebuilding it bigger: the tables are sized from the
  // states there are, not from the budget, so a small game touches little memory and a big
  // one packs its tables densely. Growth stops at the budget.
  bool CanGrow() const;
  // Whether the tables are fuller than the search lets them get while it can still grow.
  bool NeedsGrowth() const;
  // Sizes the tables for `roots` states and `nodes` nodes at the target load, and rebuilds
  // the store with every settled state. False when the memory could not be had.
  bool Grow(uint64_t roots, uint64_t nodes);
  // Makes room for the next level before expanding it, by the growth seen so far.
  void PrepareLevel(int depth);
  uint64_t NodesStored() const;

  // Builds level 0 from the model's initial states.
  void InitialLevel();
  // Visits (and with `expand`, expands) every state of level `depth` in chunks.
  void ProcessLevel(int depth, bool expand);
  // After a level ran: stops sharing small levels among the workers for a while when the
  // last one mostly waited for a preempted worker (a busy machine), and starts again later.
  void AdaptParallelLevel(int depth, uint64_t size, bool parallel);
  // Visits states of level `depth` that ProcessLevel did not reach (after a stop).
  void VisitRest(int depth);
  // The position up to which level `depth`'s expansion is kept, given how the chunks ended.
  uint64_t ExpandedPrefix() const;
  // Builds the next level from the chunk logs (positions below `cut`), in canonical order.
  std::vector<uint32_t> Finalize(uint64_t cut);
  // Delivers the events of states below `cut` and adds up their transitions.
  void Deliver(int depth, uint64_t cut);
  // States stored by all workers since the search began, and since the level began.
  uint64_t Inserted() const;
  uint64_t InsertedThisLevel() const { return Inserted() - inserted_base_; }
  // The progress monitor: a thread that calls options_.progress every interval.
  void StartMonitor();
  void StopMonitor();
  Progress Snapshot(double seconds) const;

  const model::Model& model_;
  std::span<ExplorationObserver* const> observers_;
  // The observers that want OnTransition (see ExplorationObserver::wants_transitions).
  std::vector<ExplorationObserver*> transition_observers_;
  ExploreOptions options_;
  Exploration result_;
  TreeStore* store_ = nullptr;
  ParentLinks* links_ = nullptr;
  uint32_t words_ = 1;
  uint64_t max_roots_ = 0;  // table capacities the budget allows
  uint64_t max_nodes_ = 0;
  // States and nodes in the store when it was last rebuilt; read by the monitor.
  std::atomic<uint64_t> roots_base_{0};
  std::atomic<uint64_t> nodes_base_{0};
  std::atomic<uint64_t> table_bytes_{0};  // of the store's tables and the parent links
  double growth_ = 4;        // the last level's size over the one before it
  std::atomic<bool> grow_{false};
  std::atomic<bool> growing_{false};  // Grow is rebuilding the store (for progress lines)
  std::unique_ptr<WorkerPool> pool_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<ChunkLog> logs_;
  uint64_t chunk_size_ = 1;
  uint64_t parallel_level_ = 1;  // levels at least this big are shared among the workers
  int share_again_at_ = 0;       // the depth from which small levels are shared again

  // Shared with the workers and the monitor.
  std::atomic<bool> cancelled_{false};
  std::atomic<bool> store_full_{false};
  std::atomic<bool> max_reached_{false};
  std::atomic<uint64_t> counted_{0};  // states in the settled levels
  uint64_t new_allowed_ = 0;          // with --max-states: new states the level may add
  uint64_t inserted_base_ = 0;        // Inserted() when the level began
  std::chrono::steady_clock::time_point start_;
  std::thread monitor_;
  std::mutex monitor_mutex_;
  std::condition_variable monitor_wake_;
  bool monitor_exit_ = false;
  std::atomic<int> level_{0};
  std::atomic<uint64_t> level_size_{0};
  std::atomic<uint64_t> states_done_{0};  // of the level, by finished chunks
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_H_
