// The hash-consed state store, by tree compression.
//
// A state of n words is stored as a fixed-shape binary tree: a leaf pair of adjacent words,
// and each pair of sub-tree ids above it, is interned in a shared PairTable of nodes; the
// pair of the root's two children is interned in a separate root table, whose slot index is
// the state's id. States of one game share most of their sub-trees (the same hand, the same
// board row), so after the first few thousand states a new state costs little more than its
// root slot: about 8 bytes. Roots live in their own table so that "is this state new?" is
// exactly "did this call put the root?" (a node key may equal another level's key).
//
// Compression is incremental: a successor differs from its parent in a few words, so
// `Put` with the parent's `Tree` re-interns only the nodes above the changed words.
//
// Thread-safe: any number of threads may Put and Get concurrently; each needs its own Tree
// scratch objects.
#ifndef RULECHECK_EXPLORER_TREE_STORE_H_
#define RULECHECK_EXPLORER_TREE_STORE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "explorer/pair_table.h"

namespace rulecheck::explorer {

class TreeStore {
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

  // A store for states of `words` words whose two tables together use at most
  // `memory_bytes`. ok() is false when the memory could not be had.
  TreeStore(uint32_t words, uint64_t memory_bytes);
  // A store whose root table has `root_capacity` slots and whose node table (used when a
  // state has more than two words) has `node_capacity`; both are rounded up to a multiple of 8.
  TreeStore(uint32_t words, uint64_t root_capacity, uint64_t node_capacity);

  bool ok() const { return roots_.ok() && (nodes_ == nullptr || nodes_->ok()); }
  uint32_t words() const { return words_; }

  // Interns `tree.words`, reusing `parent` (the Tree of a state with the same shape, e.g. the
  // state being expanded) for every sub-tree whose words did not change. Fills tree.nodes.
  PutResult Put(Tree& tree, const Tree* parent);
  // The id of the state with these words, or false when the store does not hold it; stores
  // nothing. REQUIRES: words.size() == words(). Thread-safe.
  bool Find(const std::vector<uint32_t>& words, StateId& id) const;
  // Cache hints for a Get of state `id`, and for a Put of a state of at most two words (whose
  // one table access is then known in advance). Thread-safe; no effect on the contents.
  void PrefetchGet(StateId id) const { roots_.Prefetch(id); }
  void PrefetchSmallPut(const uint32_t* words) const {
    roots_.PrefetchKey(words_ == 1 ? words[0] : (uint64_t{words[0]} << 32) | words[1]);
  }
  // Rebuilds the words and node ids of state `id`.
  void Get(StateId id, Tree& tree) const;
  // Capacity in bytes of both tables, and the root table's capacity in states.
  uint64_t bytes() const;
  uint64_t root_capacity() const { return roots_.capacity(); }
  uint64_t node_capacity() const { return nodes_ ? nodes_->capacity() : 0; }
  // Whether states of this width use the node table at all.
  static bool HasNodes(uint32_t words) { return words > 2; }
  // Every state id is below this bound.
  uint64_t id_bound() const { return roots_.capacity() + 1; }
  // Bytes of one root slot and one node slot.
  static constexpr uint64_t kSlotBytes = sizeof(uint64_t);

 private:
  // One internal node of the fixed shape: its children are words (when `leaf`) or other
  // internal nodes; node numbers are in bottom-up order, so children come before parents.
  struct Shape {
    int32_t left = 0, right = 0;
    bool left_is_word = false, right_is_word = false;
    uint32_t first_word = 0, last_word = 0;  // the words the node covers, inclusive
  };
  int32_t BuildShape(uint32_t first, uint32_t last);
  uint64_t ChildId(const Tree& tree, int32_t child, bool is_word) const {
    return is_word ? tree.words[child] : tree.nodes[child];
  }

  uint32_t words_;
  std::vector<Shape> shape_;  // internal nodes, root last
  PairTable roots_;
  std::unique_ptr<PairTable> nodes_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_TREE_STORE_H_
