// A concurrent find-or-put set of fixed-width keys of a few 32-bit words: the flat layout of
// the state store, for states too wide for one 64-bit PairTable key and narrow enough that
// sharing sub-trees (the tree layout) saves little.
//
// The keys live in one dense array, in order of arrival, and are found through an
// open-addressed index of 64-bit entries: a 32-bit tag of the key's hash and the key's id + 1
// (0 is an empty entry). A key's id is its place in the array. So:
//   - a Put is one probe of the index, which usually touches one cache line (eight entries to
//     a line), and, for a key already there, one read of the array;
//   - a Get is one read of the array;
//   - the memory a search touches is 8 bytes an index entry and the keys' own words: the
//     array grows from its start, so a small game touches little of it, and it holds no
//     empty slots and no padding.
// Compared with the tree layout, a put costs one or two cache misses instead of one per
// changed node, and the slot of a successor is known from its words alone, so it can be
// prefetched while the next successor is made; compared with a table of whole slots, it
// touches a third of the memory (every fresh page costs the kernel a clearing).
//
// Why it is safe without locks: a writer takes a fresh id (one atomic add), writes the key's
// words there, and only then publishes the entry with a release compare-and-swap on an empty
// index entry; a reader loads an entry with acquire before it reads the words behind it.
// Entries never change once set and are never deleted, so a probe ends at the first empty
// one. Two threads putting the same key race for the same first empty entry of its probe
// sequence: the loser reads the winner's entry, finds its key and returns it as found, and
// the id it took is left unused (so ids are unique, and consecutive but for such races).
#ifndef RULECHECK_EXPLORER_FLAT_TABLE_H_
#define RULECHECK_EXPLORER_FLAT_TABLE_H_

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "explorer/pair_table.h"

namespace rulecheck::explorer {

class FlatTable {
 public:
  static constexpr uint64_t kFull = ~uint64_t{0};  // returned id when the table is full

  struct Result {
    uint64_t id;    // the key's id, or kFull
    bool inserted;  // this call put the key
  };

  // A table with an index of `capacity` entries (rounded up to a multiple of 8) for keys of
  // `words` words (at least 1). It holds at most id_bound() keys. Allocation failure is
  // reported by ok() == false.
  FlatTable(uint32_t words, uint64_t capacity);
  ~FlatTable();
  FlatTable(const FlatTable&) = delete;
  FlatTable& operator=(const FlatTable&) = delete;

  // Finds the key at `key` (words() words) or puts it. Thread-safe. Returns id kFull when
  // there is no room: the ids are used up, or a probe found no empty entry within
  // kMaxProbeLines lines (existing keys are still found).
  Result FindOrPut(const uint32_t* key) { return FindOrPut(key, Hash(key)); }
  // The same, for a key whose Hash the caller has taken already.
  Result FindOrPut(const uint32_t* key, uint64_t hash);
  // The id of the key, or kFull when the table does not hold it. Thread-safe; a key put
  // concurrently may or may not be seen.
  uint64_t Find(const uint32_t* key) const;
  // Copies the key of id `id` to `out`. REQUIRES: id came from FindOrPut, in this thread or
  // before a synchronisation with the thread that got it.
  void Get(uint64_t id, uint32_t* out) const {
    const uint32_t* words = keys_ + id * words_;
    for (uint32_t i = 0; i < words_; ++i) out[i] = words[i];
  }

  // The hash a key is looked up by: its first index entry is HomeSlot(hash, capacity()).
  uint64_t Hash(const uint32_t* key) const;
  // Where the key of `id` is, and where the index starts (for callers that prefetch).
  const uint32_t* KeyAddress(uint64_t id) const { return keys_ + id * words_; }
  const uint64_t* IndexAddress() const { return index_; }

  bool ok() const { return index_ != nullptr && keys_ != nullptr; }
  uint32_t words() const { return words_; }
  uint64_t capacity() const { return capacity_; }
  // Every id is below this bound: the index may fill to 90%, as far as probing goes.
  uint64_t id_bound() const { return id_bound_; }
  // The bytes of the index and of the keys held (the array beyond them is not touched).
  uint64_t bytes() const {
    const uint64_t ids = std::min(next_id_.load(std::memory_order_relaxed), id_bound_);
    return capacity_ * sizeof(uint64_t) + ids * words_ * sizeof(uint32_t);
  }
  // The most bytes a table of `capacity` entries for keys of `words` words takes: its index
  // and the array's room for all its ids.
  static uint64_t Bytes(uint32_t words, uint64_t capacity);

 private:
  static constexpr uint64_t kLineEntries = 8;
  static constexpr uint64_t kMaxProbeLines = 1024;

  static uint64_t IdBound(uint64_t capacity) { return capacity - capacity / 10; }
  // The first entry a probe for a key of this hash looks at.
  uint64_t Home(uint64_t hash) const { return HomeSlot(hash, capacity_); }
  // Calls `visit(entry)` for each index entry a probe for a key of this hash looks at, in
  // order (its home entry's line first, then line by line), until it returns true.
  template <typename Visit>
  void Probe(uint64_t hash, const Visit& visit) const {
    const uint64_t home = Home(hash);
    uint64_t line = home & ~(kLineEntries - 1);
    uint64_t offset = home & (kLineEntries - 1);
    for (uint64_t probed = 0; probed < kMaxProbeLines; ++probed) {
      for (uint64_t i = 0; i < kLineEntries; ++i) {
        if (visit(line + ((offset + i) & (kLineEntries - 1)))) return;
      }
      line += kLineEntries;
      if (line == capacity_) line = 0;
      offset = 0;
    }
  }
  bool Holds(uint64_t id, const uint32_t* key) const {
    const uint32_t* words = keys_ + id * words_;
    for (uint32_t i = 0; i < words_; ++i) {
      if (words[i] != key[i]) return false;
    }
    return true;
  }

  uint32_t words_;
  uint64_t capacity_;  // index entries, a multiple of kLineEntries
  uint64_t id_bound_;
  uint64_t* index_ = nullptr;  // zeroed pages from mmap; accessed through atomic_ref
  uint32_t* keys_ = nullptr;   // id_bound_ keys of words_ words; pages touched as ids are used
  std::atomic<uint64_t> next_id_{0};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_FLAT_TABLE_H_
