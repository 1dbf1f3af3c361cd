// The store's sizing policy and its rebuild (see store_growth.h).
#include "explorer/store_growth.h"

#include <algorithm>
#include <atomic>

namespace rulecheck::explorer {
namespace {

// The load a table may reach while the store can still grow; past it a level is retried in a
// bigger store. Small tables are kept sparse, for short probes; big ones dense, because then
// memory is what limits the search (and a linear probe that starts in its cache line stays
// cheap up to about 90%). At the budget's limit they fill up further, as far as probing goes.
constexpr double kSparseLoad = 0.5;
constexpr double kDenseLoad = 0.9;
constexpr uint64_t kDenseSlots = uint64_t{1} << 24;
double TargetLoad(uint64_t slots) { return slots >= kDenseSlots ? kDenseLoad : kSparseLoad; }
// The first tables: small, so that a small game touches little memory.
constexpr uint64_t kInitialRoots = uint64_t{1} << 16;
// Growing rebuilds the store from every state found so far, which costs about as much as
// finding them did (hanoi with 12 discs took twice as long with doubling from 2^14 slots as
// with tables big enough from the start). So while tables are small they grow to eight
// times what the next level needs, up to kHeadroomSlots root slots (32 MiB, and twice that
// in nodes: touched only where states land); beyond, they double as they fill.
constexpr double kHeadroom = 8.0;
constexpr uint64_t kHeadroomSlots = uint64_t{1} << 22;

// The largest power of two not above n (at least 8).
uint64_t FloorPow2(uint64_t n) {
  uint64_t p = 8;
  while (p * 2 <= n) p *= 2;
  return p;
}

// The smallest power-of-two table that holds `n` keys within its target load.
uint64_t Capacity(uint64_t n) {
  uint64_t p = 8;
  while (static_cast<double>(n) > TargetLoad(p) * static_cast<double>(p)) p *= 2;
  return p;
}

}  // namespace

StoreGrowth::StoreGrowth(uint32_t words, uint64_t memory_bytes) : words_(words) {
  // Per root slot: 8 bytes of slot, 4 of parent link, 4 of level list; with more than two
  // words, two node slots (16 bytes) more.
  if (TreeStore::HasNodes(words_)) {
    max_roots_ = FloorPow2(memory_bytes / 32);
    max_nodes_ = std::min(2 * max_roots_, uint64_t{1} << 31);
  } else {
    max_roots_ = FloorPow2(memory_bytes / 16);
  }
}

std::unique_ptr<TreeStore> StoreGrowth::FirstStore() const {
  const uint64_t roots = std::min(max_roots_, kInitialRoots);
  return std::make_unique<TreeStore>(words_, roots, std::min(max_nodes_, 2 * roots));
}

std::unique_ptr<TreeStore> StoreGrowth::Bigger(const TreeStore& store, Room room) const {
  const uint64_t root_capacity = std::min(max_roots_, Capacity(room.roots));
  const uint64_t node_capacity = std::min(max_nodes_, Capacity(room.nodes));
  auto bigger = std::make_unique<TreeStore>(words_, std::max(root_capacity, store.root_capacity()),
                                            std::max(node_capacity, store.node_capacity()));
  if (!bigger->ok()) return nullptr;
  return bigger;
}

bool StoreGrowth::CanGrow(const TreeStore& store) const {
  return store.root_capacity() < max_roots_ || store.node_capacity() < max_nodes_;
}

bool StoreGrowth::NeedsGrowth(const TreeStore& store, uint64_t states, uint64_t nodes) const {
  const uint64_t root_slots = store.root_capacity();
  const uint64_t node_slots = store.node_capacity();
  return (root_slots<max_roots_&& static_cast<double>(states)> TargetLoad(root_slots) *
          static_cast<double>(root_slots)) ||
         (node_slots<max_nodes_&& static_cast<double>(nodes)> TargetLoad(node_slots) *
          static_cast<double>(node_slots));
}

std::optional<StoreGrowth::Room> StoreGrowth::RoomForLevel(const TreeStore& store,
                                                           uint64_t level_states, double growth,
                                                           uint64_t states, uint64_t nodes,
                                                           uint64_t settled) const {
  // The next level is guessed from the last growth, with a margin.
  const double next = static_cast<double>(level_states) * std::max(growth, 0.5) * 1.2;
  const double roots = static_cast<double>(states) + next;
  const double per_state =
      settled == 0 ? 4.0 : static_cast<double>(nodes) / static_cast<double>(settled);
  const double all_nodes = static_cast<double>(nodes) + next * per_state;
  const uint64_t root_slots = store.root_capacity();
  const uint64_t node_slots = store.node_capacity();
  if ((roots > TargetLoad(root_slots) * static_cast<double>(root_slots) &&
       root_slots < max_roots_) ||
      (all_nodes > TargetLoad(node_slots) * static_cast<double>(node_slots) &&
       node_slots < max_nodes_)) {
    const double headroom = std::clamp(
        static_cast<double>(kHeadroomSlots) * TargetLoad(kHeadroomSlots) / roots, 1.0, kHeadroom);
    return Room{static_cast<uint64_t>(roots * headroom),
                static_cast<uint64_t>(all_nodes * headroom)};
  }
  return std::nullopt;
}

StoreGrowth::Room StoreGrowth::RoomToRetry(const TreeStore& store, uint64_t states,
                                           uint64_t nodes) {
  return {2 * std::max(states, store.root_capacity() / 2),
          2 * std::max(nodes, store.node_capacity() / 2)};
}

StoreGrowth::Room StoreGrowth::RoomForInitialStates(const TreeStore& store) {
  return {4 * store.root_capacity(), 4 * store.node_capacity()};
}

bool CopyStates(std::vector<std::vector<uint32_t>>& levels, const TreeStore& from,
                const ParentLinks& from_links, TreeStore& to, ParentLinks& to_links,
                WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters) {
  return PutStates(levels, to, to_links, pool, sharing, counters,
                   [&](size_t d, uint64_t pos, TreeStore::Tree& tree) {
                     from.Get(levels[d][pos], tree);
                     return from_links.Raw(levels[d][pos]);
                   });
}

}  // namespace rulecheck::explorer
