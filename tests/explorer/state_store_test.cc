// Tests for the tree-compressed state store and its pair table: ids are stable and unique per
// distinct state, Get rebuilds exactly what was put, incremental interning agrees with
// interning from scratch, and a full table says so instead of losing states.
#include "explorer/state_store.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace rulecheck::explorer {
namespace {

TEST(PairTableTest, FindOrPutGivesStableIds) {
  PairTable table(1024);
  PairTable::Result a = table.FindOrPut(42);
  EXPECT_TRUE(a.inserted);
  PairTable::Result b = table.FindOrPut(43);
  EXPECT_TRUE(b.inserted);
  EXPECT_NE(a.index, b.index);
  PairTable::Result again = table.FindOrPut(42);
  EXPECT_FALSE(again.inserted);
  EXPECT_EQ(again.index, a.index);
  EXPECT_EQ(table.Get(a.index), 42u);
}

TEST(PairTableTest, ZeroAndAllOnesAreOrdinaryKeys) {
  PairTable table(64);
  PairTable::Result zero = table.FindOrPut(0);
  PairTable::Result ones = table.FindOrPut(~uint64_t{0});
  EXPECT_TRUE(zero.inserted);
  EXPECT_TRUE(ones.inserted);
  EXPECT_EQ(table.Get(zero.index), 0u);
  EXPECT_EQ(table.Get(ones.index), ~uint64_t{0});
  EXPECT_FALSE(table.FindOrPut(~uint64_t{0}).inserted);
  EXPECT_FALSE(table.FindOrPut(0).inserted);
}

TEST(PairTableTest, ReportsFullInsteadOfLosingKeys) {
  PairTable table(8);
  std::set<uint64_t> stored;
  uint64_t full_at = 0;
  for (uint64_t k = 1; k <= 20; ++k) {
    PairTable::Result r = table.FindOrPut(k * 7919);
    if (r.index == PairTable::kFull) {
      full_at = k;
      break;
    }
    stored.insert(r.index);
  }
  EXPECT_EQ(full_at, 9u);  // 8 slots: the ninth key has no room
  EXPECT_EQ(stored.size(), 8u);
  EXPECT_FALSE(table.FindOrPut(7919).inserted);  // stored keys are still found
}

std::vector<uint32_t> RandomState(std::mt19937& rng, uint32_t words) {
  std::vector<uint32_t> state(words);
  for (uint32_t& w : state) w = rng() % 4;  // few values: plenty of sharing and repeats
  return state;
}

class StateStoreTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(StateStoreTest, RoundTripsAndDeduplicates) {
  const uint32_t words = GetParam();
  StateStore store(words, 1 << 22);
  ASSERT_TRUE(store.ok());
  std::mt19937 rng(words);
  std::map<std::vector<uint32_t>, StateStore::StateId> seen;
  std::set<StateStore::StateId> ids;
  for (int i = 0; i < 3000; ++i) {
    StateStore::Tree tree;
    tree.words = RandomState(rng, words);
    StateStore::PutResult r = store.Put(tree, nullptr);
    ASSERT_FALSE(r.full);
    auto it = seen.find(tree.words);
    if (it == seen.end()) {
      EXPECT_TRUE(r.inserted);
      EXPECT_TRUE(ids.insert(r.id).second) << "two states share an id";
      seen.emplace(tree.words, r.id);
    } else {
      EXPECT_FALSE(r.inserted);
      EXPECT_EQ(r.id, it->second);
    }
  }
  for (const auto& [state, id] : seen) {
    StateStore::Tree back;
    store.Get(id, back);
    EXPECT_EQ(back.words, state);
  }
}

TEST_P(StateStoreTest, IncrementalPutAgreesWithPutFromScratch) {
  const uint32_t words = GetParam();
  StateStore store(words, 1 << 22);
  std::mt19937 rng(1000 + words);
  StateStore::Tree parent;
  parent.words = RandomState(rng, words);
  store.Put(parent, nullptr);
  for (int i = 0; i < 2000; ++i) {
    StateStore::Tree child;
    child.words = parent.words;
    child.words[rng() % words] = rng() % 4;  // a successor changes a word or two
    if (rng() % 2) child.words[rng() % words] = rng() % 4;
    StateStore::PutResult incremental = store.Put(child, &parent);
    StateStore::Tree scratch;
    scratch.words = child.words;
    StateStore::PutResult full = store.Put(scratch, nullptr);
    ASSERT_EQ(incremental.id, full.id);
    EXPECT_EQ(child.nodes, scratch.nodes);
    // Get yields the node ids too, so a state read back can serve as the next parent.
    StateStore::Tree back;
    store.Get(incremental.id, back);
    EXPECT_EQ(back.words, child.words);
    EXPECT_EQ(back.nodes, child.nodes);
    parent = back;
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, StateStoreTest, ::testing::Values(1u, 2u, 3u, 4u, 5u, 7u, 16u));

class FlatStoreTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(FlatStoreTest, RoundTripsAndDeduplicatesWithoutNodes) {
  const uint32_t words = GetParam();
  ASSERT_TRUE(StateStore::FlatFits(words));
  StateStore store(words, 1 << 14, StateStore::Layout::kFlat);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(store.layout(), StateStore::Layout::kFlat);
  EXPECT_FALSE(store.has_nodes());
  EXPECT_EQ(store.node_capacity(), 0u);
  std::mt19937 rng(words);
  std::map<std::vector<uint32_t>, StateStore::StateId> seen;
  for (int i = 0; i < 3000; ++i) {
    StateStore::Tree tree;
    tree.words = RandomState(rng, words);
    const StateStore::PutResult r = store.Put(tree, nullptr);
    ASSERT_FALSE(r.full);
    ASSERT_LT(r.id, store.id_bound());
    EXPECT_EQ(r.new_nodes, 0u);
    auto it = seen.find(tree.words);
    EXPECT_EQ(r.inserted, it == seen.end());
    if (it == seen.end()) {
      seen.emplace(tree.words, r.id);
    } else {
      EXPECT_EQ(r.id, it->second);
    }
  }
  for (const auto& [state, id] : seen) {
    StateStore::Tree back;
    store.Get(id, back);
    EXPECT_EQ(back.words, state);
    StateStore::StateId found = 0;
    ASSERT_TRUE(store.Find(state, found));
    EXPECT_EQ(found, id);
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, FlatStoreTest, ::testing::Values(3u, 5u, 8u));

TEST(FlatStoreTest, OnlyNarrowStatesAreLaidOutFlat) {
  EXPECT_FALSE(StateStore::FlatFits(2));  // one root key either way
  EXPECT_TRUE(StateStore::FlatFits(3));
  EXPECT_TRUE(StateStore::FlatFits(StateStore::kFlatMaxWords));
  EXPECT_FALSE(StateStore::FlatFits(StateStore::kFlatMaxWords + 1));
  EXPECT_FALSE(StateStore::HasNodes(5, StateStore::Layout::kFlat));
  EXPECT_TRUE(StateStore::HasNodes(5, StateStore::Layout::kTree));
  EXPECT_TRUE(StateStore::HasNodes(StateStore::kFlatMaxWords + 1, StateStore::Layout::kFlat));
}

TEST(StateStoreTest, FullStoreSaysSo) {
  StateStore store(5, 64 * 8);  // a handful of slots
  std::mt19937 rng(7);
  bool full = false;
  for (int i = 0; i < 1000 && !full; ++i) {
    StateStore::Tree tree;
    tree.words = {static_cast<uint32_t>(i), 1, 2, 3, static_cast<uint32_t>(rng())};
    full = store.Put(tree, nullptr).full;
  }
  EXPECT_TRUE(full);
}

}  // namespace
}  // namespace rulecheck::explorer
