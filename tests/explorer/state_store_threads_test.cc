// Concurrency test for the tree store (run under ThreadSanitizer in CI): threads putting
// overlapping sets of states agree on every id, and each state is inserted exactly once.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "explorer/state_store.h"

namespace rulecheck::explorer {
namespace {

TEST(StateStoreThreadsTest, ConcurrentPutsAgree) {
  constexpr int kThreads = 4;
  constexpr uint32_t kStates = 20000;
  StateStore store(6, 1 << 24);
  std::vector<std::vector<StateStore::StateId>> ids(kThreads,
                                                    std::vector<StateStore::StateId>(kStates));
  std::atomic<int> inserted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      StateStore::Tree tree;
      for (uint32_t k = 0; k < kStates; ++k) {
        uint32_t s = (k * 7 + t * 13) % kStates;  // every thread visits every state
        tree.words = {s % 3, s % 5, s / 7, 1, s % 2, s};
        StateStore::PutResult r = store.Put(tree, nullptr);
        ids[t][s] = r.id;
        if (r.inserted) inserted.fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(inserted.load(), static_cast<int>(kStates));
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(ids[t], ids[0]);
}

}  // namespace
}  // namespace rulecheck::explorer
