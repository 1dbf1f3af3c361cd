// The lexer: source text to tokens. `#` starts a comment to the end of the line; newlines are
// white space. Malformed text (a stray character, an unterminated string, an integer too large
// for 64 bits) is reported at its position and skipped, so lexing always reaches the end and
// the token list always ends with kEof.
#ifndef RULECHECK_MODEL_LEXER_H_
#define RULECHECK_MODEL_LEXER_H_

#include <vector>

#include "model/diagnostics.h"
#include "model/source.h"
#include "model/token.h"

namespace rulecheck::model {

std::vector<Token> Lex(const SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_LEXER_H_
