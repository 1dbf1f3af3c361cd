// Tests for solver/z3_step.h: a stop set on the encoder is asked while one large rule is
// translated, not only between rules, and a translation it stops leaves the encoder able to
// translate the rule again.
#include "solver/z3_step.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <memory>

#include "model/model.h"
#include "solver/z3_translate.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver::internal {
namespace {

// One rule whose guard makes 10,000 fun calls: ten thousand units of translation work. The
// guard holds while c < 9 (i + j is at most 198).
constexpr char kOneLargeRule[] = R"(
state {
  c: 0..9
}
fun hit(i: 0..99, j: 0..99): bool = i + j == 190 + c
fun is_nine(): bool = c == 9
action big when any i in 0..99: any j in 0..99: hit(i, j) { c := 0 }
)";

// An encoder of kOneLargeRule, and a state to step from.
class StepEncoderTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(model_, nullptr); }

  // Whether `big` can be taken in `step` from `s_` where c is 9 (`nine`) or is not.
  bool Enabled(const StepTerms& step, bool nine) {
    const ir::Fun& is_nine = model_->program.funs[1];
    z3::solver solver(ctx_);
    solver.add(step.valid);
    const z3::expr c_is_nine = enc_.Value(*is_nine.body, s_).value.e;
    solver.add(nine ? c_is_nine : !c_is_nine);
    return solver.check() == z3::sat;
  }

  std::unique_ptr<model::Model> model_ = test_models::LoadTestModel(kOneLargeRule);
  z3::context ctx_;
  StepEncoder enc_{ctx_, *model_};
  SymState s_ = enc_.FreshState("s");
  int asked_ = 0;
};

TEST_F(StepEncoderTest, TheStopIsAskedWhileOneRuleIsTranslated) {
  enc_.set_stop([this] {
    ++asked_;
    return false;
  });
  enc_.Step(s_, "s");
  ASSERT_TRUE(enc_.status().ok()) << enc_.status();
  // Once before the rule, and once for each 1,024 units of its work.
  EXPECT_GE(asked_, 1 + 10'000 / 1'024);
}

TEST_F(StepEncoderTest, AStoppedRuleIsTranslatedAgainWhenAskedAgain) {
  enc_.set_stop([this] { return ++asked_ > 2; });
  EXPECT_THROW(enc_.Step(s_, "s"), TranslationStopped);
  EXPECT_EQ(asked_, 3);  // before the rule, after 1,024 units, then stopped after 2,048

  enc_.set_stop([] { return false; });
  const StepTerms step = enc_.Step(s_, "s");
  ASSERT_TRUE(enc_.status().ok()) << enc_.status();
  // The step is whole: its guard holds for c < 9 only.
  EXPECT_TRUE(Enabled(step, false));
  EXPECT_FALSE(Enabled(step, true));
}

// A rule with no loop or call but a set of 2,048 members: size() makes a term per member,
// which counts toward the stop check as loop values do (a translation of size() over a set of
// 131,072 members, 51 times, went 24 s past --timeout and Ctrl-C). Before, the stop was asked
// once, before the rule.
TEST(StepEncoderStopTest, TheStopIsAskedWhileALargeSetIsCounted) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state {
  s: set<0..2047>
  x: 0..1
}
action a when size(s) >= 0 and x == 0 { x := 1 }
)");
  ASSERT_NE(model, nullptr);
  z3::context ctx;
  StepEncoder enc(ctx, *model);
  const SymState s = enc.FreshState("s");
  int asked = 0;
  enc.set_stop([&asked] {
    ++asked;
    return false;
  });
  enc.Step(s, "s");
  ASSERT_TRUE(enc.status().ok()) << enc.status();
  EXPECT_GE(asked, 2);
}

// The fixed-bit pass's own budget stops PrepareWholeStep inside a rule, without a throw.
TEST_F(StepEncoderTest, PrepareWholeStepStopsInsideARule) {
  EXPECT_FALSE(enc_.PrepareWholeStep([this] { return ++asked_ > 2; }));
  EXPECT_EQ(asked_, 3);
  EXPECT_TRUE(enc_.PrepareWholeStep([] { return false; }));
  EXPECT_TRUE(enc_.status().ok()) << enc_.status();
}

}  // namespace
}  // namespace rulecheck::solver::internal
