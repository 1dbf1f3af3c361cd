// Issue 16's forms in the runtime (model/): the order of a choose over an option type and
// over two names, `for` over an option type, a struct literal's value and its field checked
// against its range, and `the` with one value, none or two.
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

// Records each successor as `choices | state` and each failure's message.
class Recorder : public ir::SuccessorSink {
 public:
  explicit Recorder(const Model& model) : model_(model) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    std::string line = FormatMoveChoices(move) + " |";
    for (const auto& [path, value] : FlattenState(model_, state)) line += " " + path + "=" + value;
    lines.push_back(line);
  }
  void OnFailure(const ir::StepFailure& failure) override {
    failures.push_back(failure.message + " @" + std::to_string(failure.loc.line) + ":" +
                       std::to_string(failure.loc.column));
  }
  std::vector<std::string> lines;
  std::vector<std::string> failures;

 private:
  const Model& model_;
};

// The successors of the (single) initial state.
Recorder FirstMoves(const Model& model) {
  SuccessorGenerator gen(model);
  Recorder moves(model);
  struct Keep : ir::SuccessorSink {
    std::vector<uint32_t> words;
    size_t n = 0;
    void OnSuccessor(const uint32_t* state, const ir::Move&) override {
      words.assign(state, state + n);
    }
    void OnFailure(const ir::StepFailure&) override {}
  } keep;
  keep.n = model.layout.words();
  gen.Initial(keep);
  gen.Successors(keep.words.data(), moves);
  return moves;
}

TEST(LanguageGapsRuntimeTest, ChooseOverAnOptionTypeEndsWithNone) {
  auto model = test_models::LoadTestModel(R"(enum C { X, Y }
state { c: C?  k: 0..2 }
action a when k == 0 { choose x in C?, j in 1..2 where x != none or j == 2 { c := x  k := j } }
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "x = X, j = 1 | c=X k=1",
                         "x = X, j = 2 | c=X k=2",
                         "x = Y, j = 1 | c=Y k=1",
                         "x = Y, j = 2 | c=Y k=2",
                         "x = none, j = 2 | c=none k=2",
                     }));
}

TEST(LanguageGapsRuntimeTest, ForOverAnOptionTypeVisitsNoneLast) {
  auto model = test_models::LoadTestModel(R"(state { n: 0..30  done: bool }
action a when not done {
  for v in (1..3)? { n := n * 2 + (if v == none then 1 else 0) }
  done := true
}
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines, (std::vector<std::string>{" | n=1 done=true"}));  // 0,0,0 then 1
}

TEST(LanguageGapsRuntimeTest, StructLiteralFieldsAreCheckedWhenBuilt) {
  auto model = test_models::LoadTestModel(R"(enum P { A, B }
struct S { p: P, n: 0..2 }
state { s: S?  k: 0..3 = 2 }
action ok() { s := S { n: k, p: B } }
action over() { s := S { p: A, n: k + 1 } }
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines, (std::vector<std::string>{" | s={p: B, n: 2} k=2"}));
  EXPECT_EQ(r.failures, (std::vector<std::string>{"value 3 is outside 0..2 @5:35"}));
}

TEST(LanguageGapsRuntimeTest, TheNeedsExactlyOneValue) {
  auto model = test_models::LoadTestModel(R"(enum P { A, B, C }
state { cur: P }
action one() { cur := the q in P where q != A and q != C }
action two() { cur := the q in P where q != A }
action none_() { cur := the q in P where false }
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines, (std::vector<std::string>{" | cur=B"}));
  EXPECT_EQ(r.failures, (std::vector<std::string>{
                            "`the`: more than one value satisfies its condition (B and C) @4:23",
                            "`the`: no value satisfies its condition @5:25"}));
}

// `max` and `min` over a domain: the greatest and least value that passes the filter, and a
// model error at the aggregate when none does.
TEST(LanguageGapsRuntimeTest, MaxAndMinOverADomain) {
  auto model = test_models::LoadTestModel(R"(enum P { A, B, C }
state { bid: [P] 0..9  v: 0..9 }
init { bid[A] := 4  bid[B] := 7  bid[C] := 2 }
action hi() { v := max p in P: bid[p] }
action lo() { v := min p in P where p != C: bid[p] }
action none_() { v := max p in P where bid[p] > 8: bid[p] }
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines, (std::vector<std::string>{" | bid[A]=4 bid[B]=7 bid[C]=2 v=7",
                                               " | bid[A]=4 bid[B]=7 bid[C]=2 v=4"}));
  EXPECT_EQ(r.failures,
            (std::vector<std::string>{"`max`: no value of its domain passes its condition @6:23"}));
}

// `may { } else { }`: the move that declines runs the `else` block, first, as a plain `may`
// lists "no" first.
TEST(LanguageGapsRuntimeTest, MayElseRunsTheElseBlockWhenDeclined) {
  auto model = test_models::LoadTestModel(R"(state { hand: 0..3  deck: 0..3 }
init { deck := 2 }
action turn() {
  may { hand += 1 } else { deck -= 1 }
  may { hand += 2 }
}
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  EXPECT_EQ(r.lines,
            (std::vector<std::string>{
                "may: no, may: no | hand=0 deck=1", "may: no, may: yes | hand=2 deck=1",
                "may: yes, may: no | hand=1 deck=2", "may: yes, may: yes | hand=3 deck=2"}));
  EXPECT_TRUE(r.failures.empty());
}

// `{}` as an empty bag and an empty seq: assigned, compared, and in a struct literal.
TEST(LanguageGapsRuntimeTest, EmptyLiteralIsAnEmptyBagAndSeq) {
  auto model = test_models::LoadTestModel(R"(enum C { R, G }
struct Pile { heap: bag<C, 3>, line: seq<C, 2> }
state { b: bag<C, 3>  s: seq<C, 2>  p: Pile?  was: bool }
init { add(b, R)  push(s, G) }
action empty_both() {
  was := b == {} or s == {}
  b := {}
  s := {}
  p := Pile { heap: {}, line: {} }
}
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0], " | b={} s=[] p={heap: {}, line: []} was=false");
  EXPECT_TRUE(r.failures.empty());
}

// `x!` of a scalar option as a place: x is stored as one scalar (0 for none, else the value's
// ordinal + 1), so `x! += 1` on x = 1 reads 1 and stores 2 (it once read the encoding's low bit
// as a presence bit and called x none); y is none, so `y! := 1` is a model error; `x! += 3`
// leaves x's element type 0..3, which the message names.
TEST(LanguageGapsRuntimeTest, UnwrapOfAScalarOptionIsAPlace) {
  auto model = test_models::LoadTestModel(R"(state { x: 0..3? = 1  y: 0..3? }
action up { x! += 1 }
action set_y { y! := 1 }
action jump { x! += 3 }
)");
  ASSERT_NE(model, nullptr);
  Recorder r = FirstMoves(*model);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0], " | x=2 y=none");
  EXPECT_EQ(r.failures, (std::vector<std::string>{"y! of none: y is none @3:16",
                                                  "x! += 3 gives 4, outside 0..3 @4:15"}));
}

}  // namespace
}  // namespace rulecheck::model
