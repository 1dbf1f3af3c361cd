// Tests for the compiled expressions (model/compiled_expr.h): in every state of a model that
// uses each specialised node shape, every property evaluates to the same value, or fails with
// the same message at the same location, as the interpreter alone gives (the test strips the
// compiled nodes from a second copy of the model). Also: the shapes meant to be compiled are.
#include "model/compiled_expr.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {
namespace {

// Every node shape the compiler specialises, and errors in the ones that can fail: the top
// and the i-th element of a seq that may be too short, a division by x - 2, a fun argument
// and a fun result outside their types, an array index outside its type, arithmetic overflow.
constexpr char kModel[] = R"(
enum Kind { Beast, Trick }
cards Card(kind: Kind, might: 0..3 = 0) {
  A(kind: Beast, might: 2)
  B(kind: Trick)
  C(kind: Beast, might: 3)
}
enum P { P1, P2 }
struct Slot { c: Card, n: 0..3 }
const BIG = 4611686018427387904
state {
  x: 0..4
  y: -2..2
  arr: [0..2] 0..3
  s: seq<0..3, 3>
  h: bag<Card, 2>
  st: set<Card>
  o: Card?
  f: bool
  sl: [P] Slot
}
fun pick(i: 0..2): 0..3 = arr[i]
fun nonneg(v: -2..2): 0..2 = v
fun twice(a: int, b: int): int = if a > b then a * 2 else b - a
action inc(i: 0..2) when arr[i] < 3 { arr[i] += 1 }
action push_it(v: 0..3) when len(s) < 3 { push(s, v) }
action pop_it() when not empty(s) { pop(s) }
action add_card(c: Card) when h[c] < 2 { add(h, c) }
action toggle(c: Card) { if c in st { remove(st, c) } else { add(st, c) } }
action set_o(c: Card) { o := c }
action step(d: -1..1) when x + d >= 0 and x + d <= 4 { x := x + d }
action set_y(v: -2..2) { y := v  f := not f }
action slot(p: P, c: Card) { sl[p].c := c  sl[p].n := (sl[p].n + 1) % 4 }

reachable r01: x * y - arr[1] + abs(y) == min(x, 3) - max(y, 0)
reachable r02: (x > 2 or f) and not (y < 0) => arr[0] != arr[2]
reachable r03: top(s) > 1
reachable r04: bottom(s) == s[len(s) - 1]
reachable r05: s[x] == 0
reachable r06: 10 / (x - 2) > 1 and 10 % (x - 2) == 0
reachable r07: pick(x) == 1
reachable r08: nonneg(y) == 1
reachable r09: twice(x, y) + twice(y, x) == 3
reachable r10: arr[x] == 0
reachable r11: h[A] + size(h) == 3 and B in h and not empty(h)
reachable r12: size(st) == 2 and C in st and not (A in st) or empty(st)
reachable r13: sl[P1].n + sl[P2].n == 3 and sl[P1].c == sl[P2].c
reachable r14: sl[P2].c.might + x == 4 and sl[P1].c.kind == Trick
reachable r15: (if f then -y else y) >= 1 and -x < 0
reachable r16: o == A or o == none
reachable r17: BIG * (x + 1) > 0
reachable r18: 3 in s and len(s) == 3
reachable r19: (sum i in 0..2: arr[i] * (if pick(i) > 1 then 1 else 2)) == 4
reachable r20: o! == B
)";

std::unique_ptr<Model> Load() {
  auto model = LoadModelFromText("t.rules", kModel, {});
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

void Strip(ir::Expr& e) {
  e.compiled = nullptr;
  for (ir::ExprPtr& arg : e.args) Strip(*arg);
  if (e.domain != nullptr) {
    for (ir::ExprPtr* d : {&e.domain->lo, &e.domain->hi, &e.domain->collection}) {
      if (*d != nullptr) Strip(**d);
    }
  }
  if (e.filter != nullptr) Strip(*e.filter);
}

class Collector : public ir::SuccessorSink {
 public:
  explicit Collector(size_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move&) override {
    out.emplace_back(state, state + words_);
  }
  void OnFailure(const ir::StepFailure&) override {}
  std::vector<std::vector<uint32_t>> out;

 private:
  size_t words_;
};

// The first `limit` states in breadth-first order.
std::vector<std::vector<uint32_t>> States(const Model& model, size_t limit) {
  SuccessorGenerator gen(model);
  Collector init(model.layout.words());
  gen.Initial(init);
  std::set<std::vector<uint32_t>> seen(init.out.begin(), init.out.end());
  std::vector<std::vector<uint32_t>> order(init.out.begin(), init.out.end());
  for (size_t i = 0; i < order.size() && order.size() < limit; ++i) {
    Collector next(model.layout.words());
    const std::vector<uint32_t> state = order[i];
    gen.Successors(state.data(), next);
    for (auto& t : next.out) {
      if (order.size() < limit && seen.insert(t).second) order.push_back(t);
    }
  }
  return order;
}

TEST(CompiledExprTest, AgreesWithTheInterpreterInEveryState) {
  std::unique_ptr<Model> compiled = Load();
  std::unique_ptr<Model> interpreted = Load();
  ASSERT_NE(compiled, nullptr);
  ASSERT_NE(interpreted, nullptr);
  for (ir::Fun& f : interpreted->program.funs) Strip(*f.body);
  for (ir::Property& p : interpreted->program.reachables) Strip(*p.expr);

  const std::vector<std::vector<uint32_t>> states = States(*compiled, 30000);
  ASSERT_EQ(states.size(), 30000u);
  SuccessorGenerator with(*compiled), without(*interpreted);
  const auto& props = compiled->program.reachables;
  std::vector<int> holds(props.size(), 0), fails(props.size(), 0);
  for (const std::vector<uint32_t>& state : states) {
    for (size_t i = 0; i < props.size(); ++i) {
      const PropertyValue a = with.Evaluate(props[i], state.data());
      const PropertyValue b = without.Evaluate(interpreted->program.reachables[i], state.data());
      ASSERT_EQ(a.ok, b.ok) << props[i].name;
      if (a.ok) {
        ASSERT_EQ(a.value, b.value) << props[i].name;
        holds[i] += a.value != 0;
      } else {
        ASSERT_EQ(a.failure.message, b.failure.message) << props[i].name;
        ASSERT_EQ(a.failure.loc, b.failure.loc) << props[i].name;
        ++fails[i];
      }
    }
  }
  // Every property both holds and fails to hold somewhere, and the ones that can fail do
  // fail somewhere, so both sides of each node were compared.
  const std::set<std::string> can_fail = {"r03", "r04", "r05", "r06", "r07",
                                          "r08", "r10", "r17", "r20"};
  for (size_t i = 0; i < props.size(); ++i) {
    EXPECT_GT(holds[i], 0) << props[i].name;
    EXPECT_EQ(fails[i] > 0, can_fail.count(props[i].name) > 0) << props[i].name;
  }
}

TEST(CompiledExprTest, TheFailuresSayWhatTheInterpreterSays) {
  std::unique_ptr<Model> model = Load();
  ASSERT_NE(model, nullptr);
  SuccessorGenerator gen(*model);
  Collector init(model->layout.words());
  gen.Initial(init);
  ASSERT_EQ(init.out.size(), 1u);
  // The initial state: x = 0, y = 0, every array entry 0, everything empty, o none.
  auto message = [&](const std::string& name) {
    for (const ir::Property& p : model->program.reachables) {
      if (p.name == name) return gen.Evaluate(p, init.out[0].data()).failure.message;
    }
    return std::string("no such property");
  };
  EXPECT_EQ(message("r03"), "top(s): s is empty");
  EXPECT_EQ(message("r05"), "s[0]: index 0 into an empty seq");
  EXPECT_EQ(message("r20"), "o! of none: o is none");
  EXPECT_EQ(message("r01"), "");
}

TEST(CompiledExprTest, CompilesTheCommonShapes) {
  std::unique_ptr<Model> model = Load();
  ASSERT_NE(model, nullptr);
  ASSERT_NE(model->compiled, nullptr);
  for (const ir::Property& p : model->program.reachables) {
    // `o! == B`: the unwrap is interpreted, the comparison above it is compiled.
    EXPECT_NE(p.expr->compiled, nullptr) << p.name;
  }
  for (const ir::Fun& f : model->program.funs) EXPECT_NE(f.body->compiled, nullptr) << f.name;
  for (const ir::Action& a : model->program.actions) {
    if (a.guard != nullptr) {
      EXPECT_NE(a.guard->compiled, nullptr) << a.name;
    }
  }
}

}  // namespace
}  // namespace rulecheck::model
