// The parser: tokens to AST, by recursive descent.
//
// The grammar is newline-insensitive. On a syntax error the parser reports
// `expected X, found Y` at the unexpected token, then skips to the start of the next
// declaration (or the end of the current statement) and goes on, so that one run reports
// every independent syntax error.
#ifndef RULECHECK_MODEL_PARSER_H_
#define RULECHECK_MODEL_PARSER_H_

#include "model/ast.h"
#include "model/diagnostics.h"
#include "model/source.h"

namespace rulecheck::model {

// Parses a whole `.rules` file. Errors go to `diagnostics`; the returned AST holds what could
// be parsed.
ast::File Parse(const SourceFile& file, Diagnostics& diagnostics);

// Parses `file` as a single expression (for properties given on the command line).
ast::ExprPtr ParseExpression(const SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_PARSER_H_
