// Issue 16's language gaps, in the front end: `=` where `==` is meant, parenthesised types,
// struct literals, choose over an option type and over several names, `the`, and a stray
// character reported once. For each, the AST or IR shape its consumers rely on, and its
// misuse reported at the text at fault.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/front/check_text.h"

namespace rulecheck::front {
namespace {

constexpr char kHeader[] = R"(enum P { A, B, C }
struct Pair { p: P, n: 0..2 }
state {
  cur: P
  best: Pair?
  n: 0..3
}
)";

std::unique_ptr<Checked> CheckBody(const std::string& body) {
  return CheckText(std::string(kHeader) + body);
}

// ---------------------------------------------------------------- `=` for `==`

TEST(EqualsForComparisonTest, EveryConditionReportsTheEqualsSign) {
  const std::string message = "`=` does not compare: write `==`";
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a when n = 1 { n := 2 }\n"), 8, 17, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { if n = 1 { n := 2 } }\n"), 8, 17, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { n := if n = 1 then 2 else 3 }\n"), 8, 22, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { choose x in P where x = A { cur := x } }\n"), 8, 34,
                         message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { require n = 1 }\n"), 8, 22, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { assert n = 1, \"m\" }\n"), 8, 21, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("invariant i: n = 1\n"), 8, 16, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("reachable r: n != 1 and cur = B\n"), 8, 29, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("terminal when n = 3\n"), 8, 17, message));
}

TEST(EqualsForComparisonTest, TheRestOfTheFileIsStillChecked) {
  auto r = CheckBody("terminal when n = 3\ninvariant i: n == 1 and cur\n  = B\n");
  ASSERT_EQ(r->errors.size(), 2u) << r->rendered;
  EXPECT_EQ(r->errors[1].location.line, 10);
  EXPECT_EQ(r->errors[1].location.column, 3);
}

// ---------------------------------------------------------------- chained comparisons

// `0 < n < 3` is reported at its second operator as what it is (it was `expected a
// declaration, found <`), and what follows is still checked.
TEST(ChainedComparisonTest, TheSecondOperatorIsReported) {
  const std::string message = "comparisons do not chain: write `a < b and b < c`";
  EXPECT_TRUE(OneErrorAt(*CheckBody("invariant i: 0 < n < 3\n"), 8, 20, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a when n == 1 == true { n := 2 }\n"), 8, 22, message));
  auto r = CheckBody("invariant i: 0 <= n <= 3\ninvariant j: n = 1\n");
  ASSERT_EQ(r->errors.size(), 2u) << r->rendered;
  EXPECT_EQ(r->errors[1].location.line, 9);
}

// ---------------------------------------------------------------- loops and rule heads

// `while` (or `until`, `repeat`, `loop`) where a statement starts says there is no such loop,
// at the word (read as an assignment, it was reported at the condition); a variable of that
// name is still assigned. `by` after `when` says which comes first.
TEST(LoopWordTest, AWhileLoopIsReportedAsSuch) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { while n < 3 { n += 1 } }\n"), 8, 12,
                         "there is no `while` loop: a move takes a bounded number of steps"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { repeat { n += 1 } }\n"), 8, 12,
                         "there is no `repeat` loop"));
  auto r = CheckText("state { while: 0..3 }\naction a { while := 2  while += 1 }\n");
  EXPECT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a when n < 3 by cur { n += 1 }\n"), 8, 21,
                         "(`by` comes before `when`"));
}

// ---------------------------------------------------------------- stray characters

TEST(StrayCharacterTest, OnlyTheCharacterIsReportedNotWhatTheParserMissesThere) {
  const std::string message = "unexpected character `$`";
  EXPECT_TRUE(OneErrorAt(*CheckBody("invariant i: n <= $"), 8, 19, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("invariant i: n <= $\n"), 8, 19, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { n := $ }\n"), 8, 17, message));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a $ { n := 1 }\n"), 8, 10, message));
  // A mistake the parser finds further on is still reported.
  auto r = CheckBody("action a { n := $1 }\ninvariant i: n <=\n");
  ASSERT_EQ(r->errors.size(), 2u) << r->rendered;
  EXPECT_EQ(r->errors[1].location.line, 9);
}

TEST(EqualsForComparisonTest, DeclarationsAndAssignmentsAreUnchanged) {
  auto r = CheckText(
      "const K = 2\nstate { n: 0..3 = K }\ntype T = 0..3\nfun f(x: T): T = x\n"
      "action a { let y = n\n n := f(y) }\n");
  EXPECT_TRUE(r->errors.empty()) << r->rendered;
  r = CheckBody("action a { n = 1 }\n");
  EXPECT_TRUE(OneErrorAt(*r, 8, 14, "assignment is written `:=`"));
}

// ---------------------------------------------------------------- parenthesised types

TEST(ParenthesisedTypeTest, OptionOfARange) {
  auto r =
      CheckText("const M = 3\nstate { d: (1..M)?  e: [bool] (0..M)?  f: (bool)  g: ((1..2))? }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  ASSERT_EQ(r->program.state.size(), 4u);
  EXPECT_EQ(r->program.state[0].type->ToString(), "1..3?");
  EXPECT_EQ(r->program.state[1].type->ToString(), "[bool] 0..3?");
  EXPECT_EQ(r->program.state[2].type->ToString(), "bool");
  EXPECT_EQ(r->program.state[3].type->ToString(), "1..2?");
}

TEST(ParenthesisedTypeTest, ParenthesisedBoundsStillWork) {
  auto r = CheckText("const M = 3\nstate { a: (M - 1)..M  b: (M)*2..7  c: 0..(M + 1) }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_EQ(r->program.state[0].type->ToString(), "2..3");
  EXPECT_EQ(r->program.state[1].type->ToString(), "6..7");
  EXPECT_EQ(r->program.state[2].type->ToString(), "0..4");
}

TEST(ParenthesisedTypeTest, NestingIsBounded) {
  std::string deep = std::string(300, '(') + "bool" + std::string(300, ')');
  auto r = CheckText("state { x: " + deep + " }\n");
  ASSERT_FALSE(r->errors.empty());
  EXPECT_NE(r->errors[0].message.find("nesting too deep"), std::string::npos) << r->rendered;
}

// ---------------------------------------------------------------- struct literals

TEST(StructLiteralTest, BuildsAStructValueInFieldOrder) {
  auto r = CheckBody(
      "action a { best := Pair { n: 1, p: B } }\n"
      "invariant i: best == none or best! != Pair { p: C, n: 2, }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Stmt& s = *r->program.actions[0].body.stmts[0];
  ASSERT_EQ(s.value->op, ir::ExprOp::kSome);
  const ir::Expr& literal = *s.value->args[0];
  EXPECT_EQ(literal.op, ir::ExprOp::kStructLiteral);
  ASSERT_EQ(literal.args.size(), 2u);
  EXPECT_EQ(literal.args[0]->op, ir::ExprOp::kConst);  // p: B
  EXPECT_EQ(literal.args[0]->value, 1);
  EXPECT_EQ(literal.args[1]->value, 1);  // n: 1
}

TEST(StructLiteralTest, BlocksAfterAConditionAreNotLiterals) {
  auto r = CheckText(
      "struct S { a: bool }\nstate { ready: bool  s: S }\n"
      "action a when ready {}\naction b { if ready { ready := false } }\n"
      "action c { for x in bool where ready { s.a := x } }\n"
      "action d when ready { s := S { a: true } }\n");
  EXPECT_TRUE(r->errors.empty()) << r->rendered;
}

TEST(StructLiteralTest, FieldMistakesNameTheField) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pair { p: A } }\n"), 8, 20,
                         "struct Pair: missing field `n`"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("action a { best := Pair {} }\n"), 8, 20, "missing fields `p`, `n`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pair { p: A, n: 1, q: 2 } }\n"), 8, 39,
                         "struct Pair has no field `q`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pair { p: A, n: 1, n: 2 } }\n"), 8, 39,
                         "field `n` of Pair is given twice"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pair { p: 2, n: 1 } }\n"), 8, 30,
                         "type mismatch in field `p` of Pair: expected P, found"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pair { p: A, n: 3 } }\n"), 8, 36,
                         "field `n` of Pair: expected 0..2, found 3 (outside 0..2)"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := Pear { p: A } }\n"), 8, 20,
                         "`Pear` is not a struct type"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { best := P { p: A } }\n"), 8, 20,
                         "`P` is not a struct type"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { cur := Pair { p: A, n: 1 } }\n"), 8, 19,
                         "type mismatch: expected P, found Pair"));
}

// ---------------------------------------------------------------- choose over T? and lists

TEST(ChooseBindingsTest, SeveralNamesNestWithTheFilterInside) {
  auto r =
      CheckBody("action a { choose x in P?, k in 0..n where x != none or k == 0 { n := k } }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Stmt& outer = *r->program.actions[0].body.stmts[0];
  EXPECT_EQ(outer.op, ir::StmtOp::kChoose);
  EXPECT_EQ(outer.name, "x");
  EXPECT_EQ(outer.domain->kind, ir::DomainKind::kType);
  EXPECT_EQ(outer.domain->elem_type->ToString(), "P?");
  EXPECT_EQ(outer.filter, nullptr);
  ASSERT_EQ(outer.blocks[0].stmts.size(), 1u);
  const ir::Stmt& inner = *outer.blocks[0].stmts[0];
  EXPECT_EQ(inner.op, ir::StmtOp::kChoose);
  EXPECT_EQ(inner.name, "k");
  EXPECT_EQ(inner.domain->kind, ir::DomainKind::kRange);
  EXPECT_NE(inner.filter, nullptr);
  EXPECT_EQ(inner.blocks[0].stmts.size(), 1u);
}

TEST(ChooseBindingsTest, ForRollAndQuantifiersTakeLists) {
  auto r = CheckBody(
      "action a { for x in P, y in P where x != y { n := 1 } }\n"
      "action b { roll d in 1..2, e in 0..1 { n := d + e } }\n"
      "invariant i: all x in P, y in P where x != y: ord(x) != ord(y)\n"
      "invariant j: (count x in P, y in (0..1)? where y != none: true) == 6\n"
      "invariant k: (sum x in P?, y in 0..1: y) == 4\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& count = *r->program.invariants[1].expr->args[0];
  EXPECT_EQ(count.quantifier, ir::Quantifier::kSum);  // the outer level sums the inner counts
  EXPECT_EQ(count.args[0]->quantifier, ir::Quantifier::kCount);
  EXPECT_EQ(count.args[0]->domain->elem_type->ToString(), "0..1?");
}

TEST(ChooseBindingsTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { roll d in P? { n := 1 } }\n"), 8, 22,
                         "`roll` needs a range"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { choose x in Pair? { best := x } }\n"), 8, 24,
                         "or an option of one, found Pair?"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("action a { choose x in P, x in P { n := 1 } }\n"), 8, 27, "`x`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { choose x in P, y in P where z { n := 1 } }\n"), 8,
                         40, "undefined name `z`"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { roll d in 1..2, e in 0..1 where d > e { } }\n"), 8,
                         38, "a roll takes every outcome"));
}

// ---------------------------------------------------------------- the

TEST(TheTest, TypedAsTheDomainsElement) {
  auto r = CheckBody(
      "fun other(p: P): P = the q in P where q != p and q != C\n"
      "action a { cur := the q in P where ord(q) == 2\n n := the k in 0..n where k > 2 }\n"
      "invariant i: (the q in P? where q == none) == none\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& the = *r->program.funs[0].body;
  EXPECT_EQ(the.op, ir::ExprOp::kQuantifier);
  EXPECT_EQ(the.quantifier, ir::Quantifier::kThe);
  EXPECT_EQ(the.type->ToString(), "P");
  EXPECT_TRUE(the.args.empty());
}

TEST(TheTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { cur := the q in P, r in P where q != r }\n"), 8, 29,
                         "`the` names one value"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("action a { n := the q in P where q != A }\n"), 8, 17,
                         "type mismatch: expected 0..3, found P"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("action a { cur := the q in P where 1 }\n"), 8, 36, "expected bool"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("action a { cur := the cur in P where true }\n"), 8, 23, "`cur`"));
}

TEST(MaxMinTest, AnAggregateOverADomainOrACallOnTwoValues) {
  auto r = CheckBody(
      "fun top(): int = max q in P where q != A: ord(q) * 2\n"
      "fun least(): int = min k in 0..n: k - 1\n"
      "fun two(): int = max(n, 2) + min(1, n)\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Expr& top = *r->program.funs[0].body;
  EXPECT_EQ(top.op, ir::ExprOp::kQuantifier);
  EXPECT_EQ(top.quantifier, ir::Quantifier::kMax);
  EXPECT_NE(top.filter, nullptr);
  EXPECT_EQ(r->program.funs[1].body->quantifier, ir::Quantifier::kMin);
  EXPECT_EQ(r->program.funs[2].body->args[0]->op, ir::ExprOp::kMax);
}

TEST(MaxMinTest, Misuse) {
  EXPECT_TRUE(OneErrorAt(*CheckBody("fun f(): int = max q in P, r in P: ord(q) + ord(r)\n"), 8, 28,
                         "`max` binds one name; nest one `max` in another"));
  EXPECT_TRUE(OneErrorAt(*CheckBody("fun f(): int = min q in P: q\n"), 8, 28,
                         "type mismatch: expected an integer, found P"));
  EXPECT_TRUE(
      OneErrorAt(*CheckBody("fun f(): bool = max q in P: ord(q)\n"), 8, 17, "type mismatch"));
}

}  // namespace
}  // namespace rulecheck::front
