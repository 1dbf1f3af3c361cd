// Tests of `moved(...)` in the type checker (front/type_checker_moved.cc): it is accepted in
// invariant, reachable and query conditions and becomes a read of a hidden bool state
// variable that every action and trigger body sets first; a model that never uses it gets no
// hidden state; and each misuse is an error at the text at fault.
#include <string>
#include <vector>

#include "front/parser.h"
#include "front/type_checker.h"
#include "gtest/gtest.h"

namespace rulecheck::front {
namespace {

struct CheckedProgram {
  ir::Program program;
  std::vector<Diagnostic> errors;
};

CheckedProgram CheckProgram(const std::string& text) {
  CheckedProgram r;
  ir::SourceFile source("test.rules", text);
  Diagnostics diagnostics(&source);
  ast::File file = Parse(source, diagnostics);
  EXPECT_FALSE(diagnostics.has_errors()) << diagnostics.Render();
  std::vector<std::string> override_errors;
  Check(file, {}, r.program, diagnostics, override_errors);
  r.errors = diagnostics.errors();
  return r;
}

// The one error of `r` is at line:col and contains `text`.
void ExpectError(const CheckedProgram& r, int line, int col, const std::string& text) {
  ASSERT_EQ(r.errors.size(), 1u) << (r.errors.empty() ? "" : r.errors[0].message);
  EXPECT_EQ(r.errors[0].location.line, line) << r.errors[0].message;
  EXPECT_EQ(r.errors[0].location.column, col) << r.errors[0].message;
  EXPECT_NE(r.errors[0].message.find(text), std::string::npos) << r.errors[0].message;
}

constexpr char kGame[] = R"(enum P { P1, P2 }
event Hit(p: P)
state { hp: [P] 0..3  turn: P }
action attack(p: P, n: 1..2) by turn when hp[p] >= n { hp[p] -= n  emit Hit(p) }
action rest() by turn { turn := next(turn) }
trigger heal on Hit(p) when hp[p] == 0 { hp[p] := 1 }
)";

std::string With(const std::string& more) { return std::string(kGame) + more; }

TEST(MovedTest, NoUseAddsNoState) {
  CheckedProgram r = CheckProgram(With("reachable low: hp[P1] == 0\n"));
  ASSERT_TRUE(r.errors.empty());
  EXPECT_EQ(r.program.state.size(), 2u);
  EXPECT_EQ(r.program.actions[0].body.stmts.size(), 2u);
}

TEST(MovedTest, OneHiddenMarkerPerPattern) {
  CheckedProgram r =
      CheckProgram(With("reachable a: moved(attack)\n"
                        "reachable b: moved(attack(_, _)) and hp[P1] == 0\n"
                        "invariant c: moved(attack(P1, 2)) => hp[P1] <= 1\n"
                        "query d: reachable moved(heal(P2)) within 3\n"));
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].message;
  // moved(attack) and moved(attack(_, _)) are one pattern: three markers in all.
  ASSERT_EQ(r.program.state.size(), 5u);
  for (size_t v = 2; v < 5; ++v) {
    EXPECT_TRUE(r.program.state[v].hidden);
    EXPECT_EQ(r.program.state[v].type->kind, ir::TypeKind::kBool);
  }
  EXPECT_EQ(r.program.reachables[0].expr->op, ir::ExprOp::kStateVar);
  EXPECT_EQ(r.program.reachables[0].expr->index, 2);
  // Every body starts by setting each marker.
  for (const ir::Block* body :
       {&r.program.actions[0].body, &r.program.actions[1].body, &r.program.triggers[0].body}) {
    ASSERT_GE(body->stmts.size(), 3u);
    for (int m = 0; m < 3; ++m) {
      EXPECT_EQ(body->stmts[m]->op, ir::StmtOp::kAssign);
      EXPECT_EQ(body->stmts[m]->place->index, 2 + m);
    }
  }
  // In `rest`, no marker matches; in `attack`, the whole-rule marker is true and the pattern
  // compares the parameters.
  EXPECT_EQ(r.program.actions[1].body.stmts[0]->value->op, ir::ExprOp::kConst);
  EXPECT_EQ(r.program.actions[1].body.stmts[0]->value->value, 0);
  EXPECT_EQ(r.program.actions[0].body.stmts[0]->value->value, 1);
  EXPECT_EQ(r.program.actions[0].body.stmts[1]->value->op, ir::ExprOp::kAnd);
  EXPECT_EQ(r.program.triggers[0].body.stmts[2]->value->op, ir::ExprOp::kEq);
}

TEST(MovedTest, UnknownRule) {
  ExpectError(CheckProgram(With("reachable a: moved(atack)\n")), 7, 20,
              "unknown action or trigger `atack`; did you mean `attack`?");
  ExpectError(CheckProgram(With("reachable a: moved(Hit(P1))\n")), 7, 20,
              "`Hit` is an event, not an action or trigger");
  ExpectError(CheckProgram(With("reachable a: moved(1 + 2)\n")), 7, 20,
              "expected an action or trigger");
}

TEST(MovedTest, WrongArity) {
  ExpectError(CheckProgram(With("reachable a: moved(attack(P1))\n")), 7, 20,
              "action `attack`: expected 2 arguments, found 1");
  ExpectError(CheckProgram(With("reachable a: moved(heal(P1, P2))\n")), 7, 20,
              "trigger `heal`: expected 1 argument, found 2");
  ExpectError(CheckProgram(With("reachable a: moved(rest, attack)\n")), 7, 14,
              "`moved` takes one action or trigger");
}

TEST(MovedTest, ArgumentsAreConstantsOfTheParameterType) {
  ExpectError(CheckProgram(With("reachable a: moved(attack(P1, 3))\n")), 7, 31,
              "the value 3 is outside 1..2");
  ExpectError(CheckProgram(With("reachable a: moved(attack(turn, 1))\n")), 7, 27,
              "an argument of `moved` is a constant or `_`");
  ExpectError(CheckProgram(With("reachable a: moved(attack(1, 1))\n")), 7, 27, "type mismatch");
}

TEST(MovedTest, OnlyInInvariantReachableAndQueryConditions) {
  const std::string where = "can be used only in `invariant`, `reachable` and `query`";
  ExpectError(CheckProgram(With("action spy() when moved(rest) { }\n")), 7, 19, where);
  ExpectError(CheckProgram(With("action spy() { require moved(rest) }\n")), 7, 24, where);
  ExpectError(CheckProgram(With("fun last(): bool = moved(rest)\n")), 7, 20, where);
  ExpectError(CheckProgram(With("terminal when moved(rest)\n")), 7, 15, where);
}

TEST(MovedTest, ADeclarationNamedMovedIsCalledInstead) {
  CheckedProgram r =
      CheckProgram(With("fun moved(x: bool): bool = not x\nreachable a: moved(true)\n"));
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.program.state.size(), 2u);
}

}  // namespace
}  // namespace rulecheck::front
