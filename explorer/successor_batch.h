// The one point where a successor's words are hashed and handed to the state store: the
// successors of one expanded state (or the initial states), buffered, then interned together.
// Internal to explorer/.
//
// Why a batch: the state generator is done with a state before any of its successors is
// stored, so the table slot of every successor of a small state (at most two words, one table
// access each) can be prefetched first and their cache misses overlap.
//
// The hash. TreeStore::Put hashes a state through its tree (tree_store.h): a 64-bit key is
// formed for each pair of adjacent words, then for each pair of child node ids, and mixed by
// PairTable::Hash (Stafford's mix 13) to find its slot; the state's id is its root's slot.
// For a state of one or two words the root key is the words themselves, so its hash is a
// function of the words; for a wider state the root key holds node ids, which belong to one
// store.
//
// The seam for a distributed search (MPI ranks, each owning the states whose hash falls to
// it). Every state the search counts enters the store through Intern (the rebuild of a bigger
// store copies states already owned). A rank's owner function must depend on the words alone,
// never on node ids, which differ from store to store: a hash of the words, taken here, per
// successor, before Put; a successor another rank owns is sent to it instead of put, and the
// search goes on with what Intern reports for the states this rank stores (on_put).
#ifndef RULECHECK_EXPLORER_SUCCESSOR_BATCH_H_
#define RULECHECK_EXPLORER_SUCCESSOR_BATCH_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "explorer/tree_store.h"

namespace rulecheck::explorer {

// How a batch's interning ended.
enum class Interned {
  kAll,        // every state was stored
  kStoreFull,  // a state found no room in the store
  kStopped,    // on_put asked to stop
};

// One per thread; not thread-safe. Its buffer holds at most `max_bytes` (or one state, for a
// state wider than that): the caller interns the batch whenever it is full(), so a state with
// any number of successors needs no more. Allocates nothing once its buffer has grown.
class SuccessorBatch {
 public:
  // The most bytes a batch buffers by default: enough successors of a usual state to overlap
  // their cache misses, and fixed, so that a state's fan-out costs no memory here.
  static constexpr size_t kMaxBytes = size_t{256} << 10;

  // A batch of states of `words` words, buffering at most `max_bytes`.
  explicit SuccessorBatch(uint32_t words, size_t max_bytes = kMaxBytes) : max_bytes_(max_bytes) {
    child_.words.resize(words);
  }

  // The bytes a batch of states of `words` words buffering at most `max_bytes` may hold: its
  // buffer and its scratch tree (the words and node ids of a state).
  static uint64_t MaxBytes(uint32_t words, size_t max_bytes) {
    return max_bytes + uint64_t{words} * (2 * sizeof(uint32_t) + sizeof(uint64_t));
  }

  // Adds a copy of `state` (`words` words) to the batch. REQUIRES: !full().
  void Add(const uint32_t* state) {
    const size_t words = child_.words.size();
    if (buffer_.size() < (count_ + 1) * words) buffer_.resize((count_ + 1) * words);
    std::copy(state, state + words, buffer_.begin() + count_ * words);
    ++count_;
  }
  // Whether the batch must be interned before another state is added.
  bool full() const {
    return count_ != 0 && (count_ + 1) * child_.words.size() * sizeof(uint32_t) > max_bytes_;
  }

  // Stores the batch's states in `store` in the order they were added, each interned against
  // `parent` (the tree of the state they came from, whose unchanged sub-trees are reused; null
  // for initial states), and calls `on_put(const TreeStore::PutResult&)` for each as it is
  // stored, which returns false to stop. Stops at the first state that finds no room, or
  // that on_put stops at, and the rest are not stored. Empties the batch either way.
  template <typename OnPut>
  Interned Intern(TreeStore& store, const TreeStore::Tree* parent, OnPut&& on_put) {
    const size_t words = child_.words.size();
    if (!TreeStore::HasNodes(static_cast<uint32_t>(words))) {
      // Each Put is one root-table access whose slot is known now: start all the misses.
      for (uint32_t i = 0; i < count_; ++i) store.PrefetchSmallPut(&buffer_[i * words]);
    }
    Interned outcome = Interned::kAll;
    for (uint32_t i = 0; i < count_; ++i) {
      std::copy(buffer_.begin() + i * words, buffer_.begin() + (i + 1) * words,
                child_.words.begin());
      const TreeStore::PutResult put = store.Put(child_, parent);
      if (put.full) {
        outcome = Interned::kStoreFull;
        break;
      }
      if (!on_put(put)) {
        outcome = Interned::kStopped;
        break;
      }
    }
    count_ = 0;
    return outcome;
  }

 private:
  size_t max_bytes_;
  std::vector<uint32_t> buffer_;  // the states, back to back
  uint32_t count_ = 0;
  TreeStore::Tree child_;  // the state being interned
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SUCCESSOR_BATCH_H_
