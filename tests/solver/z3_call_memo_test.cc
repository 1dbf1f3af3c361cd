// Tests for solver/z3_call_memo.h: a fun called again on the same terms is not translated
// again, and a failure inside a fun is recorded under the guard of each call, not only of the
// call that translated the body.
#include "solver/z3_call_memo.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <memory>

#include "model/model.h"
#include "solver/z3_step.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver::internal {
namespace {

// `heavy()` is c + 1 (the pairs i + j == c) and makes 11,000 units of translation work
// (1,000 + 1,000 * 10 loop values); the guard calls it 200 times on the same state, 2.2
// million units in all, twice the translator's budget (kMaxTranslationWork) were each call
// translated anew. The guard asks heavy() >= 2 at last, so `big` is enabled where c != 0.
constexpr char kCostlyFunCalledOften[] = R"(
state {
  c: 0..9
}
fun heavy(): int = sum i in 0..999: sum j in 0..9: (if i + j == c then 1 else 0)
fun c_is_zero(): bool = c == 0
action big when all k in 0..199: heavy() >= k / 100 + 1 { c := 0 }
)";

// `ratio()` divides by d: the first call is guarded by d != 0, the second is not, so the rule
// fails exactly where d is 0.
constexpr char kFailingFunCalledTwice[] = R"(
state {
  d: 0..2
  x: 0..6
}
fun ratio(): int = 6 / d
fun d_is_zero(): bool = d == 0
action a {
  if d != 0 { x := ratio() }
  x := ratio()
}
)";

class CallMemoTest : public ::testing::Test {
 protected:
  // Loads `text` and translates one step from a fresh state; false (with a failure) when the
  // model does not load or the step does not translate.
  bool Translate(const char* text) {
    model_ = test_models::LoadTestModel(text);
    if (model_ == nullptr) return false;
    enc_ = std::make_unique<StepEncoder>(ctx_, *model_);
    s_ = std::make_unique<SymState>(enc_->FreshState("s"));
    step_ = std::make_unique<StepTerms>(enc_->Step(*s_, "s"));
    EXPECT_TRUE(enc_->status().ok()) << enc_->status();
    return enc_->status().ok();
  }

  // Whether `term` of the step can hold where fun 1 (a bool over the state) is `cond`.
  bool Possible(const z3::expr& term, bool cond) {
    z3::solver solver(ctx_);
    solver.add(term);
    const z3::expr c = enc_->Value(*model_->program.funs[1].body, *s_).value.e;
    solver.add(cond ? c : !c);
    return solver.check() == z3::sat;
  }

  z3::context ctx_;
  std::unique_ptr<model::Model> model_;
  std::unique_ptr<StepEncoder> enc_;
  std::unique_ptr<SymState> s_;
  std::unique_ptr<StepTerms> step_;
};

TEST_F(CallMemoTest, ACostlyFunCalledOftenOnOneStateIsTranslatedOnce) {
  ASSERT_TRUE(Translate(kCostlyFunCalledOften));
  EXPECT_TRUE(Possible(step_->valid, false));
  EXPECT_FALSE(Possible(step_->valid, true));
}

TEST_F(CallMemoTest, AFailureInAFunIsRecordedUnderEveryCallsGuard) {
  ASSERT_TRUE(Translate(kFailingFunCalledTwice));
  // The second, unguarded call divides by zero where d is 0, and only there.
  EXPECT_TRUE(Possible(step_->fail, true));
  EXPECT_FALSE(Possible(step_->fail, false));
  EXPECT_TRUE(Possible(step_->valid, false));
}

}  // namespace
}  // namespace rulecheck::solver::internal
