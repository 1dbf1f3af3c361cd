// The findings of the symbolic engine's bounded checks (`solve --depth K`) against those of
// `check` (properties::Check), in process: a violated invariant, a failing assert (in a move
// and in `init`) and a deadlock each carry the same results::Finding from both engines — kind,
// name, file, location, and the same trace (moves, states, the failed step's error). Only the
// deadlock's message differs: `check` adds how many deadlocked states it found.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/value_format.h"
#include "properties/property.h"
#include "results/answer.h"
#include "results/finding.h"
#include "solver/solver.h"
#include "tests/shared/load_model.h"

namespace rulecheck {
namespace {

// The finding of `kind` that `check` reports.
results::Finding Explicit(const model::Model& model, results::FindingKind kind) {
  properties::CheckOptions options;
  options.explore.threads = 1;
  options.explore.memory_bytes = uint64_t{64} << 20;
  for (const results::Finding& f : properties::Check(model, options).findings) {
    if (f.kind == kind) return f;
  }
  ADD_FAILURE() << "check found no " << results::KindName(kind);
  return {};
}

// The finding of the bounded check of `answer_kind` up to `depth`.
results::Finding Symbolic(const model::Model& model, results::AnswerKind answer_kind, int depth) {
  solver::SolveOptions options;
  options.queries = false;
  options.check_depth = depth;
  absl::StatusOr<std::vector<results::Answer>> answers = solver::Solve(model, options);
  EXPECT_TRUE(answers.ok()) << answers.status();
  if (!answers.ok()) return {};
  for (const results::Answer& answer : *answers) {
    if (answer.kind != answer_kind) continue;
    EXPECT_EQ(answer.verdict, results::Verdict::kSat) << answer.message;
    EXPECT_TRUE(answer.finding.has_value()) << answer.message;
    EXPECT_EQ(answer.trace.size(), answer.finding ? answer.finding->trace.size() : 0);
    return answer.finding.value_or(results::Finding{});
  }
  ADD_FAILURE() << "no answer " << results::AnswerKindName(answer_kind);
  return {};
}

void ExpectSameFinding(const model::Model& model, const results::Finding& check,
                       const results::Finding& solve) {
  EXPECT_EQ(solve.kind, check.kind);
  EXPECT_EQ(solve.severity, check.severity);
  EXPECT_EQ(solve.name, check.name);
  EXPECT_EQ(solve.file, check.file);
  EXPECT_EQ(solve.location, check.location);
  ASSERT_EQ(solve.trace.size(), check.trace.size());
  for (size_t i = 0; i < check.trace.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(model::FormatMoveCall(model, solve.trace[i].move),
              model::FormatMoveCall(model, check.trace[i].move));
    EXPECT_EQ(solve.trace[i].state, check.trace[i].state);
    EXPECT_EQ(solve.trace[i].failed, check.trace[i].failed);
    EXPECT_EQ(solve.trace[i].error, check.trace[i].error);
  }
}

TEST(FindingAgreementTest, InvariantViolation) {
  auto model = test_models::LoadTestModel(R"(state { n: 0..3 }
init { n := 0 }
action inc() when n < 3 { n := n + 1 }
invariant small: n < 2
)");
  ASSERT_NE(model, nullptr);
  const results::Finding check = Explicit(*model, results::FindingKind::kInvariant);
  const results::Finding solve = Symbolic(*model, results::AnswerKind::kInvariant, 4);
  ExpectSameFinding(*model, check, solve);
  EXPECT_EQ(solve.message, check.message);
  EXPECT_EQ(solve.trace.size(), 3u);
}

TEST(FindingAgreementTest, FailingAssertInAMove) {
  auto model = test_models::LoadTestModel(R"(state { n: 0..3 }
init { n := 0 }
action inc() when n < 3 {
  n := n + 1
  assert n < 2, "too big"
}
)");
  ASSERT_NE(model, nullptr);
  const results::Finding check = Explicit(*model, results::FindingKind::kAssert);
  const results::Finding solve = Symbolic(*model, results::AnswerKind::kFailure, 4);
  ExpectSameFinding(*model, check, solve);
  EXPECT_EQ(solve.message, check.message);
  ASSERT_EQ(solve.trace.size(), 3u);
  EXPECT_TRUE(solve.trace.back().failed);
}

TEST(FindingAgreementTest, FailingAssertInInit) {
  auto model = test_models::LoadTestModel(R"(state { n: 0..3 }
init {
  n := 0
  assert n > 0, "no start"
}
action inc() when n < 3 { n := n + 1 }
)");
  ASSERT_NE(model, nullptr);
  const results::Finding check = Explicit(*model, results::FindingKind::kAssert);
  const results::Finding solve = Symbolic(*model, results::AnswerKind::kFailure, 2);
  ExpectSameFinding(*model, check, solve);
  EXPECT_EQ(solve.message, check.message);
  ASSERT_EQ(solve.trace.size(), 1u);
}

TEST(FindingAgreementTest, Deadlock) {
  auto model = test_models::LoadTestModel(R"(state { n: 0..3 }
init { n := 0 }
action inc() when n < 2 { n := n + 1 }
)");
  ASSERT_NE(model, nullptr);
  const results::Finding check = Explicit(*model, results::FindingKind::kDeadlock);
  const results::Finding solve = Symbolic(*model, results::AnswerKind::kDeadlock, 4);
  ExpectSameFinding(*model, check, solve);
  EXPECT_EQ(solve.message, "deadlock: a state that is not terminal has no moves");
  EXPECT_EQ(check.message, solve.message + " (1 deadlocked state in all)");
  EXPECT_EQ(solve.trace.size(), 3u);
}

}  // namespace
}  // namespace rulecheck
