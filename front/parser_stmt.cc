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
      stmt->kind = keyword == Tok::kFor      ? ast::StmtKind::kFor
                   : keyword == Tok::kChoose ? ast::StmtKind::kChoose
                                             : ast::StmtKind::kRoll;
      bind("a variable name");
      Expect(Tok::kIn, "`in` and what to range over");
      stmt->domain = ParseDomain();
      if (keyword == Tok::kRoll && At(Tok::kWhere)) {
        // Filtering would silently change the chances; ruling outcomes out is explicit.
        Fail(
            "'{' after a roll's domain (a roll takes every outcome: instead of `where c`, "
            "write `require c` first in its block)");
      }
      if (keyword != Tok::kRoll && Accept(Tok::kWhere)) stmt->filter = ParseExpr();
      stmt->blocks.push_back(ParseBlock());
      return stmt;
    }
    case Tok::kMay:
      Next();
      stmt->kind = ast::StmtKind::kMay;
      stmt->blocks.push_back(ParseBlock());
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
