// How full the state store is, counted as the workers go: states and nodes each worker put,
// and the terminal states it counted. Each worker counts in its own cache line, so counting
// shares nothing; the totals are summed when asked for (by the growth policy and the
// max-states limit after each chunk, by the monitor once a second, by the search between
// levels). Internal to explorer/.
#ifndef RULECHECK_EXPLORER_SEARCH_COUNTERS_H_
#define RULECHECK_EXPLORER_SEARCH_COUNTERS_H_

#include <atomic>
#include <cstdint>
#include <memory>

namespace rulecheck::explorer {

class SearchCounters {
 public:
  // One worker's counts. Written by that worker only (relaxed), read by anyone.
  struct alignas(64) Slot {
    std::atomic<uint64_t> inserted{0};  // states put since the last rebase
    std::atomic<uint64_t> nodes{0};     // internal nodes put since the last rebase
    std::atomic<uint64_t> terminal{0};  // terminal states visited, over the whole search
  };

  explicit SearchCounters(int workers)
      : workers_(workers), slots_(std::make_unique<Slot[]>(workers)) {}

  // REQUIRES: 0 <= worker < workers. The slot stays at its address for the counters' life.
  Slot& slot(int worker) { return slots_[worker]; }

  // States and nodes in the store: what it held at the last Rebase, plus every put since.
  // Thread-safe; exact only when no worker is putting.
  uint64_t inserted() const {
    return roots_base_.load(std::memory_order_relaxed) + Sum(&Slot::inserted);
  }
  uint64_t nodes() const { return nodes_base_.load(std::memory_order_relaxed) + Sum(&Slot::nodes); }
  uint64_t terminal() const { return Sum(&Slot::terminal); }
  // The nodes put since the slots were last cleared, without the base.
  uint64_t nodes_in_slots() const { return Sum(&Slot::nodes); }

  // Zeroes the per-worker counts of states and nodes (not of terminal states), before the
  // store is rebuilt. REQUIRES: no worker is putting.
  void ClearSlots() {
    for (int w = 0; w < workers_; ++w) {
      slots_[w].inserted.store(0, std::memory_order_relaxed);
      slots_[w].nodes.store(0, std::memory_order_relaxed);
    }
  }
  // The store now holds `roots` states and `nodes` nodes. REQUIRES: no worker is putting.
  void Rebase(uint64_t roots, uint64_t nodes) {
    roots_base_.store(roots, std::memory_order_relaxed);
    nodes_base_.store(nodes, std::memory_order_relaxed);
  }

 private:
  uint64_t Sum(std::atomic<uint64_t> Slot::*count) const {
    uint64_t total = 0;
    for (int w = 0; w < workers_; ++w) {
      total += (slots_[w].*count).load(std::memory_order_relaxed);
    }
    return total;
  }

  int workers_;
  std::unique_ptr<Slot[]> slots_;
  // Read by the monitor while the search sets them between levels.
  std::atomic<uint64_t> roots_base_{0};
  std::atomic<uint64_t> nodes_base_{0};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_COUNTERS_H_
