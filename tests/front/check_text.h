// Parsing and checking a rules text in front-end tests, and asserting on the one error it
// should report: shared by the tests of the language's forms (syntax_gaps_test.cc,
// rulebook_gaps_test.cc).
#ifndef RULECHECK_TESTS_FRONT_CHECK_TEXT_H_
#define RULECHECK_TESTS_FRONT_CHECK_TEXT_H_

#include <memory>
#include <string>
#include <vector>

#include "front/ast.h"
#include "front/diagnostics.h"
#include "gtest/gtest.h"
#include "ir/ir.h"
#include "ir/source.h"

namespace rulecheck::front {

struct Checked {
  std::unique_ptr<ir::SourceFile> source;
  ast::File file;
  ir::Program program;
  std::vector<Diagnostic> errors;
  std::string rendered;
};

// Parses and (when the parse is clean) checks `text`, as `t.rules`.
std::unique_ptr<Checked> CheckText(const std::string& text);

// Whether exactly one error was reported, at line:col, containing `text`.
::testing::AssertionResult OneErrorAt(const Checked& r, int line, int col, const std::string& text);

}  // namespace rulecheck::front

#endif  // RULECHECK_TESTS_FRONT_CHECK_TEXT_H_
