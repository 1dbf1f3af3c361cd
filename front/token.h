// Tokens of the rules language, as the lexer produces them for the parser.
#ifndef RULECHECK_FRONT_TOKEN_H_
#define RULECHECK_FRONT_TOKEN_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/source.h"

namespace rulecheck::front {

enum class Tok {
  kEof,
  kIdent,
  kInt,
  kString,
  // Punctuation.
  kLParen,
  kRParen,
  kLBrace,
  kRBrace,
  kLBracket,
  kRBracket,
  kLess,
  kGreater,
  kLessEq,
  kGreaterEq,
  kEqEq,
  kNotEq,
  kComma,
  kColon,
  kDot,
  kDotDot,
  kAssign /* = */,
  kColonEq,
  kPlusEq,
  kMinusEq,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kBang,
  kQuestion,
  kArrow /* => */,
  // Keywords. Words used only in one construct (on, from, to, within, maximize, minimize,
  // bag, seq, set, all, any, sum, count) stay identifiers so they remain usable as names.
  kGame,
  kConst,
  kEnum,
  kType,
  kStruct,
  kCards,
  kState,
  kInit,
  kFun,
  kProc,
  kAction,
  kEvent,
  kTrigger,
  kTerminal,
  kInvariant,
  kReachable,
  kTerminates,
  kQuery,
  kPending,
  kWhen,
  kBy,
  kIf,
  kThen,
  kElse,
  kElif,
  kFor,
  kIn,
  kWhere,
  kChoose,
  kRoll,
  kMay,
  kRequire,
  kAssert,
  kEmit,
  kLet,
  kMove,
  kAnd,
  kOr,
  kNot,
  kTrue,
  kFalse,
  kNone,
};

struct Token {
  Tok kind = Tok::kEof;
  ir::Location loc;
  std::string text;  // identifier name, string contents, or the token as written
  // kInt: the value. The literal 9223372036854775808 (2^63) is a token only right after a
  // `-`, with the value INT64_MIN, which no other literal gives; the parser accepts it only
  // as the operand of a unary minus (elsewhere it is a lexical error).
  int64_t int_value = 0;
  // Whether the lexer dropped text it reported as an error just before this token: the parser
  // then reports nothing of its own about this token, since the dropped text is the mistake.
  bool after_bad_text = false;
};

// How a token kind reads in a message: "`{`", "identifier", "end of file".
std::string TokDescription(Tok kind);
// The same for a concrete token: "`foo`", "`{`", "end of file".
std::string TokenDescription(const Token& token);

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_TOKEN_H_
