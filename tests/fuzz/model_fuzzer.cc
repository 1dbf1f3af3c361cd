// libFuzzer target, structure-aware: the fuzzer's bytes choose a rules program from the random
// model generator's pools (tests/shared/random_model.h), so every input is a model that
// type-checks and reaches the successor generator, the checks and the analyses, rather than
// the front end's error paths. Each program is checked with every check and analysis on, and
// the symbolic engine's answers to its queries, failing moves and deadlocks within three moves
// are compared with the explicit engine's (tests/solver/oracle.h): a disagreement, or a
// generated program that does not load, aborts with the program's text. Built by
// scripts/fuzz.sh.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "properties/property.h"
#include "solver/solver.h"
#include "tests/shared/random_model.h"
#include "tests/solver/oracle.h"

namespace {

[[noreturn]] void Fail(const std::string& text, const std::string& what) {
  std::fprintf(stderr, "model_fuzzer: %s\n--- the program:\n%s---\n", what.c_str(), text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace rc = rulecheck;
  FuzzedDataProvider bytes(data, size);
  const std::string text = rc::test_models::random_model::Generate(
      [&bytes](size_t n) { return bytes.ConsumeIntegralInRange<size_t>(0, n - 1); });
  absl::StatusOr<std::unique_ptr<rc::model::Model>> loaded =
      rc::model::LoadModelFromText("fuzz.rules", text, {});
  if (!loaded.ok()) Fail(text, "a generated program does not load: " + loaded.status().ToString());
  const rc::model::Model& model = **loaded;

  rc::properties::CheckOptions options;
  options.explore.threads = 1;
  options.explore.max_states = 2000;
  options.explore.memory_bytes = uint64_t{64} << 20;
  options.coverage = true;
  (void)rc::properties::Check(model, options);

  constexpr int kDepth = 3;
  const rc::solver::testing::Levels levels = rc::solver::testing::ExploreLevels(model, kDepth);
  rc::solver::SolveOptions solve;
  solve.check_depth = kDepth;
  absl::StatusOr<std::vector<rc::results::Answer>> answers = rc::solver::Solve(model, solve);
  if (!answers.ok()) Fail(text, "the symbolic engine failed: " + answers.status().ToString());
  const std::vector<std::string> disagreements =
      rc::solver::testing::Disagreements(model, levels, *answers);
  if (!disagreements.empty()) Fail(text, "the engines disagree: " + disagreements.front());
  return 0;
}
