// Tests for solver/fixed_bits.h: hand-worked models where the fixed bits are known (a
// variable nothing writes, two flags that keep each other off, a flag that only an unreachable
// state could set, which induction over fixed bits cannot show and so must not claim, and a
// search of every state can), and
// soundness on the agreement models: every state the explicit engine reaches has every fixed
// bit at its value.
#include "solver/fixed_bits.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <z3++.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/bits.h"
#include "model/model.h"
#include "model/successors.h"
#include "solver/successor_collector.h"
#include "tests/shared/load_model.h"
#include "tests/solver/agreement_models.h"

namespace rulecheck::solver::internal {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The facts of `enc`'s model, left set on `enc`, found without a time limit.
absl::StatusOr<StateFacts> FindOn(StepEncoder& enc, size_t search_states = kSearchStates) {
  const Deadline none(0);
  return FindFixedBits(enc, none, nullptr, search_states);
}

// The fixed bits, found by exhaustion when the search may see `search_states` states, else by
// induction.
StateFacts Find(const model::Model& model, size_t search_states = kSearchStates) {
  z3::context ctx;
  StepEncoder enc(ctx, model);
  absl::StatusOr<StateFacts> facts = FindOn(enc, search_states);
  EXPECT_TRUE(facts.ok()) << facts.status();
  if (!facts.ok()) return {};
  EXPECT_TRUE(facts->complete);
  return *facts;
}

// The fixed bits of state variable `name`, bit 0 first (-1: free).
std::vector<int8_t> BitsOfVar(const model::Model& model, const StateFacts& found,
                              const std::string& name) {
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    if (model.program.state[v].name == name) return found.fixed.roots[v];
  }
  ADD_FAILURE() << "no state variable " << name;
  return {};
}

TEST(FixedBitsTest, AVariableNothingWritesIsFixedAtItsInitialValue) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state {
  a: 0..3
  keep: 0..7 = 5
  off: bool
}
action step() { a := (a + 1) % 4 }
)");
  ASSERT_NE(model, nullptr);
  StateFacts found = Find(*model);
  EXPECT_EQ(BitsOfVar(*model, found, "keep"), (std::vector<int8_t>{1, 0, 1}));
  EXPECT_EQ(BitsOfVar(*model, found, "off"), (std::vector<int8_t>{0}));
  EXPECT_EQ(BitsOfVar(*model, found, "a"), (std::vector<int8_t>{-1, -1}));
  // The model never stops: the random plays run to their full length.
  EXPECT_GE(found.longest_play, 4);
}

TEST(FixedBitsTest, FlagsThatKeepEachOtherOffAreFixedTogether) {
  // y could only be set when x is set, and x never is: neither bit alone is kept by every
  // step, both together are.
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state {
  x: bool
  y: bool
  z: bool
}
action set_y() when x { y := true }
action flip() { z := not z }
)");
  ASSERT_NE(model, nullptr);
  // By induction (a search cut after one state) and by exhaustion alike.
  for (size_t search_states : {size_t{1}, kSearchStates}) {
    StateFacts found = Find(*model, search_states);
    EXPECT_EQ(BitsOfVar(*model, found, "x"), (std::vector<int8_t>{0}));
    EXPECT_EQ(BitsOfVar(*model, found, "y"), (std::vector<int8_t>{0}));
    EXPECT_EQ(BitsOfVar(*model, found, "z"), (std::vector<int8_t>{-1}));
  }
}

// x stays in 0..2, so `bad` never runs and y is false in every reachable state; but x's bits
// are not fixed, and from the well-formed state x = 3 a step sets y.
constexpr char kUnreachableSetter[] = R"(
state {
  x: 0..3
  y: bool
}
action inc() when x < 2 { x += 1 }
action back() when x == 2 { x := 0 }
action bad() when x == 3 { y := true }
)";

TEST(FixedBitsTest, ABitOnlyAnUnreachableStateChangesIsNotClaimedByInduction) {
  // A search cut after two states leaves it to induction: fixed bits alone cannot show that
  // y stays false, so y must stay free.
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kUnreachableSetter);
  ASSERT_NE(model, nullptr);
  StateFacts found = Find(*model, 2);
  EXPECT_EQ(BitsOfVar(*model, found, "y"), (std::vector<int8_t>{-1}));
  EXPECT_EQ(BitsOfVar(*model, found, "x"), (std::vector<int8_t>{-1, -1}));
}

TEST(FixedBitsTest, ASearchThatSeesEveryStateFixesEveryBitTheStatesShare) {
  // The three states x = 0, 1, 2 all have y false: by exhaustion, y is fixed (x's bits are
  // not: x takes 0, 1 and 2).
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kUnreachableSetter);
  ASSERT_NE(model, nullptr);
  StateFacts found = Find(*model);
  EXPECT_EQ(BitsOfVar(*model, found, "y"), (std::vector<int8_t>{0}));
  EXPECT_EQ(BitsOfVar(*model, found, "x"), (std::vector<int8_t>{-1, -1}));
}

TEST(FixedBitsTest, NoInitialStateFixesNothing) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state { x: bool }
init { require false }
action flip() { x := not x }
)");
  ASSERT_NE(model, nullptr);
  StateFacts found = Find(*model);
  EXPECT_EQ(found.fixed.count(), 0u);
}

// `up` fails (x leaves 0..3) only from x = 3. With `up` allowed only where x != 1, the plays
// from x = 0 stop at x = 1, and no reachable move fails; without that guard, x = 3 is reached
// and its move fails.
constexpr char kFailsUnreachable[] = R"(
state { x: 0..3 }
action up() when x != 1 { x += 1 }
)";
constexpr char kFailsReachable[] = R"(
state { x: 0..3 }
action up() { x += 1 }
)";

// Whether the step of `model`, after its fixed-bit pass, says some move fails.
bool StepMayFail(const model::Model& model, bool* no_failing_move) {
  z3::context ctx;
  StepEncoder enc(ctx, model);
  absl::StatusOr<StateFacts> facts = FindOn(enc);
  EXPECT_TRUE(facts.ok()) << facts.status();
  if (!facts.ok()) return true;
  *no_failing_move = facts->no_failing_move;
  SymState s = enc.FreshState("s");
  const StepTerms step = enc.Step(s, "s");
  EXPECT_TRUE(enc.status().ok()) << enc.status();
  z3::solver solver(ctx);
  solver.add(enc.WellFormed(s));
  solver.add(step.fail);
  return solver.check() == z3::sat;
}

TEST(FixedBitsTest, ASearchThatSeesNoMoveFailTranslatesTheRulesWithoutFailures) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFailsUnreachable);
  ASSERT_NE(model, nullptr);
  bool no_failing_move = false;
  // Even from the unreachable x = 3, where the move would fail.
  EXPECT_FALSE(StepMayFail(*model, &no_failing_move));
  EXPECT_TRUE(no_failing_move);
}

TEST(FixedBitsTest, AFailingMoveTheSearchSeesKeepsTheFailures) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFailsReachable);
  ASSERT_NE(model, nullptr);
  bool no_failing_move = true;
  EXPECT_TRUE(StepMayFail(*model, &no_failing_move));
  EXPECT_FALSE(no_failing_move);
}

// Without the search, the step keeps every failure.
TEST(FixedBitsTest, ASearchCutShortKeepsTheFailures) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFailsUnreachable);
  ASSERT_NE(model, nullptr);
  z3::context ctx;
  StepEncoder enc(ctx, *model);
  absl::StatusOr<StateFacts> facts = FindOn(enc, 1);
  ASSERT_TRUE(facts.ok()) << facts.status();
  EXPECT_FALSE(facts->no_failing_move);
  SymState s = enc.FreshState("s");
  EXPECT_FALSE(enc.Step(s, "s").fail.is_false());
}

// The progress line says how many bits are fixed when the pass finished, and that it stopped
// (not that no bit is fixed) when it did not: here Ctrl-C was pressed before it began.
TEST(FixedBitsTest, TheProgressLineTellsAPassThatStoppedFromOneThatFoundNothing) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kFailsUnreachable);
  ASSERT_NE(model, nullptr);
  const Deadline none(0);
  {
    z3::context ctx;
    StepEncoder enc(ctx, *model);
    const std::atomic<bool> cancel{true};
    absl::StatusOr<StateFacts> facts = FindFixedBits(enc, none, &cancel);
    ASSERT_TRUE(facts.ok()) << facts.status();
    EXPECT_FALSE(facts->complete);
    const std::string line = FixedBitsLine("maximize q", *facts, none);
    EXPECT_THAT(line, HasSubstr("maximize q: the search for state bits fixed in every reachable "
                                "state stopped before it finished; going on without them, "));
    EXPECT_THAT(line, Not(HasSubstr(" of ")));
  }
  const StateFacts found = Find(*model);
  EXPECT_THAT(
      FixedBitsLine("maximize q", found, none),
      HasSubstr(absl::StrCat("maximize q: ", found.fixed.count(), " of ", found.fixed.total(),
                             " state bits are fixed in every reachable state, ")));
}

// t counts the moves up to 3 and u flips at every move, so each depth fixes both (t is d, u
// is d mod 2), though no bit of either is fixed in every reachable state; v flips at some
// moves only.
TEST(FixedBitsTest, EachDepthFixesTheBitsItsStatesShare) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state {
  t: 0..3
  u: bool
  v: bool
}
action tick() when t < 3 { t += 1  u := not u }
action both() when t < 3 { t += 1  u := not u  v := not v }
)");
  ASSERT_NE(model, nullptr);
  StateFacts found = Find(*model);
  EXPECT_EQ(BitsOfVar(*model, found, "t"), (std::vector<int8_t>{-1, -1}));
  // Four levels (t = 0..3); a fifth would be empty.
  ASSERT_EQ(found.at_depth.size(), 4u);
  for (int d = 0; d < 4; ++d) {
    SCOPED_TRACE(d);
    const FixedBits& at = found.at_depth[static_cast<size_t>(d)];
    EXPECT_EQ(at.roots[0],
              (std::vector<int8_t>{static_cast<int8_t>(d & 1), static_cast<int8_t>(d >> 1)}));
    EXPECT_EQ(at.roots[1], (std::vector<int8_t>{static_cast<int8_t>(d & 1)}));
    // v flips or not: fixed (false) only in the initial state.
    EXPECT_EQ(at.roots[2], (std::vector<int8_t>{static_cast<int8_t>(d == 0 ? 0 : -1)}));
  }
}

// Level by level: t = 0 (tick), t = 1 (tick, and `bad`, which fails), t = 2 (tick, late),
// then t = 3 or done (tick from (2, done)), then (3, done) with no move.
constexpr char kRulesByDepth[] = R"(
state {
  t: 0..3
  done: bool
}
action tick() when t < 3 { t += 1 }
action late() when t == 2 and not done { done := true }
action bad() when t == 1 { assert false }
fun two_not_done(): bool = t == 2 and not done
fun one(): bool = t == 1
fun is_done(): bool = done
)";

TEST(FixedBitsTest, EachDepthListsTheRulesItsStatesHaveAMoveOf) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kRulesByDepth);
  ASSERT_NE(model, nullptr);
  z3::context ctx;
  StepEncoder enc(ctx, *model);
  absl::StatusOr<StateFacts> facts = FindOn(enc);
  ASSERT_TRUE(facts.ok()) << facts.status();
  // tick, late, bad
  EXPECT_EQ(facts->rules_at_depth, (std::vector<std::vector<bool>>{{true, false, false},
                                                                   {true, false, true},
                                                                   {true, true, false},
                                                                   {true, false, false},
                                                                   {false, false, false}}));
  // From any state where t is 2 and done is false, a step from depth 2 may set done; one from
  // depth 0, which leaves `late` out, may not. A step from depth 1 may fail; one from depth 2
  // may not, even where t is 1.
  const ir::Program& program = model->program;
  const SymState s = enc.FreshState("s");
  auto possible = [&](int depth, int where, bool failing) {
    const StepTerms step = enc.Step(s, "s" + std::to_string(depth), depth);
    EXPECT_TRUE(enc.status().ok()) << enc.status();
    z3::solver solver(ctx);
    solver.add(enc.Value(*program.funs[where].body, s).value.e);
    solver.add(failing ? step.fail
                       : step.valid && enc.Value(*program.funs[2].body, step.next).value.e);
    return solver.check() == z3::sat;
  };
  EXPECT_TRUE(possible(2, 0, false));
  EXPECT_FALSE(possible(0, 0, false));
  EXPECT_TRUE(possible(1, 1, true));
  EXPECT_FALSE(possible(2, 1, true));
}

// Every reachable state (the first `max_states` of a breadth-first search) has every fixed
// bit at its value, found with a search of `search_states`. Returns how many bits are fixed.
size_t ExpectFixedInReachableStates(const model::Model& model, size_t max_states,
                                    size_t search_states) {
  StateFacts found = Find(model, search_states);
  std::vector<uint64_t> offsets;
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    offsets.push_back(model.layout.var_offset(v));
  }
  offsets.push_back(model.layout.pending_length_offset());
  model::SuccessorGenerator gen(model);
  SuccessorCollector level(model.layout.words());
  gen.Initial(level);
  absl::flat_hash_set<std::vector<uint32_t>> seen;
  while (!level.states.empty() && seen.size() < max_states) {
    SuccessorCollector next(model.layout.words());
    for (const std::vector<uint32_t>& s : level.states) {
      if (seen.size() >= max_states || !seen.insert(s).second) continue;
      for (size_t r = 0; r < found.fixed.roots.size(); ++r) {
        for (size_t i = 0; i < found.fixed.roots[r].size(); ++i) {
          const int8_t want = found.fixed.roots[r][i];
          if (want < 0) continue;
          EXPECT_EQ(static_cast<int8_t>(ir::bits::Read(s.data(), offsets[r] + i, 1)), want)
              << "root " << r << " bit " << i;
        }
      }
      gen.Successors(s.data(), next);
    }
    level.states = std::move(next.states);
  }
  EXPECT_GT(seen.size(), 0u);
  return found.fixed.count();
}

TEST(FixedBitsTest, HoldInTheReachableStatesOfTheAgreementModels) {
  // Each model's whole state space but the Monster Mutators fragment's (21 million states):
  // its first 200,000.
  size_t fixed = 0;
  for (const char* text : testing::kAgreementModels) {
    SCOPED_TRACE(text);
    std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
    ASSERT_NE(model, nullptr);
    // By exhaustion where the model is small, and by induction after a search of 10,000.
    fixed += ExpectFixedInReachableStates(*model, 200000, kSearchStates);
    fixed += ExpectFixedInReachableStates(*model, 200000, 10000);
  }
  // Bags, triggers and the fragment have fixed bits (2, 26 and 63 of them when written).
  EXPECT_GT(fixed, 100u);
}

}  // namespace
}  // namespace rulecheck::solver::internal
