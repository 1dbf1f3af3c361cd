// Tests for the parser: the shape of the AST for each construct, precedence, and syntax
// errors with their positions, including recovery to report several in one run.
#include "front/parser.h"

#include <gtest/gtest.h>

#include <tuple>

namespace rulecheck::front {
namespace {

struct Parsed {
  std::unique_ptr<ir::SourceFile> file;
  ast::File ast;
  std::string errors;
};

Parsed ParseText(const std::string& text) {
  Parsed parsed;
  parsed.file = std::make_unique<ir::SourceFile>("t.rules", text);
  Diagnostics diagnostics(parsed.file.get());
  parsed.ast = Parse(*parsed.file, diagnostics);
  parsed.errors = diagnostics.Render();
  return parsed;
}

// Renders an expression fully parenthesised, to test precedence.
std::string Show(const ast::Expr& e) {
  static const char* kOps[] = {"-", "not ", "+", "-",  "*",  "/",   "%",  "==", "!=",
                               "<", "<=",   ">", ">=", "in", "and", "or", "=>"};
  switch (e.kind) {
    case ast::ExprKind::kInt:
      return std::to_string(e.int_value);
    case ast::ExprKind::kBool:
      return e.bool_value ? "true" : "false";
    case ast::ExprKind::kNone:
      return "none";
    case ast::ExprKind::kName:
      return e.name;
    case ast::ExprKind::kUnary:
      return "(" + std::string(kOps[static_cast<int>(e.op)]) + Show(*e.operands[0]) + ")";
    case ast::ExprKind::kBinary:
      return "(" + Show(*e.operands[0]) + " " + kOps[static_cast<int>(e.op)] + " " +
             Show(*e.operands[1]) + ")";
    case ast::ExprKind::kIf:
      return "(if " + Show(*e.operands[0]) + " then " + Show(*e.operands[1]) + " else " +
             Show(*e.operands[2]) + ")";
    case ast::ExprKind::kIndex:
      return Show(*e.operands[0]) + "[" + Show(*e.operands[1]) + "]";
    case ast::ExprKind::kField:
      return Show(*e.operands[0]) + "." + e.name;
    case ast::ExprKind::kUnwrap:
      return Show(*e.operands[0]) + "!";
    case ast::ExprKind::kCall: {
      std::string s = e.name + "(";
      for (size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + Show(*e.operands[i]);
      return s + ")";
    }
    case ast::ExprKind::kQuantifier: {
      static const char* kQ[] = {"all", "any", "sum", "count", "the"};
      std::string s = std::string("(") + kQ[static_cast<int>(e.quantifier)] + " " + e.name +
                      " in " + (e.domain->expr ? Show(*e.domain->expr) : "<type>");
      if (e.domain->hi) s += ".." + Show(*e.domain->hi);
      if (e.domain->type) s += "?";
      if (e.filter) s += " where " + Show(*e.filter);
      if (e.operands.empty()) return s + ")";
      return s + ": " + Show(*e.operands[0]) + ")";
    }
    case ast::ExprKind::kSetLiteral: {
      std::string s = "{";
      for (size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + Show(*e.operands[i]);
      return s + "}";
    }
    case ast::ExprKind::kStructLiteral: {
      std::string s = e.name + " {";
      for (size_t i = 0; i < e.operands.size(); ++i) {
        s += (i ? ", " : "") + e.labels[i].name + ": " + Show(*e.operands[i]);
      }
      return s + "}";
    }
    case ast::ExprKind::kArrayOf: {
      std::string s = "[" + e.name + " in " + (e.domain->expr ? Show(*e.domain->expr) : "<type>");
      if (e.domain->hi) s += ".." + Show(*e.domain->hi);
      return s + ": " + Show(*e.operands[0]) + "]";
    }
    case ast::ExprKind::kListLiteral: {
      std::string s = "[";
      for (size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + Show(*e.operands[i]);
      return s + "]";
    }
  }
  return "?";
}

std::string ShowInvariant(const std::string& expr) {
  Parsed p = ParseText("invariant i: " + expr);
  EXPECT_EQ(p.errors, "");
  if (p.ast.decls.size() != 1 || !p.ast.decls[0].value) return "<no parse>";
  return Show(*p.ast.decls[0].value);
}

// `[x in D: e]` binds x; any other `[` is a list of elements (a membership test first is
// written in parentheses).
TEST(ParserTest, ListLiteralsAreElementsInOrder) {
  EXPECT_EQ(ShowInvariant("[1, 2 + 3, x][i] == 4"), "([1, (2 + 3), x][i] == 4)");
  EXPECT_EQ(ShowInvariant("[[1, 2], [3]][0][1]"), "[[1, 2], [3]][0][1]");
  EXPECT_EQ(ShowInvariant("[(x in S), y][0]"), "[(x in S), y][0]");
  EXPECT_EQ(ShowInvariant("[x in S: 1][A]"), "[x in S: 1][A]");
}

TEST(ParserTest, ArrayLiteralsNestOneNameAtATime) {
  EXPECT_EQ(ShowInvariant("[p in P: 1 + 2] == x"), "([p in P: (1 + 2)] == x)");
  EXPECT_EQ(ShowInvariant("[p in P, i in 0..N - 1: i]"), "[p in P: [i in 0..(N - 1): i]]");
  EXPECT_EQ(ShowInvariant("[p in P: [q in P: p == q]][A][B]"),
            "[p in P: [q in P: (p == q)]][A][B]");
}

TEST(ParserTest, Precedence) {
  EXPECT_EQ(ShowInvariant("a + b * c == d and not e or f"),
            "((((a + (b * c)) == d) and (not e)) or f)");
  EXPECT_EQ(ShowInvariant("a => b => c"), "(a => (b => c))");
  EXPECT_EQ(ShowInvariant("-a * -3"), "((-a) * -3)");
  EXPECT_EQ(ShowInvariant("not a in s"), "(not (a in s))");
  EXPECT_EQ(ShowInvariant("x! + s[i].f.g"), "(x! + s[i].f.g)");
  EXPECT_EQ(ShowInvariant("if a then 1 else 2 + 3"), "(if a then 1 else (2 + 3))");
  EXPECT_EQ(ShowInvariant("a - b - c"), "((a - b) - c)");
}

// The most negative int64 is a literal; its magnitude alone is not a number, and negating it
// again is left to the evaluator (which reports the overflow) rather than folded.
TEST(ParserTest, MostNegativeIntegerLiteral) {
  EXPECT_EQ(ShowInvariant("x == -9223372036854775808"), "(x == -9223372036854775808)");
  EXPECT_EQ(ShowInvariant("x - -9223372036854775808"), "(x - -9223372036854775808)");
  EXPECT_EQ(ShowInvariant("- -9223372036854775808"), "(--9223372036854775808)");
  EXPECT_EQ(ShowInvariant("x == -9223372036854775807"), "(x == -9223372036854775807)");
  Parsed p = ParseText("invariant i: x - 9223372036854775808");
  EXPECT_NE(p.errors.find("t.rules:1:18: error: integer literal 9223372036854775808 is too large"),
            std::string::npos)
      << p.errors;
  p = ParseText("invariant i: x == -9223372036854775809");
  EXPECT_NE(p.errors.find("t.rules:1:20: error: integer literal 9223372036854775809 is too large"),
            std::string::npos)
      << p.errors;
  // The literal is the only error: the parser reads on as if it were a number.
  p = ParseText("action a() { x := 99999999999999999999 }");
  EXPECT_NE(p.errors.find("error: integer literal 99999999999999999999 is too large"),
            std::string::npos)
      << p.errors;
  EXPECT_EQ(p.errors.find("expected an expression"), std::string::npos) << p.errors;
}

TEST(ParserTest, Quantifiers) {
  EXPECT_EQ(ShowInvariant("all r in 0..2: any c in Col where c != A: b[r][c] == 1"),
            "(all r in 0..2: (any c in Col where (c != A): (b[r][c] == 1)))");
  EXPECT_EQ(ShowInvariant("x and sum c in hand: c.might > 2"),
            "(x and (sum c in hand: (c.might > 2)))");
  // `count` not followed by `name in` is an ordinary name.
  EXPECT_EQ(ShowInvariant("count + 1 > 0"), "((count + 1) > 0)");
}

TEST(ParserTest, CallsSetLiteralsAndNone) {
  EXPECT_EQ(ShowInvariant("f() and g(1, x) == {A, B} and y != none"),
            "((f() and (g(1, x) == {A, B})) and (y != none))");
}

TEST(ParserTest, TypesInStateAndCards) {
  Parsed p = ParseText(R"(
const WIN = 5
cards Card(kind: Kind, might: 0..3 = 0, column: Column? = none) {
  Dog(kind: Monster, might: 2)
  Miracle(kind: Trick)
}
state {
  board: [0..2][0..2] Mark
  deck: [Player] bag<Card, 3>
  pile: seq<Card, WIN + 1> = []
})");
  // `[]` is not an expression: one error, at the `[`.
  EXPECT_NE(p.errors.find("t.rules:10:30: error: expected an expression, found `[`"),
            std::string::npos)
      << p.errors;
  p = ParseText(R"(
cards Card(kind: Kind, might: 0..3 = 0, column: Column? = none) {
  Dog(kind: Monster, might: 2)
  Miracle(kind: Trick)
}
state {
  board: [0..2][0..2] Mark
  deck: [Player] bag<Card, 3>
  marks: set<Mark>
  pile: seq<Card, WIN + 1>
  points: [Player] 0..WIN = 1
})");
  ASSERT_EQ(p.errors, "");
  ASSERT_EQ(p.ast.decls.size(), 2u);
  const ast::Decl& cards = p.ast.decls[0];
  EXPECT_EQ(cards.kind, ast::DeclKind::kCards);
  ASSERT_EQ(cards.attrs.size(), 3u);
  EXPECT_EQ(cards.attrs[2].type->kind, ast::TypeExprKind::kOption);
  ASSERT_EQ(cards.cards.size(), 2u);
  EXPECT_EQ(cards.cards[0].args.size(), 2u);
  const ast::Decl& state = p.ast.decls[1];
  ASSERT_EQ(state.vars.size(), 5u);
  const ast::TypeExpr& board = *state.vars[0].type;
  EXPECT_EQ(board.kind, ast::TypeExprKind::kArray);
  EXPECT_EQ(board.index->kind, ast::TypeExprKind::kRange);
  EXPECT_EQ(board.elem->kind, ast::TypeExprKind::kArray);
  EXPECT_EQ(board.elem->elem->name, "Mark");
  EXPECT_EQ(state.vars[1].type->elem->kind, ast::TypeExprKind::kBag);
  EXPECT_EQ(state.vars[2].type->kind, ast::TypeExprKind::kSet);
  EXPECT_EQ(state.vars[3].type->kind, ast::TypeExprKind::kSeq);
  EXPECT_EQ(state.vars[3].type->capacity->kind, ast::ExprKind::kBinary);
  EXPECT_EQ(state.vars[4].initial->int_value, 1);
}

TEST(ParserTest, RulesAndStatements) {
  Parsed p = ParseText(R"(
event Mutated(p: Player, col: Column)
action mutate(c: Card, col: Column, over: bool) by turn when phase == Mutate {
  remove(hand[turn], c)
  if over { push(monster[turn][col], c) } elif c == Dog { x += 1 } else { x -= 1 }
  choose d in deck[turn] where d != c { move d from deck[turn] to hand[turn] }
  roll r in 1..6 { let y = r * 2  require y > 2 }
  may { assert x < 3, "too many" }
  for q in Player { emit Mutated(q, col) }
  points[turn] := points[turn] + 1
}
trigger dog on Mutated(p, col) by p when Dog in monster[p][col] { draw(p) }
terminal when x == 3
reachable r: x == 2
terminates
query best: maximize points[P1] within 12
pending 4
)");
  ASSERT_EQ(p.errors, "");
  ASSERT_EQ(p.ast.decls.size(), 8u);
  const ast::Decl& action = p.ast.decls[1];
  EXPECT_EQ(action.params.size(), 3u);
  ASSERT_NE(action.by, nullptr);
  ASSERT_NE(action.when, nullptr);
  const auto& stmts = action.body.stmts;
  ASSERT_EQ(stmts.size(), 7u);
  EXPECT_EQ(stmts[0]->kind, ast::StmtKind::kCall);
  EXPECT_EQ(stmts[1]->kind, ast::StmtKind::kIf);
  EXPECT_EQ(stmts[1]->conds.size(), 2u);
  ASSERT_NE(stmts[1]->else_block, nullptr);
  EXPECT_EQ(stmts[1]->blocks[1].stmts[0]->assign_op, ast::AssignOp::kAdd);
  EXPECT_EQ(stmts[2]->kind, ast::StmtKind::kChoose);
  ASSERT_NE(stmts[2]->filter, nullptr);
  EXPECT_EQ(stmts[2]->blocks[0].stmts[0]->kind, ast::StmtKind::kMove);
  EXPECT_EQ(stmts[3]->kind, ast::StmtKind::kRoll);
  ASSERT_NE(stmts[3]->domain->hi, nullptr);
  EXPECT_EQ(stmts[3]->blocks[0].stmts.size(), 2u);
  EXPECT_EQ(stmts[4]->kind, ast::StmtKind::kMay);
  EXPECT_EQ(stmts[4]->blocks[0].stmts[0]->message, "too many");
  EXPECT_EQ(stmts[5]->blocks[0].stmts[0]->kind, ast::StmtKind::kEmit);
  EXPECT_EQ(stmts[6]->kind, ast::StmtKind::kAssign);
  const ast::Decl& trigger = p.ast.decls[2];
  EXPECT_EQ(trigger.event, "Mutated");
  EXPECT_EQ(trigger.binders.size(), 2u);
  EXPECT_EQ(p.ast.decls[5].kind, ast::DeclKind::kTerminates);
  EXPECT_EQ(p.ast.decls[6].query_kind, ast::QueryKind::kMaximize);
  EXPECT_EQ(p.ast.decls[6].within->int_value, 12);
  EXPECT_EQ(p.ast.decls[7].kind, ast::DeclKind::kPending);
}

TEST(ParserTest, ContextualWordsStayUsableAsNames) {
  Parsed p = ParseText(R"(
action move_disc(from: 0..2, to: 0..2) when from != to {
  move top(pegs[from]) from pegs[from] to pegs[to]
})");
  ASSERT_EQ(p.errors, "");
  const ast::Stmt& move = *p.ast.decls[0].body.stmts[0];
  EXPECT_EQ(move.kind, ast::StmtKind::kMove);
  EXPECT_EQ(Show(*move.value), "top(pegs[from])");
  EXPECT_EQ(Show(*move.source), "pegs[from]");
  EXPECT_EQ(Show(*move.target), "pegs[to]");
}

TEST(ParserTest, ChanceQueriesTakeNoWithinAndTheirWordsStayNames) {
  Parsed p = ParseText(R"(
state { probability: 0..3  expect: bool }
query p: probability probability > 1
query e: expect probability
query q: maximize probability within 2
)");
  ASSERT_EQ(p.errors, "");
  ASSERT_EQ(p.ast.decls.size(), 4u);
  EXPECT_EQ(p.ast.decls[1].query_kind, ast::QueryKind::kProbability);
  EXPECT_EQ(Show(*p.ast.decls[1].value), "(probability > 1)");
  EXPECT_EQ(p.ast.decls[1].within, nullptr);
  EXPECT_EQ(p.ast.decls[2].query_kind, ast::QueryKind::kExpect);
  EXPECT_EQ(p.ast.decls[3].query_kind, ast::QueryKind::kMaximize);
  ASSERT_NE(p.ast.decls[3].within, nullptr);
}

TEST(ParserTest, ChanceQueryErrorsAreLocated) {
  Parsed p = ParseText("state { b: bool }\nquery q: probability b within 3\nquery r: likely b\n");
  EXPECT_NE(p.errors.find("t.rules:2:24: error: a `probability` or `expect` query takes no "
                          "`within`"),
            std::string::npos)
      << p.errors;
  EXPECT_NE(p.errors.find("t.rules:3:10: error: expected `maximize`, `minimize`, `reachable`, "
                          "`probability` or `expect`, found `likely`"),
            std::string::npos)
      << p.errors;
}

TEST(ParserTest, SyntaxErrorsAreLocatedAndRecoveryFindsLaterOnes) {
  Parsed p = ParseText("const A 5\nenum E { X, Y }\nstate {\n  x: bag<E>\n}\naction a { x = 1 }\n");
  EXPECT_NE(p.errors.find("t.rules:1:9: error: expected `=` and the constant's value, found `5`"),
            std::string::npos)
      << p.errors;
  EXPECT_NE(p.errors.find("t.rules:4:11: error: expected `,` and the bag's capacity"),
            std::string::npos)
      << p.errors;
  EXPECT_NE(p.errors.find("t.rules:6:14: error: expected `:=`"), std::string::npos) << p.errors;
  // The enum between the errors still parsed.
  bool has_enum = false;
  for (const ast::Decl& d : p.ast.decls) has_enum |= d.kind == ast::DeclKind::kEnum;
  EXPECT_TRUE(has_enum);
}

TEST(ParserTest, MissingClosingBraceAtEndOfFile) {
  Parsed p = ParseText("action a {\n  x := 1\n");
  EXPECT_NE(p.errors.find("t.rules:2:9: error: expected `}`, found end of file"), std::string::npos)
      << p.errors;
}

TEST(ParserTest, KeywordUsedAsName) {
  Parsed p = ParseText("state {\n  when: bool\n}");
  EXPECT_NE(p.errors.find("t.rules:2:3: error: expected a state variable name or `}`, found "
                          "keyword `when`"),
            std::string::npos)
      << p.errors;
}

TEST(ParserTest, UnknownTopLevelWord) {
  Parsed p = ParseText("rule foo {}\nconst X = 1");
  EXPECT_NE(p.errors.find("t.rules:1:1: error: expected a declaration"), std::string::npos);
  ASSERT_EQ(p.ast.decls.size(), 1u);
  EXPECT_EQ(p.ast.decls[0].name, "X");
}

TEST(ParserTest, StandaloneExpression) {
  ir::SourceFile file("--reachable", "points[P1] >= 3 and x");
  Diagnostics diagnostics(&file);
  ast::ExprPtr e = ParseExpression(file, diagnostics);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(Show(*e), "((points[P1] >= 3) and x)");
  ir::SourceFile bad("--reachable", "x y");
  Diagnostics bad_diagnostics(&bad);
  EXPECT_EQ(ParseExpression(bad, bad_diagnostics), nullptr);
  EXPECT_NE(bad_diagnostics.Render().find("--reachable:1:3: error: expected end of the expression"),
            std::string::npos);
}

TEST(ParserTest, DeepNestingIsAnErrorNotACrash) {
  // Parentheses, `not`, unary minus, types and blocks, each 10,000 deep.
  const std::string parens =
      "invariant deep: " + std::string(10000, '(') + "true" + std::string(10000, ')') + "\n";
  std::string nots = "invariant deep: ";
  for (int i = 0; i < 10000; ++i) nots += "not ";
  nots += "true\n";
  const std::string minus = "const C = " + std::string(10000, '-') + "1\n";
  std::string type = "state {\n  x: ";
  for (int i = 0; i < 10000; ++i) type += "[bool] ";
  type += "bool\n}\n";
  std::string block = "action a() ";
  for (int i = 0; i < 10000; ++i) block += "{ may ";
  block += "{ }";
  for (int i = 0; i < 10000; ++i) block += " }";
  block += "\n";
  for (const std::string& text : {parens, nots, minus, type, block}) {
    Parsed parsed = ParseText(text);
    EXPECT_NE(parsed.errors.find("nesting too deep"), std::string::npos) << parsed.errors;
  }
}

// The message says 256 levels: parentheses, `not`s and `-`s count one level each (they once
// counted four, the precedence levels each passes through, so 64 parentheses were too deep).
TEST(ParserTest, TheNestingLimitIsTheOneTheMessageGives) {
  auto nested = [](int n, const std::string& open, const std::string& core,
                   const std::string& close) {
    std::string text = "invariant deep: ";
    for (int i = 0; i < n; ++i) text += open;
    text += core;
    for (int i = 0; i < n; ++i) text += close;
    return text + "\n";
  };
  for (const auto& [open, core, close] :
       {std::tuple<std::string, std::string, std::string>{"(", "1 == 1", ")"},
        {"not ", "true", ""},
        {"abs(", "1", ")"}}) {
    Parsed ok = ParseText(nested(250, open, core, close));
    EXPECT_EQ(ok.errors, "") << open;
    Parsed deep = ParseText(nested(260, open, core, close));
    EXPECT_NE(deep.errors.find("may nest at most 256 levels"), std::string::npos)
        << open << deep.errors;
  }
  EXPECT_EQ(ParseText("const C = " + std::string(250, '-') + "1\n").errors, "");
}

TEST(ParserTest, LongChainsParseAndFree) {
  // A chain is parsed by a loop, not by recursion; destroying its AST must not recurse either.
  std::string chain = "invariant long: 0";
  for (int i = 0; i < 200000; ++i) chain += " + 1";
  chain += " > 0\n";
  Parsed parsed = ParseText(chain);
  EXPECT_EQ(parsed.errors, "");
  ASSERT_EQ(parsed.ast.decls.size(), 1u);
}

}  // namespace
}  // namespace rulecheck::front
