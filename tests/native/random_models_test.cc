// The compiled engine against the interpreter on generated models (issue 18): small rules
// programs from tests/shared/random_model.h, made from seeded random choices, each compiled
// and run both ways (both_ways.h: the same report, findings and traces, and the same
// successors, failures and property values in every stored state). Every generated program
// must compile: the generator uses only the language, and the language compiles whole. The
// seeds are fixed, so a failure reproduces; the failing program's text is printed.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>

#include "model/model.h"
#include "tests/native/both_ways.h"
#include "tests/shared/random_model.h"
#include "tests/shared/sanitizers.h"

namespace rulecheck::native {
namespace {

TEST(RandomModelsTest, CompiledAgreesWithInterpreted) {
  // The first states of each (fewer under a sanitizer, where the interpreter is slow).
  const uint64_t max_states = testing_support::kSanitized ? 500 : 5000;
  int with_findings = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    std::mt19937 rng(seed);
    const std::string text = test_models::random_model::Generate(
        [&rng](size_t n) { return static_cast<size_t>(rng() % n); });
    SCOPED_TRACE("seed " + std::to_string(seed) + ":\n" + text);
    absl::StatusOr<std::unique_ptr<model::Model>> model =
        model::LoadModelFromText("random.rules", text, {});
    ASSERT_TRUE(model.ok()) << model.status();
    std::string why;
    EXPECT_TRUE(RunBothWays(**model, max_states, why)) << why;
    if (HasFailure()) return;
    with_findings += Report(**model, nullptr, max_states)["findings"].empty() ? 0 : 1;
  }
  // The programs meet model errors, deadlocks and failed properties: the comparison covers
  // findings and their traces, not only clean runs.
  EXPECT_GT(with_findings, 10);
}

}  // namespace
}  // namespace rulecheck::native
