// Tests for the successor generator (model/successors.h) on small rules texts: the order of
// successors (actions, parameter values, choose/roll candidates, may), guards, require,
// assert, emit and FIFO trigger resolution with guards evaluated at the emit, pending
// overflow, the bag/seq/set primitives, model errors with their messages, terminal states
// and several initial states. Expectations are worked out by hand in the comments.
#include "model/successors.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ir/bits.h"
#include "model/evaluator.h"
#include "model/model.h"
#include "model/value_format.h"
#include "tests/shared/load_model.h"

namespace rulecheck::model {
namespace {

// `n=1 c=X` for the whole state.
std::string Show(const Model& model, const uint32_t* state) {
  std::string out;
  for (const auto& [path, value] : FlattenState(model, state)) {
    if (!out.empty()) out += " ";
    out += path + "=" + value;
  }
  return out;
}

// Records what the generator reports, in order.
class MoveRecorder : public ir::SuccessorSink {
 public:
  explicit MoveRecorder(const Model& model) : model_(model) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    std::string line = FormatMoveCall(model_, move);
    std::string choices = FormatMoveChoices(move);
    if (!choices.empty()) line += " [" + choices + "]";
    line += " | " + Show(model_, state);
    lines.push_back(line);
    states.emplace_back(state, state + model_.layout.words());
    moves.push_back(move);
  }
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure); }

  std::vector<std::string> lines;
  std::vector<std::vector<uint32_t>> states;
  std::vector<ir::Move> moves;
  std::vector<ir::StepFailure> failures;

 private:
  const Model& model_;
};

std::vector<uint32_t> FirstInitial(const Model& model) {
  SuccessorGenerator gen(model);
  MoveRecorder r(model);
  gen.Initial(r);
  EXPECT_FALSE(r.states.empty());
  return r.states.empty() ? std::vector<uint32_t>(model.layout.words()) : r.states[0];
}

// The state with scalar variables set; the rest as in `base`.
std::vector<uint32_t> With(const Model& model, std::vector<uint32_t> base,
                           const std::map<std::string, int64_t>& values) {
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    auto it = values.find(model.program.state[v].name);
    if (it == values.end()) continue;
    const ir::Type* t = model.program.state[v].type;
    ir::bits::Write(base.data(), model.layout.var_offset(static_cast<int>(v)), t->width,
                    EncodeScalar(t, it->second));
  }
  return base;
}

MoveRecorder Expand(const Model& model, const std::vector<uint32_t>& state) {
  SuccessorGenerator gen(model);
  MoveRecorder r(model);
  gen.Successors(state.data(), r);
  return r;
}

TEST(SuccessorsTest, ChooseWhereThenMayInOrder) {
  auto model = test_models::LoadTestModel(R"(
    enum C { X, Y, Z }
    state { n: 0..9  c: C }
    action go() {
      choose v in C where v != Y { c := v }
      may { n += 1 }
    }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "go() [v = X, may: no] | n=0 c=X",
                         "go() [v = X, may: yes] | n=1 c=X",
                         "go() [v = Z, may: no] | n=0 c=Z",
                         "go() [v = Z, may: yes] | n=1 c=Z",
                     }));
  EXPECT_TRUE(r.failures.empty());
  ASSERT_EQ(r.moves.size(), 4u);
  ASSERT_EQ(r.moves[3].choices.size(), 2u);
  EXPECT_EQ(r.moves[3].choices[0].kind, ir::Choice::Kind::kChoose);
  EXPECT_EQ(r.moves[3].choices[0].name, "v");
  EXPECT_EQ(r.moves[3].choices[0].value, 2);
  EXPECT_EQ(r.moves[3].choices[1].kind, ir::Choice::Kind::kMay);
  EXPECT_EQ(r.moves[3].choices[1].value, 1);
}

TEST(SuccessorsTest, ParametersFirstSlowestGuardAndBy) {
  auto model = test_models::LoadTestModel(R"(
    enum Player { P1, P2 }
    state { turn: Player = P2  x: 0..3 }
    action nop() when false { }
    action set(a: 0..1, b: Player) by turn when a + ord(b) != 1 { x := a + 2 * ord(b) }
    action other(b: bool) { x := 1 }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  // set: (0, P1) yes, (0, P2) no, (1, P1) no, (1, P2) yes; then other(false), other(true).
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "set(0, P1) | turn=P2 x=0",
                         "set(1, P2) | turn=P2 x=3",
                         "other(false) | turn=P2 x=1",
                         "other(true) | turn=P2 x=1",
                     }));
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.moves[0].kind, ir::Move::Kind::kAction);
  EXPECT_EQ(r.moves[0].index, 1);
  EXPECT_EQ(r.moves[1].args, (std::vector<int64_t>{1, 1}));
  ASSERT_NE(r.moves[0].player_type, nullptr);
  EXPECT_EQ(FormatMovePlayer(r.moves[0]), "P2");
  EXPECT_EQ(r.moves[2].player_type, nullptr);
  EXPECT_EQ(FormatMovePlayer(r.moves[2]), "");
}

TEST(SuccessorsTest, RequireAssertAndTerminal) {
  auto model = test_models::LoadTestModel(R"(
    state { n: 0..5 }
    terminal when n == 5
    action inc() { n += 1 }
    action bad() {
      require n > 2
      assert n != 3, "three is not allowed"
      n := 0
    }
  )");
  ASSERT_NE(model, nullptr);
  const std::vector<uint32_t> s0 = FirstInitial(*model);
  SuccessorGenerator gen(*model);

  MoveRecorder at0 = Expand(*model, s0);
  EXPECT_EQ(at0.lines, (std::vector<std::string>{"inc() | n=1"}));
  EXPECT_TRUE(at0.failures.empty());

  MoveRecorder at3 = Expand(*model, With(*model, s0, {{"n", 3}}));
  EXPECT_EQ(at3.lines, (std::vector<std::string>{"inc() | n=4"}));
  ASSERT_EQ(at3.failures.size(), 1u);
  EXPECT_EQ(at3.failures[0].kind, ir::StepFailure::Kind::kAssert);
  EXPECT_EQ(at3.failures[0].message, "three is not allowed");
  EXPECT_EQ(at3.failures[0].move.index, 1);
  EXPECT_EQ(at3.failures[0].loc.line, 7);

  MoveRecorder at4 = Expand(*model, With(*model, s0, {{"n", 4}}));
  EXPECT_EQ(at4.lines, (std::vector<std::string>{"inc() | n=5", "bad() | n=0"}));

  std::vector<uint32_t> s5 = With(*model, s0, {{"n", 5}});
  EXPECT_TRUE(gen.IsTerminal(s5.data()));
  EXPECT_FALSE(gen.IsTerminal(s0.data()));
  MoveRecorder at5 = Expand(*model, s5);
  EXPECT_TRUE(at5.lines.empty());
  EXPECT_TRUE(at5.failures.empty());
}

TEST(SuccessorsTest, ForLoopsContinueAfterForks) {
  auto model = test_models::LoadTestModel(R"(
    state { a: [0..1] bool  n: 0..5 }
    action go() {
      for i in 0..1 { may { a[i] := true } }
      n := 1
    }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "go() [may: no, may: no] | a[0]=false a[1]=false n=1",
                         "go() [may: no, may: yes] | a[0]=false a[1]=true n=1",
                         "go() [may: yes, may: no] | a[0]=true a[1]=false n=1",
                         "go() [may: yes, may: yes] | a[0]=true a[1]=true n=1",
                     }));
}

TEST(SuccessorsTest, InitWithRollGivesSeveralInitialStates) {
  auto model = test_models::LoadTestModel(R"(
    state { n: 0..9 = 3  m: 0..9 = n + 1 }
    init { roll d in 1..3 { n += d } }
    action nop() { }
  )");
  ASSERT_NE(model, nullptr);
  SuccessorGenerator gen(*model);
  MoveRecorder r(*model);
  gen.Initial(r);
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "init [roll d = 1] | n=4 m=4",
                         "init [roll d = 2] | n=5 m=4",
                         "init [roll d = 3] | n=6 m=4",
                     }));
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[0].kind, ir::Move::Kind::kInit);
  EXPECT_EQ(r.moves[0].choices[0].kind, ir::Choice::Kind::kRoll);
}

TEST(SuccessorsTest, ChooseWithoutCandidateIsNoMove) {
  auto model = test_models::LoadTestModel(R"(
    enum C { A, B }
    state { b: bag<C, 2>  n: 0..3 }
    action draw() { choose c in b { remove(b, c) } }
    action never() { choose c in C where false { n := 1 } }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  EXPECT_TRUE(r.lines.empty());
  EXPECT_TRUE(r.failures.empty());
}

TEST(SuccessorsTest, CollectionSemantics) {
  auto model = test_models::LoadTestModel(R"(
    enum C { A, B, D }
    state { s: seq<C, 4>  b: bag<C, 2>  st: set<C>  t: seq<C, 4> }
    init {
      push(s, A)  push(s, B)  push(s, A)  push_bottom(s, D)
      add(b, A)  add(b, A)  add(b, B)
    }
    action rm() { remove(s, A) }
    action mv() { move A from b to t }
    action mvtop() { move top(s) from s to st }
    action edit() { pop_bottom(s)  insert_at(s, 1, B)  remove_at(s, 0) }
    action pick() { choose x in b { add(st, x) } }
    action each() { choose x in s where x != B { add(st, x)  add(st, x) } }
    action reads() { require len(s) == 4 and b[A] == 2 and size(b) == 3 and D in s
                     and not (B in st) and bottom(s) == D and s[2] == B  clear(s) }
  )");
  ASSERT_NE(model, nullptr);
  std::vector<uint32_t> s0 = FirstInitial(*model);
  EXPECT_EQ(Show(*model, s0.data()), "s=[D, A, B, A] b={A: 2, B: 1} st=[] t=[]");
  MoveRecorder r = Expand(*model, s0);
  EXPECT_EQ(r.lines, (std::vector<std::string>{
                         "rm() | s=[D, A, B] b={A: 2, B: 1} st=[] t=[]",
                         "mv() | s=[D, A, B, A] b={A: 1, B: 1} st=[] t=[A]",
                         "mvtop() | s=[D, A, B] b={A: 2, B: 1} st=[A] t=[]",
                         "edit() | s=[B, B, A] b={A: 2, B: 1} st=[] t=[]",
                         "pick() [x = A] | s=[D, A, B, A] b={A: 2, B: 1} st=[A] t=[]",
                         "pick() [x = B] | s=[D, A, B, A] b={A: 2, B: 1} st=[B] t=[]",
                         "each() [x = D] | s=[D, A, B, A] b={A: 2, B: 1} st=[D] t=[]",
                         "each() [x = A] | s=[D, A, B, A] b={A: 2, B: 1} st=[A] t=[]",
                         "each() [x = A] | s=[D, A, B, A] b={A: 2, B: 1} st=[A] t=[]",
                         "reads() | s=[] b={A: 2, B: 1} st=[] t=[]",
                     }));
  EXPECT_TRUE(r.failures.empty());
  // Equal values have equal bits: the removed seq slot is cleared.
  EXPECT_EQ(r.states[7], r.states[8]);
}

// The message of the single failure of action `name` from the initial state; with
// `succeeds`, the action must instead give exactly one successor.
std::string ErrorOf(const Model& model, const std::string& name, bool succeeds = false) {
  MoveRecorder r = Expand(model, FirstInitial(model));
  std::string found;
  for (const ir::StepFailure& f : r.failures) {
    if (f.move.kind == ir::Move::Kind::kAction &&
        model.program.actions[f.move.index].name == name) {
      EXPECT_EQ(f.kind, ir::StepFailure::Kind::kModelError) << name;
      EXPECT_TRUE(f.loc.valid()) << name;
      if (!found.empty()) ADD_FAILURE() << "two failures for " << name;
      found = f.message;
    }
  }
  int successors = 0;
  for (const ir::Move& m : r.moves) successors += model.program.actions[m.index].name == name;
  EXPECT_EQ(successors, succeeds ? 1 : 0) << name;
  return found;
}

TEST(SuccessorsTest, ModelErrorsNameThePlaceAndValue) {
  auto model = test_models::LoadTestModel(R"(
    enum Player { P1, P2 }
    state {
      points: [Player] 0..5
      arr: [0..2] 0..1
      k: 0..5 = 4
      s: seq<Player, 2>
      h: bag<Player, 2>
      o: Player?
      st: set<Player>
    }
    action over() { points[P1] := k + 2 }
    action inc() { points[P2] += 6 }
    action dec() { points[P2] -= 1 }
    action popempty() { pop(s) }
    action topempty() { o := top(s) }
    action absent() { remove(h, P1) }
    action bagfull() { add(h, P1)  add(h, P1)  add(h, P1) }
    action seqfull() { push(s, P1)  push(s, P2)  push(s, P1) }
    action unwrap() { points[P1] := ord(o!) }
    action div() { points[P1] := 5 / ord(P1) }
    action intoset() { add(h, P1)  add(st, P1)  move P1 from h to st }
    action index() { arr[k] := 1 }
    action setidem() { add(st, P2)  add(st, P2) }
    action noset() { remove(st, P2) }
    action insertbad() { insert_at(s, 1, P1) }
    action removeatbad() { push(s, P2)  remove_at(s, 1) }
    action bottomfull() { push(s, P1)  push(s, P1)  push_bottom(s, P2) }
  )");
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(ErrorOf(*model, "over"), "points[P1] := 6 is outside 0..5");
  EXPECT_EQ(ErrorOf(*model, "inc"), "points[P2] += 6 gives 6, outside 0..5");
  EXPECT_EQ(ErrorOf(*model, "dec"), "points[P2] -= 1 gives -1, outside 0..5");
  EXPECT_EQ(ErrorOf(*model, "popempty"), "pop(s): s is empty");
  EXPECT_EQ(ErrorOf(*model, "topempty"), "top(s): s is empty");
  EXPECT_EQ(ErrorOf(*model, "absent"), "remove(h, P1): h holds no P1");
  EXPECT_EQ(ErrorOf(*model, "bagfull"), "add(h, P1): h already holds 2 P1, its capacity");
  EXPECT_EQ(ErrorOf(*model, "seqfull"), "push(s, P1): s is full (capacity 2)");
  EXPECT_EQ(ErrorOf(*model, "unwrap"), "o! of none: o is none");
  EXPECT_EQ(ErrorOf(*model, "div"), "division by zero in 5 / 0");
  EXPECT_EQ(ErrorOf(*model, "intoset"), "move P1 from h to st: st already holds P1");
  EXPECT_EQ(ErrorOf(*model, "index"), "arr[4]: index 4 is outside 0..2");
  EXPECT_EQ(ErrorOf(*model, "setidem", /*succeeds=*/true), "");
  EXPECT_EQ(ErrorOf(*model, "noset"), "remove(st, P2): st holds no P2");
  EXPECT_EQ(ErrorOf(*model, "insertbad"), "insert_at(s, 1, P1): index 1 is outside 0..0");
  EXPECT_EQ(ErrorOf(*model, "removeatbad"), "remove_at(s, 1): index 1 is outside 0..0");
  EXPECT_EQ(ErrorOf(*model, "bottomfull"), "push_bottom(s, P2): s is full (capacity 2)");
}

TEST(SuccessorsTest, ModelErrorInAGuardNamesTheInstance) {
  auto model = test_models::LoadTestModel(R"(
    state { arr: [0..2] 0..1 }
    action g(i: 0..3) when arr[i] == 0 { arr[0] := 1 }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  EXPECT_EQ(r.lines.size(), 3u);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].move.args, (std::vector<int64_t>{3}));
  EXPECT_EQ(r.failures[0].message, "arr[3]: index 3 is outside 0..2");
}

TEST(SuccessorsTest, TriggersResolveFirstInFirstOutWithGuardsAtTheEmit) {
  auto model = test_models::LoadTestModel(R"(
    enum P { P1, P2 }
    state { log: seq<0..9, 6>  flag: bool }
    event E(p: P, k: 0..3)
    action go() when empty(log) and not flag {
      emit E(P1, 1)
      flag := true
      emit E(P2, 2)
    }
    trigger t1 on E(p, k) by p when not flag { push(log, k) }
    trigger t2 on E(p, k) when k >= 1 { push(log, k + 4) }
  )");
  ASSERT_NE(model, nullptr);
  SuccessorGenerator gen(*model);
  std::vector<uint32_t> s = FirstInitial(*model);
  // E(P1, 1) queues t1 and t2; E(P2, 2) comes after flag := true, so only t2.
  std::vector<std::string> expected = {
      "go() | log=[] flag=true pending=[t1(P1, 1), t2(P1, 1), t2(P2, 2)]",
      "t1(P1, 1) | log=[1] flag=true pending=[t2(P1, 1), t2(P2, 2)]",
      "t2(P1, 1) | log=[1, 5] flag=true pending=[t2(P2, 2)]",
      "t2(P2, 2) | log=[1, 5, 6] flag=true pending=[]",
  };
  for (size_t step = 0; step < expected.size(); ++step) {
    MoveRecorder r = Expand(*model, s);
    ASSERT_EQ(r.lines.size(), 1u) << "step " << step;
    EXPECT_EQ(r.lines[0], expected[step]);
    if (step == 1) {
      EXPECT_EQ(r.moves[0].kind, ir::Move::Kind::kTrigger);
      EXPECT_EQ(r.moves[0].index, 0);
      EXPECT_EQ(r.moves[0].args, (std::vector<int64_t>{0, 1}));
      EXPECT_EQ(FormatMovePlayer(r.moves[0]), "P1");
    }
    if (step == 2) {
      EXPECT_EQ(r.moves[0].player_type, nullptr);
    }
    s = r.states[0];
  }
  // Pending empty again and `go` disabled: a deadlock.
  MoveRecorder end = Expand(*model, s);
  EXPECT_TRUE(end.lines.empty());
  EXPECT_TRUE(end.failures.empty());
}

TEST(SuccessorsTest, EntriesEmittedByATriggerQueueBehindTheRest) {
  auto model = test_models::LoadTestModel(R"(
    event A(k: 0..3)
    event B(k: 0..3)
    state { log: seq<0..3, 5>  n: 0..5 = 4 }
    action go() when empty(log) { emit A(1)  emit B(2) }
    action bad() when empty(log) { emit A(n) }
    trigger ta on A(k) { push(log, k)  emit B(3) }
    trigger tb on B(k) { push(log, k) }
  )");
  ASSERT_NE(model, nullptr);
  std::vector<uint32_t> s = FirstInitial(*model);
  std::vector<std::string> expected = {
      "go() | log=[] n=4 pending=[ta(1), tb(2)]",
      "ta(1) | log=[1] n=4 pending=[tb(2), tb(3)]",
      "tb(2) | log=[1, 2] n=4 pending=[tb(3)]",
      "tb(3) | log=[1, 2, 3] n=4 pending=[]",
  };
  for (size_t step = 0; step < expected.size(); ++step) {
    MoveRecorder r = Expand(*model, s);
    ASSERT_EQ(r.lines.size(), 1u) << "step " << step;
    EXPECT_EQ(r.lines[0], expected[step]);
    if (step == 0) {
      ASSERT_EQ(r.failures.size(), 1u);
      EXPECT_EQ(r.failures[0].message, "emit A: argument `k` = 4 is outside 0..3");
    }
    s = r.states[0];
  }
}

TEST(SuccessorsTest, PendingOverflow) {
  auto model = test_models::LoadTestModel(R"(
    pending 2
    event E(k: 0..1)
    state { n: 0..3 }
    action go() { emit E(0)  emit E(1)  emit E(0)  n := 1 }
    trigger t on E(k) { n := 2 }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  EXPECT_TRUE(r.lines.empty());
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].kind, ir::StepFailure::Kind::kPendingOverflow);
  EXPECT_NE(r.failures[0].message.find("capacity of 2"), std::string::npos)
      << r.failures[0].message;
}

TEST(SuccessorsTest, FailureInOneBranchKeepsTheOthers) {
  auto model = test_models::LoadTestModel(R"(
    state { n: 0..3 }
    action go() { choose d in 1..3 { n += d  n += 1 } }
  )");
  ASSERT_NE(model, nullptr);
  MoveRecorder r = Expand(*model, FirstInitial(*model));
  // d = 1: n = 2; d = 2: n = 3; d = 3: 3 + 1 = 4 is outside.
  EXPECT_EQ(r.lines, (std::vector<std::string>{"go() [d = 1] | n=2", "go() [d = 2] | n=3"}));
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].message, "n += 1 gives 4, outside 0..3");
  ASSERT_EQ(r.failures[0].move.choices.size(), 1u);
  EXPECT_EQ(r.failures[0].move.choices[0].value, 3);
}

TEST(SuccessorsTest, PropertiesEvaluateAndReportErrors) {
  auto model = test_models::LoadTestModel(R"(
    state { arr: [0..2] 0..3  k: 0..5 = 4 }
    invariant ok: arr[0] == 0
    invariant bad: arr[k] == 0
    action nop() { }
  )");
  ASSERT_NE(model, nullptr);
  SuccessorGenerator gen(*model);
  std::vector<uint32_t> s = FirstInitial(*model);
  PropertyValue ok = gen.Evaluate(model->program.invariants[0], s.data());
  EXPECT_TRUE(ok.ok);
  EXPECT_EQ(ok.value, 1);
  PropertyValue bad = gen.Evaluate(model->program.invariants[1], s.data());
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.failure.message, "arr[4]: index 4 is outside 0..2");
}

TEST(SuccessorsTest, LoadModelErrors) {
  auto missing = LoadModel("/nonexistent/dir/x.rules", {});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("/nonexistent/dir/x.rules"), std::string::npos);
  auto bad = LoadModelFromText("bad.rules", "state { n: 0..3 }\naction a() { n := q }\n", {});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("bad.rules:2:"), std::string::npos) << bad.status();
}

#ifdef RULECHECK_SOURCE_DIR
// Breadth-first search over the tic-tac-toe rulebook: 5,478 positions, 958 terminal.
TEST(SuccessorsTest, TicTacToeStateCount) {
  auto loaded = LoadModel(std::string(RULECHECK_SOURCE_DIR) + "/games/tictactoe.rules", {});
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  const Model& model = **loaded;
  SuccessorGenerator gen(model);
  MoveRecorder init(model);
  gen.Initial(init);
  std::set<std::vector<uint32_t>> seen(init.states.begin(), init.states.end());
  std::vector<std::vector<uint32_t>> frontier(seen.begin(), seen.end());
  int terminal = 0;
  while (!frontier.empty()) {
    std::vector<uint32_t> s = std::move(frontier.back());
    frontier.pop_back();
    terminal += gen.IsTerminal(s.data());
    struct Sink : ir::SuccessorSink {
      void OnSuccessor(const uint32_t* st, const ir::Move&) override {
        std::vector<uint32_t> v(st, st + words);
        if (seen->insert(v).second) frontier->push_back(std::move(v));
      }
      void OnFailure(const ir::StepFailure& f) override { ADD_FAILURE() << f.message; }
      uint32_t words = 0;
      std::set<std::vector<uint32_t>>* seen = nullptr;
      std::vector<std::vector<uint32_t>>* frontier = nullptr;
    } sink;
    sink.words = model.layout.words();
    sink.seen = &seen;
    sink.frontier = &frontier;
    gen.Successors(s.data(), sink);
  }
  EXPECT_EQ(seen.size(), 5478u);
  EXPECT_EQ(terminal, 958);
}
#endif

}  // namespace
}  // namespace rulecheck::model
