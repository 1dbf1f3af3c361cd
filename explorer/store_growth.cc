// The store's sizing policy and its rebuild (see store_growth.h).
#include "explorer/store_growth.h"

#include <algorithm>
#include <atomic>

namespace rulecheck::explorer {
namespace {

using Layout = StateStore::Layout;

// The load a table may reach while the store can still grow; past it a level is retried in a
// bigger store. Small tables are kept sparse, for short probes; big ones dense, because then
// memory is what limits the search (and a linear probe that starts in its cache line stays
// cheap up to about 90%). A flat store stops at 80%, short of its ids' bound (90% of its
// index), and gives way to the tree layout when the memory runs short. At the budget's limit
// the tables fill up further, as far as probing goes.
constexpr double kSparseLoad = 0.5;
constexpr double kDenseLoad = 0.9;
constexpr double kDenseFlatLoad = 0.8;
constexpr uint64_t kDenseSlots = uint64_t{1} << 24;
double TargetLoad(Layout layout, uint64_t slots) {
  if (slots < kDenseSlots) return kSparseLoad;
  return layout == Layout::kFlat ? kDenseFlatLoad : kDenseLoad;
}
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

// The nodes `states` states of `words` words need in the tree layout when they share no
// sub-tree: every internal node but the root of every state.
uint64_t MostTreeNodes(uint32_t words, uint64_t states) {
  return words > 2 ? states * (words - 2) : 0;
}

// The smallest power-of-two table of this layout that holds `n` keys within its target load.
uint64_t Capacity(Layout layout, uint64_t n) {
  uint64_t p = 8;
  while (static_cast<double>(n) > TargetLoad(layout, p) * static_cast<double>(p)) p *= 2;
  return p;
}

}  // namespace

StoreGrowth::StoreGrowth(uint32_t words, MemoryBudget& budget) : words_(words), budget_(budget) {}

StoreGrowth::Tables StoreGrowth::TablesOf(const StateStore& store) {
  return {store.layout(), store.root_capacity(), store.node_capacity()};
}

uint64_t StoreGrowth::Bytes(Tables tables) const {
  const uint64_t links = (tables.roots + 1) * sizeof(uint32_t);  // a 32-bit link per root slot
  if (tables.layout == Layout::kFlat) return StateStore::FlatBytes(words_, tables.roots) + links;
  // As PairTable maps them (a line of slack each).
  const uint64_t table = (tables.roots + 8) * StateStore::kSlotBytes + links;
  return StateStore::HasNodes(words_, Layout::kTree)
             ? table + (tables.nodes + 8) * StateStore::kSlotBytes
             : table;
}

uint64_t StoreGrowth::Cost(Tables tables) const {
  return Bytes(tables) + kWorkingPerRoot * tables.roots;
}

uint64_t StoreGrowth::Spare() const {
  // A share of the budget is kept from the store for the level lists and the chunk logs
  // of the levels to come, which grow with the states as the store does.
  const uint64_t working = budget_.limit() / kWorkingShare;
  const uint64_t available = budget_.available();
  return available > working ? available - working : 0;
}

std::unique_ptr<StateStore> StoreGrowth::FirstStore(MemoryCharge& charge) const {
  const Layout layout = StateStore::FlatFits(words_) ? Layout::kFlat : Layout::kTree;
  const bool has_nodes = StateStore::HasNodes(words_, layout);
  Tables tables{layout, kInitialRoots, has_nodes ? 2 * kInitialRoots : 0};
  // A budget too small for the usual first store gets the biggest that fits.
  while (tables.roots > 8 && Bytes(tables) > budget_.available()) {
    tables.roots /= 2;
    tables.nodes /= 2;
  }
  if (!charge.Add(Bytes(tables))) return nullptr;
  return Make(tables);
}

std::unique_ptr<StateStore> StoreGrowth::Make(Tables tables) const {
  if (tables.layout == Layout::kFlat) {
    return std::make_unique<StateStore>(words_, tables.roots, Layout::kFlat);
  }
  return std::make_unique<StateStore>(words_, tables.roots, tables.nodes);
}

StoreGrowth::Tables StoreGrowth::Wanted(Layout layout, Room room, Tables old) const {
  const bool same = layout == old.layout;
  Tables want{layout, Capacity(layout, room.roots), 0};
  if (same) want.roots = std::max(want.roots, old.roots);
  if (StateStore::HasNodes(words_, layout)) {
    want.nodes = std::clamp(Capacity(layout, room.nodes), same ? old.nodes : 0, kMaxNodes);
  }
  return want;
}

std::unique_ptr<StateStore> StoreGrowth::Bigger(const StateStore& store, Room room, uint64_t extra,
                                                MemoryCharge& charge, Why why,
                                                const TreeNodesEstimate& tree_nodes) const {
  const Tables old = TablesOf(store);
  // What a store may cost: its bytes, and the level lists and logs its states will need.
  const uint64_t spare = Spare();
  const uint64_t room_bytes = spare > extra ? spare - extra : 0;
  // The rebuild needs the old tables and the new ones at once, so growing by doubling would
  // end at a table that fills at most about 2/3 of the budget. When the store asked for
  // could not grow again after this (by a quarter, once the old tables are freed), this is
  // its last growth.
  auto last = [&](Tables t) { return 9 * Cost(t) / 4 > room_bytes + Cost(old); };
  Tables want = Wanted(old.layout, room, old);
  if (old.layout == Layout::kFlat && (last(want) || Cost(want) > room_bytes)) {
    // The flat layout has grown as far as the memory lets it. The tree layout holds more
    // states in the same bytes when they share enough sub-trees.
    room.nodes = tree_nodes ? tree_nodes(room.roots) : MostTreeNodes(words_, room.roots);
    const Tables tree = Wanted(Layout::kTree, room, old);
    if (Cost(tree) < Cost(want)) want = tree;
  }
  const bool same = want.layout == old.layout;
  const uint64_t min_roots = same ? old.roots : 0;
  const uint64_t min_nodes = same ? old.nodes : 0;
  if (why == Why::kForecast && (last(want) || Cost(want) > room_bytes)) {
    // A forecast may be far off (a level's growth is a guess): the last growth waits until
    // the tables do fill, and then takes what they need.
    return nullptr;
  }
  if (why == Why::kFilled && (last(want) || Cost(want) > room_bytes)) {
    // The last growth takes all the room there is: the same shape, scaled, in whole lines.
    const double scale = static_cast<double>(room_bytes) / static_cast<double>(Cost(want));
    want.roots =
        std::max(min_roots, static_cast<uint64_t>(static_cast<double>(want.roots) * scale) / 8 * 8);
    if (want.nodes != 0) {
      want.nodes =
          std::clamp(static_cast<uint64_t>(static_cast<double>(want.nodes) * scale) / 8 * 8,
                     min_nodes, kMaxNodes);
    }
    while (Cost(want) > room_bytes && want.roots > min_roots) {
      want.roots = std::max(min_roots, want.roots - std::max<uint64_t>(8, want.roots / 64) / 8 * 8);
    }
    while (Cost(want) > room_bytes && want.nodes > min_nodes) {
      want.nodes = std::max(min_nodes, want.nodes - std::max<uint64_t>(8, want.nodes / 64) / 8 * 8);
    }
  }
  // A growth by less than a quarter is not worth a rebuild of every state; a change of layout
  // is worth it (it was chosen for holding more).
  const bool worth = why == Why::kFresh || !same || 4 * want.roots >= 5 * old.roots ||
                     (want.nodes != 0 && 4 * want.nodes >= 5 * old.nodes);
  if (!worth || Cost(want) > room_bytes) return Refuse(why);
  return Charged(want, extra, charge, why);
}

std::unique_ptr<StateStore> StoreGrowth::Refuse(Why why) const {
  if (why == Why::kFilled) stopped_.store(true, std::memory_order_relaxed);
  return nullptr;
}

std::unique_ptr<StateStore> StoreGrowth::Charged(Tables tables, uint64_t extra,
                                                 MemoryCharge& charge, Why why) const {
  if (!charge.Add(Bytes(tables) + extra)) return Refuse(why);
  std::unique_ptr<StateStore> bigger = Make(tables);
  if (!bigger->ok()) {
    stopped_.store(true, std::memory_order_relaxed);
    return nullptr;
  }
  return bigger;
}

bool StoreGrowth::RootsCanGrow(const StateStore& store) const {
  const Tables old = TablesOf(store);
  const uint64_t roots = old.roots + old.roots / 4;
  if (old.layout == Layout::kFlat) {
    // Bigger flat, or the same states and more in the tree layout.
    return Cost({Layout::kFlat, roots, 0}) <= Spare() ||
           Cost({Layout::kTree, roots, 2 * roots}) <= Spare();
  }
  return Cost({Layout::kTree, roots, old.nodes}) <= Spare();
}

bool StoreGrowth::NodesCanGrow(const StateStore& store) const {
  const Tables old = TablesOf(store);
  return store.has_nodes() && old.nodes < kMaxNodes &&
         Cost({Layout::kTree, old.roots, old.nodes + old.nodes / 4}) <= Spare();
}

bool StoreGrowth::CanGrow(const StateStore& store) const {
  if (stopped_.load(std::memory_order_relaxed)) return false;
  return RootsCanGrow(store) || NodesCanGrow(store);
}

bool StoreGrowth::NeedsGrowth(const StateStore& store, uint64_t states, uint64_t nodes) const {
  if (stopped_.load(std::memory_order_relaxed)) return false;
  const uint64_t root_slots = store.root_capacity();
  const uint64_t node_slots = store.node_capacity();
  const bool roots_full = static_cast<double>(states) >
                          TargetLoad(store.layout(), root_slots) * static_cast<double>(root_slots);
  const bool nodes_full =
      store.has_nodes() && static_cast<double>(nodes) > TargetLoad(Layout::kTree, node_slots) *
                                                            static_cast<double>(node_slots);
  return (roots_full && RootsCanGrow(store)) || (nodes_full && NodesCanGrow(store));
}

std::optional<StoreGrowth::Room> StoreGrowth::RoomForLevel(const StateStore& store,
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
  const Layout layout = store.layout();
  if (stopped_.load(std::memory_order_relaxed)) return std::nullopt;
  if ((roots > TargetLoad(layout, root_slots) * static_cast<double>(root_slots) &&
       RootsCanGrow(store)) ||
      (store.has_nodes() &&
       all_nodes > TargetLoad(Layout::kTree, node_slots) * static_cast<double>(node_slots) &&
       NodesCanGrow(store))) {
    // (A flat store's index entries are as big as root slots, and its array is touched only
    // where states land, so the same headroom serves both layouts.)
    const double headroom =
        std::clamp(static_cast<double>(kHeadroomSlots) * TargetLoad(layout, kHeadroomSlots) / roots,
                   1.0, kHeadroom);
    return Room{static_cast<uint64_t>(roots * headroom),
                static_cast<uint64_t>(all_nodes * headroom)};
  }
  return std::nullopt;
}

StoreGrowth::Room StoreGrowth::RoomToRetry(const StateStore& store, uint64_t states,
                                           uint64_t nodes) {
  return {2 * std::max(states, store.root_capacity() / 2),
          2 * std::max(nodes, store.node_capacity() / 2)};
}

StoreGrowth::Room StoreGrowth::RoomForInitialStates(const StateStore& store) {
  return {4 * store.root_capacity(), 4 * store.node_capacity()};
}

uint64_t TreeNodesFor(const StateStore& store, const std::vector<std::vector<uint32_t>>& levels,
                      uint64_t states, MemoryBudget& budget) {
  const uint32_t words = store.words();
  if (!StateStore::HasNodes(words, StateStore::Layout::kTree)) return 0;
  const uint64_t most = MostTreeNodes(words, states);
  uint64_t total = 0;
  for (const std::vector<uint32_t>& level : levels) total += level.size();
  // A sample spread evenly over the levels, in a scratch store with room for every node.
  constexpr uint64_t kSample = 16384;
  const uint64_t step = std::max<uint64_t>(1, total / kSample);
  const uint64_t sample = total / step;
  if (sample == 0) return most;
  const uint64_t roots = 2 * sample, nodes = 2 * sample * (words - 2);
  MemoryCharge charge(&budget);
  if (!charge.Set((roots + nodes + 16) * StateStore::kSlotBytes)) return most;
  StateStore scratch(words, roots, nodes);
  if (!scratch.ok()) return most;
  StateStore::Tree tree;
  uint64_t put = 0, new_nodes = 0, index = 0;
  for (const std::vector<uint32_t>& level : levels) {
    for (uint64_t pos = (step - index % step) % step; pos < level.size(); pos += step) {
      store.Get(level[pos], tree);
      const StateStore::PutResult result = scratch.Put(tree, nullptr);
      if (result.full) return most;
      new_nodes += result.new_nodes;
      ++put;
    }
    index += level.size();
  }
  if (put == 0) return most;
  return std::min(most,
                  static_cast<uint64_t>(static_cast<double>(new_nodes) / static_cast<double>(put) *
                                        static_cast<double>(states)));
}

PutOutcome CopyStates(std::vector<std::vector<uint32_t>>& levels, const StateStore& from,
                      const ParentLinks& from_links, StateStore& to, ParentLinks& to_links,
                      WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters,
                      const std::atomic<bool>* cancel) {
  return PutStates(
      levels, to, to_links, pool, sharing, counters, cancel,
      [&](size_t d, uint64_t pos, StateStore::Tree& tree) {
        from.Get(levels[d][pos], tree);
        return from_links.Raw(levels[d][pos]);
      },
      [&](size_t d, uint64_t pos) { from.PrefetchGet(levels[d][pos]); });
}

}  // namespace rulecheck::explorer
