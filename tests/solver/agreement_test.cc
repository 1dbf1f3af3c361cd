// The symbolic engine against the explicit one on small hand-written models, one per
// encoding: bags, seqs, options with structs and sets, triggers with the pending list,
// choose/roll/may, and model errors. For each query, the explicit answer comes from a
// breadth-first search over every state within the query's bound (tests/solver/oracle.h);
// Z3's answer (with both optimisation methods) must be the same value at the same depth, and
// its witness must replay (Solve replays it) and end in a state with that value. The bounded
// checks (failing moves, deadlocks) must find the same first depth as the search.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "model/model.h"
#include "model/successors.h"
#include "solver/solver.h"
#include "tests/shared/load_model.h"
#include "tests/solver/agreement_models.h"
#include "tests/solver/oracle.h"

namespace rulecheck::solver {
namespace {

using testing::kBags;
using testing::kChance;
using testing::kMonsterFragment;
using testing::kMoved;
using testing::kOptions;
using testing::kSeqs;
using testing::kTriggers;

// Every query of `text` answered by Z3 with `method` equals the explicit answer.
void ExpectQueriesAgree(const std::string& text, OptimizeMethod method) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  int max_within = 0;
  for (const auto& q : model->program.queries) max_within = std::max<int>(max_within, q.within);
  testing::Levels levels = testing::ExploreLevels(*model, max_within);
  ASSERT_FALSE(model->program.queries.empty());
  for (size_t i = 0; i < model->program.queries.size(); ++i) {
    const std::string name = model->program.queries[i].name;
    const int within = static_cast<int>(model->program.queries[i].within);
    const bool reachable = model->program.queries[i].kind == ir::QueryKind::kReachable;
    testing::Answer expected = testing::ExplicitAnswer(*model, levels, static_cast<int>(i), within);
    SolveOptions options;
    options.query = name;
    options.method = method;
    absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
    ASSERT_TRUE(results.ok()) << results.status();
    ASSERT_EQ(results->size(), 1u);
    const results::Answer& r = results->front();
    SCOPED_TRACE(name + ": " + r.message);
    if (!expected.value) {
      EXPECT_EQ(r.verdict, results::Verdict::kUnsat);
      continue;
    }
    EXPECT_EQ(r.verdict, reachable ? results::Verdict::kSat : results::Verdict::kOptimal);
    if (!reachable) {
      EXPECT_EQ(r.value, expected.value);
    }
    EXPECT_EQ(r.depth, expected.depth);
    ASSERT_EQ(r.trace.size(), static_cast<size_t>(r.depth) + 1);
    // The witness's last state has the answer's value.
    model::SuccessorGenerator gen(*model);
    model::PropertyValue v = gen.Evaluate(model->program.queries[i], r.trace.back().state.data());
    ASSERT_TRUE(v.ok);
    EXPECT_EQ(v.value, reachable ? 1 : *expected.value);
  }
}

// The bounded checks find the first failing move and the first deadlock at the explicit
// search's depths.
void ExpectChecksAgree(const std::string& text, int depth) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  testing::Levels levels = testing::ExploreLevels(*model, depth);
  SolveOptions options;
  options.queries = false;
  options.check_depth = depth;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  for (const results::Answer& r : *results) {
    SCOPED_TRACE(std::string(results::AnswerKindName(r.kind)) + ": " + r.message);
    if (r.kind == results::AnswerKind::kFailure) {
      if (levels.init_fails) {
        EXPECT_EQ(r.verdict, results::Verdict::kSat);
        continue;
      }
      EXPECT_EQ(r.verdict,
                levels.first_failure ? results::Verdict::kSat : results::Verdict::kUnsat);
      if (levels.first_failure) {
        EXPECT_EQ(r.depth, *levels.first_failure);
        ASSERT_FALSE(r.trace.empty());
        // A failing move, or a model error of `terminal when` in the last state.
        EXPECT_TRUE(r.trace.back().failed || (r.finding && r.finding->name == "terminal"));
      }
    } else if (r.kind == results::AnswerKind::kDeadlock) {
      EXPECT_EQ(r.verdict,
                levels.first_deadlock ? results::Verdict::kSat : results::Verdict::kUnsat);
      if (levels.first_deadlock) {
        EXPECT_EQ(r.depth, *levels.first_deadlock);
      }
    }
  }
}

TEST(AgreementTest, MonsterFragmentBinarySearch) {
  ExpectQueriesAgree(kMonsterFragment, OptimizeMethod::kBinarySearch);
}

TEST(AgreementTest, BagsBinarySearch) { ExpectQueriesAgree(kBags, OptimizeMethod::kBinarySearch); }
TEST(AgreementTest, BagsOptimizer) { ExpectQueriesAgree(kBags, OptimizeMethod::kOptimizer); }
TEST(AgreementTest, SeqsBinarySearch) { ExpectQueriesAgree(kSeqs, OptimizeMethod::kBinarySearch); }
TEST(AgreementTest, SeqsOptimizer) { ExpectQueriesAgree(kSeqs, OptimizeMethod::kOptimizer); }
TEST(AgreementTest, OptionsBinarySearch) {
  ExpectQueriesAgree(kOptions, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, OptionsOptimizer) { ExpectQueriesAgree(kOptions, OptimizeMethod::kOptimizer); }
TEST(AgreementTest, TriggersBinarySearch) {
  ExpectQueriesAgree(kTriggers, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, TriggersOptimizer) {
  ExpectQueriesAgree(kTriggers, OptimizeMethod::kOptimizer);
}
TEST(AgreementTest, ChanceBinarySearch) {
  ExpectQueriesAgree(kChance, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, ChanceOptimizer) { ExpectQueriesAgree(kChance, OptimizeMethod::kOptimizer); }

TEST(AgreementTest, MovedBinarySearch) {
  ExpectQueriesAgree(kMoved, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, MovedOptimizer) { ExpectQueriesAgree(kMoved, OptimizeMethod::kOptimizer); }

TEST(AgreementTest, FoldedBinarySearch) {
  ExpectQueriesAgree(testing::kFolded, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, FoldedOptimizer) {
  ExpectQueriesAgree(testing::kFolded, OptimizeMethod::kOptimizer);
}
TEST(AgreementTest, ChecksOnFolded) { ExpectChecksAgree(testing::kFolded, 3); }
// The step of each depth leaves out the actions of the phases that depth cannot be in.
TEST(AgreementTest, PhasesBinarySearch) {
  ExpectQueriesAgree(testing::kPhases, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, PhasesOptimizer) {
  ExpectQueriesAgree(testing::kPhases, OptimizeMethod::kOptimizer);
}

TEST(AgreementTest, ChecksOnEncodingModels) {
  for (const char* text : testing::kAgreementModels) {
    ExpectChecksAgree(text, 5);
  }
}

TEST(AgreementTest, SyntaxBinarySearch) {
  ExpectQueriesAgree(testing::kSyntax, OptimizeMethod::kBinarySearch);
}
TEST(AgreementTest, SyntaxOptimizer) {
  ExpectQueriesAgree(testing::kSyntax, OptimizeMethod::kOptimizer);
}
TEST(AgreementTest, NestedStructLiteral) {
  ExpectQueriesAgree(testing::kNestedStruct, OptimizeMethod::kBinarySearch);
}
// `max`/`min` over a domain, `may { } else { }` and `{}` as an empty bag or seq, with both
// ways of optimizing.
TEST(AgreementTest, AggregatesMayElseAndEmptyLiterals) {
  for (const char* text : {testing::kMaxMin, testing::kMayElse, testing::kEmptyLiterals}) {
    for (OptimizeMethod method : {OptimizeMethod::kBinarySearch, OptimizeMethod::kOptimizer}) {
      SCOPED_TRACE(text);
      ExpectQueriesAgree(text, method);
    }
  }
}
// The forms the rulebook models needed: an option as an event parameter, array literals,
// `P(i)`, `by` over a range, bag literals and `var` parameters.
TEST(AgreementTest, RulebookForms) {
  for (const char* text : {testing::kEventOption, testing::kRulebookForms, testing::kVarParams}) {
    for (OptimizeMethod method : {OptimizeMethod::kBinarySearch, OptimizeMethod::kOptimizer}) {
      SCOPED_TRACE(text);
      ExpectQueriesAgree(text, method);
    }
  }
}

// Their model errors are found at the same first depth by both engines: the state at depth 2
// (an element raised twice to 3; n raised twice to 2) and at depth 1 (k = 1: three copies of A
// in a bag of 2) is where the failing move is tried.
TEST(AgreementTest, ChecksOnRulebookForms) {
  const std::pair<const char*, int> fails[] = {
      {testing::kArrayLiteralFails, 2}, {testing::kEnumOfFails, 2}, {testing::kBagLiteralFails, 1}};
  for (const auto& [text, depth] : fails) {
    std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(testing::ExploreLevels(*model, 5).first_failure, depth) << text;
  }
  for (const char* text :
       {testing::kEventOption, testing::kRulebookForms, testing::kArrayLiteralFails,
        testing::kEnumOfFails, testing::kBagLiteralFails}) {
    SCOPED_TRACE(text);
    ExpectChecksAgree(text, 5);
  }
}

// `choose h in sub(b, n)`: the queries, and the model errors at the same first depth (the
// second A into a pile of one from depth 1; `sub(hand, 2 - k)` at k = 3, depth 3).
TEST(AgreementTest, SubBags) {
  for (OptimizeMethod method : {OptimizeMethod::kBinarySearch, OptimizeMethod::kOptimizer}) {
    ExpectQueriesAgree(testing::kSubBags, method);
  }
  const std::pair<const char*, int> fails[] = {{testing::kSubBagOverCapacity, 1},
                                               {testing::kSubBagNegative, 3}};
  for (const auto& [text, depth] : fails) {
    std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(testing::ExploreLevels(*model, 5).first_failure, depth) << text;
  }
  for (const char* text :
       {testing::kSubBags, testing::kSubBagOverCapacity, testing::kSubBagNegative}) {
    SCOPED_TRACE(text);
    ExpectChecksAgree(text, 5);
  }
}

TEST(AgreementTest, ChecksOnSyntaxModels) {
  for (const char* text :
       {testing::kSyntax, testing::kTheFails, testing::kStructFieldFails, testing::kMaxMin,
        testing::kMaxFails, testing::kMayElse, testing::kEmptyLiterals}) {
    ExpectChecksAgree(text, 5);
  }
}

}  // namespace
}  // namespace rulecheck::solver
