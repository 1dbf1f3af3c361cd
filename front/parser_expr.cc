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
  if (word != "all" && word != "any" && word != "sum" && word != "count" && word != "the" &&
      word != "max" && word != "min") {
    return false;
  }
  // `max(a, b)` stays a call: only `max x in D` is the aggregate.
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
  const Token& word = Next();
  const ir::Location loc = word.loc;
  const ast::Quantifier quantifier = word.text == "all"   ? ast::Quantifier::kAll
                                     : word.text == "any" ? ast::Quantifier::kAny
                                     : word.text == "sum" ? ast::Quantifier::kSum
                                     : word.text == "the" ? ast::Quantifier::kThe
                                     : word.text == "max" ? ast::Quantifier::kMax
                                     : word.text == "min" ? ast::Quantifier::kMin
                                                          : ast::Quantifier::kCount;
  if (quantifier == ast::Quantifier::kThe) return ParseThe(loc);
  std::vector<Binding> bindings = ParseBindings();
  // Nested one name at a time, a `max` over pairs would fail on an outer value with no inner
  // one that passes, though other pairs do; so `max` and `min` bind one name (a pair is a
  // `max a in A: max b in B where c: e` the writer spells out, knowing what it means).
  if ((quantifier == ast::Quantifier::kMax || quantifier == ast::Quantifier::kMin) &&
      bindings.size() > 1) {
    diagnostics_.Error(bindings[1].name_loc,
                       absl::StrCat("`", word.text, "` binds one name; nest one `", word.text,
                                    "` in another to range over pairs"));
  }
  ast::ExprPtr filter;
  if (Accept(Tok::kWhere)) filter = ParseExpr();
  Expect(Tok::kColon, "`:` and the quantified expression");
  ast::ExprPtr body = ParseExpr();
  // `q a in A, b in B where c: e` is `q a in A: q b in B where c: e`, except that the outer
  // levels of a `count` sum the inner counts.
  for (size_t i = bindings.size(); i-- > 0;) {
    auto expr = std::make_unique<ast::Expr>();
    expr->kind = ast::ExprKind::kQuantifier;
    expr->loc = i == 0 ? loc : bindings[i].name_loc;
    expr->quantifier = quantifier == ast::Quantifier::kCount && i + 1 < bindings.size()
                           ? ast::Quantifier::kSum
                           : quantifier;
    expr->name = std::move(bindings[i].name);
    expr->name_loc = bindings[i].name_loc;
    expr->domain = std::move(bindings[i].domain);
    if (i + 1 == bindings.size()) expr->filter = std::move(filter);
    expr->operands.push_back(std::move(body));
    body = Bounded(std::move(expr));
  }
  return body;
}

ast::ExprPtr Parser::ParseArrayOf() {
  const ir::Location loc = Next().loc;
  std::vector<Binding> bindings = ParseBindings();
  if (At(Tok::kWhere)) {
    Fail("`:` (an array has a value at every index: write `if c then a else b` for the value)");
  }
  Expect(Tok::kColon, "`:` and the value of each element");
  ast::ExprPtr body = ParseExpr();
  Expect(Tok::kRBracket, "`]`");
  for (size_t i = bindings.size(); i-- > 0;) {
    auto expr = std::make_unique<ast::Expr>();
    expr->kind = ast::ExprKind::kArrayOf;
    expr->loc = i == 0 ? loc : bindings[i].name_loc;
    expr->name = std::move(bindings[i].name);
    expr->name_loc = bindings[i].name_loc;
    expr->domain = std::move(bindings[i].domain);
    expr->operands.push_back(std::move(body));
    body = Bounded(std::move(expr));
  }
  return body;
}

ast::ExprPtr Parser::ParseThe(ir::Location loc) {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kQuantifier;
  expr->quantifier = ast::Quantifier::kThe;
  expr->loc = loc;
  const Token& var = ExpectIdent("a variable name");
  expr->name = var.text;
  expr->name_loc = var.loc;
  Expect(Tok::kIn, "`in` and what to range over");
  expr->domain = ParseDomain();
  if (At(Tok::kComma)) Fail("`where` (`the` names one value: it binds one name)");
  if (Accept(Tok::kWhere)) expr->filter = ParseExpr();
  return Bounded(std::move(expr));
}

std::vector<Parser::Binding> Parser::ParseBindings() {
  std::vector<Binding> bindings;
  do {
    // Each binding is one more level of nesting once the list is unfolded.
    if (nesting_ + static_cast<int>(bindings.size()) >= kMaxNesting) FailTooDeep();
    Binding binding;
    const Token& var = ExpectIdent("a variable name");
    binding.name = var.text;
    binding.name_loc = var.loc;
    Expect(Tok::kIn, "`in` and what to range over");
    binding.domain = ParseDomain();
    bindings.push_back(std::move(binding));
  } while (Accept(Tok::kComma));
  return bindings;
}

std::unique_ptr<ast::Domain> Parser::ParseDomain() {
  auto domain = std::make_unique<ast::Domain>();
  domain->loc = Peek().loc;
  if (At(Tok::kLParen) && AfterParentheses().kind == Tok::kQuestion) {
    domain->type = ParseType();  // `(1..M)?`
    return domain;
  }
  domain->expr = ParseAdditive();
  if (Accept(Tok::kDotDot)) domain->hi = ParseAdditive();
  if (At(Tok::kQuestion)) {
    // `Card?`, `0..3?`: an option type, whose values are its members and then `none`.
    auto type = std::make_unique<ast::TypeExpr>();
    type->loc = domain->loc;
    if (domain->hi != nullptr) {
      type->kind = ast::TypeExprKind::kRange;
      type->lo = std::move(domain->expr);
      type->hi = std::move(domain->hi);
    } else if (domain->expr->kind == ast::ExprKind::kName) {
      type->kind = ast::TypeExprKind::kName;
      type->name = domain->expr->name;
      domain->expr = nullptr;
    } else {
      Fail("a type before `?` (an option domain is written `T?`, such as `Card?`)");
    }
    domain->type = ParseOptionSuffix(Bounded(std::move(type)));
  }
  return domain;
}

// The levels of nesting count what a reader sees nest (parentheses, brackets, blocks, and each
// prefix operator or `=>` of a chain), not the precedence levels each of them passes through.
ast::ExprPtr Parser::ParseImplies() {
  ast::ExprPtr lhs = ParseOr();
  if (At(Tok::kArrow)) {
    Nesting nesting(*this);  // `=>` recurses to the right
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
  if (At(Tok::kNot)) {
    Nesting nesting(*this);
    ir::Location loc = Next().loc;
    return Bounded(MakeUnary(ast::Op::kNot, loc, ParseNot()));
  }
  return ParseComparison();
}

ast::ExprPtr Parser::ParseComparison() {
  ast::ExprPtr lhs = ParseAdditive();
  ast::Op op;
  if (At(Tok::kAssign)) {
    // `=` right after an operand, where an operator or the end of a condition must come: the
    // classic slip for `==` (`when n = 3`, `require turn = X`). No valid program has `=` here
    // (in declarations, `=` follows a name or a type, never an expression). Reported at the
    // `=`, then read as `==` so that the rest of the declaration is still checked.
    ir::Location op_loc = Next().loc;
    diagnostics_.Error(op_loc,
                       "`=` does not compare: write `==` to compare two values (`:=` assigns, "
                       "as a statement of its own; `=` is only for declarations)");
    ast::ExprPtr rhs = ParseAdditive();
    return Bounded(MakeBinary(ast::Op::kEq, op_loc, std::move(lhs), std::move(rhs)));
  }
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
  ast::ExprPtr comparison = Bounded(MakeBinary(op, op_loc, std::move(lhs), ParseAdditive()));
  if (At(Tok::kEqEq) || At(Tok::kNotEq) || At(Tok::kLess) || At(Tok::kLessEq) ||
      At(Tok::kGreater) || At(Tok::kGreaterEq)) {
    // `0 < x < 3`: a comparison is a bool, which no order compares. Reported at the second
    // operator, whose operand is then read and dropped so that the rest is still checked.
    diagnostics_.Error(Next().loc,
                       "comparisons do not chain: write `a < b and b < c` to compare three "
                       "values");
    ParseAdditive();
  }
  return comparison;
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
  if (At(Tok::kMinus)) {
    Nesting nesting(*this);
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

bool Parser::AtStructLiteral() const {
  if (!At(Tok::kIdent) || Peek(1).kind != Tok::kLBrace) return false;
  // `S { a: ...`: no block starts with `name :`, so `if c { x := 1 }` is never read as one.
  if (Peek(2).kind == Tok::kIdent && Peek(3).kind == Tok::kColon) return true;
  // `S {}` only for a declared struct: `when ready {}` is an empty block.
  return Peek(2).kind == Tok::kRBrace && struct_names_.contains(Peek().text);
}

ast::ExprPtr Parser::ParseStructLiteral() {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = ast::ExprKind::kStructLiteral;
  expr->loc = Peek().loc;
  expr->name_loc = expr->loc;
  expr->name = Next().text;
  Expect(Tok::kLBrace);
  while (!At(Tok::kRBrace)) {
    const Token& field = ExpectIdent("a field name or `}`");
    expr->labels.push_back({field.text, field.loc});
    Expect(Tok::kColon, "`:` and the field's value");
    expr->operands.push_back(ParseExpr());
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBrace, "`,` or `}`");
  return Bounded(std::move(expr));
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
      if (AtStructLiteral()) return ParseStructLiteral();
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
    case Tok::kLBracket:
      if (Peek(1).kind == Tok::kRBracket) Fail("an expression");  // `[]`: `{}` is the empty seq
      // `[x in D: e]` binds x; any other `[` starts a list of elements (a list whose first
      // element is a membership test writes it in parentheses: `[(x in S), ...]`).
      if (Peek(1).kind == Tok::kIdent && Peek(2).kind == Tok::kIn) return ParseArrayOf();
      Next();
      expr->kind = ast::ExprKind::kListLiteral;
      do {
        expr->operands.push_back(ParseExpr());
      } while (Accept(Tok::kComma));
      Expect(Tok::kRBracket, "`,` or `]`");
      return Bounded(std::move(expr));
    default:
      Fail("an expression");
  }
}

const Token& Parser::AfterParentheses() const {
  size_t ahead = 0;
  for (int depth = 0;; ++ahead) {
    Tok kind = Peek(ahead).kind;
    if (kind == Tok::kEof) return Peek(ahead);
    if (kind == Tok::kLParen) ++depth;
    if (kind == Tok::kRParen && --depth == 0) return Peek(ahead + 1);
  }
}

bool Parser::AtParenthesisedType() const {
  if (!At(Tok::kLParen)) return false;
  switch (AfterParentheses().kind) {
    case Tok::kDotDot:  // `(N + 1)..M`: a bound of a range
    case Tok::kPlus:
    case Tok::kMinus:
    case Tok::kStar:
    case Tok::kSlash:
    case Tok::kPercent:
      return false;
    default:
      return true;
  }
}

ast::TypeExprPtr Parser::ParseType() {
  Nesting nesting(*this);
  auto type = std::make_unique<ast::TypeExpr>();
  type->loc = Peek().loc;
  if (AtParenthesisedType()) {
    // `(1..M)?`: parentheses group a type, so that `?` can apply to a range; `(T)` is `T`.
    Next();
    type = ParseType();
    Expect(Tok::kRParen, "`)` after the type");
  } else if (Accept(Tok::kLBracket)) {
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
  return ParseOptionSuffix(std::move(type));
}

ast::TypeExprPtr Parser::ParseOptionSuffix(ast::TypeExprPtr type) {
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
