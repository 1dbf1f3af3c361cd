// Micro-benchmarks of the state store: find-or-put of new and of known states, single and
// incremental (a successor that differs from its parent in one word), and decompression.
//
//   build/bench/rulecheck_bench --benchmark_filter=Store
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "explorer/pair_table.h"
#include "explorer/tree_store.h"

namespace rulecheck::explorer {
namespace {

constexpr uint64_t kMemory = uint64_t{1} << 30;

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

void BM_TreeStorePutNew(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  TreeStore store(words, kMemory);
  TreeStore::Tree tree;
  tree.words.resize(words);
  uint64_t n = 0;
  for (auto _ : state) {
    FillState(n++, tree.words);
    benchmark::DoNotOptimize(store.Put(tree, nullptr));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TreeStorePutNew)->Arg(2)->Arg(6)->Arg(16);

void BM_TreeStorePutIncremental(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  TreeStore store(words, kMemory);
  TreeStore::Tree parent, child;
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
BENCHMARK(BM_TreeStorePutIncremental)->Arg(2)->Arg(6)->Arg(16);

void BM_TreeStoreGet(benchmark::State& state) {
  const uint32_t words = static_cast<uint32_t>(state.range(0));
  TreeStore store(words, kMemory);
  TreeStore::Tree tree;
  tree.words.resize(words);
  std::vector<TreeStore::StateId> ids;
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
BENCHMARK(BM_TreeStoreGet)->Arg(2)->Arg(6)->Arg(16);

}  // namespace
}  // namespace rulecheck::explorer
