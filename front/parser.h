// The parser: tokens to AST, by recursive descent.
//
// The grammar is newline-insensitive. On a syntax error the parser reports
// `expected X, found Y` at the unexpected token, then skips to the start of the next
// declaration (or the end of the current statement) and goes on, so that one run reports
// every independent syntax error.
#ifndef RULECHECK_FRONT_PARSER_H_
#define RULECHECK_FRONT_PARSER_H_

#include "front/ast.h"
#include "front/diagnostics.h"
#include "ir/source.h"

namespace rulecheck::front {

// Parses a whole `.rules` file. Errors go to `diagnostics`; the returned AST holds what could
// be parsed.
ast::File Parse(const ir::SourceFile& file, Diagnostics& diagnostics);

// Parses `file` as a single expression (for properties given on the command line).
ast::ExprPtr ParseExpression(const ir::SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_PARSER_H_
