// Tree compression: shape, incremental interning and decompression.
//
// The shape is built once: the words [0, n) split in halves recursively down to single
// words; every split is an internal node. Nodes are numbered in post-order (children before
// parents), so Put can fill ids bottom-up in one pass over the array and the root is last.
// A node whose children both kept their ids (compared with the parent state's tree) keeps
// its id too, without a table access: this is what makes successors cheap to store.
#include "explorer/state_store.h"

#include <algorithm>
#include <cassert>

namespace rulecheck::explorer {
namespace {

uint64_t PairKey(uint64_t left, uint64_t right) { return (left << 32) | right; }

}  // namespace

StateStore::StateStore(uint32_t words, uint64_t memory_bytes)
    : words_(std::max<uint32_t>(words, 1)), roots_([&] {
        // One or two words: the root holds the whole state and there are no other nodes.
        // Otherwise give the roots 40% of the memory: with sharing, nodes outnumber roots
        // only early on, and a root table that fills first ends the search with the most
        // states stored.
        uint64_t slots = memory_bytes / sizeof(uint64_t);
        uint64_t root_slots = words <= 2 ? slots : slots * 2 / 5;
        uint64_t capacity = 8;
        while (capacity * 2 <= root_slots) capacity *= 2;
        return capacity;
      }()) {
  if (words_ > 2) {
    BuildShape(0, words_ - 1);
    uint64_t slots = memory_bytes / sizeof(uint64_t);
    uint64_t node_slots = slots - std::min(slots, roots_.capacity());
    uint64_t capacity = 8;
    // Node ids must fit in 32 bits to pair two of them into one 64-bit key.
    while (capacity * 2 <= node_slots && capacity < (uint64_t{1} << 31)) capacity *= 2;
    nodes_ = std::make_unique<PairTable>(capacity);
  }
  SetPrefetchPlaces();
}

StateStore::StateStore(uint32_t words, uint64_t root_capacity, uint64_t node_capacity)
    : words_(std::max<uint32_t>(words, 1)), roots_(root_capacity) {
  if (words_ > 2) {
    BuildShape(0, words_ - 1);
    // Node ids must fit in 32 bits to pair two of them into one 64-bit key.
    nodes_ = std::make_unique<PairTable>(std::min(node_capacity, uint64_t{1} << 31));
  }
  SetPrefetchPlaces();
}

StateStore::StateStore(uint32_t words, uint64_t capacity, Layout layout)
    : words_(std::max<uint32_t>(words, 1)), roots_(8) {
  assert(layout == Layout::kFlat && FlatFits(words_));
  (void)layout;
  flat_ = std::make_unique<FlatTable>(words_, capacity);
  SetPrefetchPlaces();
}

void StateStore::SetPrefetchPlaces() {
  if (flat_ != nullptr) {
    get_base_ = reinterpret_cast<const char*>(flat_->KeyAddress(0));
    get_stride_ = words_ * sizeof(uint32_t);
    put_table_ = flat_->IndexAddress();
    put_slots_ = flat_->capacity();
  } else {
    get_base_ = reinterpret_cast<const char*>(roots_.SlotAddress());
    get_stride_ = sizeof(uint64_t);
    put_table_ = roots_.SlotAddress();
    put_slots_ = roots_.capacity();
  }
}

int32_t StateStore::BuildShape(uint32_t first, uint32_t last) {
  Shape node;
  node.first_word = first;
  node.last_word = last;
  uint32_t mid = first + (last - first + 1 + 1) / 2;  // left half gets the extra word
  if (mid - 1 == first) {
    node.left = static_cast<int32_t>(first);
    node.left_is_word = true;
  } else {
    node.left = BuildShape(first, mid - 1);
  }
  if (last == mid) {
    node.right = static_cast<int32_t>(mid);
    node.right_is_word = true;
  } else {
    node.right = BuildShape(mid, last);
  }
  shape_.push_back(node);
  return static_cast<int32_t>(shape_.size() - 1);
}

uint64_t StateStore::bytes() const {
  if (flat_ != nullptr) return flat_->bytes();
  return roots_.bytes() + (nodes_ ? nodes_->bytes() : 0);
}

StateStore::PutResult StateStore::Put(const uint32_t* words, uint64_t hash) {
  assert(!has_nodes());
  PutResult result;
  if (flat_ != nullptr) {
    const FlatTable::Result r = flat_->FindOrPut(words, hash);
    result.full = r.id == FlatTable::kFull;
    result.id = r.id;
    result.inserted = r.inserted;
    return result;
  }
  const PairTable::Result r = roots_.FindOrPut(RootKey(words), hash);
  result.full = r.index == PairTable::kFull;
  result.id = r.index;
  result.inserted = r.inserted;
  return result;
}

StateStore::PutResult StateStore::Put(Tree& tree, const Tree* parent) {
  assert(tree.words.size() == words_);
  if (!has_nodes()) {
    const PutResult result = Put(tree.words.data(), HashOf(tree.words.data()));
    tree.valid = !result.full;
    return result;
  }
  PutResult result;
  const bool incremental = parent != nullptr && parent->valid;
  tree.nodes.resize(shape_.size());
  // changed[i]: node i's id differs from the parent's (or there is no parent). On the stack
  // for the usual widths: this runs for every successor.
  constexpr size_t kStackNodes = 256;
  uint8_t stack_changed[kStackNodes];
  thread_local std::vector<uint8_t> heap_changed;
  uint8_t* changed = stack_changed;
  if (shape_.size() > kStackNodes) {
    heap_changed.resize(shape_.size());
    changed = heap_changed.data();
  }
  for (size_t i = 0; i < shape_.size(); ++i) {
    const Shape& s = shape_[i];
    bool left_changed = s.left_is_word ? !incremental || tree.words[s.left] != parent->words[s.left]
                                       : changed[s.left] != 0;
    bool right_changed = s.right_is_word
                             ? !incremental || tree.words[s.right] != parent->words[s.right]
                             : changed[s.right] != 0;
    if (incremental && !left_changed && !right_changed) {
      // Same children, same node; at the root this means the parent state itself.
      tree.nodes[i] = parent->nodes[i];
      changed[i] = 0;
      result.id = tree.nodes[i];
      continue;
    }
    uint64_t key =
        PairKey(ChildId(tree, s.left, s.left_is_word), ChildId(tree, s.right, s.right_is_word));
    bool is_root = i + 1 == shape_.size();
    PairTable::Result r = is_root ? roots_.FindOrPut(key) : nodes_->FindOrPut(key);
    if (r.index == PairTable::kFull) {
      result.full = true;
      tree.valid = false;
      return result;
    }
    tree.nodes[i] = r.index;
    if (!is_root && r.inserted) ++result.new_nodes;
    changed[i] = incremental && r.index == parent->nodes[i] ? 0 : 1;
    if (is_root) {
      result.id = r.index;
      result.inserted = r.inserted;
    }
  }
  tree.valid = true;
  return result;
}

bool StateStore::Find(const std::vector<uint32_t>& words, StateId& id) const {
  assert(words.size() == words_);
  if (flat_ != nullptr) {
    id = flat_->Find(words.data());
    return id != FlatTable::kFull;
  }
  if (words_ <= 2) {
    id = roots_.Find(RootKey(words.data()));
    return id != PairTable::kFull;
  }
  // Bottom-up as in Put, but a node that is not there means the state is not either.
  thread_local std::vector<uint64_t> nodes;
  nodes.resize(shape_.size());
  for (size_t i = 0; i < shape_.size(); ++i) {
    const Shape& s = shape_[i];
    uint64_t left = s.left_is_word ? words[s.left] : nodes[s.left];
    uint64_t right = s.right_is_word ? words[s.right] : nodes[s.right];
    bool is_root = i + 1 == shape_.size();
    uint64_t index =
        is_root ? roots_.Find(PairKey(left, right)) : nodes_->Find(PairKey(left, right));
    if (index == PairTable::kFull) return false;
    nodes[i] = index;
  }
  id = nodes.back();
  return true;
}

void StateStore::Get(StateId id, Tree& tree) const {
  tree.words.resize(words_);
  if (flat_ != nullptr) {
    flat_->Get(id, tree.words.data());
    tree.valid = true;
    return;
  }
  if (words_ <= 2) {
    uint64_t key = roots_.Get(id);
    if (words_ == 1) {
      tree.words[0] = static_cast<uint32_t>(key);
    } else {
      tree.words[0] = static_cast<uint32_t>(key >> 32);
      tree.words[1] = static_cast<uint32_t>(key);
    }
    tree.valid = true;
    return;
  }
  tree.nodes.resize(shape_.size());
  tree.nodes.back() = id;
  // Top-down: each node's key names its children.
  for (size_t i = shape_.size(); i-- > 0;) {
    const Shape& s = shape_[i];
    bool is_root = i + 1 == shape_.size();
    uint64_t key = is_root ? roots_.Get(tree.nodes[i]) : nodes_->Get(tree.nodes[i]);
    uint64_t left = key >> 32, right = key & 0xffffffffu;
    if (s.left_is_word) {
      tree.words[s.left] = static_cast<uint32_t>(left);
    } else {
      tree.nodes[s.left] = left;
    }
    if (s.right_is_word) {
      tree.words[s.right] = static_cast<uint32_t>(right);
    } else {
      tree.nodes[s.right] = right;
    }
  }
  tree.valid = true;
}

}  // namespace rulecheck::explorer
