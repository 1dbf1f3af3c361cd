// For every state id, the position (in the previous level's canonical order) of the first
// parent that reached it: the link a shortest trace follows back, and the key that makes the
// search deterministic.
//
// While a level is expanded, several workers may reach the same new state from different
// parents; each offers its parent's position and the link keeps the smallest (a lock-free
// compare-and-swap minimum), so the result does not depend on which worker got there first.
// When the level is done, the links of its new states are settled: a flag bit marks them, and
// from then on a state whose link is settled is known to belong to an earlier level.
//
// One 32-bit word per id (ids are root-table slots), from zeroed pages that are committed
// only when touched. Positions must be below 2^31. Thread-safe.
#ifndef RULECHECK_EXPLORER_PARENT_LINKS_H_
#define RULECHECK_EXPLORER_PARENT_LINKS_H_

#include <atomic>
#include <cstdint>

namespace rulecheck::explorer {

class ParentLinks {
 public:
  static constexpr uint64_t kMaxPosition = (uint64_t{1} << 31) - 2;

  // Links for ids below `id_bound`. ok() is false when the memory could not be had.
  explicit ParentLinks(uint64_t id_bound);
  ~ParentLinks();
  ParentLinks(const ParentLinks&) = delete;
  ParentLinks& operator=(const ParentLinks&) = delete;

  bool ok() const { return links_ != nullptr; }
  uint64_t bytes() const { return bytes_; }

  // Whether `id` belongs to a level that is already settled.
  bool Settled(uint64_t id) const { return (Load(id) & kSettled) != 0; }
  // Offers `parent_pos` as the parent of `id`, a state found while expanding the current
  // level; keeps the smallest. Returns false when `id` is settled (an old state).
  bool Offer(uint64_t id, uint64_t parent_pos);
  // Whether `parent_pos` is the smallest offer for the unsettled `id`.
  bool IsBest(uint64_t id, uint64_t parent_pos) const { return Load(id) == parent_pos + 1; }
  // Hints the cache to fetch the link of `id`: a caller that knows its next few links
  // overlaps their misses.
  void Prefetch(uint64_t id) const { __builtin_prefetch(links_ + id); }
  // Settles `id` (idempotent).
  void Settle(uint64_t id) { Ref(id).fetch_or(kSettled, std::memory_order_relaxed); }
  // Settles `id` if `parent_pos` is its best offer and nobody settled it yet; true when this
  // call did. Exactly one of several calls with the best position succeeds.
  bool SettleIfBest(uint64_t id, uint64_t parent_pos);
  // The raw link of `id`, and setting it: for copying links when the store is rebuilt.
  uint32_t Raw(uint64_t id) const { return Load(id); }
  void SetRaw(uint64_t id, uint32_t raw) { Ref(id).store(raw, std::memory_order_relaxed); }
  // The parent position of a settled id that was reached from a parent.
  uint64_t ParentPos(uint64_t id) const { return (Load(id) & ~kSettled) - 1; }

 private:
  static constexpr uint32_t kSettled = uint32_t{1} << 31;

  std::atomic_ref<uint32_t> Ref(uint64_t id) const { return std::atomic_ref<uint32_t>(links_[id]); }
  uint32_t Load(uint64_t id) const { return Ref(id).load(std::memory_order_relaxed); }

  uint32_t* links_ = nullptr;  // 0: no offer yet; else parent position + 1, maybe | kSettled
  uint64_t bytes_ = 0;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_PARENT_LINKS_H_
