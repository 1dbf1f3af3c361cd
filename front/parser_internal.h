// The recursive-descent parser's shared state, split over parser.cc (declarations),
// parser_expr.cc (expressions, types, domains) and parser_stmt.cc (statements). Internal to
// front/.
#ifndef RULECHECK_FRONT_PARSER_INTERNAL_H_
#define RULECHECK_FRONT_PARSER_INTERNAL_H_

#include <set>
#include <string>
#include <vector>

#include "front/ast.h"
#include "front/diagnostics.h"
#include "front/token.h"

namespace rulecheck::front {

// Thrown inside the parser after a syntax error has been reported, to unwind to the
// enclosing declaration, which then resynchronises. Never leaves the parser.
struct SyntaxError {};

class Parser {
 public:
  Parser(std::vector<Token> tokens, Diagnostics& diagnostics)
      : tokens_(std::move(tokens)), diagnostics_(diagnostics) {}

  ast::File ParseFile();
  ast::ExprPtr ParseStandaloneExpression();

  // Declarations (parser.cc).
  ast::Decl ParseDecl();
  void ParseEnumBody(ast::Decl& decl);
  void ParseCards(ast::Decl& decl);
  void ParseState(ast::Decl& decl);
  std::vector<ast::Param> ParseParams();
  void ParseRuleHead(ast::Decl& decl);  // [by EXPR] [when EXPR]
  bool AtPolicy() const;                // at a `policy NAME` declaration
  ast::Decl ParsePolicy();
  void SkipToNextDecl();

  // Expressions and types (parser_expr.cc).
  ast::ExprPtr ParseExpr();
  ast::ExprPtr ParseImplies();
  ast::ExprPtr ParseOr();
  ast::ExprPtr ParseAnd();
  ast::ExprPtr ParseNot();
  ast::ExprPtr ParseComparison();
  ast::ExprPtr ParseAdditive();
  ast::ExprPtr ParseMultiplicative();
  ast::ExprPtr ParseUnary();
  ast::ExprPtr ParsePostfix();
  ast::ExprPtr ParsePrimary();
  ast::ExprPtr ParseIf();
  ast::ExprPtr ParseQuantifier();
  ast::ExprPtr ParseThe(ir::Location loc);  // after `the`
  // `S { field: value, ... }`: a name, `{`, then a field and `:` (or `}` after a declared
  // struct's name).
  bool AtStructLiteral() const;
  ast::ExprPtr ParseStructLiteral();
  // `[p in Player: e]` (at `[`); several names nest: `[p in P, c in C: e]` is
  // `[p in P: [c in C: e]]`.
  ast::ExprPtr ParseArrayOf();
  std::vector<ast::ExprPtr> ParseArgs();  // ( expr, ... )
  std::unique_ptr<ast::Domain> ParseDomain();
  // `a in A, b in B`: the bindings of a quantifier, `for`, `choose` or `roll`, outermost first.
  struct Binding {
    std::string name;
    ir::Location name_loc;
    std::unique_ptr<ast::Domain> domain;
  };
  std::vector<Binding> ParseBindings();
  ast::TypeExprPtr ParseType();
  ast::TypeExprPtr ParseOptionSuffix(ast::TypeExprPtr type);  // `?`...
  // At `(`: whether it opens a type in parentheses (`(1..M)?`) rather than an expression that
  // starts a range's bound (`(N + 1)..M`), judged by the token after the matching `)`.
  bool AtParenthesisedType() const;
  const Token& AfterParentheses() const;  // REQUIRES: At(Tok::kLParen)
  bool AtQuantifier() const;

  // Statements (parser_stmt.cc).
  ast::Block ParseBlock();
  ast::StmtPtr ParseStmt();

  // Token helpers.
  const Token& Peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  bool At(Tok kind) const { return Peek().kind == kind; }
  bool AtWord(std::string_view word) const {
    return Peek().kind == Tok::kIdent && Peek().text == word;
  }
  const Token& Next() {
    const Token& t = Peek();
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  bool Accept(Tok kind) {
    if (!At(kind)) return false;
    Next();
    return true;
  }
  // Consumes a token of `kind` or reports `expected <what>, found <token>` and throws.
  const Token& Expect(Tok kind, const std::string& what = "");
  const Token& ExpectWord(std::string_view word);
  const Token& ExpectIdent(const std::string& what);
  [[noreturn]] void Fail(const std::string& expected);
  // At a `{`: whether what follows it starts a block of statements (a statement keyword, an
  // assignment, or `}`) rather than a set literal.
  bool BodyFollows() const;

  // How deep expressions, types and blocks may nest, and how high an expression or type tree
  // may be: deeper input is reported, not parsed by a recursion (or later walked by one) that
  // could overflow the stack.
  static constexpr int kMaxNesting = 256;
  // Counts one level of nesting for as long as it lives; reports too deep a nesting (and
  // throws) at the current token.
  class Nesting {
   public:
    explicit Nesting(Parser& parser) : parser_(parser) {
      if (parser_.nesting_ >= kMaxNesting) parser_.FailTooDeep();
      ++parser_.nesting_;
    }
    ~Nesting() { --parser_.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& parser_;
  };
  [[noreturn]] void FailTooDeep();
  // Set the height of a node just built from its children's. Every node the parser builds
  // passes through one of these. A type deeper than kMaxNesting (`T???...`, built by a loop)
  // is reported here (and throws); an expression chain built by a loop (`a + b + ...`) may be
  // any height, which the type checker bounds before any pass recurses over it.
  ast::ExprPtr Bounded(ast::ExprPtr expr);
  ast::TypeExprPtr Bounded(ast::TypeExprPtr type);

 private:
  int nesting_ = 0;
  std::set<std::string> struct_names_;  // every `struct NAME` of the file (ParseFile)
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  Diagnostics& diagnostics_;
};

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_PARSER_INTERNAL_H_
