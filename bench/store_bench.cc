// Micro-benchmarks of the state store: find-or-put of new and of known states, single and
// incremental (a successor that differs from its parent in one word), and decompression; in
// the tree layout and, for 6 words, the flat layout (second argument 1).
//
//   build/bench/rulecheck_bench --benchmark_filter=Store
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "explorer/pair_table.h"
#include "explorer/state_store.h"

namespace rulecheck::explorer {
namespace {

constexpr uint64_t kMemory = uint64_t{1} << 28;
constexpr uint64_t kWarmStates = uint64_t{1} << 21;

// A store for states of `words` words, laid out flat or by tree.
std::unique_ptr<StateStore> MakeStore(uint32_t words, bool flat) {
  if (flat)
    return std::make_unique<StateStore>(words, uint64_t{1} << 24, StateStore::Layout::kFlat);
  return std::make_unique<StateStore>(words, kMemory);
}

// A state of `words` words numbered `n`: most words repeat across states, as in a game.
void FillState(uint64_t n, std::vector<uint32_t>& words) {
  for (size_t w = 0; w < words.size(); ++w) {
    words[w] = static_cast<uint32_t>((n >> (4 * w)) & 0xf);
  }
}

void BM_PairTableFindOrPut(benchmark::State& state) {
  PairTable table(uint64_t{1} << 26);
  uint64_t key = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table.FindOrPut(key++ * 0x9e3779b97f4a7c15ULL));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PairTableFindOrPut);

void BM_StateStorePutNew(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  std::unique_ptr<StateStore> owned = MakeStore(words, state.range(1) != 0);
  StateStore& store = *owned;
  StateStore::Tree tree;
  tree.words.resize(words);
  uint64_t n = 0;
  // Untimed: enough states that every page of the tables is touched, so that the loop times
  // the puts and not the kernel clearing fresh pages.
  for (; n < kWarmStates; ++n) {
    FillState(n, tree.words);
    store.Put(tree, nullptr);
  }
  for (auto _ : state) {
    FillState(n++, tree.words);
    benchmark::DoNotOptimize(store.Put(tree, nullptr));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StateStorePutNew)->Args({2, 0})->Args({6, 0})->Args({6, 1})->Args({16, 0});

void BM_StateStorePutIncremental(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  StateStore store(words, kMemory);
  StateStore::Tree parent, child;
  parent.words.resize(words);
  FillState(12345, parent.words);
  store.Put(parent, nullptr);
  child = parent;
  uint64_t n = 0;
  for (auto _ : state) {
    // One word changes, as when a move touches one variable.
    child.words[n % words] = static_cast<uint32_t>(n);
    benchmark::DoNotOptimize(store.Put(child, &parent));
    child.words[n % words] = parent.words[n % words];
    ++n;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StateStorePutIncremental)->Arg(2)->Arg(6)->Arg(16);

void BM_StateStoreGet(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  std::unique_ptr<StateStore> owned = MakeStore(words, state.range(1) != 0);
  StateStore& store = *owned;
  StateStore::Tree tree;
  tree.words.resize(words);
  std::vector<StateStore::StateId> ids;
  for (uint64_t n = 0; n < 4096; ++n) {
    FillState(n * 977, tree.words);
    ids.push_back(store.Put(tree, nullptr).id);
  }
  uint64_t i = 0;
  for (auto _ : state) {
    store.Get(ids[i++ & 4095], tree);
    benchmark::DoNotOptimize(tree.words.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StateStoreGet)->Args({2, 0})->Args({6, 0})->Args({6, 1})->Args({16, 0});

}  // namespace
}  // namespace rulecheck::explorer
