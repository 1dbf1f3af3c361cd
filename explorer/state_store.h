// The hash-consed state store, in one of two layouts.
//
// By tree compression (the tree layout): a state of n words is stored as a fixed-shape binary tree:
// a leaf pair of adjacent words, and each pair of sub-tree ids above it, is interned in a shared
// PairTable of nodes; the pair of the root's two children is interned in a separate root table,
// whose slot index is the state's id. States of one game share most of their sub-trees (the same
// hand, the same board row), so after the first few thousand states a new state costs little more
// than its root slot: about 8 bytes. Roots live in their own table so that "is this state new?" is
// exactly "did this call put the root?" (a node key may equal another level's key).
//
// Compression is incremental: a successor differs from its parent in a few words, so
// `Put` with the parent's `Tree` re-interns only the nodes above the changed words.
//
// Flat (the flat layout, for states of 3 to kFlatMaxWords words): each state whole in a
// FlatTable (flat_table.h), one probe per put and one read per get. It is the faster layout,
// and for such narrow states its bytes are close to the tree's; the search starts flat and
// turns to the tree layout when that would hold more states in the memory left
// (store_growth.h). A state of one or two words is one root-table key in either layout.
//
// Thread-safe: any number of threads may Put and Get concurrently; each needs its own Tree
// scratch objects.
#ifndef RULECHECK_EXPLORER_STATE_STORE_H_
#define RULECHECK_EXPLORER_STATE_STORE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "explorer/flat_table.h"
#include "explorer/pair_table.h"

namespace rulecheck::explorer {

class StateStore {
 public:
  using StateId = uint64_t;

  // The words of one state and the ids of its internal nodes, as Put and Get leave them.
  struct Tree {
    std::vector<uint32_t> words;
    std::vector<uint64_t> nodes;  // by node number of the shape; roots excluded
    bool valid = false;
  };

  struct PutResult {
    StateId id = 0;
    bool inserted = false;
    bool full = false;       // no room: nothing was stored, id is meaningless
    uint32_t new_nodes = 0;  // internal (non-root) nodes this call added
  };

  // How the states are laid out. A state of one or two words is one root-table key either
  // way; a wider one is a tree of pairs (compact: sub-trees are shared among states), or, up
  // to kFlatMaxWords words, an entry of a FlatTable (fast: one probe per put).
  enum class Layout { kTree, kFlat };

  // A store for states of `words` words whose two tables together use at most
  // `memory_bytes`. ok() is false when the memory could not be had.
  StateStore(uint32_t words, uint64_t memory_bytes);
  // A store whose root table has `root_capacity` slots and whose node table (used when a
  // state has more than two words) has `node_capacity`; both are rounded up to a multiple of 8.
  StateStore(uint32_t words, uint64_t root_capacity, uint64_t node_capacity);
  // A flat store with an index of `capacity` entries. REQUIRES: FlatFits(words).
  StateStore(uint32_t words, uint64_t capacity, Layout layout);

  bool ok() const {
    return flat_ != nullptr ? flat_->ok() : roots_.ok() && (nodes_ == nullptr || nodes_->ok());
  }
  uint32_t words() const { return words_; }
  Layout layout() const { return flat_ != nullptr ? Layout::kFlat : Layout::kTree; }
  // Whether states of this width may be laid out flat.
  static bool FlatFits(uint32_t words) { return words > 2 && words <= kFlatMaxWords; }
  // The widest state laid out flat: wider ones share more sub-trees in the tree layout, and
  // cost more bytes each flat.
  static constexpr uint32_t kFlatMaxWords = 8;

  // Interns `tree.words`, reusing `parent` (the Tree of a state with the same shape, e.g. the
  // state being expanded) for every sub-tree whose words did not change. Fills tree.nodes.
  PutResult Put(Tree& tree, const Tree* parent);
  // The id of the state with these words, or false when the store does not hold it; stores
  // nothing. REQUIRES: words.size() == words(). Thread-safe.
  bool Find(const std::vector<uint32_t>& words, StateId& id) const;
  // A cache hint for a Get of state `id`. Thread-safe; no effect on the contents. (Each
  // prefetch here is of an address worked out with no branch around it: GCC 12 drops a
  // prefetch from either arm of an if, and so dropped every prefetch here once there were two
  // layouts to choose between; the tables' places are kept as plain numbers instead.)
  void PrefetchGet(StateId id) const { __builtin_prefetch(get_base_ + id * get_stride_); }
  // In a store without nodes a state's one table access is found from its words alone: from
  // their hash, which a caller may take once (HashOf), prefetch (PrefetchHash) and pass to the
  // Put of those words. REQUIRES for these three: !has_nodes(). Thread-safe.
  uint64_t HashOf(const uint32_t* words) const {
    return flat_ != nullptr ? flat_->Hash(words) : PairTable::Hash(RootKey(words));
  }
  void PrefetchHash(uint64_t hash) const {
    __builtin_prefetch(put_table_ + HomeSlot(hash, put_slots_));
  }
  PutResult Put(const uint32_t* words, uint64_t hash);
  // Rebuilds the words and node ids of state `id`.
  void Get(StateId id, Tree& tree) const;
  // Capacity in bytes of both tables, and the root table's capacity in states.
  uint64_t bytes() const;
  uint64_t root_capacity() const {
    return flat_ != nullptr ? flat_->capacity() : roots_.capacity();
  }
  uint64_t node_capacity() const { return nodes_ ? nodes_->capacity() : 0; }
  // Whether this store uses the node table: a Put then needs the parent's tree to be cheap,
  // and its table accesses are not known in advance.
  bool has_nodes() const { return nodes_ != nullptr; }
  // Whether states of this width in this layout use the node table.
  static bool HasNodes(uint32_t words, Layout layout) {
    return words > 2 && !(layout == Layout::kFlat && FlatFits(words));
  }
  // Every state id is below this bound.
  uint64_t id_bound() const { return flat_ != nullptr ? flat_->id_bound() : roots_.capacity() + 1; }
  // Bytes of one root slot and one node slot of the tree layout.
  static constexpr uint64_t kSlotBytes = sizeof(uint64_t);
  // Bytes of a flat store of `capacity` index entries for states of `words` words.
  static uint64_t FlatBytes(uint32_t words, uint64_t capacity) {
    return FlatTable::Bytes(words, capacity);
  }

 private:
  // One internal node of the fixed shape: its children are words (when `leaf`) or other
  // internal nodes; node numbers are in bottom-up order, so children come before parents.
  struct Shape {
    int32_t left = 0, right = 0;
    bool left_is_word = false, right_is_word = false;
    uint32_t first_word = 0, last_word = 0;  // the words the node covers, inclusive
  };
  int32_t BuildShape(uint32_t first, uint32_t last);
  // Sets the places the prefetches read, once the tables are made.
  void SetPrefetchPlaces();
  // The root key of a state of at most two words: the words themselves.
  uint64_t RootKey(const uint32_t* words) const {
    return words_ == 1 ? words[0] : (uint64_t{words[0]} << 32) | words[1];
  }
  uint64_t ChildId(const Tree& tree, int32_t child, bool is_word) const {
    return is_word ? tree.words[child] : tree.nodes[child];
  }

  uint32_t words_;
  std::vector<Shape> shape_;  // internal nodes, root last
  PairTable roots_;           // 8 slots, unused, in the flat layout
  std::unique_ptr<PairTable> nodes_;
  std::unique_ptr<FlatTable> flat_;
  const char* get_base_ = nullptr;       // the first byte a Get of state 0 reads
  uint64_t get_stride_ = 0;              // bytes between the first reads of two states
  const uint64_t* put_table_ = nullptr;  // the 8-byte slots a put without nodes probes
  uint64_t put_slots_ = 0;               // how many (a hash's first is HomeSlot)
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_STATE_STORE_H_
