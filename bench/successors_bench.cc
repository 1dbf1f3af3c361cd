// Micro-benchmarks of successor generation on every game in games/: the cost of expanding one
// state (all its successors), over a fixed sample of reachable states. The sample comes from a
// breadth-first search from the initial states (duplicates dropped) that stops after
// kExploreStates states; kSampleStates of them, evenly spaced in that order, so that the
// sample spreads over the levels reached and is the same in every run. Connect four, Lights
// Out and hanoi run at the sizes bench/run.sh compares with SPIN; the other games at their
// default constants. Two benchmarks per game on the same sample: BM_Successors/GAME runs the
// interpreter, BM_SuccessorsCompiled/GAME the model compiled to native code (--engine
// compiled; the library comes from the user's cache, and compiling it is not timed). A game
// that does not compile yet is reported as an error naming the first construct that does not.
//
//   build/bench/rulecheck_bench --benchmark_filter=Successors
//   build/bench/rulecheck_bench --benchmark_filter=Successors.*/connect4
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "native/native.h"

namespace rulecheck::model {
namespace {

using State = std::vector<uint32_t>;

constexpr size_t kExploreStates = 20000;
constexpr size_t kSampleStates = 1024;

// A game of games/: its file and the constants it is benchmarked with.
struct Game {
  std::string name;
  std::string file;  // relative to games/
  std::vector<front::ConstOverride> consts;
};

const std::vector<Game>& Games() {
  static const std::vector<Game> games = {
      {"tictactoe", "tictactoe.rules", {}},
      {"puzzle8", "puzzle8.rules", {}},
      {"puzzle11", "puzzle11.rules", {}},
      {"hanoi12", "hanoi.rules", {{"N", "12"}}},
      {"connect4_5x4", "connect4.rules", {{"W", "5"}, {"H", "4"}}},
      {"lightsout5", "lightsout.rules", {{"N", "5"}}},
      {"creature_battle", "creature-battle/creature-battle.rules", {}},
      {"masters_of_mutanite", "masters-of-mutanite/masters-of-mutanite.rules", {}},
      {"monster_mutators", "monster-mutators/monster-mutators.rules", {}},
      {"mutagen", "mutagen/mutagen.rules", {}},
      {"random_mutations", "random-mutations/random-mutations.rules", {}},
  };
  return games;
}

// Collects successors as states (outside the timed loop only: it allocates).
class CollectSink final : public ir::SuccessorSink {
 public:
  explicit CollectSink(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& /*move*/) override {
    states.emplace_back(state, state + words_);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  std::vector<State> states;

 private:
  uint32_t words_;
};

// Counts successors; the timed loop's sink.
class CountSink final : public ir::SuccessorSink {
 public:
  void OnSuccessor(const uint32_t* state, const ir::Move& /*move*/) override {
    ++successors;
    benchmark::DoNotOptimize(state[0]);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override { ++failures; }
  uint64_t successors = 0;
  uint64_t failures = 0;
};

// A loaded game and its sample, built once per game (the benchmark function runs several
// times while the library settles the number of iterations).
struct Prepared {
  std::unique_ptr<Model> model;
  std::unique_ptr<SuccessorGenerator> generator;
  std::vector<State> sample;
  std::string error;
  // The compiled engine, made on first use.
  bool compile_tried = false;
  native::CompiledModel compiled;
  std::unique_ptr<ir::Expander> compiled_expander;
  std::string compile_error;
};

std::vector<State> Sample(const Model& model, SuccessorGenerator& generator) {
  CollectSink initial(model.layout.words());
  generator.Initial(initial);
  std::set<State> seen;
  std::vector<State> order;
  for (State& s : initial.states) {
    if (order.size() < kExploreStates && seen.insert(s).second) order.push_back(std::move(s));
  }
  for (size_t next = 0; next < order.size() && order.size() < kExploreStates; ++next) {
    CollectSink successors(model.layout.words());
    generator.Successors(order[next].data(), successors);
    for (State& s : successors.states) {
      if (order.size() < kExploreStates && seen.insert(s).second) order.push_back(std::move(s));
    }
  }
  std::vector<State> sample;
  const size_t n = std::min(order.size(), kSampleStates);
  for (size_t i = 0; i < n; ++i) sample.push_back(order[i * order.size() / n]);
  return sample;
}

Prepared& Prepare(const Game& game) {
  static std::map<std::string, Prepared> prepared;
  auto [it, inserted] = prepared.try_emplace(game.name);
  Prepared& p = it->second;
  if (!inserted) return p;
  auto loaded = LoadModel(std::string(RULECHECK_SOURCE_DIR) + "/games/" + game.file, game.consts);
  if (!loaded.ok()) {
    p.error = std::string(loaded.status().message());
    return p;
  }
  p.model = *std::move(loaded);
  p.generator = std::make_unique<SuccessorGenerator>(*p.model);
  p.sample = Sample(*p.model, *p.generator);
  if (p.sample.empty()) p.error = "no initial state";
  return p;
}

// The compiled engine's expander of a prepared game, or null with p.compile_error set.
ir::Expander* Compiled(Prepared& p) {
  if (!p.compile_tried) {
    p.compile_tried = true;
    absl::StatusOr<native::CompiledModel> compiled = native::CompileModel(*p.model, {});
    if (compiled.ok()) {
      p.compiled = *std::move(compiled);
      p.compiled_expander = p.compiled.space->NewExpander(/*record_trail=*/false);
    } else {
      p.compile_error = std::string(compiled.status().message());
    }
  }
  return p.compiled_expander.get();
}

// Expands the sample's states in turn with `expand(words, sink)`, counting per state.
template <typename Expand>
void TimeSuccessors(benchmark::State& state, const Prepared& p, Expand expand) {
  CountSink sink;
  size_t i = 0;
  for (auto _ : state) {
    expand(p.sample[i].data(), sink);
    if (++i == p.sample.size()) i = 0;
  }
  const double iterations = static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());
  state.counters["successors/state"] = static_cast<double>(sink.successors) / iterations;
  state.counters["failures/state"] = static_cast<double>(sink.failures) / iterations;
  state.counters["sample"] = static_cast<double>(p.sample.size());
}

void BM_Successors(benchmark::State& state, const Game& game) {
  Prepared& p = Prepare(game);
  if (!p.error.empty()) {
    state.SkipWithError(p.error.c_str());
    return;
  }
  TimeSuccessors(state, p, [&](const uint32_t* words, CountSink& sink) {
    p.generator->Successors(words, sink);
  });
}

void BM_SuccessorsCompiled(benchmark::State& state, const Game& game) {
  Prepared& p = Prepare(game);
  if (!p.error.empty()) {
    state.SkipWithError(p.error.c_str());
    return;
  }
  ir::Expander* expander = Compiled(p);
  if (expander == nullptr) {
    state.SkipWithError(("not compiled: " + p.compile_error).c_str());
    return;
  }
  TimeSuccessors(
      state, p, [&](const uint32_t* words, CountSink& sink) { expander->Successors(words, sink); });
}

[[maybe_unused]] const bool kRegistered = [] {
  for (const Game& game : Games()) {
    benchmark::RegisterBenchmark(("BM_Successors/" + game.name).c_str(), BM_Successors, game);
    benchmark::RegisterBenchmark(("BM_SuccessorsCompiled/" + game.name).c_str(),
                                 BM_SuccessorsCompiled, game);
  }
  return true;
}();

}  // namespace
}  // namespace rulecheck::model
