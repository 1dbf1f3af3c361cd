// The lexer: source text to tokens. `#` starts a comment to the end of the line; newlines are
// white space. Malformed text (a stray character, an unterminated string, an integer too large
// for 64 bits) is reported at its position and skipped, so lexing always reaches the end and
// the token list always ends with kEof.
#ifndef RULECHECK_FRONT_LEXER_H_
#define RULECHECK_FRONT_LEXER_H_

#include <vector>

#include "front/diagnostics.h"
#include "front/token.h"
#include "ir/source.h"

namespace rulecheck::front {

std::vector<Token> Lex(const ir::SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_LEXER_H_
