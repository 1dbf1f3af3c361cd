// What a worker is given to process chunks of one level, and what it writes back: the
// contract between the level loop (search.h) and its workers (search_worker.h). Internal to
// explorer/.
//
// The level loop builds one LevelTask per run of a level (a retry after the store grew gets a
// new one, with the new store) and hands it to every worker with the chunk to do. Workers read
// the task and never the search itself; each writes only the ChunkLog of the chunk it claimed,
// plus the shared store, parent links, counters and limits, which are thread-safe.
#ifndef RULECHECK_EXPLORER_LEVEL_TASK_H_
#define RULECHECK_EXPLORER_LEVEL_TASK_H_

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "explorer/explorer.h"
#include "explorer/memory_budget.h"
#include "explorer/parent_links.h"
#include "explorer/search_counters.h"
#include "explorer/search_limits.h"
#include "explorer/state_store.h"
#include "explorer/store_growth.h"
#include "ir/move.h"

namespace rulecheck::explorer {

class EdgeRecorder;

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

// What one chunk of a level produced. Its buffers are charged to the search's memory budget:
// a push the budget has no room for fails, and the search then stops (memory is used up).
struct ChunkLog {
  explicit ChunkLog(MemoryBudget* budget)
      : found(budget), successors(budget), edges(budget), events(budget), next(budget) {}
  uint64_t begin = 0, end = 0;  // the chunk's positions in the level
  uint64_t visited = 0;         // states [begin, begin + visited) were visited
  uint64_t visited_before = 0;  // by an earlier attempt at the level (the store grew)
  uint64_t expanded = 0;        // states [begin, begin + expanded) were fully expanded
  ChargedVector<Discovery> found;
  ChargedVector<uint32_t> successors;  // per expanded state
  // With a record of the edges (edge_recorder.h): the ids of every successor of the expanded
  // states, in order (successors[i] of them for the i-th).
  ChargedVector<uint32_t> edges;
  ChargedVector<SearchEvent> events;  // in position order
  ChargedVector<uint32_t> next;       // finalisation: the states this chunk adds to the next level
  // Empties the log for the chunk [b, e), keeping its buffers' memory.
  void Reset(uint64_t b, uint64_t e);
};

// One run of one level, as the workers see it. Every pointer but `edges` is set, and all
// outlive the run.
struct LevelTask {
  int depth = 0;
  const std::vector<uint32_t>* states = nullptr;  // the level's ids, in canonical order
  bool expand = false;  // false: visit the states only (max depth, or after a stop)
  StateStore* store = nullptr;
  ParentLinks* links = nullptr;
  std::span<ExplorationObserver* const> observers{};
  // The observers that want OnTransition; when empty, moves carry no trail.
  std::span<ExplorationObserver* const> transition_observers{};
  // After each chunk of an expanded level: whether the tables should grow, and the limits.
  const StoreGrowth* growth = nullptr;
  SearchCounters* counters = nullptr;
  SearchLimits* limits = nullptr;
  uint64_t inserted_before = 0;                  // counters->inserted() when this run began
  std::atomic<uint64_t>* states_done = nullptr;  // add each finished chunk's size (progress)
  // Where the edges go (edge_recorder.h); null: they are not recorded.
  EdgeRecorder* edges = nullptr;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_LEVEL_TASK_H_
