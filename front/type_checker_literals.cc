// Struct literals (`S { a: 1, b: P1 }`) and `the x in D where c`, the one value of a domain
// that satisfies a condition.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {

ir::ExprPtr TypeChecker::CheckStructLiteral(const ast::Expr& e) {
  const Symbol* symbol = FindGlobal(e.name);
  const ir::Type* t = symbol != nullptr && symbol->kind == SymbolKind::kType
                          ? TypeOfDecl(symbol->index, e.name_loc)
                          : nullptr;
  if (t == nullptr || (!IsError(t) && t->kind != ir::TypeKind::kStruct)) {
    Error(e.name_loc,
          absl::StrCat(Quote(e.name), " is not a struct type: `", e.name,
                       " { field: value, ... }` builds a value of a struct",
                       t == nullptr ? DidYouMean(e.name, GlobalNames({SymbolKind::kType})) : ""));
  }
  // Type the values even when the struct is unknown, to report their own mistakes.
  std::vector<ir::ExprPtr> values;
  for (const ast::ExprPtr& operand : e.operands) values.push_back(CheckExpr(*operand));
  if (t == nullptr || IsError(t) || t->kind != ir::TypeKind::kStruct) return ErrorExpr(e.loc);

  const ir::StructDef& def = *t->struct_def;
  std::vector<ir::ExprPtr> fields(def.fields.size());
  bool ok = true;
  bool unknown = false;  // a misspelt field: it is likely the one that seems missing
  for (size_t i = 0; i < e.labels.size(); ++i) {
    const ast::Label& label = e.labels[i];
    int index = def.FieldIndex(label.name);
    if (index < 0) {
      Error(label.loc, absl::StrCat("struct ", def.name, " has no field ", Quote(label.name),
                                    DidYouMean(label.name, FieldNames(t))));
      ok = false;
      unknown = true;
      continue;
    }
    if (fields[index] != nullptr) {
      Error(label.loc, absl::StrCat("field ", Quote(label.name), " of ", def.name,
                                    " is given twice: each field is given once"));
      ok = false;
      continue;
    }
    const ir::Type* want = def.fields[index].type;
    ir::ExprPtr value = std::move(values[i]);
    if (IsError(value->type) || IsError(want)) {
      ok = false;
      fields[index] = ErrorExpr(label.loc);
      continue;
    }
    // Coerce's own message does not name the field: it is replaced by one that does.
    const ir::Type* found = value->type;
    std::optional<int64_t> constant =
        found->is_integer() && want->is_integer() ? Fold(*value) : std::nullopt;
    ++mute_;
    value = Coerce(std::move(value), want);
    --mute_;
    if (IsError(value->type)) {
      Error(e.operands[i]->loc,
            absl::StrCat("type mismatch in field ", Quote(label.name), " of ", def.name,
                         ": expected ", TypeName(want), ", found ",
                         constant ? absl::StrCat(*constant, " (outside ", TypeName(want), ")")
                                  : TypeName(found)));
      ok = false;
    }
    fields[index] = std::move(value);
  }
  std::vector<std::string> missing;
  for (size_t f = 0; f < fields.size(); ++f) {
    if (fields[f] == nullptr) missing.push_back(Quote(def.fields[f].name));
  }
  if (!missing.empty() && !unknown) {
    Error(e.name_loc, absl::StrCat("struct ", def.name, ": missing ",
                                   missing.size() == 1 ? "field " : "fields ",
                                   absl::StrJoin(missing, ", "), " (every field is given once)"));
    ok = false;
  }
  if (!ok) return ErrorExpr(e.loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kStructLiteral, t, e.loc);
  r->args = std::move(fields);
  return r;
}

ir::ExprPtr TypeChecker::CheckThe(const ast::Expr& e) {
  size_t mark = OpenScope();
  std::unique_ptr<ir::Domain> domain = CheckDomain(*e.domain, "the");
  const ir::Type* var_type = domain ? domain->elem_type : ErrorType();
  int64_t slot = BindLocal(e.name, e.name_loc, var_type, LocalKind::kLoop).slot;
  ir::ExprPtr filter = e.filter ? CheckBool(*e.filter) : nullptr;
  CloseScope(mark);
  if (domain == nullptr) return ErrorExpr(e.loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kQuantifier, var_type, e.loc);
  r->quantifier = ir::Quantifier::kThe;
  r->index = slot;
  r->domain = std::move(domain);
  r->filter = std::move(filter);
  return r;
}

}  // namespace rulecheck::front
