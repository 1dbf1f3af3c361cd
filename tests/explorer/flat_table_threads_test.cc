// Concurrency test for the flat table (run under ThreadSanitizer in CI): threads putting
// overlapping sets of keys agree on every id, each key is inserted exactly once, and a key
// read back by another thread is whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "explorer/flat_table.h"

namespace rulecheck::explorer {
namespace {

TEST(FlatTableThreadsTest, ConcurrentPutsAgree) {
  constexpr int kThreads = 4;
  constexpr uint32_t kKeys = 20000;
  constexpr uint32_t kWords = 6;
  FlatTable table(kWords, 1 << 16);
  std::vector<std::vector<uint64_t>> ids(kThreads, std::vector<uint64_t>(kKeys));
  std::atomic<int> inserted{0};
  std::atomic<int> torn{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (uint32_t k = 0; k < kKeys; ++k) {
        const uint32_t s = (k * 7 + t * 13) % kKeys;  // every thread visits every key
        const uint32_t key[kWords] = {s % 3, s % 5, s / 7, 1, s % 2, s};
        const FlatTable::Result r = table.FindOrPut(key);
        ids[t][s] = r.id;
        if (r.inserted) inserted.fetch_add(1, std::memory_order_relaxed);
        uint32_t back[kWords];
        table.Get(r.id, back);
        if (!std::equal(key, key + kWords, back)) torn.fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(inserted.load(), static_cast<int>(kKeys));
  EXPECT_EQ(torn.load(), 0);
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(ids[t], ids[0]);
}

}  // namespace
}  // namespace rulecheck::explorer
