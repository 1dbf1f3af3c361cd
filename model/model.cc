// LoadModel: the model stage's pipeline from a file name to a checked, laid-out Model. The
// source text is owned by the Model (diagnostics and reports quote it), every front-end error
// is collected before failing, and the layout is built only for an error-free program.
#include "model/model.h"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/read_file.h"
#include "base/status_macros.h"
#include "front/diagnostics.h"
#include "front/parser.h"
#include "front/type_checker.h"
#include "ir/passes.h"
#include "model/constant_tables.h"

namespace rulecheck::model {

std::pair<const ir::SourceFile*, ir::Location> Model::Resolve(ir::Location location) const {
  const ir::SourceFile* file = source.get();
  ir::Location local = location;
  for (size_t i = 0; i < extra_sources.size(); ++i) {
    if (location.line >= extra_first_lines[i]) {
      file = extra_sources[i].get();
      local.line = location.line - extra_first_lines[i] + 1;
    }
  }
  return {file, local};
}

absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                 const std::vector<ConstOverride>& overrides,
                                                 const std::vector<ExtraProperty>& extra) {
  // A directory, an unreadable file and one past the cap are refused with the reason.
  ASSIGN_OR_RETURN(std::string text, base::ReadWholeFile(path, "rules file", kMaxRulesFileBytes));
  // A pipe (`<(generate)`) is a fine source; a device such as /dev/null that gives nothing
  // is a mistake in the command line, not an empty file.
  std::error_code error;
  if (text.empty() && !std::filesystem::is_regular_file(path, error)) {
    return absl::InvalidArgumentError(absl::StrCat("cannot read rules file `", path,
                                                   "`: it is not a regular file and gave no text"));
  }
  return LoadModelFromText(path, std::move(text), overrides, extra);
}

absl::StatusOr<std::unique_ptr<Model>> LoadModelFromText(
    const std::string& path, std::string text, const std::vector<ConstOverride>& overrides,
    const std::vector<ExtraProperty>& extra) {
  auto model = std::make_unique<Model>();
  model->source = std::make_unique<ir::SourceFile>(path, std::move(text));
  front::Diagnostics diagnostics(model->source.get());
  front::ast::File file = front::Parse(*model->source, diagnostics);
  // A file with syntax errors is not type-checked: the parser has already reported every
  // independent syntax error, and checking the partial tree would only add noise.
  if (diagnostics.has_errors()) return diagnostics.ToStatus();
  // An empty file would otherwise be a game with one state and no move, reported as a
  // deadlock; it is far more likely the wrong or a truncated file (docs/language.md).
  if (file.decls.empty()) {
    diagnostics.Error({1, 1},
                      "the file has no declarations: a rules file declares at least "
                      "its state or its moves");
    return diagnostics.ToStatus();
  }
  // Command-line properties: each parsed from its own padded source (see Model), then
  // declared like the file's own.
  int next_line = model->source->line_count() + 1;
  for (const ExtraProperty& property : extra) {
    static constexpr const char* kFlags[] = {"--invariant", "--reachable", "--probability",
                                             "--expect"};
    model->extra_sources.push_back(std::make_unique<ir::SourceFile>(
        kFlags[static_cast<int>(property.kind)], std::string(next_line - 1, '\n') + property.expr));
    const ir::SourceFile& source = *model->extra_sources.back();
    model->extra_first_lines.push_back(next_line);
    diagnostics.AddSource(&source, next_line);
    front::Diagnostics own(&source);
    own.AddSource(&source, next_line);
    front::ast::Decl decl;
    switch (property.kind) {
      case ExtraProperty::Kind::kInvariant:
        decl.kind = front::ast::DeclKind::kInvariant;
        break;
      case ExtraProperty::Kind::kReachable:
        decl.kind = front::ast::DeclKind::kReachable;
        break;
      case ExtraProperty::Kind::kProbability:
      case ExtraProperty::Kind::kExpect:
        decl.kind = front::ast::DeclKind::kQuery;
        decl.query_kind = property.kind == ExtraProperty::Kind::kProbability
                              ? front::ast::QueryKind::kProbability
                              : front::ast::QueryKind::kExpect;
        break;
    }
    decl.value = front::ParseExpression(source, own);
    if (own.has_errors() || decl.value == nullptr) {
      if (!own.has_errors()) own.Error({next_line, 1}, "expected an expression");
      return own.ToStatus();
    }
    decl.name = property.expr;
    decl.from_command_line = true;
    decl.loc = decl.name_loc = {next_line, 1};
    file.decls.push_back(std::move(decl));
    next_line = source.line_count() + 1;
  }
  std::vector<std::string> override_errors;
  front::Check(file, overrides, model->program, diagnostics, override_errors);
  if (diagnostics.has_errors() || !override_errors.empty()) {
    std::string message = diagnostics.has_errors() ? diagnostics.Render() : "";
    for (const std::string& error : override_errors) {
      if (!message.empty() && message.back() != '\n') message += "\n";
      message += error;
    }
    return absl::InvalidArgumentError(message);
  }
  ir::LaidOutProgram laid_out = ir::LayOut(ir::NumberTrailPoints(model->program));
  model->layout = laid_out.layout();
  ComputeConstantTables(model->program);
  return model;
}

}  // namespace rulecheck::model
