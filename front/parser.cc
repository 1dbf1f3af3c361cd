// Declarations: the top level of a rules file, and error recovery between declarations.
#include "front/parser.h"

#include <algorithm>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "front/lexer.h"
#include "front/parser_internal.h"

namespace rulecheck::front {
namespace {

bool IsDeclKeyword(Tok kind) {
  switch (kind) {
    case Tok::kGame:
    case Tok::kConst:
    case Tok::kEnum:
    case Tok::kType:
    case Tok::kStruct:
    case Tok::kCards:
    case Tok::kState:
    case Tok::kInit:
    case Tok::kFun:
    case Tok::kProc:
    case Tok::kAction:
    case Tok::kEvent:
    case Tok::kTrigger:
    case Tok::kTerminal:
    case Tok::kInvariant:
    case Tok::kReachable:
    case Tok::kTerminates:
    case Tok::kQuery:
    case Tok::kPending:
      return true;
    default:
      return false;
  }
}

}  // namespace

const Token& Parser::Expect(Tok kind, const std::string& what) {
  if (At(kind)) return Next();
  Fail(what.empty() ? TokDescription(kind) : what);
}

const Token& Parser::ExpectWord(std::string_view word) {
  if (AtWord(word)) return Next();
  Fail(absl::StrCat("`", std::string(word), "`"));
}

const Token& Parser::ExpectIdent(const std::string& what) {
  if (At(Tok::kIdent)) return Next();
  if (Peek().kind != Tok::kEof && Peek().kind != Tok::kInt && Peek().kind != Tok::kString &&
      std::isalpha(static_cast<unsigned char>(Peek().text[0]))) {
    if (Peek().after_bad_text) throw SyntaxError{};
    diagnostics_.Error(Peek().loc, absl::StrCat("expected ", what, ", found keyword `", Peek().text,
                                                "` (keywords cannot be names)"));
    throw SyntaxError{};
  }
  Fail(what);
}

void Parser::Fail(const std::string& expected) {
  if (!Peek().after_bad_text) {
    diagnostics_.Error(Peek().loc,
                       absl::StrCat("expected ", expected, ", found ", TokenDescription(Peek())));
  }
  throw SyntaxError{};
}

void Parser::FailTooDeep() {
  diagnostics_.Error(Peek().loc,
                     absl::StrCat("nesting too deep here: expressions, types and blocks may nest "
                                  "at most ",
                                  kMaxNesting,
                                  " levels (each operator of a chain such as `a => b => c` or "
                                  "`T??` counts as one)"));
  throw SyntaxError{};
}

namespace {

int HeightOf(const ast::ExprPtr& e) { return e == nullptr ? 0 : e->height; }
int HeightOf(const ast::TypeExprPtr& t) { return t == nullptr ? 0 : t->height; }

}  // namespace

ast::ExprPtr Parser::Bounded(ast::ExprPtr expr) {
  int below = std::max(HeightOf(expr->filter), 0);
  for (const ast::ExprPtr& o : expr->operands) below = std::max(below, HeightOf(o));
  if (expr->domain != nullptr) {
    below = std::max({below, HeightOf(expr->domain->expr), HeightOf(expr->domain->hi)});
  }
  expr->height = below + 1;
  return expr;
}

ast::TypeExprPtr Parser::Bounded(ast::TypeExprPtr type) {
  type->height = 1 + std::max({HeightOf(type->lo), HeightOf(type->hi), HeightOf(type->capacity),
                               HeightOf(type->index), HeightOf(type->elem)});
  if (type->height > kMaxNesting) FailTooDeep();
  return type;
}

// After an error, skip to a declaration keyword that starts a line: the usual layout of a
// rules file. Errors inside the skipped text are not reported; independent errors in later
// declarations are.
void Parser::SkipToNextDecl() {
  while (!At(Tok::kEof) &&
         !((IsDeclKeyword(Peek().kind) || AtPolicy()) && Peek().loc.column == 1)) {
    Next();
  }
}

// `policy` is a word, not a keyword, so that models naming something `policy` still parse: it
// starts a declaration where a declaration may start and a name follows it.
bool Parser::AtPolicy() const { return AtWord("policy") && Peek(1).kind == Tok::kIdent; }

// policy NAME by SEAT { prefer PATTERN [when COND] ... }, or `by NAME: TYPE` for every seat.
ast::Decl Parser::ParsePolicy() {
  ast::Decl decl;
  decl.kind = ast::DeclKind::kPolicy;
  decl.loc = Next().loc;
  const Token& name = ExpectIdent("the policy's name");
  decl.name = name.text;
  decl.name_loc = name.loc;
  Expect(Tok::kBy, "`by` and the seat the policy governs");
  if (At(Tok::kIdent) && Peek(1).kind == Tok::kColon) {
    const Token& binder = Next();
    decl.binder = binder.text;
    decl.binder_loc = binder.loc;
    Next();
    decl.type = ParseType();
  } else {
    decl.by = ParseExpr();
  }
  Expect(Tok::kLBrace, "`{` and the policy's preferences");
  while (!Accept(Tok::kRBrace)) {
    ast::Preference prefer;
    prefer.loc = ExpectWord("prefer").loc;
    prefer.pattern = ParsePostfix();
    if (Accept(Tok::kWhen)) prefer.when = ParseExpr();
    decl.prefers.push_back(std::move(prefer));
  }
  return decl;
}

ast::File Parser::ParseFile() {
  ast::File file;
  for (size_t i = 0; i + 1 < tokens_.size(); ++i) {
    if (tokens_[i].kind == Tok::kStruct && tokens_[i + 1].kind == Tok::kIdent) {
      struct_names_.insert(tokens_[i + 1].text);
    }
  }
  while (!At(Tok::kEof)) {
    size_t start = pos_;
    try {
      if (AtPolicy()) {
        file.decls.push_back(ParsePolicy());
        continue;
      }
      if (!IsDeclKeyword(Peek().kind)) {
        Fail(
            "a declaration (game, const, enum, type, struct, cards, state, init, fun, proc, "
            "action, event, trigger, terminal, invariant, reachable, terminates, query, "
            "pending, policy)");
      }
      file.decls.push_back(ParseDecl());
    } catch (const SyntaxError&) {
      if (pos_ == start) Next();  // always make progress
      SkipToNextDecl();
    }
  }
  return file;
}

ast::ExprPtr Parser::ParseStandaloneExpression() {
  try {
    ast::ExprPtr expr = ParseExpr();
    if (!At(Tok::kEof)) Fail("end of the expression");
    return expr;
  } catch (const SyntaxError&) {
    return nullptr;
  }
}

std::vector<ast::Param> Parser::ParseParams() {
  std::vector<ast::Param> params;
  Expect(Tok::kLParen);
  if (Accept(Tok::kRParen)) return params;
  do {
    ast::Param param;
    // `var pile: T`: `var` is a word only here, before a name (`var: T` is a parameter `var`).
    if (AtWord("var") && Peek(1).kind == Tok::kIdent) {
      param.is_var = true;
      param.var_loc = Next().loc;
    }
    const Token& name = ExpectIdent("a parameter name");
    param.name = name.text;
    param.loc = name.loc;
    Expect(Tok::kColon, "`:` and the parameter's type");
    param.type = ParseType();
    params.push_back(std::move(param));
  } while (Accept(Tok::kComma));
  Expect(Tok::kRParen, "`,` or `)`");
  return params;
}

void Parser::ParseRuleHead(ast::Decl& decl) {
  if (Accept(Tok::kBy)) decl.by = ParseExpr();
  if (Accept(Tok::kWhen)) {
    // `when { n := 1 }`, the condition left out: read as a set literal, the body would be
    // reported at its first statement ("expected `,` or `}`, found `:=`").
    if (At(Tok::kLBrace) && BodyFollows()) {
      Fail("a condition after `when` (a rule with no condition leaves `when` out)");
    }
    decl.when = ParseExpr();
    if (At(Tok::kBy)) Fail("`{` (`by` comes before `when`: `action a() by turn when ... {`)");
  }
}

bool Parser::BodyFollows() const {
  switch (Peek(1).kind) {
    case Tok::kRBrace:
    case Tok::kLet:
    case Tok::kIf:
    case Tok::kFor:
    case Tok::kChoose:
    case Tok::kRoll:
    case Tok::kMay:
    case Tok::kRequire:
    case Tok::kAssert:
    case Tok::kEmit:
    case Tok::kMove:
      return true;
    case Tok::kIdent: {
      const Tok after = Peek(2).kind;
      return after == Tok::kColonEq || after == Tok::kPlusEq || after == Tok::kMinusEq;
    }
    default:
      return false;
  }
}

void Parser::ParseEnumBody(ast::Decl& decl) {
  Expect(Tok::kLBrace, "`{` and the members");
  while (!At(Tok::kRBrace)) {
    const Token& name = ExpectIdent("a member name or `}`");
    decl.members.push_back({name.text, name.loc});
    Accept(Tok::kComma);
  }
  Next();
}

void Parser::ParseCards(ast::Decl& decl) {
  if (Accept(Tok::kLParen) && !Accept(Tok::kRParen)) {
    do {
      ast::CardAttr attr;
      const Token& name = ExpectIdent("an attribute name");
      attr.name = name.text;
      attr.loc = name.loc;
      Expect(Tok::kColon, "`:` and the attribute's type");
      attr.type = ParseType();
      if (Accept(Tok::kAssign)) attr.default_value = ParseExpr();
      decl.attrs.push_back(std::move(attr));
    } while (Accept(Tok::kComma));
    Expect(Tok::kRParen, "`,` or `)`");
  }
  Expect(Tok::kLBrace, "`{` and the cards");
  while (!At(Tok::kRBrace)) {
    ast::CardMember card;
    const Token& name = ExpectIdent("a card name or `}`");
    card.name = name.text;
    card.loc = name.loc;
    if (Accept(Tok::kLParen) && !Accept(Tok::kRParen)) {
      do {
        ast::AttrArg arg;
        const Token& attr = ExpectIdent("an attribute name");
        arg.name = attr.text;
        arg.loc = attr.loc;
        Expect(Tok::kColon, "`:` and the attribute's value");
        arg.value = ParseExpr();
        card.args.push_back(std::move(arg));
      } while (Accept(Tok::kComma));
      Expect(Tok::kRParen, "`,` or `)`");
    }
    decl.cards.push_back(std::move(card));
    Accept(Tok::kComma);
  }
  Next();
}

void Parser::ParseState(ast::Decl& decl) {
  Expect(Tok::kLBrace, "`{` and the state variables");
  while (!At(Tok::kRBrace)) {
    ast::StateVar var;
    const Token& name = ExpectIdent("a state variable name or `}`");
    var.name = name.text;
    var.loc = name.loc;
    Expect(Tok::kColon, "`:` and the variable's type");
    var.type = ParseType();
    if (Accept(Tok::kAssign)) var.initial = ParseExpr();
    decl.vars.push_back(std::move(var));
    Accept(Tok::kComma);
  }
  Next();
}

ast::Decl Parser::ParseDecl() {
  ast::Decl decl;
  const Token& keyword = Next();
  decl.loc = keyword.loc;
  auto take_name = [&](const std::string& what) {
    const Token& name = ExpectIdent(what);
    decl.name = name.text;
    decl.name_loc = name.loc;
  };
  switch (keyword.kind) {
    case Tok::kGame: {
      decl.kind = ast::DeclKind::kGame;
      const Token& title = Expect(Tok::kString, "the game's name in quotes");
      decl.name = title.text;
      decl.name_loc = title.loc;
      break;
    }
    case Tok::kConst:
      decl.kind = ast::DeclKind::kConst;
      take_name("the constant's name");
      Expect(Tok::kAssign, "`=` and the constant's value");
      decl.value = ParseExpr();
      break;
    case Tok::kEnum:
      decl.kind = ast::DeclKind::kEnum;
      take_name("the enum's name");
      ParseEnumBody(decl);
      break;
    case Tok::kType:
      decl.kind = ast::DeclKind::kAlias;
      take_name("the type's name");
      Expect(Tok::kAssign, "`=` and a type");
      decl.type = ParseType();
      break;
    case Tok::kStruct:
      decl.kind = ast::DeclKind::kStruct;
      take_name("the struct's name");
      Expect(Tok::kLBrace, "`{` and the fields");
      while (!At(Tok::kRBrace)) {
        ast::Param field;
        const Token& name = ExpectIdent("a field name or `}`");
        field.name = name.text;
        field.loc = name.loc;
        Expect(Tok::kColon, "`:` and the field's type");
        field.type = ParseType();
        decl.params.push_back(std::move(field));
        Accept(Tok::kComma);
      }
      Next();
      break;
    case Tok::kCards:
      decl.kind = ast::DeclKind::kCards;
      take_name("the card type's name");
      ParseCards(decl);
      break;
    case Tok::kState:
      decl.kind = ast::DeclKind::kState;
      ParseState(decl);
      break;
    case Tok::kInit:
      decl.kind = ast::DeclKind::kInit;
      decl.body = ParseBlock();
      break;
    case Tok::kFun:
      decl.kind = ast::DeclKind::kFun;
      take_name("the function's name");
      decl.params = ParseParams();
      Expect(Tok::kColon, "`:` and the result type");
      decl.type = ParseType();
      Expect(Tok::kAssign, "`=` and the function's body");
      decl.value = ParseExpr();
      break;
    case Tok::kProc:
      decl.kind = ast::DeclKind::kProc;
      take_name("the procedure's name");
      decl.params = ParseParams();
      decl.body = ParseBlock();
      break;
    case Tok::kAction:
      decl.kind = ast::DeclKind::kAction;
      take_name("the action's name");
      if (At(Tok::kLParen)) decl.params = ParseParams();
      ParseRuleHead(decl);
      decl.body = ParseBlock();
      break;
    case Tok::kEvent:
      decl.kind = ast::DeclKind::kEvent;
      take_name("the event's name");
      if (At(Tok::kLParen)) decl.params = ParseParams();
      break;
    case Tok::kTrigger: {
      decl.kind = ast::DeclKind::kTrigger;
      take_name("the trigger's name");
      ExpectWord("on");
      const Token& event = ExpectIdent("the event's name");
      decl.event = event.text;
      decl.event_loc = event.loc;
      if (Accept(Tok::kLParen) && !Accept(Tok::kRParen)) {
        do {
          const Token& binder = ExpectIdent("a name for the event's argument");
          decl.binders.push_back({binder.text, binder.loc});
        } while (Accept(Tok::kComma));
        Expect(Tok::kRParen, "`,` or `)`");
      }
      ParseRuleHead(decl);
      decl.body = ParseBlock();
      break;
    }
    case Tok::kTerminal:
      decl.kind = ast::DeclKind::kTerminal;
      Expect(Tok::kWhen, "`when` and a condition");
      decl.value = ParseExpr();
      break;
    case Tok::kInvariant:
    case Tok::kReachable:
      decl.kind =
          keyword.kind == Tok::kInvariant ? ast::DeclKind::kInvariant : ast::DeclKind::kReachable;
      take_name("the property's name");
      Expect(Tok::kColon, "`:` and a condition");
      decl.value = ParseExpr();
      break;
    case Tok::kTerminates:
      decl.kind = ast::DeclKind::kTerminates;
      break;
    case Tok::kQuery:
      decl.kind = ast::DeclKind::kQuery;
      take_name("the query's name");
      Expect(Tok::kColon, "`:` and maximize, minimize, reachable, probability or expect");
      if (AtWord("maximize")) {
        decl.query_kind = ast::QueryKind::kMaximize;
      } else if (AtWord("minimize")) {
        decl.query_kind = ast::QueryKind::kMinimize;
      } else if (At(Tok::kReachable)) {
        decl.query_kind = ast::QueryKind::kReachable;
      } else if (AtWord("probability")) {
        decl.query_kind = ast::QueryKind::kProbability;
      } else if (AtWord("expect")) {
        decl.query_kind = ast::QueryKind::kExpect;
      } else {
        Fail("`maximize`, `minimize`, `reachable`, `probability` or `expect`");
      }
      Next();
      decl.value = ParseExpr();
      // A question about chance is over the whole game (`rulecheck odds`), not a number of moves.
      if (decl.query_kind == ast::QueryKind::kProbability ||
          decl.query_kind == ast::QueryKind::kExpect) {
        if (AtWord("within")) {
          diagnostics_.Error(Peek().loc,
                             "a `probability` or `expect` query takes no `within`: it is about "
                             "the whole game");
          throw SyntaxError{};
        }
        break;
      }
      ExpectWord("within");
      decl.within = ParseExpr();
      break;
    case Tok::kPending:
      decl.kind = ast::DeclKind::kPending;
      decl.value = ParseExpr();
      break;
    default:
      Fail("a declaration");
  }
  return decl;
}

ast::File Parse(const ir::SourceFile& file, Diagnostics& diagnostics) {
  Parser parser(Lex(file, diagnostics), diagnostics);
  return parser.ParseFile();
}

ast::ExprPtr ParseExpression(const ir::SourceFile& file, Diagnostics& diagnostics) {
  Parser parser(Lex(file, diagnostics), diagnostics);
  return parser.ParseStandaloneExpression();
}

}  // namespace rulecheck::front
