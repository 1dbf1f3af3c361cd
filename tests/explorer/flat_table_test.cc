// Tests for the flat table of multi-word keys: ids are unique per distinct key and dense, Get
// gives back exactly what was put, any key (all zeros included) is ordinary, and a full table
// says so instead of losing keys.
#include "explorer/flat_table.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

namespace rulecheck::explorer {
namespace {

class FlatTableTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(FlatTableTest, RoundTripsAndDeduplicates) {
  const uint32_t words = GetParam();
  FlatTable table(words, 8192);
  ASSERT_TRUE(table.ok());
  std::mt19937 rng(words);
  std::map<std::vector<uint32_t>, uint64_t> seen;
  for (int i = 0; i < 3000; ++i) {
    std::vector<uint32_t> key(words);
    for (uint32_t& w : key) w = rng() % 4;  // few values: plenty of repeats
    const FlatTable::Result r = table.FindOrPut(key.data());
    ASSERT_NE(r.id, FlatTable::kFull);
    auto it = seen.find(key);
    if (it == seen.end()) {
      EXPECT_TRUE(r.inserted);
      // One thread, no races: the ids are the keys' places in order of arrival.
      EXPECT_EQ(r.id, seen.size());
      seen.emplace(key, r.id);
    } else {
      EXPECT_FALSE(r.inserted);
      EXPECT_EQ(r.id, it->second);
    }
  }
  for (const auto& [key, id] : seen) {
    std::vector<uint32_t> back(words);
    table.Get(id, back.data());
    EXPECT_EQ(back, key);
    EXPECT_EQ(table.Find(key.data()), id);
  }
  std::vector<uint32_t> absent(words, 7);
  EXPECT_EQ(table.Find(absent.data()), FlatTable::kFull);
}

INSTANTIATE_TEST_SUITE_P(Widths, FlatTableTest, ::testing::Values(1u, 3u, 4u, 5u, 8u, 17u));

TEST(FlatTableTest, AllZerosAndAllOnesAreOrdinaryKeys) {
  FlatTable table(5, 64);
  const std::vector<uint32_t> zeros(5, 0), ones(5, ~uint32_t{0});
  const FlatTable::Result zero = table.FindOrPut(zeros.data());
  const FlatTable::Result one = table.FindOrPut(ones.data());
  EXPECT_TRUE(zero.inserted);
  EXPECT_TRUE(one.inserted);
  EXPECT_NE(zero.id, one.id);
  EXPECT_FALSE(table.FindOrPut(zeros.data()).inserted);
  std::vector<uint32_t> back(5, 9);
  table.Get(zero.id, back.data());
  EXPECT_EQ(back, zeros);
  table.Get(one.id, back.data());
  EXPECT_EQ(back, ones);
}

TEST(FlatTableTest, ReportsFullInsteadOfLosingKeys) {
  FlatTable table(3, 40);  // 40 index entries, ids for 36 keys (90%)
  ASSERT_EQ(table.id_bound(), 36u);
  uint32_t full_at = 0;
  for (uint32_t k = 1; k <= 100; ++k) {
    const uint32_t key[3] = {k, k * 7919, 1};
    const FlatTable::Result r = table.FindOrPut(key);
    if (r.id == FlatTable::kFull) {
      full_at = k;
      break;
    }
    EXPECT_LT(r.id, table.id_bound());
  }
  EXPECT_EQ(full_at, 37u);
  const uint32_t first[3] = {1, 7919, 1};
  EXPECT_FALSE(table.FindOrPut(first).inserted);  // stored keys are still found
  EXPECT_EQ(table.FindOrPut(first).id, 0u);
}

TEST(FlatTableTest, BytesCountTheIndexAndTheKeysHeld) {
  FlatTable table(5, 1000);
  EXPECT_EQ(table.capacity(), 1000u);
  EXPECT_EQ(table.bytes(), 1000u * 8);
  const uint32_t key[5] = {1, 2, 3, 4, 5};
  table.FindOrPut(key);
  table.FindOrPut(key);
  EXPECT_EQ(table.bytes(), 1000u * 8 + 5 * 4);
  // At most: the index and room for 900 keys.
  EXPECT_EQ(FlatTable::Bytes(5, 1000), 1000u * 8 + 900u * 5 * 4);
}

}  // namespace
}  // namespace rulecheck::explorer
