// Keeping the transitions of a search as it goes, for the analyses after it (internal to
// explorer/; ExploreOptions::record_edges turns it on).
//
// Why: the analyses that follow cycles (non-termination, reaction chains) need every edge of
// the state graph. Without a record they expand every state a second time (BuildStateGraph),
// which on the rulebook models costs as much as the search itself. The search knows each
// edge already: the id the store gives a successor.
//
// How: while a level is expanded, each worker appends the ids of a state's successors, in
// generator order, to its chunk's log (ChunkLog::edges); the per-state counts are the logs'
// successor counts. Once the next level is settled, every successor of the level has its
// ordinal (its position in canonical order over all levels), and AddLevel turns the level's
// ids into ordinals, state by state in canonical order. So the record is the same for any
// thread count, and ids never outlive the store they belong to: the store grows only between
// levels or when a level is done again, whose logs are then emptied.
//
// Memory: 4 bytes a store slot for the map from ids to ordinals, and 12 bytes an edge at most
// (a 4-byte id in a log, then a 4-byte ordinal, and 8 bytes a state for the offsets), all
// charged to the search's budget. A charge the budget refuses drops the record, which frees
// it, and the search goes on as if it had never been asked: the analyses then expand again.
#ifndef RULECHECK_EXPLORER_EDGE_RECORDER_H_
#define RULECHECK_EXPLORER_EDGE_RECORDER_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "explorer/explorer.h"
#include "explorer/level_task.h"
#include "explorer/memory_budget.h"

namespace rulecheck::explorer {

// Used from the level loop's thread, but for Drop and dropped, which workers call.
class EdgeRecorder {
 public:
  explicit EdgeRecorder(MemoryBudget* budget);

  // Whether the record is still kept (it is dropped for good once the budget refused it).
  bool dropped() const { return dropped_.load(std::memory_order_relaxed); }
  // Drops the record; its memory is freed by the next call from the level loop (or by
  // FreeIfDropped).
  void Drop() { dropped_.store(true, std::memory_order_relaxed); }
  // Frees a dropped record's memory, and `logs`' edges.
  void FreeIfDropped(std::vector<ChunkLog>& logs);

  // Gives the states of `level`, ids of a store with ids below `id_bound`, the ordinals from
  // `first` on.
  void Number(const std::vector<uint32_t>& level, uint64_t first, uint64_t id_bound);
  // Numbers every state of `levels` again, after the store was rebuilt with new ids below
  // `id_bound` (ordinals do not change).
  void Renumber(const std::vector<std::vector<uint32_t>>& levels, uint64_t id_bound);
  // Appends the edges of a fully expanded level from its chunk logs, in order, and empties
  // the logs' edges. REQUIRES: every successor they name is numbered.
  void AddLevel(std::vector<ChunkLog>& logs);

  // The record of a complete search (dropped: none); the map from ids is freed.
  std::optional<RecordedEdges> Finish();

 private:
  // Makes room for `n` items in `v`, geometrically; drops the record when refused.
  template <typename T>
  bool Reserve(ChargedVector<T>& v, size_t n);

  std::atomic<bool> dropped_{false};
  MemoryCharge map_charge_;
  std::vector<uint32_t> ordinal_of_id_;  // ~0: not numbered
  ChargedVector<uint64_t> edge_start_;   // per state whose edges are in, and one more
  ChargedVector<uint32_t> target_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_EDGE_RECORDER_H_
