// Find-or-put through the index, keys in arrival order (see flat_table.h).
#include "explorer/flat_table.h"

#include <algorithm>
#include <cstring>

#include "explorer/pair_table.h"
#include "explorer/zeroed_pages.h"

namespace rulecheck::explorer {
namespace {

// An index entry: the tag in the high half, id + 1 in the low half.
uint64_t Entry(uint32_t tag, uint64_t id) { return (uint64_t{tag} << 32) | (id + 1); }
uint32_t TagOf(uint64_t entry) { return static_cast<uint32_t>(entry >> 32); }
uint64_t IdOf(uint64_t entry) { return (entry & 0xffffffffu) - 1; }

}  // namespace

FlatTable::FlatTable(uint32_t words, uint64_t capacity)
    : words_(std::max<uint32_t>(words, 1)),
      capacity_(
          std::max(kLineEntries, (capacity + kLineEntries - 1) / kLineEntries * kLineEntries)),
      // Ids are stored in 32 bits (id + 1), as the search's level lists hold them.
      id_bound_(std::min<uint64_t>(IdBound(capacity_), uint64_t{0xffffffff} - 1)) {
  index_ = static_cast<uint64_t*>(MapZeroedPages(capacity_ * sizeof(uint64_t)));
  keys_ = static_cast<uint32_t*>(MapZeroedPages(id_bound_ * words_ * sizeof(uint32_t)));
}

FlatTable::~FlatTable() {
  UnmapPages(index_, capacity_ * sizeof(uint64_t));
  UnmapPages(keys_, id_bound_ * words_ * sizeof(uint32_t));
}

uint64_t FlatTable::Bytes(uint32_t words, uint64_t capacity) {
  capacity = std::max(kLineEntries, (capacity + kLineEntries - 1) / kLineEntries * kLineEntries);
  return capacity * sizeof(uint64_t) + IdBound(capacity) * words * sizeof(uint32_t);
}

uint64_t FlatTable::Hash(const uint32_t* key) const {
  // Each 64-bit chunk times its own odd constant, summed, then mixed: the products are
  // independent, so a state's hash costs about one mix, not one per chunk (it is taken twice
  // per successor: to prefetch its line, and to put it). Two keys collide before the mix only
  // if their chunks' differences cancel against random 64-bit constants.
  static constexpr uint64_t kOdd[8] = {
      0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL, 0xd6e8feb86659fd93ULL,
      0xa0761d6478bd642fULL, 0xe7037ed1a0b428dbULL, 0x8ebc6af09c88c6e3ULL, 0x589965cc75374cc3ULL};
  uint64_t sum = words_;
  uint32_t i = 0;
  for (; i + 1 < words_; i += 2) {
    sum += ((uint64_t{key[i]} << 32) | key[i + 1]) * kOdd[(i / 2) % 8];
    if (i / 2 % 8 == 7)
      sum = PairTable::Hash(sum);  // past 16 words the constants repeat: mix between
  }
  if (i < words_) sum += (uint64_t{key[i]} + 1) * kOdd[(i / 2) % 8];
  return PairTable::Hash(sum);
}

FlatTable::Result FlatTable::FindOrPut(const uint32_t* key, uint64_t hash) {
  uint64_t spare = kFull;  // the id this call took, until it is published
  const uint32_t tag = static_cast<uint32_t>(hash);
  Result result{kFull, false};
  Probe(hash, [&](uint64_t index) {
    std::atomic_ref<uint64_t> entry(index_[index]);
    uint64_t seen = entry.load(std::memory_order_acquire);
    if (seen == 0) {
      if (spare == kFull) {
        spare = next_id_.fetch_add(1, std::memory_order_relaxed);
        if (spare >= id_bound_) return true;  // no ids left: full
      }
      std::memcpy(keys_ + spare * words_, key, words_ * sizeof(uint32_t));
      if (entry.compare_exchange_strong(seen, Entry(tag, spare), std::memory_order_release,
                                        std::memory_order_acquire)) {
        result = {spare, true};
        return true;
      }
      // Another writer took the entry first: `seen` is now its entry. The id taken goes to
      // the next empty entry, or is left unused when this key is found.
    }
    if (TagOf(seen) == tag && Holds(IdOf(seen), key)) {
      result = {IdOf(seen), false};
      return true;
    }
    return false;
  });
  return result;
}

uint64_t FlatTable::Find(const uint32_t* key) const {
  const uint64_t hash = Hash(key);
  const uint32_t tag = static_cast<uint32_t>(hash);
  uint64_t id = kFull;
  Probe(hash, [&](uint64_t index) {
    const uint64_t seen = std::atomic_ref<uint64_t>(index_[index]).load(std::memory_order_acquire);
    if (seen == 0) return true;  // entries are never deleted: the probe ends at a hole
    if (TagOf(seen) == tag && Holds(IdOf(seen), key)) {
      id = IdOf(seen);
      return true;
    }
    return false;
  });
  return id;
}

}  // namespace rulecheck::explorer
