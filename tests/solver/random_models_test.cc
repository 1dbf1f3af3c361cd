// A model-based random tester (after CaDiCaL's): small rules programs are generated
// (tests/shared/random_model.h) from seeded random choices, and the symbolic engine's answers
// are compared with the explicit engine's on every one (tests/solver/oracle.h): each query's
// value and depth, the depth of the first failing move, and of the first deadlock. The seeds
// are fixed, so a failure reproduces; the failing program's text is printed.
// tests/fuzz/model_fuzzer.cc makes the same comparison on programs chosen by a fuzzer.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "model/model.h"
#include "solver/solver.h"
#include "tests/shared/random_model.h"
#include "tests/solver/oracle.h"

namespace rulecheck::solver {
namespace {

// What the generated models exercised, so that the test notices when they stop doing so.
struct Coverage {
  int failures = 0, deadlocks = 0, sat = 0, optimal = 0, unsat = 0;
};

void CheckOne(uint32_t seed, Coverage& coverage) {
  std::mt19937 rng(seed);
  const std::string text = test_models::random_model::Generate(
      [&rng](size_t n) { return static_cast<size_t>(rng() % n); });
  SCOPED_TRACE("seed " + std::to_string(seed) + ":\n" + text);
  auto loaded = model::LoadModelFromText("random.rules", text, {});
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  model::Model& model = **loaded;
  testing::Levels levels = testing::ExploreLevels(model, 3);
  SolveOptions options;
  options.check_depth = 3;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  for (const results::Answer& r : *results) {
    const bool sat = r.verdict == results::Verdict::kSat;
    coverage.failures += r.kind == results::AnswerKind::kFailure && sat;
    coverage.deadlocks += r.kind == results::AnswerKind::kDeadlock && sat;
    coverage.sat += r.kind == results::AnswerKind::kReachable && sat;
    coverage.optimal += r.verdict == results::Verdict::kOptimal;
    coverage.unsat +=
        r.kind == results::AnswerKind::kReachable && r.verdict == results::Verdict::kUnsat;
  }
  EXPECT_THAT(testing::Disagreements(model, levels, *results), ::testing::IsEmpty());
}

TEST(RandomModelsTest, SymbolicAgreesWithExplicit) {
  Coverage coverage;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    CheckOne(seed, coverage);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(coverage.failures, 5);
  EXPECT_GT(coverage.deadlocks, 0);
  EXPECT_GT(coverage.sat, 3);
  EXPECT_GT(coverage.optimal, 10);
  EXPECT_GT(coverage.unsat, 0);
  std::printf("coverage: %d failures, %d deadlocks, %d sat, %d optimal, %d unsat\n",
              coverage.failures, coverage.deadlocks, coverage.sat, coverage.optimal,
              coverage.unsat);
}

}  // namespace
}  // namespace rulecheck::solver
