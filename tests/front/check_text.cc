// See check_text.h.
#include "tests/front/check_text.h"

#include "front/parser.h"
#include "front/type_checker.h"

namespace rulecheck::front {

std::unique_ptr<Checked> CheckText(const std::string& text) {
  auto r = std::make_unique<Checked>();
  r->source = std::make_unique<ir::SourceFile>("t.rules", text);
  Diagnostics diagnostics(r->source.get());
  r->file = Parse(*r->source, diagnostics);
  if (!diagnostics.has_errors()) {
    std::vector<std::string> override_errors;
    Check(r->file, {}, r->program, diagnostics, override_errors);
  }
  r->errors = diagnostics.errors();
  r->rendered = diagnostics.Render();
  return r;
}

::testing::AssertionResult OneErrorAt(const Checked& r, int line, int col,
                                      const std::string& text) {
  if (r.errors.size() == 1 && r.errors[0].location.line == line &&
      r.errors[0].location.column == col && r.errors[0].message.find(text) != std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "expected one error at " << line << ":" << col << " containing `" << text << "`, got:\n"
         << r.rendered;
}

}  // namespace rulecheck::front
