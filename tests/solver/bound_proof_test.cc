// Hand-worked tests for `solve --prove-optimal` (solver/bound_proof.h, invariant_candidates.h):
// a counter pair whose bound needs a discovered invariant, a bound that needs an invariant
// over three fields, a bound true only to the depth searched (never proved), minimize,
// a bound below the true best (never proved), agreement with the explicit engine's best over
// every reachable state, cancellation, and the candidates themselves.
#include "solver/bound_proof.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/bits.h"
#include "model/model.h"
#include "solver/invariant_candidates.h"
#include "solver/solver.h"
#include "solver/state_sample.h"
#include "tests/shared/load_model.h"
#include "tests/solver/oracle.h"
#include "tests/solver/solve_proving.h"

namespace rulecheck::solver {
namespace {

using ::testing::HasSubstr;

// x and y move together (y == x in every reachable state), so the best x + y is 10 (x = 5).
// Alone, x + y <= 10 is not k-inductive for any k the tests try: from the unreachable
// x = 3, y = 6, z ticks through distinct states and then `inc` reaches 4 + 7 = 11. With the
// discovered `x != c or y <= c` clauses it is 1-inductive.
constexpr char kPair[] = R"(
state {
  x: 0..5
  y: 0..9
  z: 0..7
}
action inc() when x < 5 { x += 1  y += 1 }
action dec() when x > 0 { x -= 1  y -= 1 }
action tick() { z := if z == 7 then 0 else z + 1 }
query best: maximize x + y within 6
query least: minimize 10 - x - y within 6
)";

// c == a + b in every reachable state, so c <= 6: an invariant over three fields, which the
// three-literal candidates give (the sample is every reachable state).
constexpr char kSum[] = R"(
state { a: 0..3  b: 0..3  c: 0..15 }
action inc_a() when a < 3 { a += 1  c += 1 }
action inc_b() when b < 3 { b += 1  c += 1 }
action dec_a() when a > 0 { a -= 1  c -= 1 }
action dec_b() when b > 0 { b -= 1  c -= 1 }
query most_c: maximize c within 6
)";

// The best within 3 moves is 3, but x goes on to 20: the bound holds only to the depth
// searched, and no induction can prove it.
constexpr char kGrowing[] = R"(
state { x: 0..20 }
action inc() when x < 20 { x += 1 }
query most_x: maximize x within 3
)";

// ProveBound on the first query of `text` with `bound`, searched to depth 6.
results::BoundProof ProveDirectly(const std::string& text, int64_t bound,
                                  const internal::BoundProofLimits& limits,
                                  const std::atomic<bool>* cancel = nullptr,
                                  double timeout_seconds = 0) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  if (model == nullptr) return {};
  std::optional<internal::StateFacts> facts;
  internal::BmcContext bc;
  bc.facts = &facts;
  bc.cancel = cancel;
  bc.timeout_seconds = timeout_seconds;
  absl::StatusOr<results::BoundProof> proof =
      internal::ProveBound(*model, bc, model->program.queries.front(), bound, 6, limits);
  EXPECT_TRUE(proof.ok()) << proof.status();
  return proof.ok() ? *proof : results::BoundProof{};
}

TEST(BoundProofTest, DiscoveredInvariantsProveTheMaximum) {
  const results::Answer answer = SolveProving(kPair, "best");
  EXPECT_EQ(answer.verdict, results::Verdict::kOptimal);
  EXPECT_EQ(answer.value, 10);
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_TRUE(answer.proof->proved) << answer.proof->message;
  EXPECT_EQ(answer.proof->k, 1);
  EXPECT_GT(answer.proof->invariants, 0);
  EXPECT_THAT(answer.proof->message, HasSubstr("optimal for every depth (k-induction, k=1, "));
}

TEST(BoundProofTest, WithoutCandidatesPlainInductionFails) {
  internal::BoundProofLimits limits;
  limits.max_candidates = 0;
  limits.max_learnt = 0;
  const results::BoundProof proof = ProveDirectly(kPair, 10, limits);
  EXPECT_FALSE(proof.proved);
  EXPECT_EQ(proof.k, 4);
  EXPECT_TRUE(proof.capped);
  EXPECT_EQ(proof.message,
            "proved only to depth 6: induction failed at k up to 4 with 0 invariants (candidate "
            "invariants capped at 0 of 22) (learnt clauses capped at 0)");
}

TEST(BoundProofTest, ClausesLearntFromCounterexamplesAloneProveTheMaximum) {
  // No candidates from the sample: the induction's counterexamples (x = 3, y = 6, ...) are
  // blocked one by one with clauses over values no sampled state has together.
  internal::BoundProofLimits limits;
  limits.max_candidates = 0;
  const results::BoundProof proof = ProveDirectly(kPair, 10, limits);
  EXPECT_TRUE(proof.proved) << proof.message;
  EXPECT_GT(proof.invariants, 0);
}

TEST(BoundProofTest, MinimizeIsProvedToo) {
  const results::Answer answer = SolveProving(kPair, "least");
  EXPECT_EQ(answer.value, 0);
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_TRUE(answer.proof->proved) << answer.proof->message;
}

TEST(BoundProofTest, ThreeFieldInvariantProvesTheSum) {
  const results::Answer answer = SolveProving(kSum, "most_c");
  EXPECT_EQ(answer.value, 6);
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_TRUE(answer.proof->proved) << answer.proof->message;
}

TEST(BoundProofTest, BoundTrueOnlyWithinTheSearchIsProvedOnlyToThatDepth) {
  const results::Answer answer = SolveProving(kGrowing, "most_x");
  EXPECT_EQ(answer.verdict, results::Verdict::kOptimal);
  EXPECT_EQ(answer.value, 3);
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_FALSE(answer.proof->proved);
  EXPECT_THAT(answer.proof->message,
              HasSubstr("proved only to depth 3: induction failed at k up to 4"));
  // With k up to 6, the base case beyond the bound finds x = 4 after 4 moves.
  const results::Answer deeper = SolveProving(kGrowing, "most_x", 6);
  ASSERT_TRUE(deeper.proof.has_value());
  EXPECT_EQ(deeper.proof->message, "proved only to depth 3: a state 4 moves deep does better");
}

TEST(BoundProofTest, BoundBelowTheTrueBestIsNeverProved) {
  for (int64_t wrong : {6, 8, 9}) {
    const results::BoundProof proof = ProveDirectly(kPair, wrong, internal::BoundProofLimits{});
    EXPECT_FALSE(proof.proved) << wrong << ": " << proof.message;
  }
}

TEST(BoundProofTest, ProvedValueIsTheExplicitBestOverEveryReachableState) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kPair);
  ASSERT_NE(model, nullptr);
  // 48 reachable states, all within 12 moves; the explicit engine visits every one.
  const testing::Levels levels = testing::ExploreLevels(*model, 100);
  size_t states = 0;
  for (const auto& level : levels.states) states += level.size();
  ASSERT_EQ(states, 48u);
  const testing::Answer truth = testing::ExplicitAnswer(*model, levels, 0, 100);
  const results::Answer answer = SolveProving(kPair, "best");
  ASSERT_TRUE(answer.proof && answer.proof->proved);
  EXPECT_EQ(answer.value, truth.value);
}

TEST(BoundProofTest, CancelledProofSaysHowFarItGot) {
  std::atomic<bool> cancel{true};
  const results::BoundProof proof = ProveDirectly(kPair, 10, internal::BoundProofLimits{}, &cancel);
  EXPECT_FALSE(proof.proved);
  EXPECT_THAT(proof.message, HasSubstr("proved only to depth 6: interrupted while "));
}

TEST(BoundProofTest, TimeoutSaysHowFarItGot) {
  const results::BoundProof proof =
      ProveDirectly(kPair, 10, internal::BoundProofLimits{}, nullptr, 1e-9);
  EXPECT_FALSE(proof.proved);
  EXPECT_THAT(proof.message, HasSubstr("proved only to depth 6: timed out while "));
}

TEST(BoundProofTest, NoValueMeansNoProof) {
  const results::Answer answer = SolveProving(
      "state { x: 0..3 }\naction a() when x < 3 { x += 1 }\n"
      "query never: maximize (if x == 9 then 1 else 0 / 0) within 2\n",
      "never");
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_FALSE(answer.proof->proved);
  EXPECT_THAT(answer.proof->message, HasSubstr("not attempted"));
}

TEST(InvariantCandidatesTest, EverySampledStateSatisfiesEveryCandidate) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kSum);
  ASSERT_NE(model, nullptr);
  const std::vector<internal::StateField> fields = internal::StateFields(*model);
  ASSERT_EQ(fields.size(), 3u);
  const std::vector<std::vector<uint32_t>> sample = internal::SampleStates(
      *model, {}, [] { return false; }, nullptr);
  ASSERT_EQ(sample.size(), 16u);  // every (a, b), c = a + b
  const internal::CandidateSet cands = internal::ProposeCandidates(*model, fields, sample, 1000);
  ASSERT_FALSE(cands.capped());
  ASSERT_FALSE(cands.clauses.empty());
  for (const internal::Candidate& c : cands.clauses) {
    for (const std::vector<uint32_t>& s : sample) {
      ASSERT_TRUE(internal::CandidateHolds(*model, c, fields, s.data()))
          << internal::CandidateText(c, fields);
    }
  }
  // c <= 6 is among them; a state with c == 7 breaks it.
  bool c_bounded = false;
  for (const internal::Candidate& c : cands.clauses) {
    c_bounded |= internal::CandidateText(c, fields) == "c <= 6";
  }
  EXPECT_TRUE(c_bounded);
  const internal::CandidateSet few = internal::ProposeCandidates(*model, fields, sample, 3);
  EXPECT_EQ(few.clauses.size(), 3u);
  EXPECT_TRUE(few.capped());
  EXPECT_EQ(few.proposed, cands.proposed);
}

TEST(InvariantCandidatesTest, BlockingClauseKeepsTheValuesNoSampledStateHasTogether) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kSum);
  ASSERT_NE(model, nullptr);
  const std::vector<internal::StateField> fields = internal::StateFields(*model);
  const std::vector<std::vector<uint32_t>> sample = internal::SampleStates(
      *model, {}, [] { return false; }, nullptr);
  const internal::SampleIndex index(*model, fields, sample);
  EXPECT_FALSE(index.BlockingClause(sample.back().data()).has_value());
  // a = 0, b = 0, c = 3: each two of the values occur together, all three never.
  std::vector<uint32_t> state = sample.front();
  for (const auto& [f, v] : {std::pair{0, 0}, {1, 0}, {2, 3}}) {
    ir::bits::Write(state.data(), model->layout.var_offset(fields[f].var) + fields[f].offset,
                    fields[f].width, v);
  }
  std::optional<internal::Candidate> clause = index.BlockingClause(state.data());
  ASSERT_TRUE(clause.has_value());
  EXPECT_EQ(internal::CandidateText(*clause, fields), "a != 0 or b != 0 or c != 3");
  // c = 9 alone is never sampled.
  ir::bits::Write(state.data(), model->layout.var_offset(fields[2].var) + fields[2].offset,
                  fields[2].width, 9);
  clause = index.BlockingClause(state.data());
  ASSERT_TRUE(clause.has_value());
  EXPECT_EQ(internal::CandidateText(*clause, fields), "c != 9");
}

}  // namespace
}  // namespace rulecheck::solver
