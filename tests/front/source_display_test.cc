// Tests for how diagnostics show source text: escaped non-printable bytes, long lines cut
// around the caret, columns in characters, and the cap on the number of errors rendered.
#include "front/source_display.h"

#include <gtest/gtest.h>

#include <string>

#include "front/diagnostics.h"
#include "front/lexer.h"

namespace rulecheck::front {
namespace {

std::string LexErrors(const std::string& text) {
  ir::SourceFile file("t.rules", text);
  Diagnostics diagnostics(&file);
  Lex(file, diagnostics);
  return diagnostics.Render();
}

TEST(SourceDisplayTest, EscapesControlAndInvalidBytes) {
  EXPECT_EQ(EscapeForDisplay("a\x01z\tb\x7f"), "a\\x01z\tb\\x7f");
  EXPECT_EQ(EscapeForDisplay("caf\xc3\xa9 \xff"), "caf\xc3\xa9 \\xff");
  EXPECT_EQ(EscapeForDisplay("\xc2\x85"), "\\xc2\\x85");  // a C1 control
}

TEST(SourceDisplayTest, CaretUnderACharacterAfterUtf8AndEscapes) {
  // Column 4 is `x`: after `é`, a control byte and a space.
  EXPECT_EQ(QuoteLine("\xc3\xa9\x02 x", 4), "  \xc3\xa9\\x02 x\n        ^\n");
}

TEST(SourceDisplayTest, LongLinesAreCutAroundTheCaret) {
  std::string line = std::string(1000, 'a') + "X" + std::string(1000, 'b');
  std::string quoted = QuoteLine(line, 1001);
  size_t newline = quoted.find('\n');
  std::string text = quoted.substr(0, newline);
  std::string caret = quoted.substr(newline + 1);
  EXPECT_LE(text.size(), static_cast<size_t>(kMaxQuotedWidth + 8));
  EXPECT_EQ(text.substr(0, 5), "  ...");
  EXPECT_EQ(text.substr(text.size() - 3), "...");
  EXPECT_EQ(text[caret.find('^')], 'X');
}

TEST(SourceDisplayTest, LexerColumnsCountCharacters) {
  std::string errors = LexErrors("x = \"\xc3\xa9\xe2\x82\xac\" $");
  EXPECT_NE(errors.find("t.rules:1:10: error: unexpected character `$`"), std::string::npos)
      << errors;
}

TEST(SourceDisplayTest, ByteOrderMarkIsSkipped) {
  ir::SourceFile file("t.rules", "\xef\xbb\xbfstate");
  Diagnostics diagnostics(&file);
  std::vector<Token> tokens = Lex(file, diagnostics);
  EXPECT_FALSE(diagnostics.has_errors()) << diagnostics.Render();
  ASSERT_GE(tokens.size(), 1u);
  EXPECT_EQ(tokens[0].kind, Tok::kState);
  EXPECT_EQ(tokens[0].loc, (ir::Location{1, 1}));
}

TEST(SourceDisplayTest, ARunOfBadBytesIsOneError) {
  std::string errors = LexErrors("state " + std::string(100, '\x01') + " x");
  EXPECT_NE(errors.find("1:7: error: unexpected characters `\\x01\\x01"), std::string::npos)
      << errors;
  EXPECT_NE(errors.find("(100 bytes)"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("1:8:"), std::string::npos) << errors;
}

// 100 KB of control bytes used to give hundreds of megabytes of errors, each quoting the
// whole line: now at most kMaxRenderedErrors, each line cut, then a count of the rest.
TEST(SourceDisplayTest, RenderedErrorsAreCappedAndShort) {
  ir::SourceFile file("t.rules", std::string(100000, 'x'));
  Diagnostics diagnostics(&file);
  for (int column = 1; column <= 5000; ++column) diagnostics.Error({1, column}, "bad \x01");
  std::string errors = diagnostics.Render();
  EXPECT_LT(errors.size(), 20000u);
  EXPECT_NE(errors.find("t.rules:1:50: error: bad \\x01"), std::string::npos);
  EXPECT_EQ(errors.find("t.rules:1:51:"), std::string::npos);
  EXPECT_NE(errors.find("4950 more errors not shown"), std::string::npos) << errors.substr(0, 400);
}

// A no-break space looked like a space and a zero-width space like nothing in "unexpected
// character ` `"; a right-to-left override reordered the terminal's line.
TEST(SourceDisplayTest, InvisibleCharactersAreShownByCodePoint) {
  std::string errors = LexErrors("x\xc2\xa0y");
  EXPECT_NE(errors.find("1:2: error: unexpected character `\\u00A0` (U+00A0)"), std::string::npos)
      << errors;
  EXPECT_NE(errors.find("  x\\u00A0y\n   ^\n"), std::string::npos) << errors;
  errors = LexErrors("x \xe2\x80\xae y # \xe2\x80\x8b");
  EXPECT_NE(errors.find("unexpected character `\\u202E` (U+202E)"), std::string::npos) << errors;
  EXPECT_NE(errors.find("# \\u200B"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("\xe2\x80"), std::string::npos) << errors;
  EXPECT_EQ(CodePoint("\xf0\x9f\x8e\xb2"), 0x1f3b2u);
}

TEST(SourceDisplayTest, StringsMayHoldAnyPrintableCharacterButNoDirectionControl) {
  EXPECT_TRUE(PrintableText("caf\xc3\xa9 10\xc2\xa0\xe2\x82\xac\tok"));
  EXPECT_FALSE(PrintableText("abc\xe2\x80\xae"));  // U+202E
  EXPECT_FALSE(PrintableText("a\x1b[2J"));
  EXPECT_FALSE(PrintableText("\xc2\x85"));  // U+0085, a C1 control
  EXPECT_FALSE(PrintableText("\xff"));
}

// A name of a million characters was quoted whole in its error.
TEST(SourceDisplayTest, ALongNameInAMessageIsCutWithItsLength) {
  const std::string name(100000, 'x');
  EXPECT_EQ(
      ShortenLongRuns("unknown name `" + name + "`, did you mean `y`?"),
      "unknown name `" + std::string(39, 'x') + "...` (100000 characters), did you mean `y`?");
  EXPECT_EQ(ShortenLongRuns("literal " + std::string(81, '9') + " is too large"),
            "literal " + std::string(40, '9') + "... (81 characters) is too large");
  const std::string fits = "word `" + std::string(78, 'x') + "` ok";
  EXPECT_EQ(ShortenLongRuns(fits), fits);
  // Characters, not bytes: 90 two-byte letters are cut after 40 of them.
  std::string wide;
  for (int i = 0; i < 90; ++i) wide += "\xc3\xa9";
  EXPECT_EQ(ShortenLongRuns(wide), wide.substr(0, 80) + "... (90 characters)");

  ir::SourceFile file("t.rules", "x");
  Diagnostics diagnostics(&file);
  diagnostics.Error({1, 1}, "undefined name `" + name + "`");
  EXPECT_LT(diagnostics.Render().size(), 300u) << diagnostics.Render();
}

}  // namespace
}  // namespace rulecheck::front
