// Micro-benchmarks of successor generation on the benchmark games: the cost of expanding one
// state (all its successors), on a fixed sample of reachable states.
//
//   build/bench/rulecheck_bench --benchmark_filter=Successors
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {
namespace {

// Counts successors, and keeps the first few states it sees as the next sample.
class SampleSink final : public ir::SuccessorSink {
 public:
  // `keep`: remember states (outside the timed loop only: it allocates).
  SampleSink(uint32_t words, bool keep) : words_(words), keep_(keep) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& /*move*/) override {
    ++successors;
    benchmark::DoNotOptimize(state[0]);
    if (keep_ && sample.size() < 1024) sample.emplace_back(state, state + words_);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  uint64_t successors = 0;
  std::vector<std::vector<uint32_t>> sample;

 private:
  uint32_t words_;
  bool keep_;
};

void BM_Successors(benchmark::State& state, const std::string& game) {
  auto loaded = LoadModel(std::string(RULECHECK_SOURCE_DIR) + "/games/" + game, {});
  if (!loaded.ok()) {
    state.SkipWithError(std::string(loaded.status().message()).c_str());
    return;
  }
  const Model& model = **loaded;
  SuccessorGenerator generator(model);
  // A sample of states a few moves from the start.
  SampleSink seed(model.layout.words(), true);
  generator.Initial(seed);
  std::vector<std::vector<uint32_t>> states = seed.sample;
  for (int round = 0; round < 4 && states.size() < 512; ++round) {
    SampleSink next(model.layout.words(), true);
    for (const auto& s : states) generator.Successors(s.data(), next);
    states.insert(states.end(), next.sample.begin(), next.sample.end());
  }
  SampleSink sink(model.layout.words(), false);
  size_t i = 0;
  for (auto _ : state) {
    generator.Successors(states[i++ % states.size()].data(), sink);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["successors/state"] =
      static_cast<double>(sink.successors) / static_cast<double>(state.iterations());
}
BENCHMARK_CAPTURE(BM_Successors, puzzle8, std::string("puzzle8.rules"));
BENCHMARK_CAPTURE(BM_Successors, hanoi, std::string("hanoi.rules"));
BENCHMARK_CAPTURE(BM_Successors, tictactoe, std::string("tictactoe.rules"));

}  // namespace
}  // namespace rulecheck::model
