// A concurrent, lock-free find-or-put set of 64-bit keys: the building block of the
// tree-compressed state store.
//
// The table is one array of atomic 64-bit slots, allocated once from a size fixed up front and
// never resized or moved, so the index where a key lands is a stable id for it. A key is put
// with one compare-and-swap on an empty slot; readers never wait. Probing is linear, first
// within the 64-byte cache line of the home slot (8 slots), then line by line, so a lookup
// usually touches one line. Hashing mixes all 64 bits so that keys that differ in a few bits
// (neighbouring states) spread over the table. The capacity is any multiple of a line, not
// only a power of two, so that the store's last table can take what the memory budget has
// left: the home slot is the hash scaled to the capacity (a multiply and a shift).
//
// Slots hold key + 1, so that a zero slot is empty and the array can come straight from
// zeroed pages (no start-up pass over gigabytes); the one key whose successor wraps to zero
// (all ones) is kept in a dedicated extra slot at index `capacity()`; ids are therefore below
// capacity() + 1.
#ifndef RULECHECK_EXPLORER_PAIR_TABLE_H_
#define RULECHECK_EXPLORER_PAIR_TABLE_H_

#include <atomic>
#include <cstdint>

namespace rulecheck::explorer {

// The home slot of a key of hash `hash` in a table of `slots` slots: the hash's high bits
// scaled to the size (a multiply and a shift), so a table may have any size. PairTable and
// FlatTable probe from it, and so do the state store's prefetches.
inline uint64_t HomeSlot(uint64_t hash, uint64_t slots) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(hash) * slots) >> 64);
}

class PairTable {
 public:
  static constexpr uint64_t kFull = ~uint64_t{0};  // returned index when the table is full

  struct Result {
    uint64_t index;  // the key's slot, or kFull
    bool inserted;   // this call put the key
  };

  // A table of `capacity` slots, rounded up to a multiple of 8, at least 8.
  // Allocation failure is reported by ok() == false.
  explicit PairTable(uint64_t capacity);
  ~PairTable();
  PairTable(const PairTable&) = delete;
  PairTable& operator=(const PairTable&) = delete;

  // Finds `key` or puts it. Thread-safe and lock-free. Returns index kFull when the table has
  // no room for a new key (existing keys are still found). The table gives up once a probe
  // has visited `max_probe_lines` cache lines, which the caller reads as full: a table that
  // full is far past a useful load factor.
  Result FindOrPut(uint64_t key) { return FindOrPut(key, Hash(key)); }
  // The same, for a key whose Hash the caller has taken already.
  Result FindOrPut(uint64_t key, uint64_t hash);
  // The slot of `key`, or kFull when the table does not hold it. Thread-safe; a key put
  // concurrently may or may not be seen.
  uint64_t Find(uint64_t key) const;
  // The key stored at `index`. REQUIRES: index came from FindOrPut. Thread-safe.
  uint64_t Get(uint64_t index) const {
    if (index == capacity_) return ~uint64_t{0};
    return std::atomic_ref<uint64_t>(slots_[index]).load(std::memory_order_relaxed) - 1;
  }

  // Where the slots start, for callers that prefetch: slot `index` is the state of id
  // `index`, and a key's first slot is HomeSlot(Hash(key), capacity()).
  const uint64_t* SlotAddress() const { return slots_; }

  bool ok() const { return slots_ != nullptr; }
  uint64_t capacity() const { return capacity_; }
  uint64_t bytes() const { return (capacity_ + 1) * sizeof(uint64_t); }

  static uint64_t Hash(uint64_t key) {
    // A 64-bit finaliser (Stafford's mix 13): every input bit affects every output bit.
    key ^= key >> 30;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 27;
    key *= 0x94d049bb133111ebULL;
    key ^= key >> 31;
    return key;
  }

 private:
  static constexpr uint64_t kLineSlots = 8;
  static constexpr uint64_t kMaxProbeLines = 1024;

  // The first slot a probe for a key of this hash looks at.
  uint64_t HomeOf(uint64_t hash) const { return HomeSlot(hash, capacity_); }
  // The line after `line`, wrapping at the end.
  uint64_t NextLine(uint64_t line) const {
    line += kLineSlots;
    return line == capacity_ ? 0 : line;
  }

  uint64_t* slots_ = nullptr;  // zeroed pages from mmap; accessed through atomic_ref
  uint64_t mapped_bytes_ = 0;
  uint64_t capacity_;  // a multiple of kLineSlots
  std::atomic<bool> all_ones_present_{false};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_PAIR_TABLE_H_
