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
#include <memory>
#include <optional>
#include <vector>

#include "explorer/level_sharing.h"
#include "explorer/parent_links.h"
#include "explorer/search_counters.h"
#include "explorer/tree_store.h"
#include "explorer/worker_pool.h"

namespace rulecheck::explorer {

// The sizing policy. Immutable after construction; thread-safe.
class StoreGrowth {
 public:
  // How many states (roots) and internal nodes a store should have room for.
  struct Room {
    uint64_t roots = 0;
    uint64_t nodes = 0;
  };

  // The policy for states of `words` words (at least 1) whose store and parent links may use
  // `memory_bytes` together.
  StoreGrowth(uint32_t words, uint64_t memory_bytes);

  // The first store: small, so that a small game touches little memory. ok() is false when
  // even that could not be had.
  std::unique_ptr<TreeStore> FirstStore() const;
  // A store with room for `room` at the tables' target load, within the budget, and never
  // smaller than `store`; null when the memory could not be had.
  std::unique_ptr<TreeStore> Bigger(const TreeStore& store, Room room) const;

  // Whether the budget allows bigger tables than `store`'s.
  bool CanGrow(const TreeStore& store) const;
  // Whether `store`, holding `states` states and `nodes` nodes, is fuller than the search lets
  // it get while it can still grow.
  bool NeedsGrowth(const TreeStore& store, uint64_t states, uint64_t nodes) const;
  // The room to make before expanding a level of `level_states` states, when `store` holds
  // `states` states and `nodes` nodes, `settled` of those states are in finished levels and
  // the last level grew by `growth` over the one before; nothing when the tables suffice.
  std::optional<Room> RoomForLevel(const TreeStore& store, uint64_t level_states, double growth,
                                   uint64_t states, uint64_t nodes, uint64_t settled) const;
  // After the tables filled during a level: room for twice what `store` holds.
  static Room RoomToRetry(const TreeStore& store, uint64_t states, uint64_t nodes);
  // After the initial states did not fit in `store`: four times its tables.
  static Room RoomForInitialStates(const TreeStore& store);

 private:
  uint32_t words_;
  uint64_t max_roots_ = 0;  // table capacities the budget allows
  uint64_t max_nodes_ = 0;
};

// Puts every state of `levels` into `to` with its parent link, and replaces its entry in
// `levels` by its new id; positions do not change. `fill(level, pos, tree)` writes the words
// of the state at (level, pos) into tree.words (sized to the store's width) and returns its
// raw parent link (ParentLinks::Raw); it is called from the pool's workers, each with its
// own tree, before that state's entry is replaced. Runs on `pool`, sharing a level among
// the workers as `sharing` says, and adds the nodes it creates to the workers' slots of
// `counters`. False when `to` has no room; `levels` is then partly rewritten. REQUIRES: no
// batch runs on `pool`; `to_links` covers `to`'s ids.
template <typename Fill>
bool PutStates(std::vector<std::vector<uint32_t>>& levels, TreeStore& to, ParentLinks& to_links,
               WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters,
               const Fill& fill) {
  constexpr uint64_t kChunk = 1024;                    // states per task
  std::vector<TreeStore::Tree> trees(pool.workers());  // each worker's scratch
  for (TreeStore::Tree& tree : trees) tree.words.resize(to.words());
  std::atomic<bool> ok{true};
  for (size_t d = 0; d < levels.size(); ++d) {
    std::vector<uint32_t>& level = levels[d];
    const uint64_t chunks = (level.size() + kChunk - 1) / kChunk;
    pool.Run(
        chunks,
        [&](uint64_t chunk, int worker) {
          const uint64_t begin = chunk * kChunk;
          const uint64_t end = std::min<uint64_t>(level.size(), begin + kChunk);
          TreeStore::Tree& tree = trees[worker];
          std::atomic<uint64_t>& nodes = counters.slot(worker).nodes;
          for (uint64_t pos = begin; pos < end; ++pos) {
            const uint32_t link = fill(d, pos, tree);
            const TreeStore::PutResult put = to.Put(tree, nullptr);
            if (put.full) {
              ok = false;
              return;
            }
            nodes.fetch_add(put.new_nodes, std::memory_order_relaxed);
            to_links.SetRaw(put.id, link);
            level[pos] = static_cast<uint32_t>(put.id);
          }
        },
        sharing.Shared(level.size()));
  }
  return ok;
}

// The rebuild: PutStates with the states of `levels` (ids in `from`) and their links in
// `from_links`. False when `to` has no room; `levels` is then partly rewritten, so pass a
// copy.
bool CopyStates(std::vector<std::vector<uint32_t>>& levels, const TreeStore& from,
                const ParentLinks& from_links, TreeStore& to, ParentLinks& to_links,
                WorkerPool& pool, const LevelSharing& sharing, SearchCounters& counters);

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_STORE_GROWTH_H_
