// Tests for reports/html_escape.h: markup characters become character references, so text from
// a rules file can neither open a tag nor leave a quoted attribute; bytes that are not UTF-8
// and control characters become U+FFFD, while well-formed UTF-8 passes through unchanged.
#include "reports/html_escape.h"

#include <gtest/gtest.h>

#include <string>

namespace rulecheck::reports {
namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";

TEST(EscapeHtmlTest, MarkupCharactersBecomeReferences) {
  EXPECT_EQ(EscapeHtml(R"(<script>alert("x & y")</script>)"),
            "&lt;script&gt;alert(&quot;x &amp; y&quot;)&lt;/script&gt;");
  EXPECT_EQ(EscapeHtml("it's"), "it&#39;s");
  // An escaped ampersand is escaped again: the text shows exactly what the file holds.
  EXPECT_EQ(EscapeHtml("&amp;"), "&amp;amp;");
}

TEST(EscapeHtmlTest, PlainTextAndUtf8PassThrough) {
  EXPECT_EQ(EscapeHtml("action play(c: Card) when n >= 0"), "action play(c: Card) when n &gt;= 0");
  EXPECT_EQ(EscapeHtml("Drachen \xC3\xA9p\xC3\xA9\x65 \xE2\x86\x92 \xF0\x9F\x82\xA1"),
            "Drachen \xC3\xA9p\xC3\xA9\x65 \xE2\x86\x92 \xF0\x9F\x82\xA1");
  EXPECT_EQ(EscapeHtml("a\tb\nc\r\n"), "a\tb\nc\r\n");
  EXPECT_EQ(EscapeHtml(""), "");
}

TEST(EscapeHtmlTest, InvalidUtf8AndControlsBecomeReplacementCharacters) {
  // A lone continuation byte, a lead byte with nothing after it, an overlong encoding of '<'
  // (which must not come back as '<'), and a surrogate.
  EXPECT_EQ(EscapeHtml("a\x80z"), std::string("a") + kReplacement + "z");
  EXPECT_EQ(EscapeHtml("a\xC3"), std::string("a") + kReplacement);
  EXPECT_EQ(EscapeHtml("\xC0\xBC"), std::string(kReplacement) + kReplacement);
  EXPECT_EQ(EscapeHtml("\xED\xA0\x80"), std::string(kReplacement) + kReplacement + kReplacement);
  // NUL, escape, DEL and a C1 control (U+0085).
  EXPECT_EQ(EscapeHtml(std::string("x\0y", 3)), std::string("x") + kReplacement + "y");
  EXPECT_EQ(EscapeHtml("\x1B[31m"), std::string(kReplacement) + "[31m");
  EXPECT_EQ(EscapeHtml("\x7F"), kReplacement);
  EXPECT_EQ(EscapeHtml("\xC2\x85"), kReplacement);
  // U+00A0 (no-break space) is text, not a control.
  EXPECT_EQ(EscapeHtml("\xC2\xA0"), "\xC2\xA0");
}

}  // namespace
}  // namespace rulecheck::reports
