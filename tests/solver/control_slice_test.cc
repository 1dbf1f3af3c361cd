// Tests for solver/control_slice.h: the actions each depth can use, worked out by hand on
// models whose phase variable is written with constants only (a turn in phases, two players
// taking turns), the variables that are not control variables (written with a computed value),
// and the cases where an action must stay in the step although its phase test is false: a
// guard that may fail before the test is reached (the failing move is a finding), found by
// `solve` at the same depth as the explicit search; and the steps the encoder makes from them.
#include "solver/control_slice.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "solver/solver.h"
#include "solver/z3_step.h"
#include "tests/shared/load_model.h"
#include "tests/solver/agreement_models.h"
#include "tests/solver/oracle.h"

namespace rulecheck::solver::internal {
namespace {

// The names of the rules `slice` enables at `depth`.
std::vector<std::string> EnabledNames(const model::Model& model, const ControlSlice& slice,
                                      int depth) {
  std::vector<std::string> names;
  const ir::Program& p = model.program;
  for (size_t a = 0; a < p.actions.size(); ++a) {
    if (slice.Enabled(depth, static_cast<int>(a))) names.push_back(p.actions[a].name);
  }
  for (size_t t = 0; t < p.triggers.size(); ++t) {
    if (slice.Enabled(depth, static_cast<int>(p.actions.size() + t))) {
      names.push_back(p.triggers[t].name);
    }
  }
  return names;
}

using Names = std::vector<std::string>;

TEST(ControlSliceTest, ATurnInPhasesEnablesItsActionsDepthByDepth) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(solver::testing::kPhases);
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  ASSERT_EQ(slice.control_vars.size(), 1u);  // phase; n, pts and rounds are computed
  EXPECT_EQ(model->program.state[slice.control_vars[0]].name, "phase");
  // Depth 0: Deal. 1: Play. 2: Play (work), Score or Done (stop). 3: also Deal (again).
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"deal"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"work", "stop"}));
  EXPECT_EQ(EnabledNames(*model, slice, 2), Names({"work", "stop", "score", "again"}));
  const Names all{"deal", "work", "stop", "score", "again"};
  EXPECT_EQ(EnabledNames(*model, slice, 3), all);
  EXPECT_EQ(EnabledNames(*model, slice, 40), all);
  EXPECT_EQ(slice.loop_start, 3);
  EXPECT_EQ(slice.period, 1);
  EXPECT_TRUE(slice.SlicesAnything());
  // A state of unknown depth (induction) has every rule.
  EXPECT_EQ(EnabledNames(*model, slice, -1), all);
}

TEST(ControlSliceTest, TakingTurnsRepeatsWithPeriodTwo) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
enum P { X, Y }
state {
  t: P
  a: 0..9
  b: 0..9
}
action x_moves when t == X and a < 9 { a += 1  t := Y }
action y_moves when t == Y and b < 9 { b += 1  t := X }
)");
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(slice.loop_start, 0);
  EXPECT_EQ(slice.period, 2);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"x_moves"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"y_moves"}));
  EXPECT_EQ(EnabledNames(*model, slice, 6), Names({"x_moves"}));
  EXPECT_EQ(EnabledNames(*model, slice, 7), Names({"y_moves"}));
}

// A move that may keep the turn makes both players' moves possible from then on.
TEST(ControlSliceTest, AMoveThatKeepsThePhaseKeepsItsActions) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
enum P { X, Y }
state {
  t: P
  b: 0..9
}
action x_moves when t == X { t := Y }
action y_moves when t == Y and b < 9 { b += 1  t := X }
action y_stays when t == Y and b > 5 { b -= 1 }
)");
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"x_moves"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"y_moves", "y_stays"}));
  EXPECT_EQ(EnabledNames(*model, slice, 2), Names({"x_moves", "y_moves", "y_stays"}));
  EXPECT_EQ(EnabledNames(*model, slice, 9), Names({"x_moves", "y_moves", "y_stays"}));
}

// `t := next(t)` is not a constant: t is no control variable, and nothing is left out.
TEST(ControlSliceTest, AComputedWriteIsNoControlVariable) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
enum P { X, Y }
state {
  t: P
  a: 0..9
}
action x_moves when t == X and a < 9 { a += 1  t := next(t) }
action y_moves when t == Y { t := X }
)");
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_TRUE(slice.control_vars.empty());
  EXPECT_FALSE(slice.SlicesAnything());
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"x_moves", "y_moves"}));
}

// A phase written in a `may` and in a loop: every phase the block can leave is kept.
TEST(ControlSliceTest, MayAndLoopsKeepEveryPhaseTheyCanLeave) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
enum Phase { A, B, C }
state {
  phase: Phase
  k: 0..3
}
action start when phase == A {
  may { phase := B }
  for i in 0..k { if i == 2 { phase := C } }
}
action in_b when phase == B { k := 0 }
action in_c when phase == C { k := 1 }
)");
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"start"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"start", "in_b", "in_c"}));
}

// The first failing move of `text` within 3 moves, by `solve --depth 3` and by the explicit
// search.
void ExpectFailureAt(const std::string& text, int depth) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  testing::Levels levels = testing::ExploreLevels(*model, 3);
  ASSERT_TRUE(levels.first_failure.has_value());
  EXPECT_EQ(*levels.first_failure, depth);
  SolveOptions options;
  options.queries = false;
  options.check_depth = 3;
  options.deadlocks = false;
  absl::StatusOr<std::vector<results::Answer>> answers = Solve(*model, options);
  ASSERT_TRUE(answers.ok()) << answers.status();
  bool found = false;
  for (const results::Answer& r : *answers) {
    if (r.kind != results::AnswerKind::kFailure) continue;
    found = true;
    EXPECT_EQ(r.verdict, results::Verdict::kSat) << r.message;
    EXPECT_EQ(r.depth, depth) << r.message;
  }
  EXPECT_TRUE(found);
}

// Phase A then B; `risky` divides by d, which is 0 until it runs, under `guard`.
std::string RiskyModel(const std::string& guard) {
  return R"(
enum Phase { A, B }
state {
  phase: Phase
  d: 0..2
}
action go when phase == A { phase := B }
action risky when )" +
         guard + R"( { d := 1 }
)";
}

// The division is evaluated before the phase test, and fails in phase A: `risky` must stay
// in the step of depth 0, where only phase A is possible.
TEST(ControlSliceTest, AGuardThatMayFailBeforeItsPhaseTestIsKept) {
  const std::string text = RiskyModel("6 / d > 1 and phase == B");
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"go", "risky"}));
  ExpectFailureAt(text, 0);
}

// The same division after the phase test: never evaluated in phase A, so `risky` is left out
// of depth 0, and the failure is found at depth 1, after `go`.
TEST(ControlSliceTest, AGuardFalseBeforeItCanFailIsLeftOut) {
  const std::string text = RiskyModel("phase == B and 6 / d > 1");
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"go"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"risky"}));
  ExpectFailureAt(text, 1);
}

// A phase test inside a fun, as `in_main()` in Monster Mutators. A trigger can run only where
// a move before may have emitted its event (`pong` after `go`, `echo` after `pong`); actions
// only where the pending list may be empty.
TEST(ControlSliceTest, FunsFoldAndTriggersRunAfterTheirEvents) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
enum Phase { A, B }
event Ping(n: 0..1)
event Echo()
state {
  phase: Phase
  c: 0..3
}
fun in_b(): bool = phase == B
action go when phase == A { phase := B  emit Ping(0) }
action count when in_b() and c < 3 { c += 1 }
trigger pong on Ping(n) { c := 0  emit Echo() }
trigger echo on Echo() { c := 1 }
)");
  ASSERT_NE(model, nullptr);
  const ControlSlice slice = SliceByControl(model->program);
  EXPECT_EQ(EnabledNames(*model, slice, 0), Names({"go"}));
  EXPECT_EQ(EnabledNames(*model, slice, 1), Names({"count", "pong"}));
  // After `pong` the list may hold Ping and Echo triggers; after `count` it is empty.
  EXPECT_EQ(EnabledNames(*model, slice, 2), Names({"count", "pong", "echo"}));
}

// The step of depth 0 of kPhases is made of `deal` alone: from the initial state `work`
// (action 1) cannot be selected, while the step of a state of unknown depth has every rule.
// Rules translated before the whole step was stopped serve the later steps.
TEST(ControlSliceTest, AStepHasOnlyItsDepthsRules) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(solver::testing::kPhases);
  ASSERT_NE(model, nullptr);
  z3::context ctx;
  StepEncoder enc(ctx, *model);
  int asked = 0;
  EXPECT_FALSE(enc.PrepareWholeStep([&asked] { return ++asked > 2; }));
  InitTerms init = enc.Init();
  SymState s0 = enc.FreshState("0");
  const StepTerms at0 = enc.Step(s0, "0", 0);
  const StepTerms any = enc.Step(s0, "any", -1);
  ASSERT_TRUE(enc.status().ok()) << enc.status();
  const unsigned sw = at0.selector.get_sort().bv_size();
  auto sat = [&](const StepTerms& step, bool from_initial, uint64_t action) {
    z3::solver solver(ctx);
    if (from_initial) {
      solver.add(init.ok);
      solver.add(enc.Equal(s0, init.state));
    }
    solver.add(step.valid);
    solver.add(step.selector == ctx.bv_val(action, sw));
    return solver.check() == z3::sat;
  };
  EXPECT_TRUE(sat(at0, true, 0));    // deal
  EXPECT_FALSE(sat(at0, true, 1));   // work
  EXPECT_FALSE(sat(at0, false, 1));  // not even from a state in phase Play
  EXPECT_TRUE(sat(any, false, 1));
  EXPECT_FALSE(sat(any, true, 1));  // the initial state is in phase Deal
  EXPECT_TRUE(enc.PrepareWholeStep([] { return false; }));
}

}  // namespace
}  // namespace rulecheck::solver::internal
