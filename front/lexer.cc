// A hand-written scanner over the bytes of a rules file. It keeps line and column as it goes
// so that every token, and every lexical error, carries the position an editor shows.
#include "front/lexer.h"

#include <cctype>
#include <limits>
#include <unordered_map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "front/source_display.h"

namespace rulecheck::front {
namespace {

const std::unordered_map<std::string_view, Tok>& Keywords() {
  static const auto* keywords = new std::unordered_map<std::string_view, Tok>{
      {"game", Tok::kGame},
      {"const", Tok::kConst},
      {"enum", Tok::kEnum},
      {"type", Tok::kType},
      {"struct", Tok::kStruct},
      {"cards", Tok::kCards},
      {"state", Tok::kState},
      {"init", Tok::kInit},
      {"fun", Tok::kFun},
      {"proc", Tok::kProc},
      {"action", Tok::kAction},
      {"event", Tok::kEvent},
      {"trigger", Tok::kTrigger},
      {"terminal", Tok::kTerminal},
      {"invariant", Tok::kInvariant},
      {"reachable", Tok::kReachable},
      {"terminates", Tok::kTerminates},
      {"query", Tok::kQuery},
      {"pending", Tok::kPending},
      {"when", Tok::kWhen},
      {"by", Tok::kBy},
      {"if", Tok::kIf},
      {"then", Tok::kThen},
      {"else", Tok::kElse},
      {"elif", Tok::kElif},
      {"for", Tok::kFor},
      {"in", Tok::kIn},
      {"where", Tok::kWhere},
      {"choose", Tok::kChoose},
      {"roll", Tok::kRoll},
      {"may", Tok::kMay},
      {"require", Tok::kRequire},
      {"assert", Tok::kAssert},
      {"emit", Tok::kEmit},
      {"let", Tok::kLet},
      {"move", Tok::kMove},
      {"and", Tok::kAnd},
      {"or", Tok::kOr},
      {"not", Tok::kNot},
      {"true", Tok::kTrue},
      {"false", Tok::kFalse},
      {"none", Tok::kNone},
  };
  return *keywords;
}

constexpr uint64_t kMostNegativeMagnitude = uint64_t{1} << 63;

class Scanner {
 public:
  Scanner(const ir::SourceFile& file, Diagnostics& diagnostics)
      : text_(file.text()), diagnostics_(diagnostics) {}

  std::vector<Token> Run() {
    std::vector<Token> tokens;
    ir::Location last_content{1, 1};
    bool skipped_bad_text = false;
    while (true) {
      SkipSpaceAndComments();
      if (pos_ >= text_.size()) break;
      Token token;
      after_minus_ = previous_ok_ && !tokens.empty() && tokens.back().kind == Tok::kMinus;
      previous_ok_ = ScanToken(token);
      if (previous_ok_) {
        token.after_bad_text = skipped_bad_text;
        skipped_bad_text = false;
        tokens.push_back(token);
        last_content = {line_, column_};
      } else {
        skipped_bad_text = true;
      }
    }
    // End of file is reported just after the last token, on a line that has text, so that a
    // message about a missing `}` can quote that line.
    Token eof;
    eof.kind = Tok::kEof;
    eof.after_bad_text = skipped_bad_text;
    eof.loc = tokens.empty() ? ir::Location{1, 1} : last_content;
    tokens.push_back(eof);
    return tokens;
  }

 private:
  char Peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  // Whether text_[pos_] ends a line: `\n`, or a `\r` not followed by `\n` (old Mac files;
  // the `\r` of `\r\n` is passed as a space). ir::SourceFile splits lines the same way.
  bool AtLineEnd() const { return text_[pos_] == '\n' || (text_[pos_] == '\r' && Peek(1) != '\n'); }
  // Columns count characters, not bytes: the column moves when a whole character is passed.
  void Advance() {
    if (pos_ >= char_end_) char_end_ = pos_ + ir::CharLength(text_, pos_);
    bool newline = AtLineEnd();
    ++pos_;
    if (newline) {
      ++line_;
      column_ = 1;
    } else if (pos_ == char_end_) {
      ++column_;
    }
  }

  void SkipSpaceAndComments() {
    while (pos_ < text_.size()) {
      char c = Peek();
      if (c == '#') {
        while (pos_ < text_.size() && !AtLineEnd() && Peek() != '\r') Advance();
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        Advance();
      } else {
        return;
      }
    }
  }

  // Scans one token into `token`; returns false (after reporting) for malformed text.
  bool ScanToken(Token& token) {
    token.loc = {line_, column_};
    char c = Peek();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return ScanWord(token);
    if (std::isdigit(static_cast<unsigned char>(c))) return ScanInt(token);
    if (c == '"') return ScanString(token);
    return ScanPunct(token);
  }

  bool ScanWord(Token& token) {
    size_t start = pos_;
    while (std::isalnum(static_cast<unsigned char>(Peek())) || Peek() == '_') Advance();
    token.text = text_.substr(start, pos_ - start);
    auto it = Keywords().find(token.text);
    token.kind = it == Keywords().end() ? Tok::kIdent : it->second;
    return true;
  }

  bool ScanInt(Token& token) {
    size_t start = pos_;
    bool overflow = false;
    uint64_t value = 0;
    while (std::isdigit(static_cast<unsigned char>(Peek()))) {
      uint64_t digit = static_cast<uint64_t>(Peek() - '0');
      // Up to 2^63, the magnitude of the most negative int64, which `-` makes a literal.
      if (value > (kMostNegativeMagnitude - digit) / 10) {
        overflow = true;
      }
      if (!overflow) value = value * 10 + digit;
      Advance();
    }
    token.text = text_.substr(start, pos_ - start);
    if (std::isalpha(static_cast<unsigned char>(Peek())) || Peek() == '_') {
      diagnostics_.Error(
          token.loc, absl::StrCat("expected a number, found `", token.text, std::string(1, Peek()),
                                  "`: a name cannot start with a digit"));
      while (std::isalnum(static_cast<unsigned char>(Peek())) || Peek() == '_') Advance();
      // Still a number to the parser, as a literal too large is below, so that the line does
      // not add an error of its own (`expected an expression, found end of file`).
      token.text = text_.substr(start, pos_ - start);
      token.kind = Tok::kInt;
      token.int_value = 0;
      return true;
    }
    if (Peek() == '.' && std::isdigit(static_cast<unsigned char>(Peek(1)))) {
      // `3.5`: read as 3, then `.5` a field of it, the parser would say "expected a field
      // name after `.`". (`1..6` has two dots.)
      Advance();
      while (std::isdigit(static_cast<unsigned char>(Peek()))) Advance();
      token.text = text_.substr(start, pos_ - start);
      diagnostics_.Error(token.loc, absl::StrCat("`", token.text,
                                                 "` is not a number of the language: its "
                                                 "numbers are whole (integers)"));
      token.kind = Tok::kInt;
      token.int_value = 0;
      return true;
    }
    // 2^63 is a number only as `-9223372036854775808`; the parser rejects it after a `-`
    // that turns out to be a subtraction.
    if (overflow || (value == kMostNegativeMagnitude && !after_minus_)) {
      diagnostics_.Error(token.loc, absl::StrCat("integer literal ", token.text,
                                                 " is too large (the limit is 2^63 - 1)"));
      // Still a number to the parser (0, which rarely leaves a type), so that the rest of the
      // line does not add errors of its own (`expected an expression, found }`).
      token.kind = Tok::kInt;
      token.int_value = 0;
      return true;
    }
    token.kind = Tok::kInt;
    token.int_value = value == kMostNegativeMagnitude ? std::numeric_limits<int64_t>::min()
                                                      : static_cast<int64_t>(value);
    return true;
  }

  bool ScanString(Token& token) {
    Advance();  // the opening quote
    std::string contents;
    while (pos_ < text_.size() && Peek() != '"' && Peek() != '\n' && Peek() != '\r') {
      contents.push_back(Peek());
      Advance();
    }
    if (Peek() != '"') {
      diagnostics_.Error(token.loc,
                         "unterminated string: expected `\"` before the end of the line");
      return false;
    }
    Advance();
    // A string is written to terminals and reports as it is: control bytes (a NUL, an escape
    // sequence that clears the screen) or bytes that are no UTF-8 would garble them.
    if (!PrintableText(contents)) {
      const std::string shown = EscapeForDisplay(contents);
      diagnostics_.Error(token.loc,
                         absl::StrCat("a string may hold only printable text: \"", shown,
                                      "\" has a control character, a direction control or bytes "
                                      "that are not UTF-8"));
      contents = shown;  // the token stands, so that the parse goes on without more errors
    }
    token.kind = Tok::kString;
    token.text = std::move(contents);
    return true;
  }

  bool ScanPunct(Token& token) {
    struct Punct {
      std::string_view text;
      Tok kind;
    };
    // Longest first, so `..` wins over `.` and `:=` over `:`.
    static constexpr Punct kPuncts[] = {
        {"..", Tok::kDotDot}, {":=", Tok::kColonEq}, {"+=", Tok::kPlusEq},  {"-=", Tok::kMinusEq},
        {"==", Tok::kEqEq},   {"!=", Tok::kNotEq},   {"<=", Tok::kLessEq},  {">=", Tok::kGreaterEq},
        {"=>", Tok::kArrow},  {"(", Tok::kLParen},   {")", Tok::kRParen},   {"{", Tok::kLBrace},
        {"}", Tok::kRBrace},  {"[", Tok::kLBracket}, {"]", Tok::kRBracket}, {"<", Tok::kLess},
        {">", Tok::kGreater}, {",", Tok::kComma},    {":", Tok::kColon},    {".", Tok::kDot},
        {"=", Tok::kAssign},  {"+", Tok::kPlus},     {"-", Tok::kMinus},    {"*", Tok::kStar},
        {"/", Tok::kSlash},   {"%", Tok::kPercent},  {"!", Tok::kBang},     {"?", Tok::kQuestion},
    };
    std::string_view rest = std::string_view(text_).substr(pos_);
    for (const Punct& p : kPuncts) {
      if (rest.substr(0, p.text.size()) == p.text) {
        token.kind = p.kind;
        token.text = std::string(p.text);
        for (size_t i = 0; i < p.text.size(); ++i) Advance();
        return true;
      }
    }
    // A run of bytes that cannot start a token (binary data, a pasted symbol) is one mistake.
    size_t start = pos_;
    while (pos_ < text_.size() && !CanStartToken(Peek())) Advance();
    if (pos_ == start) Advance();
    std::string_view run = std::string_view(text_).substr(start, pos_ - start);
    constexpr size_t kShownBytes = 16;
    if (run.size() <= kShownBytes && ir::CharLength(run, 0) == run.size()) {
      // A character outside ASCII is named by its code point: a no-break space or a
      // zero-width one cannot be told from a space, or from nothing, on the screen.
      diagnostics_.Error(
          token.loc,
          absl::StrCat("unexpected character `", std::string(run), "`",
                       run.size() > 1 ? absl::StrFormat(" (U+%04X)", CodePoint(run)) : ""));
    } else {
      diagnostics_.Error(
          token.loc,
          absl::StrCat("unexpected characters `", std::string(run.substr(0, kShownBytes)),
                       run.size() > kShownBytes ? "`..." : "`", " (", run.size(), " bytes)"));
    }
    return false;
  }

  // Whether `c` may begin a token, a space or a comment.
  static bool CanStartToken(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           std::string_view(" \t\r\n#\"().:+-=!<>{}[],*/%?").find(c) != std::string_view::npos;
  }

  const std::string& text_;
  Diagnostics& diagnostics_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  size_t char_end_ = 0;       // where the character that holds text_[pos_ - 1] ends
  bool previous_ok_ = false;  // whether the last ScanToken gave a token
  bool after_minus_ = false;  // whether the token being scanned comes right after a `-`
};

}  // namespace

std::string TokDescription(Tok kind) {
  switch (kind) {
    case Tok::kEof:
      return "end of file";
    case Tok::kIdent:
      return "a name";
    case Tok::kInt:
      return "a number";
    case Tok::kString:
      return "a string";
    default:
      break;
  }
  for (const auto& [word, tok] : Keywords()) {
    if (tok == kind) return absl::StrCat("`", std::string(word), "`");
  }
  static const std::pair<Tok, const char*> kNames[] = {
      {Tok::kLParen, "("},   {Tok::kRParen, ")"},     {Tok::kLBrace, "{"},   {Tok::kRBrace, "}"},
      {Tok::kLBracket, "["}, {Tok::kRBracket, "]"},   {Tok::kLess, "<"},     {Tok::kGreater, ">"},
      {Tok::kLessEq, "<="},  {Tok::kGreaterEq, ">="}, {Tok::kEqEq, "=="},    {Tok::kNotEq, "!="},
      {Tok::kComma, ","},    {Tok::kColon, ":"},      {Tok::kDot, "."},      {Tok::kDotDot, ".."},
      {Tok::kAssign, "="},   {Tok::kColonEq, ":="},   {Tok::kPlusEq, "+="},  {Tok::kMinusEq, "-="},
      {Tok::kPlus, "+"},     {Tok::kMinus, "-"},      {Tok::kStar, "*"},     {Tok::kSlash, "/"},
      {Tok::kPercent, "%"},  {Tok::kBang, "!"},       {Tok::kQuestion, "?"}, {Tok::kArrow, "=>"},
  };
  for (const auto& [tok, text] : kNames) {
    if (tok == kind) return absl::StrCat("`", text, "`");
  }
  return "a token";
}

std::string TokenDescription(const Token& token) {
  switch (token.kind) {
    case Tok::kEof:
      return "end of file";
    case Tok::kString:
      return absl::StrCat("string \"", token.text, "\"");
    default:
      return absl::StrCat("`", token.text, "`");
  }
}

std::vector<Token> Lex(const ir::SourceFile& file, Diagnostics& diagnostics) {
  return Scanner(file, diagnostics).Run();
}

}  // namespace rulecheck::front
