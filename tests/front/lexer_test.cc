// Tests for the lexer: token kinds, positions, keywords versus contextual words, and the
// located errors for malformed text.
#include "front/lexer.h"

#include <gtest/gtest.h>

namespace rulecheck::front {
namespace {

std::vector<Token> LexText(const std::string& text, std::string* errors = nullptr) {
  ir::SourceFile file("t.rules", text);
  Diagnostics diagnostics(&file);
  std::vector<Token> tokens = Lex(file, diagnostics);
  if (errors != nullptr) *errors = diagnostics.Render();
  return tokens;
}

std::vector<Tok> Kinds(const std::vector<Token>& tokens) {
  std::vector<Tok> kinds;
  for (const Token& t : tokens) kinds.push_back(t.kind);
  return kinds;
}

TEST(LexerTest, PunctuationPrefersTheLongestToken) {
  EXPECT_EQ(Kinds(LexText("0..2 := += -= == != <= >= => . : = < > ! ?")),
            (std::vector<Tok>{Tok::kInt, Tok::kDotDot, Tok::kInt, Tok::kColonEq, Tok::kPlusEq,
                              Tok::kMinusEq, Tok::kEqEq, Tok::kNotEq, Tok::kLessEq, Tok::kGreaterEq,
                              Tok::kArrow, Tok::kDot, Tok::kColon, Tok::kAssign, Tok::kLess,
                              Tok::kGreater, Tok::kBang, Tok::kQuestion, Tok::kEof}));
}

TEST(LexerTest, KeywordsAndContextualWords) {
  std::vector<Token> tokens = LexText("action on from to bag all count when");
  EXPECT_EQ(Kinds(tokens),
            (std::vector<Tok>{Tok::kAction, Tok::kIdent, Tok::kIdent, Tok::kIdent, Tok::kIdent,
                              Tok::kIdent, Tok::kIdent, Tok::kWhen, Tok::kEof}));
  EXPECT_EQ(tokens[1].text, "on");
}

TEST(LexerTest, PositionsAreOneBasedLinesAndColumns) {
  std::vector<Token> tokens = LexText("const X = 5\n  # comment\n  state");
  ASSERT_EQ(tokens.size(), 6u);
  EXPECT_EQ(tokens[0].loc, (ir::Location{1, 1}));
  EXPECT_EQ(tokens[3].loc, (ir::Location{1, 11}));
  EXPECT_EQ(tokens[3].int_value, 5);
  EXPECT_EQ(tokens[4].loc, (ir::Location{3, 3}));
}

TEST(LexerTest, LargestIntegerAndOverflow) {
  std::vector<Token> tokens = LexText("9223372036854775807");
  EXPECT_EQ(tokens[0].int_value, 9223372036854775807);
  std::string errors;
  LexText("x 9223372036854775808", &errors);
  EXPECT_NE(errors.find("t.rules:1:3: error: integer literal"), std::string::npos) << errors;
}

TEST(LexerTest, StringsAndUnterminatedStrings) {
  std::vector<Token> tokens = LexText("game \"Tic-tac-toe\"");
  EXPECT_EQ(tokens[1].kind, Tok::kString);
  EXPECT_EQ(tokens[1].text, "Tic-tac-toe");
  std::string errors;
  LexText("game \"open\nstate", &errors);
  EXPECT_NE(errors.find("t.rules:1:6: error: unterminated string"), std::string::npos) << errors;
}

// A string is shown to terminals as it is: a control byte or bytes that are not UTF-8 would
// garble them, so they are an error (the token stands, escaped, and the lexing goes on). A
// tab and UTF-8 text are fine.
TEST(LexerTest, AStringHoldsOnlyPrintableText) {
  std::string errors;
  std::vector<Token> tokens = LexText("game \"a\x1b[2Jb\\\xff\" x", &errors);
  EXPECT_NE(errors.find("t.rules:1:6: error: a string may hold only printable text: "
                        "\"a\\x1b[2Jb\\\\xff\" has a control character"),
            std::string::npos)
      << errors;
  EXPECT_EQ(Kinds(tokens), (std::vector<Tok>{Tok::kGame, Tok::kString, Tok::kIdent, Tok::kEof}));
  errors.clear();
  const char with_nul[] = "game \"tab\there, caf\xc3\xa9, NUL\0\"";
  tokens = LexText(std::string(with_nul, sizeof with_nul - 1), &errors);
  EXPECT_NE(errors.find("\"tab\there, caf\xc3\xa9, NUL\\x00\" has"), std::string::npos) << errors;
  errors.clear();
  tokens = LexText("game \"tab\there, caf\xc3\xa9\"", &errors);
  EXPECT_TRUE(errors.empty()) << errors;
  EXPECT_EQ(tokens[1].text, "tab\there, caf\xc3\xa9");
}

// `0x10` and `1_000` are one error each, and still a number to the parser (which once added
// "expected an expression, found end of file" before it).
TEST(LexerTest, ANumberRunIntoANameIsOneErrorAndStillANumber) {
  for (const char* text : {"n < 0x10", "n < 1_000"}) {
    std::string errors;
    std::vector<Token> tokens = LexText(text, &errors);
    EXPECT_NE(errors.find("t.rules:1:5: error: expected a number, found `"), std::string::npos)
        << errors;
    EXPECT_EQ(Kinds(tokens), (std::vector<Tok>{Tok::kIdent, Tok::kLess, Tok::kInt, Tok::kEof}));
  }
}

TEST(LexerTest, StrayCharactersAreReportedWithCaret) {
  std::string errors;
  std::vector<Token> tokens = LexText("x := $y", &errors);
  EXPECT_NE(errors.find("t.rules:1:6: error: unexpected character `$`"), std::string::npos);
  EXPECT_NE(errors.find("       ^"), std::string::npos) << errors;
  // Lexing goes on after the bad character.
  EXPECT_EQ(Kinds(tokens), (std::vector<Tok>{Tok::kIdent, Tok::kColonEq, Tok::kIdent, Tok::kEof}));
}

TEST(LexerTest, ALoneCarriageReturnEndsALineAsNewlineDoes) {
  for (const char* text : {"a\rb\r  $", "a\nb\n  $", "a\r\nb\r\n  $"}) {
    std::string errors;
    std::vector<Token> tokens = LexText(text, &errors);
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[1].loc.line, 2) << testing::PrintToString(text);
    EXPECT_EQ(tokens[1].loc.column, 1);
    EXPECT_NE(errors.find("t.rules:3:3: error: unexpected character `$`"), std::string::npos)
        << errors;
  }
  // A comment and a string end at a lone CR too.
  std::string errors;
  std::vector<Token> tokens = LexText("# note\rx \"open\ry", &errors);
  EXPECT_EQ(Kinds(tokens), (std::vector<Tok>{Tok::kIdent, Tok::kIdent, Tok::kEof}));
  EXPECT_EQ(tokens[1].loc.line, 3);
  EXPECT_NE(errors.find("t.rules:2:3: error: unterminated string"), std::string::npos) << errors;
}

TEST(LexerTest, TheTokenAfterDroppedTextSaysSo) {
  std::vector<Token> tokens = LexText("x $ y z");
  ASSERT_EQ(Kinds(tokens), (std::vector<Tok>{Tok::kIdent, Tok::kIdent, Tok::kIdent, Tok::kEof}));
  EXPECT_FALSE(tokens[0].after_bad_text);
  EXPECT_TRUE(tokens[1].after_bad_text);
  EXPECT_FALSE(tokens[2].after_bad_text);
  EXPECT_TRUE(LexText("x $").back().after_bad_text);
}

TEST(LexerTest, EndOfFileSitsAfterTheLastToken) {
  std::vector<Token> tokens = LexText("state {\n  x: bool\n\n\n");
  EXPECT_EQ(tokens.back().kind, Tok::kEof);
  EXPECT_EQ(tokens.back().loc, (ir::Location{2, 10}));
}

}  // namespace
}  // namespace rulecheck::front
