// Micro-benchmarks of the symbolic engine's translation: the cost of turning every rule of a
// game into Z3 terms and simplifying them into the whole step's template, as `rulecheck
// solve` does once per run. Each game first gets its state facts (the fixed-bit pass,
// solver/fixed_bits.h, under the budget of `solve --timeout 60`, outside the timed loop);
// each iteration then starts from a new Z3 context (parked, as solve parks it), fixes those
// bits as solve does and translates the whole step (StepEncoder::PrepareWholeStep). Only
// games whose breadth-first search sees every state are here: with their bits fixed for good
// the rules are translated with them as constants, as solve translates them; the others
// would measure a translation solve does not make.
//
//   build/bench/rulecheck_bench --benchmark_filter=TranslateStep
//   build/bench/rulecheck_bench --benchmark_filter=TranslateStep/random_mutations
#include <benchmark/benchmark.h>
#include <z3++.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "solver/deadline.h"
#include "solver/fixed_bits.h"
#include "solver/z3_context.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {
namespace {

struct Game {
  std::string name;
  std::string file;  // relative to games/
};

const std::vector<Game>& Games() {
  static const std::vector<Game> games = {
      {"tictactoe", "tictactoe.rules"},
      {"monster_mutators", "monster-mutators/monster-mutators.rules"},
      {"random_mutations", "random-mutations/random-mutations.rules"},
  };
  return games;
}

// A loaded game and its state facts, made once per game.
struct Prepared {
  std::unique_ptr<model::Model> model;
  StateFacts facts;
  std::string error;
};

Prepared& Prepare(const Game& game) {
  static std::map<std::string, Prepared> prepared;
  auto [it, inserted] = prepared.try_emplace(game.name);
  Prepared& p = it->second;
  if (!inserted) return p;
  auto loaded = model::LoadModel(std::string(RULECHECK_SOURCE_DIR) + "/games/" + game.file, {});
  if (!loaded.ok()) {
    p.error = std::string(loaded.status().message());
    return p;
  }
  p.model = *std::move(loaded);
  z3::context ctx;
  StepEncoder enc(ctx, *p.model);
  // The budget `solve --timeout 60` gives the pass.
  const Deadline deadline(60);
  auto facts = FindFixedBits(enc, deadline, nullptr);
  if (!facts.ok()) {
    p.error = std::string(facts.status().message());
  } else if (!facts->every_state_seen) {
    p.error = "the breadth-first search does not see every state";
  } else {
    p.facts = *std::move(facts);
  }
  return p;
}

void BM_TranslateStep(benchmark::State& state, const Game& game) {
  Prepared& p = Prepare(game);
  if (!p.error.empty()) {
    state.SkipWithError(p.error.c_str());
    return;
  }
  for (auto _ : state) {
    // Parked as solve parks it (solver/z3_context.h: deleting a large context takes Z3 4.8
    // minutes); a small one is deleted, outside the timing.
    auto holder = std::make_unique<ContextHolder>();
    auto enc = std::make_unique<StepEncoder>(holder->get(), *p.model);
    enc->FixBitsForGood(p.facts.fixed, p.facts.no_failing_move);
    if (!enc->PrepareWholeStep([] { return false; }) || !enc->status().ok()) {
      state.SkipWithError("the step was not translated");
      return;
    }
    state.PauseTiming();
    enc.reset();
    holder.reset();
    state.ResumeTiming();
  }
  state.counters["fixed_bits"] = static_cast<double>(p.facts.fixed.count());
}

[[maybe_unused]] const bool registered = [] {
  for (const Game& game : Games()) {
    benchmark::RegisterBenchmark(("BM_TranslateStep/" + game.name).c_str(), BM_TranslateStep, game)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace rulecheck::solver::internal
