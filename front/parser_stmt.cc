// Statements and blocks. A statement starts with a keyword, or with a name: a name followed
// by `(` is a call of a proc or of a built-in statement (add, push, ...); otherwise it is the
// target of an assignment.
#include "absl/strings/str_cat.h"
#include "front/parser_internal.h"

namespace rulecheck::front {

ast::Block Parser::ParseBlock() {
  Nesting nesting(*this);
  ast::Block block;
  block.loc = Expect(Tok::kLBrace, "`{`").loc;
  while (!At(Tok::kRBrace)) {
    if (At(Tok::kEof)) Fail("`}`");
    block.stmts.push_back(ParseStmt());
  }
  Next();
  return block;
}

ast::StmtPtr Parser::ParseStmt() {
  auto stmt = std::make_unique<ast::Stmt>();
  stmt->loc = Peek().loc;
  auto bind = [&](const std::string& what) {
    const Token& name = ExpectIdent(what);
    stmt->name = name.text;
    stmt->name_loc = name.loc;
  };
  switch (Peek().kind) {
    case Tok::kLet:
      Next();
      stmt->kind = ast::StmtKind::kLet;
      bind("a name after `let`");
      Expect(Tok::kAssign, "`=` and a value");
      stmt->value = ParseExpr();
      return stmt;
    case Tok::kIf:
      Next();
      stmt->kind = ast::StmtKind::kIf;
      stmt->conds.push_back(ParseExpr());
      stmt->blocks.push_back(ParseBlock());
      while (Accept(Tok::kElif)) {
        stmt->conds.push_back(ParseExpr());
        stmt->blocks.push_back(ParseBlock());
      }
      if (Accept(Tok::kElse)) {
        if (At(Tok::kIf)) Fail("`{` (write `elif`, not `else if`)");
        stmt->else_block = std::make_unique<ast::Block>(ParseBlock());
      }
      return stmt;
    case Tok::kFor:
    case Tok::kChoose:
    case Tok::kRoll: {
      Tok keyword = Next().kind;
      const ast::StmtKind kind = keyword == Tok::kFor      ? ast::StmtKind::kFor
                                 : keyword == Tok::kChoose ? ast::StmtKind::kChoose
                                                           : ast::StmtKind::kRoll;
      std::vector<Binding> bindings = ParseBindings();
      if (keyword == Tok::kRoll && At(Tok::kWhere)) {
        // Filtering would silently change the chances; ruling outcomes out is explicit.
        Fail(
            "'{' after a roll's domain (a roll takes every outcome: instead of `where c`, "
            "write `require c` first in its block)");
      }
      ast::ExprPtr filter;
      if (keyword != Tok::kRoll && Accept(Tok::kWhere)) filter = ParseExpr();
      ast::Block body = ParseBlock();
      // `choose a in A, b in B where c { ... }` is `choose a in A { choose b in B where c
      // { ... } }`: one choice per binding, the filter on the innermost, which sees them all.
      for (size_t i = bindings.size(); i-- > 0;) {
        auto level = i == 0 ? std::move(stmt) : std::make_unique<ast::Stmt>();
        level->kind = kind;
        if (i > 0) level->loc = bindings[i].name_loc;
        level->name = std::move(bindings[i].name);
        level->name_loc = bindings[i].name_loc;
        level->domain = std::move(bindings[i].domain);
        if (i + 1 == bindings.size()) level->filter = std::move(filter);
        level->blocks.push_back(std::move(body));
        if (i == 0) return level;
        body = ast::Block{};
        body.loc = level->loc;
        body.stmts.push_back(std::move(level));
      }
      return nullptr;  // not reached: there is at least one binding
    }
    case Tok::kMay:
      Next();
      stmt->kind = ast::StmtKind::kMay;
      stmt->blocks.push_back(ParseBlock());
      // `may { } else { }`: "you may do this; if you don't, do that".
      if (Accept(Tok::kElse)) stmt->blocks.push_back(ParseBlock());
      return stmt;
    case Tok::kRequire:
      Next();
      stmt->kind = ast::StmtKind::kRequire;
      stmt->value = ParseExpr();
      return stmt;
    case Tok::kAssert:
      Next();
      stmt->kind = ast::StmtKind::kAssert;
      stmt->value = ParseExpr();
      if (Accept(Tok::kComma)) stmt->message = Expect(Tok::kString, "a message in quotes").text;
      return stmt;
    case Tok::kEmit:
      Next();
      stmt->kind = ast::StmtKind::kEmit;
      bind("an event name after `emit`");
      if (At(Tok::kLParen)) stmt->args = ParseArgs();
      return stmt;
    case Tok::kMove:
      Next();
      stmt->kind = ast::StmtKind::kMove;
      stmt->value = ParseExpr();
      ExpectWord("from");
      stmt->source = ParseExpr();
      ExpectWord("to");
      stmt->target = ParseExpr();
      return stmt;
    case Tok::kIdent:
      if ((Peek().text == "while" || Peek().text == "until" || Peek().text == "repeat" ||
           Peek().text == "loop") &&
          Peek(1).kind != Tok::kColonEq && Peek(1).kind != Tok::kPlusEq &&
          Peek(1).kind != Tok::kMinusEq && Peek(1).kind != Tok::kAssign &&
          Peek(1).kind != Tok::kLBracket && Peek(1).kind != Tok::kDot &&
          Peek(1).kind != Tok::kLParen) {
        // Read as the start of an assignment, `while n < 3 {` was reported at its condition.
        diagnostics_.Error(
            Peek().loc,
            absl::StrCat("there is no `", Peek().text,
                         "` loop: a move takes a bounded number of steps; write `for k in "
                         "1..N { if ... { } }` with a bound, or a trigger that emits its event "
                         "again for a chain of moves"));
        throw SyntaxError{};
      }
      if (Peek(1).kind == Tok::kLParen) {
        stmt->kind = ast::StmtKind::kCall;
        bind("a procedure name");
        stmt->args = ParseArgs();
        return stmt;
      }
      break;
    default:
      Fail("a statement");
  }
  stmt->kind = ast::StmtKind::kAssign;
  stmt->target = ParsePostfix();
  switch (Peek().kind) {
    case Tok::kColonEq:
      stmt->assign_op = ast::AssignOp::kSet;
      break;
    case Tok::kPlusEq:
      stmt->assign_op = ast::AssignOp::kAdd;
      break;
    case Tok::kMinusEq:
      stmt->assign_op = ast::AssignOp::kSub;
      break;
    case Tok::kAssign:
      Fail("`:=` (assignment is written `:=`; `=` is for declarations)");
    default:
      Fail("`:=`, `+=` or `-=`");
  }
  Next();
  stmt->value = ParseExpr();
  return stmt;
}

}  // namespace rulecheck::front
