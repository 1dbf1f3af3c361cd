// LoadModel: the model stage's pipeline from a file name to a checked, laid-out Model. The
// source text is owned by the Model (diagnostics and reports quote it), every front-end error
// is collected before failing, and the layout is built only for an error-free program.
#include "model/model.h"

#include <fstream>
#include <sstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "model/checker.h"
#include "model/diagnostics.h"
#include "model/parser.h"

namespace rulecheck::model {

absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                 const std::vector<ConstOverride>& overrides) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read rules file `", path, "`"));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return absl::NotFoundError(absl::StrCat("cannot read rules file `", path, "`"));
  return LoadModelFromText(path, text.str(), overrides);
}

absl::StatusOr<std::unique_ptr<Model>> LoadModelFromText(
    const std::string& path, std::string text, const std::vector<ConstOverride>& overrides) {
  auto model = std::make_unique<Model>();
  model->source = std::make_unique<SourceFile>(path, std::move(text));
  Diagnostics diagnostics(model->source.get());
  ast::File file = Parse(*model->source, diagnostics);
  // A file with syntax errors is not type-checked: the parser has already reported every
  // independent syntax error, and checking the partial tree would only add noise.
  if (diagnostics.has_errors()) return diagnostics.ToStatus();
  std::vector<std::string> override_errors;
  Check(file, overrides, model->program, diagnostics, override_errors);
  if (diagnostics.has_errors() || !override_errors.empty()) {
    std::string message = diagnostics.has_errors() ? diagnostics.Render() : "";
    for (const std::string& error : override_errors) {
      if (!message.empty() && message.back() != '\n') message += "\n";
      message += error;
    }
    return absl::InvalidArgumentError(message);
  }
  ir::NumberTrailPoints(model->program);
  model->layout = StateLayout::Build(model->program);
  return model;
}

}  // namespace rulecheck::model
