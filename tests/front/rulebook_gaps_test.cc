// The language gaps the rulebook models ran into (issue 16), in the front end: an option as an
// event parameter, array literals `[p in P: e]`, an enum member by its position `P(i)`, `by`
// over a range or bool, and `{A, A, B}` as a bag. For each, the IR shape the engines rely on,
// and its misuse reported at the text at fault.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/front/check_text.h"

namespace rulecheck::front {
namespace {

// Line 1 of every test text; the tests' own lines start at line 2.
constexpr char kHeader[] = "enum P { A, B, C }\n";

std::unique_ptr<Checked> CheckBody(const std::string& body) {
  return CheckText(std::string(kHeader) + body);
}

TEST(EventOptionTest, AnEventParameterMayBeAnOptionOfAFiniteType) {
  auto r = CheckBody(R"(state { n: 0..3 }
event Hit(card: P?, k: (0..2)?)
action a() { emit Hit(A, none)  emit Hit(none, 2) }
trigger t on Hit(c, k) when c != none { n := ord(c!) }
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  ASSERT_EQ(r->program.events.size(), 1u);
  EXPECT_EQ(r->program.events[0].params[0].type->ToString(), "P?");
  EXPECT_EQ(r->program.events[0].params[1].type->ToString(), "0..2?");
  EXPECT_EQ(r->program.triggers[0].binders[0].type->ToString(), "P?");
}

TEST(EventOptionTest, Misuse) {
  // A composite is not a scalar, and an action's parameters are still finite scalars.
  EXPECT_TRUE(OneErrorAt(*CheckBody("event E(s: set<P>)\n"), 2, 12,
                         "a parameter of an event must be bool, an enum, a range or an option"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("event E(s: int?)\n"), 2, 12, "`int?` is not allowed"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a(c: P?) { }\n"), 2, 13,
                         "a parameter of an action must be of a finite type"));
  // `moved` takes `none` as a constant argument of an option parameter.
  auto moved = CheckBody(R"(state { n: 0..3 }
event Hit(card: P?)
action a() { emit Hit(none) }
trigger t on Hit(c) { n := 1 }
reachable r: moved(t(none))
)");
  EXPECT_TRUE(moved->errors.empty()) << moved->rendered;
}

TEST(ArrayLiteralTest, TakesTheElementTypeOfItsContext) {
  auto r = CheckBody(R"(state {
  hp: [P] 0..9 = [p in P: 3]
  grid: [P][0..1] bool
}
action a() { grid := [p in P, i in 0..1: p == B or i == 1] }
invariant i: hp != [p in P: ord(p)]
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& init = *r->program.state[0].initial;
  EXPECT_EQ(init.op, ir::ExprOp::kArrayOf);
  EXPECT_EQ(init.type, r->program.state[0].type);
  ASSERT_NE(init.domain, nullptr);
  EXPECT_EQ(init.domain->kind, ir::DomainKind::kType);
  const ir::Expr& grid = *r->program.actions[0].body.stmts[0]->value;
  EXPECT_EQ(grid.type->ToString(), "[P] [0..1] bool");
  EXPECT_EQ(grid.args[0]->op, ir::ExprOp::kArrayOf);
  // Compared with the state variable, the literal takes its type.
  const ir::Expr& ne = *r->program.invariants[0].expr;
  EXPECT_EQ(ne.args[1]->type, r->program.state[0].type);
}

TEST(ArrayLiteralTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { hp: [P] 0..9 = [p in P: 10] }\n"), 2, 33,
                         "the value 10 is outside 0..9"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { hp: [P] 0..9 = [i in 0..2: 1] }\n"), 2, 24,
                         "expected [P] 0..9, found [0..2] int"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { s: set<P>  hp: [P] 0..9 = [p in s: 1] }\n"), 2, 41,
                         "not by a collection"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { n: 0..3  hp: [P] 0..9 }\naction a() { hp := [i in "
                                    "0..n: 1] }\n"),
                         3, 26, "constant bounds"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { hp: [P] P? = [p in P: none] }\n"), 2, 31,
                         "need a type of their own, found none"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { hp: [P] 0..9 = [p in P where p != A: 1] }\n"), 2, 32,
                         "an array has a value at every index"));
}

TEST(EnumOfTest, ThePositionMakesAMember) {
  auto r = CheckBody(R"(cards Card(owner: P = A) { X(owner: P(2)) Y }
state { cur: P  k: 0..3 }
action a() { cur := P(k % 3) }
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& v = *r->program.actions[0].body.stmts[0]->value;
  EXPECT_EQ(v.op, ir::ExprOp::kEnumOf);
  EXPECT_EQ(v.type, r->program.state[0].type);
  // A constant position folds: a card attribute may use it.
  EXPECT_EQ(r->program.enums[1]->attr_values[0][0], 2);
}

TEST(EnumOfTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { cur: P }\naction a() { cur := P(3) }\n"), 3, 23,
                         "enum P has no member at position 3 (its 3 members are at 0..2)"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { cur: P }\naction a() { cur := P(-1) }\n"), 3, 23,
                         "no member at position -1"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { cur: P }\naction a() { cur := P(true) }\n"), 3, 23,
                         "expected an integer"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { cur: P }\naction a() { cur := P(1, 2) }\n"), 3, 21,
                         "enum `P`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("struct S { n: 0..1 }\nstate { s: S }\naction a() { s := S(1) "
                                    "}\n"),
                         4, 19, "not a function"));
}

TEST(BySeatTest, ARangeOrBoolNamesThePlayer) {
  auto r = CheckBody(R"(const N = 3
state { seat: 0..N-1  first: bool }
action a by seat { seat := (seat + 1) % N }
action b by first { first := not first }
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_EQ(r->program.actions[0].by->type->ToString(), "0..2");
  EXPECT_EQ(r->program.actions[1].by->type->ToString(), "bool");
}

TEST(BySeatTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { seat: 0..2 }\naction a by seat + 1 { }\n"), 3, 13,
                         "give the seat a range with a fun"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { s: set<P> }\naction a by s { }\n"), 3, 13,
                         "an expression of an enum, a range or bool, found set<P>"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { c: P? }\naction a by c { }\n"), 3, 13, "found P?"));
}

TEST(BagLiteralTest, ASetLiteralWhereABagIsWantedCountsCopies) {
  auto r = CheckBody(R"(state { deck: bag<P, 2> = {A, A, B}  hand: bag<P, 2>  s: set<P> = {A, A} }
action a() when hand == {B} { hand := {C, C} }
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_EQ(r->program.state[0].initial->op, ir::ExprOp::kBagLiteral);
  EXPECT_EQ(r->program.state[0].initial->args.size(), 3u);
  EXPECT_EQ(r->program.state[2].initial->op, ir::ExprOp::kSetLiteral);
  EXPECT_EQ(r->program.actions[0].guard->args[1]->op, ir::ExprOp::kBagLiteral);
  EXPECT_EQ(r->program.actions[0].body.stmts[0]->value->op, ir::ExprOp::kBagLiteral);
}

TEST(BagLiteralTest, Misuse) {
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("state { deck: bag<P, 2> = {A, 3} }\n"), 2, 31, "type mismatch"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { deck: bag<0..3, 2> = {1, 4} }\n"), 2, 34,
                         "the value 4 is outside 0..3"));
}

// An `if` whose branches are literals takes the type its context wants, branch by branch:
// `{M, M}` as a bag of two copies, `{}` as the empty seq (both were refused: the context's
// type did not reach the branches).
TEST(BagLiteralTest, BothBranchesOfAnIfTakeTheWantedType) {
  auto r = CheckBody(R"(state { b: bag<P, 3>  q: seq<P, 2>  o: P? }
action a() when b == (if empty(q) then {A, A} else {A}) {
  b := if empty(q) then {A, A} else {}
  q := if empty(b) then {} else {}
  o := if empty(b) then none else B
}
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& guard_if = *r->program.actions[0].guard->args[1];
  EXPECT_EQ(guard_if.op, ir::ExprOp::kIf);
  EXPECT_EQ(guard_if.type->kind, ir::TypeKind::kBag);
  EXPECT_EQ(guard_if.args[1]->op, ir::ExprOp::kBagLiteral);
  EXPECT_EQ(guard_if.args[1]->args.size(), 2u);
  const ir::Expr& assigned = *r->program.actions[0].body.stmts[0]->value;
  EXPECT_EQ(assigned.args[1]->op, ir::ExprOp::kBagLiteral);
  EXPECT_EQ(assigned.args[2]->type->kind, ir::TypeKind::kBag);
  const ir::Expr& empty_seq = *r->program.actions[0].body.stmts[1]->value;
  EXPECT_EQ(empty_seq.type->kind, ir::TypeKind::kSeq);
  EXPECT_EQ(empty_seq.args[1]->type->kind, ir::TypeKind::kSeq);
  // Where nothing gives the type, such an `if` is refused as `{}` is.
  EXPECT_TRUE(OneErrorAt(
      *CheckBody("state { n: 0..3 }\naction a() {\n  let x = if n == 0 then {} else {}\n}\n"), 4,
      11, "cannot tell the type of {} here"));
}

// `if c then 2 else none` is an option of whichever range its context wants (it was refused:
// the integer's type, of no range, has no option), each branch checked against it.
TEST(OptionIfTest, AnIntegerBesideNoneTakesTheWantedOption) {
  auto r = CheckBody(R"(state { o: (0..3)?  n: 0..3 }
action a() when o != (if n == 0 then 1 else none) {
  o := if n == 0 then 2 else none
  o := if n == 1 then none else n
}
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& assigned = *r->program.actions[0].body.stmts[0]->value;
  EXPECT_EQ(assigned.op, ir::ExprOp::kIf);
  EXPECT_EQ(assigned.type, r->program.state[0].type);
  EXPECT_EQ(assigned.args[1]->op, ir::ExprOp::kSome);
  EXPECT_EQ(assigned.args[2]->type, r->program.state[0].type);
  EXPECT_TRUE(OneErrorAt(
      *CheckBody("state { o: (0..3)? }\naction a() { o := if o == none then 7 else none }\n"), 3,
      37, "the value 7 is outside 0..3"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("state { o: P? }\naction a() { o := if o == none then 2 else none }\n"),
                 3, 37, "expected P?, found int"));
  // A variable of a wider range beside `none` is checked against the wanted range as it is
  // stored, as `o := n` is (the option of its own range was refused).
  auto wider = CheckBody(
      "state { o: (0..3)?  n: 0..4 }\n"
      "action a() { o := if n < 3 then n else none  o := if n == 0 then none else n }\n");
  ASSERT_TRUE(wider->errors.empty()) << wider->rendered;
  EXPECT_EQ(wider->program.actions[0].body.stmts[0]->value->type, wider->program.state[0].type);
  EXPECT_TRUE(OneErrorAt(
      *CheckBody("state { n: 0..3 }\naction a() { let x = if n == 0 then 2 else none }\n"), 3, 22,
      "cannot tell the type of none here"));
}

TEST(CollectionConstantTest, EachUseIsTheLiteralTypedByItsContext) {
  auto r = CheckBody(R"(const DECK = {A, A, B}
const ALL = {P.A, B, C}
state { deck: bag<P, 2> = DECK  seen: set<P> = DECK }
invariant i: seen != ALL or deck == DECK
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_EQ(r->program.state[0].initial->op, ir::ExprOp::kBagLiteral);
  EXPECT_EQ(r->program.state[0].initial->args.size(), 3u);
  EXPECT_EQ(r->program.state[1].initial->op, ir::ExprOp::kSetLiteral);
  // A use is reported where it is written.
  EXPECT_EQ(r->program.state[0].initial->loc.line, 4);
}

TEST(CollectionConstantTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("state { n: 0..3 }\nconst D = {A, n}\n"), 3, 15,
                         "an element of the constant `D` must be a constant or an enum member"));
  // A mistake in the literal is reported once, however often it is used.
  EXPECT_TRUE(OneErrorAt(*CheckBody("const D = {A, 3}\nstate { s: set<P> = D  t: set<P> = D }\n"),
                         2, 15, "type mismatch: expected P, found int"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("const D = {A}\nconst N = D + 1\n"), 3, 11,
                         "`D` is a collection constant"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("const D = {A}\nstate { n: 0..3 = D }\n"), 3, 19,
                         "type mismatch: expected 0..3, found set<P>"));
}

TEST(VarParamTest, TheBodyUsesTheCallersPlaceWithItsIndexFixed) {
  auto r = CheckBody(R"(state { hand: [P] bag<P, 2>  turn: P  n: 0..3 }
proc take(var pile: bag<P, 2>, c: P) {
  remove(pile, c)
  turn := next(turn)
  add(pile, c)
}
proc bump(var k: 0..3) { k += 1 }
action a() { take(hand[turn], A)  bump(n) }
)");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const std::vector<ir::StmtPtr>& body = r->program.actions[0].body.stmts;
  // The index `turn` is read once into a local, `c` bound by a `let`; then the three
  // statements of `take` and the one of `bump`, each on the caller's place.
  ASSERT_EQ(body.size(), 6u);
  EXPECT_EQ(body[0]->op, ir::StmtOp::kLet);
  EXPECT_EQ(body[0]->value->op, ir::ExprOp::kStateVar);
  EXPECT_EQ(body[1]->op, ir::StmtOp::kLet);
  EXPECT_EQ(body[2]->op, ir::StmtOp::kRemove);
  ASSERT_EQ(body[2]->place->op, ir::ExprOp::kIndex);
  EXPECT_EQ(body[2]->place->args[1]->op, ir::ExprOp::kLocal);
  EXPECT_EQ(body[2]->place->args[1]->index, body[0]->slot);
  EXPECT_EQ(body[4]->place->args[1]->index, body[0]->slot);
  EXPECT_EQ(body[5]->op, ir::StmtOp::kAddAssign);
  EXPECT_EQ(body[5]->place->op, ir::ExprOp::kStateVar);
}

TEST(VarParamTest, Misuse) {
  const std::string procs = "state { n: 0..3  m: 0..5 }\nproc bump(var k: 0..3) { k += 1 }\n";
  EXPECT_TRUE(OneErrorAt(*CheckBody(procs + "action a() { bump(n + 1) }\n"), 4, 19,
                         "the `var` parameter `k` needs a place to change"));
  EXPECT_TRUE(OneErrorAt(*CheckBody(procs + "action a() { bump(m) }\n"), 4, 19,
                         "names a place of type 0..3, found 0..5"));
  EXPECT_TRUE(OneErrorAt(*CheckBody(procs + "action a(j: 0..3) { bump(j) }\n"), 4, 26,
                         "cannot assign to `j`: it is a parameter"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("fun f(var x: 0..3): bool = true\n"), 2, 7,
                         "only a proc's parameter can be `var`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("event E(var x: 0..3)\n"), 2, 9,
                         "only a proc's parameter can be `var`"));
  // `var` before a name is the keyword; alone, it is a parameter's name.
  EXPECT_TRUE(CheckBody("fun f(var: 0..3): bool = var > 1\n")->errors.empty());
}

}  // namespace
}  // namespace rulecheck::front
