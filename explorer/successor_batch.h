// The one point where a successor's words are hashed and handed to the state store: the
// successors of one expanded state (or the initial states), buffered, then interned together.
// Internal to explorer/.
//
// Why a batch: the state generator is done with a state before any of its successors is
// stored, so in a store without nodes (a state of at most two words, or the flat layout: one
// table access each) the table line of every successor can be prefetched first and their
// cache misses overlap.
//
// The hash. For a state of one or two words the store's key is the words themselves, mixed
// by PairTable::Hash (Stafford's mix 13); in the flat layout, FlatTable hashes the words. In
// the tree layout, StateStore::Put hashes a state through its tree (state_store.h): a 64-bit
// key is formed for each pair of adjacent words, then for each pair of child node ids; the
// root key holds node ids, which belong to one store.
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

#include "explorer/state_store.h"

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
  // states with a tag and a put result each (at least one state, however wide), and its
  // scratch tree (the words and node ids of a state).
  static uint64_t MaxBytes(uint32_t words, size_t max_bytes) {
    return std::max<uint64_t>(max_bytes, StateBytes(words)) +
           uint64_t{words} * (2 * sizeof(uint32_t) + sizeof(uint64_t));
  }

  // Adds a copy of `state` (`words` words) to the batch, to be interned in `store`, with a
  // `tag` of the caller's (the position of the state it came from). REQUIRES: !full().
  void Add(const uint32_t* state, uint64_t tag, const StateStore& store) {
    const size_t words = child_.words.size();
    if (buffer_.size() < (count_ + 1) * words) buffer_.resize((count_ + 1) * words);
    std::copy(state, state + words, buffer_.begin() + count_ * words);
    if (tags_.size() <= count_) {
      tags_.resize(count_ + 1);
      hashes_.resize(count_ + 1);
    }
    tags_[count_] = tag;
    if (!store.has_nodes()) {
      // The state's one table access is known now: its cache miss overlaps the making of
      // the states added after it, and its hash is kept for the put.
      hashes_[count_] = store.HashOf(state);
      store.PrefetchHash(hashes_[count_]);
    }
    ++count_;
  }
  uint32_t count() const { return count_; }
  // The tag of the first state batched. REQUIRES: count() != 0.
  uint64_t first_tag() const { return tags_[0]; }
  // Drops what is batched.
  void Clear() { count_ = 0; }
  // Whether the batch must be interned before another state is added.
  bool full() const {
    return count_ != 0 &&
           (count_ + 1) * StateBytes(static_cast<uint32_t>(child_.words.size())) > max_bytes_;
  }

  // Stores the batch's states in `store` in the order they were added, each interned against
  // `parent` (the tree of the state they came from, whose unchanged sub-trees are reused; null
  // for initial states and for small states, which have no sub-trees), then calls
  // `on_put(const StateStore::PutResult&, uint64_t tag)` for each in that order, which returns
  // false to stop. Every put is done before the first on_put, and
  // `stored(const StateStore::PutResult&)` is called right after each: there the caller starts
  // the cache misses that its on_put will take (the state's parent link), which then overlap
  // the other puts. Stops at the first state that finds no room (the rest are not stored), or
  // at the on_put that stops (the rest are stored but not reported); `stopped_tag` is then the
  // tag of the state it stopped at. Empties the batch either way.
  template <typename Stored, typename OnPut>
  Interned Intern(StateStore& store, const StateStore::Tree* parent, Stored&& stored,
                  OnPut&& on_put) {
    const size_t words = child_.words.size();
    const bool hashed = !store.has_nodes();
    Interned outcome = Interned::kAll;
    puts_.clear();
    for (uint32_t i = 0; i < count_; ++i) {
      StateStore::PutResult put;
      if (hashed) {
        put = store.Put(buffer_.data() + i * words, hashes_[i]);
      } else {
        std::copy(buffer_.begin() + i * words, buffer_.begin() + (i + 1) * words,
                  child_.words.begin());
        put = store.Put(child_, parent);
      }
      if (put.full) {
        outcome = Interned::kStoreFull;
        stopped_tag_ = tags_[i];
        break;
      }
      stored(put);
      puts_.push_back(put);
    }
    for (size_t i = 0; i < puts_.size(); ++i) {
      if (!on_put(puts_[i], tags_[i])) {
        outcome = Interned::kStopped;
        stopped_tag_ = tags_[i];
        break;
      }
    }
    count_ = 0;
    return outcome;
  }
  // Intern without a `stored` step.
  template <typename OnPut>
  Interned Intern(StateStore& store, const StateStore::Tree* parent, OnPut&& on_put) {
    return Intern(
        store, parent, [](const StateStore::PutResult&) {}, on_put);
  }
  // After an Intern that stopped: the tag of the state it stopped at.
  uint64_t stopped_tag() const { return stopped_tag_; }

 private:
  // What one batched state takes: its words, its tag, its hash and its put result.
  static uint64_t StateBytes(uint32_t words) {
    return uint64_t{words} * sizeof(uint32_t) + 2 * sizeof(uint64_t) +
           sizeof(StateStore::PutResult);
  }

  size_t max_bytes_;
  std::vector<uint32_t> buffer_;  // the states, back to back
  uint32_t count_ = 0;
  StateStore::Tree child_;                   // the state being interned
  std::vector<uint64_t> tags_;               // the states' tags, in order
  std::vector<uint64_t> hashes_;             // in a store without nodes, the states' hashes
  std::vector<StateStore::PutResult> puts_;  // the batch's puts, in order
  uint64_t stopped_tag_ = 0;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SUCCESSOR_BATCH_H_
