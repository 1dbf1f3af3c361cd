// Find-or-put by linear probing, cache line first.
//
// Why this is safe without locks: a slot goes from empty to a key exactly once (by CAS) and
// never changes again, so a reader that sees a key in a slot sees it forever, and two threads
// putting the same key race on the same first empty slot of its probe sequence: one CAS
// wins, the loser re-reads the slot, finds the winner's key and returns it as found. Keys
// are never deleted, so a probe sequence never has holes behind a key.
#include "explorer/pair_table.h"

#include <algorithm>

#include "explorer/zeroed_pages.h"

namespace rulecheck::explorer {

PairTable::PairTable(uint64_t capacity) {
  const uint64_t size = std::max(kLineSlots, (capacity + kLineSlots - 1) / kLineSlots * kLineSlots);
  capacity_ = size;
  // Zeroed pages committed only when touched: no pass over gigabytes at start-up.
  mapped_bytes_ = (size + kLineSlots) * sizeof(uint64_t);
  slots_ = static_cast<uint64_t*>(MapZeroedPages(mapped_bytes_));
}

PairTable::~PairTable() { UnmapPages(slots_, mapped_bytes_); }

PairTable::Result PairTable::FindOrPut(uint64_t key, uint64_t hash) {
  if (key == ~uint64_t{0}) {
    bool was = all_ones_present_.exchange(true, std::memory_order_acq_rel);
    return {capacity_, !was};
  }
  const uint64_t stored = key + 1;
  const uint64_t home = HomeOf(hash);
  uint64_t line = home & ~(kLineSlots - 1);
  uint64_t offset = home & (kLineSlots - 1);
  for (uint64_t probed = 0; probed < kMaxProbeLines; ++probed) {
    for (uint64_t i = 0; i < kLineSlots; ++i) {
      uint64_t index = line + ((offset + i) & (kLineSlots - 1));
      std::atomic_ref<uint64_t> slot(slots_[index]);
      uint64_t seen = slot.load(std::memory_order_acquire);
      if (seen == stored) return {index, false};
      if (seen == 0) {
        if (slot.compare_exchange_strong(seen, stored, std::memory_order_acq_rel)) {
          return {index, true};
        }
        if (seen == stored) return {index, false};
        // Another key took the slot: keep probing.
      }
    }
    line = NextLine(line);
    offset = 0;
  }
  return {kFull, false};
}

uint64_t PairTable::Find(uint64_t key) const {
  if (key == ~uint64_t{0}) {
    return all_ones_present_.load(std::memory_order_acquire) ? capacity_ : kFull;
  }
  const uint64_t stored = key + 1;
  const uint64_t home = HomeOf(Hash(key));
  uint64_t line = home & ~(kLineSlots - 1);
  uint64_t offset = home & (kLineSlots - 1);
  for (uint64_t probed = 0; probed < kMaxProbeLines; ++probed) {
    for (uint64_t i = 0; i < kLineSlots; ++i) {
      uint64_t index = line + ((offset + i) & (kLineSlots - 1));
      uint64_t seen = std::atomic_ref<uint64_t>(slots_[index]).load(std::memory_order_acquire);
      if (seen == stored) return index;
      if (seen == 0) return kFull;  // keys are never deleted: the probe ends at a hole
    }
    line = NextLine(line);
    offset = 0;
  }
  return kFull;
}

}  // namespace rulecheck::explorer
