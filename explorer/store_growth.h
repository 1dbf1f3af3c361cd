// How big the state store's tables are, when they grow and to what size, within the memory
// budget; and the rebuild that copies the states into bigger tables. Internal to explorer/.
//
// The store's tables are open-addressed and never move their entries (an id is a slot), so
// they cannot grow in place: the search grows the store between levels by rebuilding it
// bigger from the settled states. The tables are sized from the states there are, not from
// the budget, so a small game touches little memory and a big one packs its tables densely;
// growth stops at the budget, where the tables fill up further, as far as probing goes.
// Three moments call for growth:
//   - before expanding a level, room for the states it is expected to add (RoomForLevel);
//   - during a level, when the tables got fuller than they should while the store can still
//     grow (NeedsGrowth, checked after each chunk): the level is retried in a store with room
//     for twice what it holds (RoomToRetry);
//   - while storing the initial states, when they do not fit (RoomForInitialStates).
#ifndef RULECHECK_EXPLORER_STORE_GROWTH_H_
#define RULECHECK_EXPLORER_STORE_GROWTH_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "explorer/level_sharing.h"
#include "explorer/memory_budget.h"
#include "explorer/parent_links.h"
#include "explorer/search_counters.h"
#include "explorer/state_store.h"
#include "explorer/worker_pool.h"

namespace rulecheck::explorer {

// The sizing policy, within a memory budget. Thread-safe: its methods may be called from any
// worker; the budget they read changes as the search charges and releases memory.
class StoreGrowth {
 public:
  // How many states (roots) and internal nodes a store should have room for. For a flat
  // store `nodes` is what the same states would need in the tree layout (an estimate:
  // TreeNodesFor), by which Bigger chooses the layout when the flat one runs out of memory.
  struct Room {
    uint64_t roots = 0;
    uint64_t nodes = 0;
  };

  // The policy for states of `words` words (at least 1), charging `budget` (which must
  // outlive it).
  StoreGrowth(uint32_t words, MemoryBudget& budget);

  // The layout and table capacities of a store.
  struct Tables {
    StateStore::Layout layout = StateStore::Layout::kTree;
    uint64_t roots = 0;  // root slots, or flat slots
    uint64_t nodes = 0;
  };
  static Tables TablesOf(const StateStore& store);
  // The bytes of a store with these tables, with its parent links.
  uint64_t Bytes(Tables tables) const;
  // The first store: small, so that a small game touches little memory, and flat when the
  // states are narrow enough (StateStore::FlatFits); its bytes and its links' are charged to
  // `charge`. Null when even that could not be had.
  std::unique_ptr<StateStore> FirstStore(MemoryCharge& charge) const;
  // Why a bigger store is asked for.
  enum class Why {
    kForecast,  // before a level, for what it is expected to add
    kFilled,    // the tables filled up (a level, or the initial states)
    kFresh,     // a new store for states read back (at least as big as `store`)
  };
  // A store with room for `room` at the tables' target load, bigger than `store` (by a
  // quarter at least, but for kFresh), whose bytes with its links' and `extra` (the copies a
  // rebuild makes) fit in what the budget has left for the store; they are charged to
  // `charge` (a new charge; `store`'s stays charged). When the store could not grow again
  // after this, kFilled takes all the room there is and kForecast gives nothing (a forecast
  // may be far off). Null when no such store fits or the memory could not be had; after
  // kFilled the store then grows no more, and its tables fill up further. A flat store stays
  // flat while the budget lets it grow so; beyond, it is replaced by a tree-layout store when
  // that costs less for the room asked for (see Room), and otherwise grows as far as it can.
  // `tree_nodes(states)` estimates the nodes `states` states would need in the tree layout
  // (TreeNodesFor); it is called only when a flat store cannot grow flat. Without it the
  // estimate is the most there could be.
  using TreeNodesEstimate = std::function<uint64_t(uint64_t states)>;
  std::unique_ptr<StateStore> Bigger(const StateStore& store, Room room, uint64_t extra,
                                     MemoryCharge& charge, Why why,
                                     const TreeNodesEstimate& tree_nodes = {}) const;

  // From now on the store does not grow (a bigger one could not be had or filled).
  void StopGrowing() const { stopped_.store(true, std::memory_order_relaxed); }
  // Whether the budget leaves room for bigger tables than `store`'s.
  bool CanGrow(const StateStore& store) const;
  // Whether `store`, holding `states` states and `nodes` nodes, is fuller than the search lets
  // it get while it can still grow.
  bool NeedsGrowth(const StateStore& store, uint64_t states, uint64_t nodes) const;
  // The room to make before expanding a level of `level_states` states, when `store` holds
  // `states` states and `nodes` nodes, `settled` of those states are in finished levels and
  // the last level grew by `growth` over the one before; nothing when the tables suffice.
  std::optional<Room> RoomForLevel(const StateStore& store, uint64_t level_states, double growth,
                                   uint64_t states, uint64_t nodes, uint64_t settled) const;
  // After the tables filled during a level: room for twice what `store` holds.
  static Room RoomToRetry(const StateStore& store, uint64_t states, uint64_t nodes);
  // After the initial states did not fit in `store`: four times its tables.
  static Room RoomForInitialStates(const StateStore& store);

 private:
  // The bytes a store may take beyond the ones charged now (the current store's included).
  uint64_t Spare() const;
  // Bytes(tables) and the level lists and logs its states will need.
  uint64_t Cost(Tables tables) const;
  // The tables of `layout` with room for `room`, at least as big as `old`'s when of the same
  // layout.
  Tables Wanted(StateStore::Layout layout, Room room, Tables old) const;
  // A new, empty store with these tables.
  std::unique_ptr<StateStore> Make(Tables tables) const;
  // Make(tables) after charging its bytes and `extra` to `charge`; null when the charge or the
  // memory is refused.
  std::unique_ptr<StateStore> Charged(Tables tables, uint64_t extra, MemoryCharge& charge,
                                      Why why) const;
  // No bigger store; after kFilled, none from now on.
  std::unique_ptr<StateStore> Refuse(Why why) const;
  // Whether the roots (or nodes) of `store` may double within the budget.
  bool RootsCanGrow(const StateStore& store) const;
  bool NodesCanGrow(const StateStore& store) const;

  uint32_t words_;
  MemoryBudget& budget_;
  mutable std::atomic<bool> stopped_{false};  // a bigger store was refused: no more growth
};

// How a PutStates ended.
enum class PutOutcome {
  kDone,       // every state was put
  kFull,       // `to` had no room for one
  kCancelled,  // the cancel flag was set
};

// Puts every state of `levels` into `to` with its parent link, and replaces its entry in
// `levels` by its new id; positions do not change. `fill(level, pos, tree)` writes the words
// of the state at (level, pos) into tree.words (sized to the store's width) and returns its
// raw parent link (ParentLinks::Raw); it is called from the pool's workers, each with its
// own tree, before that state's entry is replaced, a few states ahead of its put; and
// `ahead(level, pos)`, in the same worker a few states before that state's fill, hints that
// it comes soon (to prefetch what the fill will read). Runs on `pool`, sharing a level among
// the workers as `sharing` says, and adds the nodes it creates to the workers' slots of
// `counters`. Polls `cancel` (may be null) before each chunk of states, so that a Ctrl-C
// stops a rebuild of any size within a chunk per worker. Unless kDone, `levels` is partly
// rewritten. REQUIRES: no batch runs on `pool`; `to_links` covers `to`'s ids.
template <typename Fill, typename Ahead>
PutOutcome PutStates(std::vector<std::vector<uint32_t>>& levels, StateStore& to,
                     ParentLinks& to_links, WorkerPool& pool, const LevelSharing& sharing,
                     SearchCounters& counters, const std::atomic<bool>* cancel, const Fill& fill,
                     const Ahead& ahead) {
  constexpr uint64_t kChunk = 1024;  // states per task
  // Each state is filled kAhead states before it is put, so that in a store without nodes
  // its slot is prefetched while the states before it are put: a rebuild is one random
  // access per state, and overlapping them is most of its speed.
  constexpr uint64_t kAhead = 8;
  struct Pending {
    StateStore::Tree tree;
    uint32_t link = 0;
    uint64_t hash = 0;  // in a store without nodes
  };
  std::vector<std::vector<Pending>> rings(pool.workers(), std::vector<Pending>(kAhead));
  for (std::vector<Pending>& ring : rings) {
    for (Pending& pending : ring) pending.tree.words.resize(to.words());
  }
  const bool hashed = !to.has_nodes();
  std::atomic<bool> full{false};
  std::atomic<bool> cancelled{false};
  for (size_t d = 0; d < levels.size() && !cancelled; ++d) {
    std::vector<uint32_t>& level = levels[d];
    const uint64_t chunks = (level.size() + kChunk - 1) / kChunk;
    pool.Run(
        chunks,
        [&](uint64_t chunk, int worker) {
          if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
            cancelled = true;
            pool.RequestStop();
            return;
          }
          const uint64_t begin = chunk * kChunk;
          const uint64_t end = std::min<uint64_t>(level.size(), begin + kChunk);
          std::vector<Pending>& ring = rings[worker];
          auto fill_ahead = [&](uint64_t pos) {
            Pending& pending = ring[pos % kAhead];
            if (pos + kAhead < end) ahead(d, pos + kAhead);
            pending.link = fill(d, pos, pending.tree);
            if (hashed) {
              pending.hash = to.HashOf(pending.tree.words.data());
              to.PrefetchHash(pending.hash);
            }
          };
          for (uint64_t pos = begin; pos < std::min(end, begin + kAhead); ++pos) fill_ahead(pos);
          std::atomic<uint64_t>& nodes = counters.slot(worker).nodes;
          for (uint64_t pos = begin; pos < end; ++pos) {
            Pending& pending = ring[pos % kAhead];
            const StateStore::PutResult put = hashed
                                                  ? to.Put(pending.tree.words.data(), pending.hash)
                                                  : to.Put(pending.tree, nullptr);
            if (put.full) {
              full = true;
              return;
            }
            nodes.fetch_add(put.new_nodes, std::memory_order_relaxed);
            to_links.SetRaw(put.id, pending.link);
            level[pos] = static_cast<uint32_t>(put.id);
            if (pos + kAhead < end) fill_ahead(pos + kAhead);
          }
        },
        sharing.Shared(level.size()));
  }
  if (cancelled) return PutOutcome::kCancelled;
  return full ? PutOutcome::kFull : PutOutcome::kDone;
}

// The internal nodes `states` states like those of `levels` (ids in `store`) would need in
// the tree layout: a sample of them, spread over the levels, put into a scratch tree store,
// and its new nodes per state scaled. A sample shares fewer sub-trees than all the states
// do, so the estimate errs on the high side. The scratch store (a few megabytes) is charged
// to `budget`; without room for it, the estimate is the most nodes there could be.
uint64_t TreeNodesFor(const StateStore& store, const std::vector<std::vector<uint32_t>>& levels,
                      uint64_t states, MemoryBudget& budget);

// The rebuild: PutStates with the states of `levels` (ids in `from`) and their links in
// `from_links`. Unless kDone, `levels` is partly rewritten, so pass a copy.
PutOutcome CopyStates(std::vector<std::vector<uint32_t>>& levels, const StateStore& from,
                      const ParentLinks& from_links, StateStore& to, ParentLinks& to_links,
                      WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters,
                      const std::atomic<bool>* cancel);

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_STORE_GROWTH_H_
