// What stops the search, and why: the limits a level runs under and the flags that stop it
// part-way. Internal to explorer/.
//
// Workers check the limits after each chunk (and the store on every put); a limit that is
// reached stops the pool's batch, so no new chunk is claimed, and the chunks that ran are a
// prefix of the level. Then the level loop asks why and ends the level accordingly:
//   - cancelled (ExploreOptions::cancel) or store full: the search ends, keeping the
//     expansion of the chunks that finished;
//   - max-states: more new states than allowed were stored; the next level is cut to exactly
//     the states allowed, in canonical order;
//   - tables filling (not a stop): the store is rebuilt bigger and the level done again.
// Between levels, ExploreOptions::max_depth and the observers' ShouldStop end the search.
#ifndef RULECHECK_EXPLORER_SEARCH_LIMITS_H_
#define RULECHECK_EXPLORER_SEARCH_LIMITS_H_

#include <atomic>
#include <cstdint>
#include <span>

#include "explorer/explorer.h"
#include "explorer/worker_pool.h"

namespace rulecheck::explorer {

// The methods marked PARALLEL may be called from any worker while a batch runs; the others
// from the level loop's thread, with no batch running.
class SearchLimits {
 public:
  // Limits from `options`; stopping a batch stops `pool`'s. Both must outlive this object.
  SearchLimits(const ExploreOptions& options, WorkerPool& pool);

  // Starts a level after `settled` states were counted: how many new states it may add.
  void BeginLevel(uint64_t settled) {
    new_allowed_ = max_states_ == 0 ? ~uint64_t{0} : max_states_ - settled;
  }
  uint64_t new_allowed() const { return new_allowed_; }
  uint64_t max_states() const { return max_states_; }
  // Whether level `depth` is expanded: the level at ExploreOptions::max_depth is only visited.
  bool Expands(int depth) const { return max_depth_ < 0 || depth < max_depth_; }

  // PARALLEL. A state found no room in the store: a bigger store is built and the level
  // retried when `can_grow`, else the search ends.
  void StoreFull(bool can_grow) { Stop(can_grow ? retry_ : store_full_); }
  // PARALLEL. The store's tables are fuller than they should get: retry in a bigger store.
  void TablesFilling() { Stop(retry_); }
  // PARALLEL. After a chunk: stops the search when the cancel flag is set.
  void PollCancel() {
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) Stop(cancelled_);
  }
  // PARALLEL. After a chunk: the level has stored `new_states` new states so far.
  void CountNewStates(uint64_t new_states) {
    if (new_states > new_allowed_) Stop(max_reached_);
  }

  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  bool store_full() const { return store_full_.load(std::memory_order_relaxed); }
  bool max_reached() const { return max_reached_.load(std::memory_order_relaxed); }
  // Whether the level ran into tables that should grow, and wants to be done again.
  bool wants_retry() const { return retry_.load(std::memory_order_relaxed); }

  // Before a level is done again in a bigger store: its stops are void.
  void BeginRetry() {
    retry_.store(false, std::memory_order_relaxed);
    max_reached_.store(false, std::memory_order_relaxed);
  }
  // Outside a batch: the store or the memory budget has no room, or the initial states
  // exceed max-states.
  void SetStoreFull() { store_full_.store(true, std::memory_order_relaxed); }
  void SetMaxReached() { max_reached_.store(true, std::memory_order_relaxed); }
  // Outside a batch: the cancel flag was seen set (while the store was rebuilt).
  void SetCancelled() { cancelled_.store(true, std::memory_order_relaxed); }

  // Why the search stops before expanding level 0: it was cancelled (kCancelled, first), its
  // initial states exceeded max-states (kMaxStates) or the store (kStoreFull); else kNone.
  StopReason AtInitialLevel() const;
  // Why a level stopped part-way: kCancelled (first) or kStoreFull; else kNone.
  StopReason PartWay() const;
  // Why the search stops after a level that ran to its end (its events delivered): kMaxDepth
  // when it was not expanded, kStoppedByObserver when an observer asks, else kNone.
  static StopReason AfterLevel(bool expanded, std::span<ExplorationObserver* const> observers);

 private:
  void Stop(std::atomic<bool>& flag) {
    flag.store(true, std::memory_order_relaxed);
    pool_.RequestStop();
  }

  WorkerPool& pool_;
  const std::atomic<bool>* cancel_;
  uint64_t max_states_;
  int max_depth_;
  uint64_t new_allowed_ = 0;  // with max-states: new states the level may add
  std::atomic<bool> cancelled_{false};
  std::atomic<bool> store_full_{false};
  std::atomic<bool> max_reached_{false};
  std::atomic<bool> retry_{false};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_LIMITS_H_
