// One worker thread's part of the search (internal to explorer/): its own expander, its
// scratch trees and successor batch, and its slot of the search's counters. It is given a
// LevelTask per run of a level (level_task.h) and reads nothing else of the search.
#ifndef RULECHECK_EXPLORER_SEARCH_WORKER_H_
#define RULECHECK_EXPLORER_SEARCH_WORKER_H_

#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

#include "explorer/level_task.h"
#include "explorer/search_counters.h"
#include "explorer/state_store.h"
#include "explorer/successor_batch.h"
#include "ir/state_space.h"

namespace rulecheck::explorer {

// Used by one thread at a time (the pool's worker `index`).
class SearchWorker final : public ir::SuccessorSink {
 public:
  // Worker `index` of the pool, expanding states of `words` words with `expander`, batching
  // at most `batch_bytes` of successors, and counting in `counters` (which must outlive it).
  SearchWorker(int index, std::unique_ptr<ir::Expander> expander, uint32_t words,
               size_t batch_bytes, SearchCounters::Slot& counters);

  // Visits the states of `log`'s range of the task's level and, when the task expands, expands
  // them, writing what it finds to `log`. Stops early (leaving log.expanded short) when the
  // store is full. Then checks the task's limits and the store's growth.
  void ProcessChunk(const LevelTask& task, ChunkLog& log);

  // The expander's successors of the state being expanded.
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override;
  void OnFailure(const ir::StepFailure& failure) override;

 private:
  // Lets the observers visit the state in parent_ (unless `again`: a retried level visits a
  // state only once); returns whether it is terminal.
  bool Visit(uint64_t pos, StateId id, bool again);
  // Whether an event of this kind at this failure's location was logged in this chunk;
  // remembers it if not.
  bool SeenInChunk(SearchEvent::Kind kind, const ir::StepFailure& failure);
  // Interns the successors batched by OnSuccessor, in the order they came, offering each the
  // state it came from (its tag) as its parent.
  void InternSuccessors();
  // Ends the chunk part-way (the store or the budget had no room, or the search was
  // cancelled) with the states before `pos` expanded, or fewer: those before the first whose
  // successors were not all stored. The caller has set the limit that stops the search.
  void EndChunkEarly(uint64_t pos);
  // After a chunk: the limits, and whether the store should grow.
  void CheckLimits();
  // Notes a push to the chunk's log that the memory budget refused; returns `pushed`.
  bool Log(bool pushed);

  int index_;
  std::unique_ptr<ir::Expander> expander_;
  SearchCounters::Slot& counters_;
  StateStore::Tree parent_;  // the state being expanded
  SuccessorBatch batch_;     // its successors
  const LevelTask* task_ = nullptr;
  ChunkLog* log_ = nullptr;
  uint64_t pos_ = 0;
  StateId id_ = kNoState;
  uint32_t successors_ = 0;
  uint32_t failures_ = 0;
  // How many successors are batched, from any number of small states, before they are
  // stored: enough to overlap their cache misses, few enough to stay in the cache.
  static constexpr uint32_t kGroupSuccessors = 64;
  // The store (or the budget) had no room for a successor; batch_.stopped_tag() is then the
  // position of the state it came from.
  bool full_ = false;
  bool out_of_memory_ = false;  // the budget had no room for the chunk's log
  std::vector<std::tuple<SearchEvent::Kind, int, int>> seen_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_WORKER_H_
