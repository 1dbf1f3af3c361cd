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
// A limit can stop a level part-way (search_limits.h). Claimed chunks always finish, so the
// chunks that ran are a prefix of the level; for --max-states the next level is cut to
// exactly the states allowed, which keeps even a stopped search deterministic.
//
// The parts: the workers (search_worker.h) get a LevelTask (level_task.h) per run of a level;
// the store is sized and grown by StoreGrowth (store_growth.h); LevelSharing decides which
// batches the pool (worker_pool.h) shares; SearchLimits says what stops a level; the
// ProgressMonitor (progress_monitor.h) reports from its own thread; snapshots of the search
// for checkpoints are written and read back in search_checkpoint.cc. What is left here is
// the level loop.
#ifndef RULECHECK_EXPLORER_SEARCH_H_
#define RULECHECK_EXPLORER_SEARCH_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "explorer/edge_recorder.h"
#include "explorer/explorer.h"
#include "explorer/level_sharing.h"
#include "explorer/level_task.h"
#include "explorer/memory_budget.h"
#include "explorer/parent_links.h"
#include "explorer/progress_monitor.h"
#include "explorer/search_counters.h"
#include "explorer/search_limits.h"
#include "explorer/search_snapshot.h"
#include "explorer/search_worker.h"
#include "explorer/state_store.h"
#include "explorer/store_growth.h"
#include "explorer/worker_pool.h"
#include "ir/state_space.h"

namespace rulecheck::explorer {

// One search; Run once. The space and the observers must outlive it (and the space the
// Exploration it returns). Thread-compatible: the workers are its own.
class Search {
 public:
  Search(const ir::StateSpace& space, std::span<ExplorationObserver* const> observers,
         const ExploreOptions& options);
  ~Search();

  // Loads the search saved in `snapshot` (see ResumeExplore), calling the observers' Begin
  // and LoadState. Call at most once, before Run; Run then goes on from the snapshot's level.
  absl::Status Restore(const Snapshot& snapshot);

  Exploration Run();

 private:
  // The level loop's steps.
  // Builds level 0 from the initial states.
  void InitialLevel();
  // Makes room in the store for what level `depth` is expected to add.
  void PrepareLevel(int depth);
  // Visits (and with `expand`, expands) every state of level `depth` in chunks; when the
  // store's tables fill, grows them and does the level again.
  void ProcessLevel(int depth, bool expand);
  // Builds the next level from the chunk logs (positions below `cut`), in canonical order;
  // nothing when the memory budget has no room for it.
  std::optional<std::vector<uint32_t>> Finalize(uint64_t cut);
  // Delivers the events of states below `cut` and adds up their transitions.
  void Deliver(int depth, uint64_t cut);
  // With a record of the edges: numbers the states of `next`, the level after the one just
  // expanded (in full, when `expanded`), and records that level's edges.
  void RecordEdges(const std::vector<uint32_t>& next, bool expanded);
  // Drops the record of the edges when memory runs short (or it was dropped), and frees it.
  void DropEdgesIfShort();

  // Ending the search at a limit. After level `depth` (of `size` states) stopped part-way:
  // delivers what the finished chunks expanded and counts the states they visited.
  void StopPartWay(int depth, uint64_t size);
  // After level `depth` found more new states than max-states allows: keeps the first ones
  // allowed of `next`, visits them, and returns the depth of the last level counted.
  int StopAtMaxStates(int depth, std::vector<uint32_t> next);
  // Visits states of level `depth` that ProcessLevel did not reach (after a stop).
  void VisitRest(int depth);
  // The position up to which level `depth`'s expansion is kept, given how the chunks ended.
  uint64_t ExpandedPrefix() const;
  // The search's statistics and result, ending at level `depth`.
  // `whole_levels`: see ExplorationStats.
  Exploration Finish(int depth, StopReason reason, int whole_levels);

  // What the workers get for one run of level `depth`.
  LevelTask Task(int depth, bool expand);
  // How a Grow ended.
  enum class Grown { kYes, kNoRoom, kCancelled };
  // Rebuilds the store bigger, with room for `room` (asked for `why`), from every settled
  // state. Unless kYes the store stays as it was.
  Grown Grow(StoreGrowth::Room room, StoreGrowth::Why why);
  // Makes `store`, `links` (both charged to `charge`) and `levels` (ids in `store`) the
  // search's, holding `states` states and the nodes the workers' counter slots say; clears
  // the slots. False when the budget has no room for the level lists.
  bool Adopt(std::unique_ptr<StateStore> store, std::unique_ptr<ParentLinks> links,
             MemoryCharge charge, std::vector<std::vector<uint32_t>> levels, uint64_t states);
  // Charges the level lists as they are now (a decrease always succeeds).
  bool ChargeLevels();
  // Makes logs_ `count` logs (their array charged to the budget); false when the budget had
  // no room for the array (the logs are made all the same: the level is then not expanded).
  bool ResizeLogs(uint64_t count);

  // Checkpoints (search_checkpoint.cc).
  bool checkpointing() const { return !options_.checkpoint.path.empty(); }
  // Whether a snapshot is due at the start of level `depth`.
  bool CheckpointDue(int depth) const;
  // Writes the snapshot of the search at the start of level `depth` (levels 0..depth, the
  // last not visited yet), or with `complete`, of the finished search whose last level is
  // `depth`; tells options_.checkpoint.on_write how it went.
  void WriteCheckpoint(int depth, bool complete);
  // Writes the snapshot's body to `writer` (sized by BodyBytes).
  void WriteBody(SnapshotWriter& writer, int depth, bool complete,
                 const std::vector<std::string>& observer_states);
  uint64_t BodyBytes(int depth, const std::vector<std::string>& observer_states) const;
  // Puts the snapshot's states into a store big enough for them.
  absl::Status RestoreStates(const Snapshot& snapshot,
                             const std::vector<std::string_view>& level_bytes, uint64_t nodes_hint);

  const ir::StateSpace& space_;
  std::span<ExplorationObserver* const> observers_;
  // The observers that want OnTransition (see ExplorationObserver::wants_transitions).
  std::vector<ExplorationObserver*> transition_observers_;
  ExploreOptions options_;  // threads and memory filled in
  std::shared_ptr<MemoryBudget> budget_;
  Exploration result_;
  StateStore* store_ = nullptr;  // result_'s, replaced when the store grows
  ParentLinks* links_ = nullptr;
  std::unique_ptr<WorkerPool> pool_;
  LevelSharing sharing_;
  StoreGrowth store_growth_;
  SearchCounters counters_;
  SearchLimits limits_;
  ProgressGauges gauges_;
  ProgressMonitor monitor_;
  std::vector<std::unique_ptr<SearchWorker>> workers_;
  std::unique_ptr<EdgeRecorder> edges_;  // with ExploreOptions::record_edges
  std::vector<ChunkLog> logs_;           // of the level being processed
  MemoryCharge logs_charge_;             // logs_'s own array
  MemoryCharge scratch_charge_;          // the workers' successor batches
  uint64_t chunk_size_ = 1;
  double level_growth_ = 4;  // the last level's size over the one before it
  uint64_t counted_ = 0;     // states in the settled levels
  std::chrono::steady_clock::time_point start_;
  // Checkpoints and resuming.
  bool restored_ = false;              // Restore loaded a snapshot
  bool restored_complete_ = false;     // of a finished search
  int first_depth_ = 0;                // the level this run starts at
  int written_depth_ = -1;             // the level the last snapshot this run wrote starts at
  uint64_t level_start_terminal_ = 0;  // counters_.terminal() when the level began
  double seconds_before_ = 0;          // the search's time before the snapshot it resumed
  std::chrono::steady_clock::time_point last_checkpoint_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_H_
