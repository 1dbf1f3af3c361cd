// Expressions, types and domains. Precedence, loosest first:
//   if-then-else, quantifiers  <  =>  <  or  <  and  <  not  <  comparisons and `in`
//   <  + -  <  * / %  <  unary -  <  postfix ([i], .name, !)  <  primaries.
// `=>` associates to the right; comparisons do not chain. Range bounds and capacities inside
// types are parsed at the additive level, so `bag<Card, 3>` never reads `>` as a comparison.
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "front/parser_internal.h"

namespace rulecheck::front {
namespace {

ast::ExprPtr MakeBinary(ast::Op op, ir::Location op_loc, ast::ExprPtr lhs, ast::ExprPtr rhs) {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kBinary;
  expr->loc = lhs->loc;
  expr->op = op;
  expr->op_loc = op_loc;
  expr->operands.push_back(std::move(lhs));
  expr->operands.push_back(std::move(rhs));
  return expr;
}

ast::ExprPtr MakeUnary(ast::Op op, ir::Location loc, ast::ExprPtr operand) {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kUnary;
  expr->loc = loc;
  expr->op = op;
  expr->op_loc = loc;
  expr->operands.push_back(std::move(operand));
  return expr;
}

}  // namespace

ast::ExprPtr Parser::ParseExpr() {
  Nesting nesting(*this);
  if (At(Tok::kIf)) return ParseIf();
  if (AtQuantifier()) return ParseQuantifier();
  return ParseImplies();
}

bool Parser::AtQuantifier() const {
  if (Peek().kind != Tok::kIdent) return false;
  const std::string& word = Peek().text;
  if (word != "all" && word != "any" && word != "sum" && word != "count") return false;
  return Peek(1).kind == Tok::kIdent && Peek(2).kind == Tok::kIn;
}

ast::ExprPtr Parser::ParseIf() {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kIf;
  expr->loc = Next().loc;
  expr->operands.push_back(ParseExpr());
  Expect(Tok::kThen, "`then`");
  expr->operands.push_back(ParseExpr());
  Expect(Tok::kElse, "`else` (an if-expression needs both branches)");
  expr->operands.push_back(ParseExpr());
  return Bounded(std::move(expr));
}

ast::ExprPtr Parser::ParseQuantifier() {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kQuantifier;
  const Token& word = Next();
  expr->loc = word.loc;
  expr->quantifier = word.text == "all"   ? ast::Quantifier::kAll
                     : word.text == "any" ? ast::Quantifier::kAny
                     : word.text == "sum" ? ast::Quantifier::kSum
                                          : ast::Quantifier::kCount;
  const Token& var = Next();
  expr->name = var.text;
  expr->name_loc = var.loc;
  Expect(Tok::kIn);
  expr->domain = ParseDomain();
  if (Accept(Tok::kWhere)) expr->filter = ParseExpr();
  Expect(Tok::kColon, "`:` and the quantified expression");
  expr->operands.push_back(ParseExpr());
  return Bounded(std::move(expr));
}

std::unique_ptr<ast::Domain> Parser::ParseDomain() {
  auto domain = std::make_unique<ast::Domain>();
  domain->loc = Peek().loc;
  domain->expr = ParseAdditive();
  if (Accept(Tok::kDotDot)) domain->hi = ParseAdditive();
  return domain;
}

ast::ExprPtr Parser::ParseImplies() {
  Nesting nesting(*this);  // `=>` recurses to the right
  ast::ExprPtr lhs = ParseOr();
  if (At(Tok::kArrow)) {
    ir::Location op_loc = Next().loc;
    ast::ExprPtr rhs = At(Tok::kIf) || AtQuantifier() ? ParseExpr() : ParseImplies();
    return Bounded(MakeBinary(ast::Op::kImplies, op_loc, std::move(lhs), std::move(rhs)));
  }
  return lhs;
}

ast::ExprPtr Parser::ParseOr() {
  ast::ExprPtr lhs = ParseAnd();
  while (At(Tok::kOr)) {
    ir::Location op_loc = Next().loc;
    lhs = Bounded(MakeBinary(ast::Op::kOr, op_loc, std::move(lhs), ParseAnd()));
  }
  return lhs;
}

ast::ExprPtr Parser::ParseAnd() {
  ast::ExprPtr lhs = ParseNot();
  while (At(Tok::kAnd)) {
    ir::Location op_loc = Next().loc;
    lhs = Bounded(MakeBinary(ast::Op::kAnd, op_loc, std::move(lhs), ParseNot()));
  }
  return lhs;
}

ast::ExprPtr Parser::ParseNot() {
  Nesting nesting(*this);
  if (At(Tok::kNot)) {
    ir::Location loc = Next().loc;
    return Bounded(MakeUnary(ast::Op::kNot, loc, ParseNot()));
  }
  return ParseComparison();
}

ast::ExprPtr Parser::ParseComparison() {
  ast::ExprPtr lhs = ParseAdditive();
  ast::Op op;
  switch (Peek().kind) {
    case Tok::kEqEq:
      op = ast::Op::kEq;
      break;
    case Tok::kNotEq:
      op = ast::Op::kNe;
      break;
    case Tok::kLess:
      op = ast::Op::kLt;
      break;
    case Tok::kLessEq:
      op = ast::Op::kLe;
      break;
    case Tok::kGreater:
      op = ast::Op::kGt;
      break;
    case Tok::kGreaterEq:
      op = ast::Op::kGe;
      break;
    case Tok::kIn:
      op = ast::Op::kIn;
      break;
    default:
      return lhs;
  }
  ir::Location op_loc = Next().loc;
  return Bounded(MakeBinary(op, op_loc, std::move(lhs), ParseAdditive()));
}

ast::ExprPtr Parser::ParseAdditive() {
  ast::ExprPtr lhs = ParseMultiplicative();
  while (At(Tok::kPlus) || At(Tok::kMinus)) {
    ast::Op op = At(Tok::kPlus) ? ast::Op::kAdd : ast::Op::kSub;
    ir::Location op_loc = Next().loc;
    lhs = Bounded(MakeBinary(op, op_loc, std::move(lhs), ParseMultiplicative()));
  }
  return lhs;
}

ast::ExprPtr Parser::ParseMultiplicative() {
  ast::ExprPtr lhs = ParseUnary();
  while (At(Tok::kStar) || At(Tok::kSlash) || At(Tok::kPercent)) {
    ast::Op op = At(Tok::kStar) ? ast::Op::kMul : At(Tok::kSlash) ? ast::Op::kDiv : ast::Op::kMod;
    ir::Location op_loc = Next().loc;
    lhs = Bounded(MakeBinary(op, op_loc, std::move(lhs), ParseUnary()));
  }
  return lhs;
}

ast::ExprPtr Parser::ParseUnary() {
  Nesting nesting(*this);
  if (At(Tok::kMinus)) {
    ir::Location loc = Next().loc;
    if (At(Tok::kInt) && Peek().int_value == std::numeric_limits<int64_t>::min()) {
      // `-9223372036854775808`: the one literal whose magnitude is not an int64 itself.
      auto literal = std::make_unique<ast::Expr>();
      literal->kind = ast::ExprKind::kInt;
      literal->int_value = Next().int_value;
      literal->loc = loc;
      return literal;
    }
    ast::ExprPtr operand = ParseUnary();
    // Fold `-<literal>`, except the one whose negation is not an int64: that is left to the
    // evaluator, which reports the overflow like any other.
    if (operand->kind == ast::ExprKind::kInt &&
        operand->int_value != std::numeric_limits<int64_t>::min()) {
      operand->int_value = -operand->int_value;
      operand->loc = loc;
      return operand;
    }
    return Bounded(MakeUnary(ast::Op::kNeg, loc, std::move(operand)));
  }
  return ParsePostfix();
}

ast::ExprPtr Parser::ParsePostfix() {
  ast::ExprPtr expr = ParsePrimary();
  while (true) {
    if (At(Tok::kLBracket)) {
      Next();
      auto index = std::make_unique<ast::Expr>();
      index->kind = ast::ExprKind::kIndex;
      index->loc = expr->loc;
      index->operands.push_back(std::move(expr));
      index->operands.push_back(ParseExpr());
      Expect(Tok::kRBracket, "`]`");
      expr = Bounded(std::move(index));
    } else if (At(Tok::kDot)) {
      Next();
      auto field = std::make_unique<ast::Expr>();
      field->kind = ast::ExprKind::kField;
      field->loc = expr->loc;
      const Token& name = ExpectIdent("a field, attribute or member name after `.`");
      field->name = name.text;
      field->name_loc = name.loc;
      field->operands.push_back(std::move(expr));
      expr = Bounded(std::move(field));
    } else if (At(Tok::kBang)) {
      Next();
      auto unwrap = std::make_unique<ast::Expr>();
      unwrap->kind = ast::ExprKind::kUnwrap;
      unwrap->loc = expr->loc;
      unwrap->operands.push_back(std::move(expr));
      expr = Bounded(std::move(unwrap));
    } else {
      return expr;
    }
  }
}

std::vector<ast::ExprPtr> Parser::ParseArgs() {
  std::vector<ast::ExprPtr> args;
  Expect(Tok::kLParen);
  if (Accept(Tok::kRParen)) return args;
  do {
    args.push_back(ParseExpr());
  } while (Accept(Tok::kComma));
  Expect(Tok::kRParen, "`,` or `)`");
  return args;
}

ast::ExprPtr Parser::ParsePrimary() {
  auto expr = std::make_unique<ast::Expr>();
  expr->loc = Peek().loc;
  switch (Peek().kind) {
    case Tok::kInt:
      expr->kind = ast::ExprKind::kInt;
      expr->int_value = Next().int_value;
      if (expr->int_value == std::numeric_limits<int64_t>::min()) {
        diagnostics_.Error(expr->loc,
                           "integer literal 9223372036854775808 is too large (the limit is "
                           "2^63 - 1; only -9223372036854775808 can be written)");
      }
      return expr;
    case Tok::kTrue:
    case Tok::kFalse:
      expr->kind = ast::ExprKind::kBool;
      expr->bool_value = Next().kind == Tok::kTrue;
      return expr;
    case Tok::kNone:
      Next();
      expr->kind = ast::ExprKind::kNone;
      return expr;
    case Tok::kIdent:
      if (AtQuantifier()) return ParseQuantifier();
      expr->name = Next().text;
      expr->name_loc = expr->loc;
      if (At(Tok::kLParen)) {
        expr->kind = ast::ExprKind::kCall;
        expr->operands = ParseArgs();
        return Bounded(std::move(expr));
      }
      expr->kind = ast::ExprKind::kName;
      return expr;
    case Tok::kLParen: {
      Next();
      ast::ExprPtr inner = ParseExpr();
      Expect(Tok::kRParen, "`)`");
      return inner;
    }
    case Tok::kLBrace:
      Next();
      expr->kind = ast::ExprKind::kSetLiteral;
      if (!Accept(Tok::kRBrace)) {
        do {
          expr->operands.push_back(ParseExpr());
        } while (Accept(Tok::kComma));
        Expect(Tok::kRBrace, "`,` or `}`");
      }
      return Bounded(std::move(expr));
    case Tok::kIf:
      return ParseIf();
    default:
      Fail("an expression");
  }
}

ast::TypeExprPtr Parser::ParseType() {
  Nesting nesting(*this);
  auto type = std::make_unique<ast::TypeExpr>();
  type->loc = Peek().loc;
  if (Accept(Tok::kLBracket)) {
    type->kind = ast::TypeExprKind::kArray;
    type->index = ParseType();
    Expect(Tok::kRBracket, "`]` after the array's index type");
    type->elem = ParseType();
  } else if ((AtWord("bag") || AtWord("seq")) && Peek(1).kind == Tok::kLess) {
    type->kind = AtWord("bag") ? ast::TypeExprKind::kBag : ast::TypeExprKind::kSeq;
    std::string word = Next().text;
    Next();
    type->elem = ParseType();
    Expect(Tok::kComma,
           absl::StrCat("`,` and the ", word, "'s capacity (", word, "<Element, Capacity>)"));
    type->capacity = ParseAdditive();
    Expect(Tok::kGreater, "`>`");
  } else if (AtWord("set") && Peek(1).kind == Tok::kLess) {
    type->kind = ast::TypeExprKind::kSet;
    Next();
    Next();
    type->elem = ParseType();
    Expect(Tok::kGreater, "`>`");
  } else {
    if (!At(Tok::kIdent) && !At(Tok::kInt) && !At(Tok::kMinus) && !At(Tok::kLParen)) {
      Fail("a type");
    }
    ast::ExprPtr lo = ParseAdditive();
    if (Accept(Tok::kDotDot)) {
      type->kind = ast::TypeExprKind::kRange;
      type->lo = std::move(lo);
      type->hi = ParseAdditive();
    } else if (lo->kind == ast::ExprKind::kName) {
      type->kind = ast::TypeExprKind::kName;
      type->name = lo->name;
    } else {
      Fail("`..` (a range type is written lo..hi)");
    }
  }
  type = Bounded(std::move(type));
  while (At(Tok::kQuestion)) {
    auto option = std::make_unique<ast::TypeExpr>();
    option->kind = ast::TypeExprKind::kOption;
    option->loc = type->loc;
    Next();
    option->elem = std::move(type);
    type = Bounded(std::move(option));
  }
  return type;
}

}  // namespace rulecheck::front
