// One worker thread's part of the search (internal to explorer/): its own successor
// generator, its scratch trees, and counters the progress monitor reads.
#ifndef RULECHECK_EXPLORER_SEARCH_WORKER_H_
#define RULECHECK_EXPLORER_SEARCH_WORKER_H_

#include <atomic>
#include <cstdint>
#include <tuple>
#include <vector>

#include "explorer/search.h"
#include "explorer/tree_store.h"
#include "model/successors.h"

namespace rulecheck::explorer {

class Search::Worker final : public model::SuccessorSink {
 public:
  Worker(Search& search, int index);

  // Visits the states of `log`'s range of level `depth` and, with `expand`, expands them,
  // writing what it finds to `log`. Stops early (leaving log.expanded short) when the store
  // is full.
  void ProcessChunk(int depth, ChunkLog& log, bool expand);

  // Copies the states level[begin, end) and their links from one store to another, writing
  // their new ids into `level`. Returns false when `to` has no room.
  bool Rebuild(std::vector<uint32_t>& level, uint64_t begin, uint64_t end, const TreeStore& from,
               const ParentLinks& from_links, TreeStore& to, ParentLinks& to_links);
  // Zeroes the counters after the store was rebuilt (between levels only).
  void ResetCounters() {
    inserted_.store(0, std::memory_order_relaxed);
    nodes_.store(0, std::memory_order_relaxed);
  }

  void OnSuccessor(const uint32_t* state, const ir::Move& move) override;
  void OnFailure(const ir::StepFailure& failure) override;

  uint64_t inserted() const { return inserted_.load(std::memory_order_relaxed); }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  uint64_t terminal() const { return terminal_.load(std::memory_order_relaxed); }

 private:
  // Lets the observers visit the state in parent_ (unless `again`: a retried level visits a
  // state only once); returns whether it is terminal.
  bool Visit(int depth, uint64_t pos, StateId id, bool again);
  // Whether an event of this kind at this failure's location was logged in this chunk;
  // remembers it if not.
  bool SeenInChunk(SearchEvent::Kind kind, const ir::StepFailure& failure);
  // Interns the successors buffered by OnSuccessor, in the order they came.
  void InternSuccessors();

  Search& search_;
  int index_;
  model::SuccessorGenerator generator_;
  TreeStore::Tree parent_;  // the state being expanded
  TreeStore::Tree child_;   // the successor being interned
  // The successors of the state being expanded, back to back: interned together after the
  // generator is done, so that their table accesses can be prefetched first.
  std::vector<uint32_t> batch_;
  uint32_t batched_ = 0;
  ChunkLog* log_ = nullptr;
  uint64_t pos_ = 0;
  int depth_ = 0;
  StateId id_ = kNoState;
  uint32_t successors_ = 0;
  uint32_t failures_ = 0;
  bool full_ = false;
  std::vector<std::tuple<SearchEvent::Kind, int, int>> seen_;
  // Written by this worker only; read by the monitor and between levels.
  alignas(64) std::atomic<uint64_t> inserted_{0};
  std::atomic<uint64_t> nodes_{0};
  std::atomic<uint64_t> terminal_{0};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_WORKER_H_
