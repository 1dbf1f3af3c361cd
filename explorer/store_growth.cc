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
// Node ids must fit in 32 bits to pair two of them into one 64-bit key.
constexpr uint64_t kMaxNodes = uint64_t{1} << 31;
// The store grows only while it leaves room for the rest of the search's memory, which grows
// with the states as the store does: the level lists (4 bytes a state) and the chunk logs of
// a level (8 bytes a new state the level reaches, and levels hold a fraction of the states),
// counted per root slot; and a small share of the budget (1/kWorkingShare) for the rest.
constexpr uint64_t kWorkingPerRoot = 6;
constexpr uint64_t kWorkingShare = 32;

// The smallest power-of-two table that holds `n` keys within its target load.
uint64_t Capacity(uint64_t n) {
  uint64_t p = 8;
  while (static_cast<double>(n) > TargetLoad(p) * static_cast<double>(p)) p *= 2;
  return p;
}

}  // namespace

StoreGrowth::StoreGrowth(uint32_t words, MemoryBudget& budget) : words_(words), budget_(budget) {}

uint64_t StoreGrowth::Bytes(uint64_t roots, uint64_t nodes) const {
  // As PairTable maps them (a line of slack each), and a 32-bit link per root slot.
  const uint64_t table = (roots + 8) * TreeStore::kSlotBytes + (roots + 1) * sizeof(uint32_t);
  return TreeStore::HasNodes(words_) ? table + (nodes + 8) * TreeStore::kSlotBytes : table;
}

uint64_t StoreGrowth::Spare() const {
  // A share of the budget is kept from the store for the level lists and the chunk logs
  // of the levels to come, which grow with the states as the store does.
  const uint64_t working = budget_.limit() / kWorkingShare;
  const uint64_t available = budget_.available();
  return available > working ? available - working : 0;
}

std::unique_ptr<TreeStore> StoreGrowth::FirstStore(MemoryCharge& charge) const {
  uint64_t roots = kInitialRoots;
  // A budget too small for the usual first store gets the biggest that fits.
  while (roots > 8 && Bytes(roots, 2 * roots) > budget_.available()) roots /= 2;
  const uint64_t nodes = TreeStore::HasNodes(words_) ? 2 * roots : 0;
  if (!charge.Add(Bytes(roots, nodes))) return nullptr;
  return std::make_unique<TreeStore>(words_, roots, nodes);
}

std::unique_ptr<TreeStore> StoreGrowth::Bigger(const TreeStore& store, Room room, uint64_t extra,
                                               MemoryCharge& charge, Why why) const {
  const bool has_nodes = TreeStore::HasNodes(words_);
  const uint64_t old_roots = store.root_capacity();
  const uint64_t old_nodes = store.node_capacity();
  uint64_t roots = std::max(Capacity(room.roots), old_roots);
  uint64_t nodes = has_nodes ? std::clamp(Capacity(room.nodes), old_nodes, kMaxNodes) : 0;
  // What a store may cost: its bytes, and the level lists and logs its states will need.
  const uint64_t spare = Spare();
  const uint64_t room_bytes = spare > extra ? spare - extra : 0;
  auto cost = [&](uint64_t r, uint64_t n) { return Bytes(r, n) + kWorkingPerRoot * r; };
  // The rebuild needs the old tables and the new ones at once, so growing by doubling would
  // end at a table that fills at most about 2/3 of the budget. When the store asked for
  // could not grow again after this (by a quarter, once the old tables are freed), this is
  // its last growth.
  const bool last = 9 * cost(roots, nodes) / 4 > room_bytes + cost(old_roots, old_nodes);
  if (why == Why::kForecast && (last || cost(roots, nodes) > room_bytes)) {
    // A forecast may be far off (a level's growth is a guess): the last growth waits until
    // the tables do fill, and then takes what they need.
    return nullptr;
  }
  if (why == Why::kFilled && (last || cost(roots, nodes) > room_bytes)) {
    // The last growth takes all the room there is: the same shape, scaled, in whole lines.
    const double scale = static_cast<double>(room_bytes) / static_cast<double>(cost(roots, nodes));
    roots = std::max(old_roots, static_cast<uint64_t>(static_cast<double>(roots) * scale) / 8 * 8);
    if (has_nodes) {
      nodes = std::clamp(static_cast<uint64_t>(static_cast<double>(nodes) * scale) / 8 * 8,
                         old_nodes, kMaxNodes);
    }
    while (cost(roots, nodes) > room_bytes && roots > old_roots) {
      roots = std::max(old_roots, roots - std::max<uint64_t>(8, roots / 64) / 8 * 8);
    }
    while (cost(roots, nodes) > room_bytes && nodes > old_nodes) {
      nodes = std::max(old_nodes, nodes - std::max<uint64_t>(8, nodes / 64) / 8 * 8);
    }
  }
  // A growth by less than a quarter is not worth a rebuild of every state.
  const bool worth =
      why == Why::kFresh || 4 * roots >= 5 * old_roots || (has_nodes && 4 * nodes >= 5 * old_nodes);
  if (!worth || cost(roots, nodes) > room_bytes || !charge.Add(Bytes(roots, nodes) + extra)) {
    if (why == Why::kFilled) stopped_.store(true, std::memory_order_relaxed);
    return nullptr;
  }
  auto bigger = std::make_unique<TreeStore>(words_, roots, nodes);
  if (!bigger->ok()) {
    stopped_.store(true, std::memory_order_relaxed);
    return nullptr;
  }
  return bigger;
}

bool StoreGrowth::RootsCanGrow(const TreeStore& store) const {
  const uint64_t roots = store.root_capacity(), nodes = store.node_capacity();
  return Bytes(roots + roots / 4, nodes) + kWorkingPerRoot * (roots + roots / 4) <= Spare();
}

bool StoreGrowth::NodesCanGrow(const TreeStore& store) const {
  const uint64_t roots = store.root_capacity(), nodes = store.node_capacity();
  return TreeStore::HasNodes(words_) && nodes < kMaxNodes &&
         Bytes(roots, nodes + nodes / 4) + kWorkingPerRoot * roots <= Spare();
}

bool StoreGrowth::CanGrow(const TreeStore& store) const {
  if (stopped_.load(std::memory_order_relaxed)) return false;
  return RootsCanGrow(store) || NodesCanGrow(store);
}

bool StoreGrowth::NeedsGrowth(const TreeStore& store, uint64_t states, uint64_t nodes) const {
  if (stopped_.load(std::memory_order_relaxed)) return false;
  const uint64_t root_slots = store.root_capacity();
  const uint64_t node_slots = store.node_capacity();
  const bool roots_full =
      static_cast<double>(states) > TargetLoad(root_slots) * static_cast<double>(root_slots);
  const bool nodes_full =
      TreeStore::HasNodes(words_) &&
      static_cast<double>(nodes) > TargetLoad(node_slots) * static_cast<double>(node_slots);
  return (roots_full && RootsCanGrow(store)) || (nodes_full && NodesCanGrow(store));
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
  if (stopped_.load(std::memory_order_relaxed)) return std::nullopt;
  if ((roots > TargetLoad(root_slots) * static_cast<double>(root_slots) && RootsCanGrow(store)) ||
      (all_nodes > TargetLoad(node_slots) * static_cast<double>(node_slots) &&
       NodesCanGrow(store))) {
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

PutOutcome CopyStates(std::vector<std::vector<uint32_t>>& levels, const TreeStore& from,
                      const ParentLinks& from_links, TreeStore& to, ParentLinks& to_links,
                      WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters,
                      const std::atomic<bool>* cancel) {
  return PutStates(levels, to, to_links, pool, sharing, counters, cancel,
                   [&](size_t d, uint64_t pos, TreeStore::Tree& tree) {
                     from.Get(levels[d][pos], tree);
                     return from_links.Raw(levels[d][pos]);
                   });
}

}  // namespace rulecheck::explorer
