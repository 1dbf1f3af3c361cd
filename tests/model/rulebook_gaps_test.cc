// The language gaps the rulebook models ran into (issue 16), in the runtime (model/): an event
// argument that is `none` carried through the pending list, array literals filled and checked
// element by element, `P(i)` with its model error outside the enum, a range as the player of
// `by` in the move's text, and `{A, A, B}` as a bag with its capacity checked.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "model/value_format.h"
#include "tests/shared/load_model.h"

namespace rulecheck::model {
namespace {

// Records each successor as `move | state` and each failure's message with its place.
class SuccessorRecorder : public ir::SuccessorSink {
 public:
  explicit SuccessorRecorder(const Model& model) : model_(model) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    words.assign(state, state + model_.layout.words());
    std::string player = FormatMovePlayer(move);
    std::string line = (player.empty() ? "" : player + ": ") + FormatMoveCall(model_, move);
    line += " |";
    for (const auto& [path, value] : FlattenState(model_, state)) line += " " + path + "=" + value;
    lines.push_back(line);
  }
  void OnFailure(const ir::StepFailure& failure) override {
    failures.push_back(failure.message + " @" + std::to_string(failure.loc.line) + ":" +
                       std::to_string(failure.loc.column));
  }
  std::vector<std::string> lines;
  std::vector<std::string> failures;
  std::vector<uint32_t> words;  // the last successor

 private:
  const Model& model_;
};

// The initial state (the only one), recorded.
SuccessorRecorder Initial(const Model& model) {
  SuccessorGenerator gen(model);
  SuccessorRecorder r(model);
  gen.Initial(r);
  return r;
}

// The successors of `state`.
SuccessorRecorder After(const Model& model, const std::vector<uint32_t>& state) {
  SuccessorGenerator gen(model);
  SuccessorRecorder r(model);
  gen.Successors(state.data(), r);
  return r;
}

// `emit Hit(none)` queues the trigger with `none`, which its guard and body then read.
TEST(RulebookGapsRuntimeTest, AnOptionalEventArgumentPassesThroughThePendingList) {
  std::unique_ptr<Model> model;
  model = test_models::LoadTestModel(R"(enum Card { Ace, King }
state { last: Card?  blanks: 0..2 }
event Hit(card: Card?)
action miss() { emit Hit(none) }
action land() { emit Hit(King) }
trigger blank on Hit(c) when c == none { blanks += 1 }
trigger take on Hit(c) when c != none { last := c }
)");
  ASSERT_NE(model, nullptr);
  SuccessorRecorder init = Initial(*model);
  ASSERT_EQ(init.lines.size(), 1u);
  // `miss` queues `blank(none)` (the guard of `take` fails on none), `land` queues `take(King)`.
  SuccessorGenerator gen(*model);
  struct Each : ir::SuccessorSink {
    std::vector<std::vector<uint32_t>> states;
    size_t n = 0;
    void OnSuccessor(const uint32_t* state, const ir::Move&) override {
      states.emplace_back(state, state + n);
    }
    void OnFailure(const ir::StepFailure&) override {}
  } each;
  each.n = model->layout.words();
  gen.Successors(init.words.data(), each);
  ASSERT_EQ(each.states.size(), 2u);
  SuccessorRecorder moves = After(*model, init.words);
  EXPECT_EQ(moves.lines,
            (std::vector<std::string>{"miss() | last=none blanks=0 pending=[blank(none)]",
                                      "land() | last=none blanks=0 pending=[take(King)]"}));
  EXPECT_EQ(After(*model, each.states[0]).lines,
            std::vector<std::string>{"blank(none) | last=none blanks=1 pending=[]"});
  EXPECT_EQ(After(*model, each.states[1]).lines,
            std::vector<std::string>{"take(King) | last=King blanks=0 pending=[]"});
}

// Array literals: one value per index in index order, each checked as it is stored.
TEST(RulebookGapsRuntimeTest, ArrayLiteralsFillEveryElement) {
  auto model = test_models::LoadTestModel(R"(enum P { A, B, C }
state { hp: [P] 0..3 = [p in P: 2]  grid: [P][0..1] bool }
action heal() { hp := [p in P: if p == A then 3 else hp[p] - 1] }
action mark() { grid := [p in P, i in 0..1: p == B or i == 1] }
action over() { hp := [p in P: hp[p] + ord(p)] }
)");
  ASSERT_NE(model, nullptr);
  SuccessorRecorder init = Initial(*model);
  ASSERT_EQ(init.lines.size(), 1u);
  EXPECT_EQ(init.lines[0],
            "init | hp[A]=2 hp[B]=2 hp[C]=2 grid[A][0]=false grid[A][1]=false grid[B][0]=false "
            "grid[B][1]=false grid[C][0]=false grid[C][1]=false");
  SuccessorRecorder moves = After(*model, init.words);
  EXPECT_EQ(moves.lines, (std::vector<std::string>{
                             "heal() | hp[A]=3 hp[B]=1 hp[C]=1 grid[A][0]=false grid[A][1]=false "
                             "grid[B][0]=false grid[B][1]=false grid[C][0]=false grid[C][1]=false",
                             "mark() | hp[A]=2 hp[B]=2 hp[C]=2 grid[A][0]=false grid[A][1]=true "
                             "grid[B][0]=true grid[B][1]=true grid[C][0]=false grid[C][1]=true"}));
  // hp[C] + ord(C) = 4 leaves 0..3: a model error at the element's value.
  EXPECT_EQ(moves.failures, std::vector<std::string>{"value 4 is outside 0..3 @5:32"});
}

// `P(i)`: the member at position i; outside the enum, a model error at the call.
TEST(RulebookGapsRuntimeTest, EnumOfAPosition) {
  auto model = test_models::LoadTestModel(R"(enum P { A, B, C }
state { cur: P  n: 0..4 }
init { n := 2 }
action step(i: 0..1) { cur := P(n + i) }
)");
  ASSERT_NE(model, nullptr);
  SuccessorRecorder init = Initial(*model);
  SuccessorRecorder moves = After(*model, init.words);
  EXPECT_EQ(moves.lines, std::vector<std::string>{"step(0) | cur=C n=2"});
  EXPECT_EQ(moves.failures,
            std::vector<std::string>{"P(3): enum P has no member at position 3 (its members are "
                                     "at 0..2) @4:31"});
}

// `by` over a range: the seat is shown as its number.
TEST(RulebookGapsRuntimeTest, ARangeSeatNamesThePlayer) {
  auto model = test_models::LoadTestModel(R"(const N = 3
state { seat: 0..N-1 }
init { seat := 2 }
action pass by seat { seat := (seat + 1) % N }
)");
  ASSERT_NE(model, nullptr);
  SuccessorRecorder init = Initial(*model);
  SuccessorRecorder moves = After(*model, init.words);
  EXPECT_EQ(moves.lines, std::vector<std::string>{"2: pass() | seat=0"});
}

// `{A, A, B}` as a bag (here through a constant): one copy per element; a copy past the
// capacity is a model error.
TEST(RulebookGapsRuntimeTest, BagLiteralsCountCopies) {
  auto model = test_models::LoadTestModel(R"(enum Card { A, B, C }
const START = {A, B, A}
state { deck: bag<Card, 2> = START  hand: bag<Card, 2> }
action deal() { hand := {C, B, C} }
action flood() { hand := {A, A, A} }
)");
  ASSERT_NE(model, nullptr);
  SuccessorRecorder init = Initial(*model);
  ASSERT_EQ(init.lines.size(), 1u);
  EXPECT_EQ(init.lines[0], "init | deck={A: 2, B: 1} hand={}");
  SuccessorRecorder moves = After(*model, init.words);
  EXPECT_EQ(moves.lines, std::vector<std::string>{"deal() | deck={A: 2, B: 1} hand={B: 1, C: 2}"});
  EXPECT_EQ(moves.failures, std::vector<std::string>{"more than 2 copies of A in a bag<Card, 2> "
                                                     "@5:33"});
}

}  // namespace
}  // namespace rulecheck::model
