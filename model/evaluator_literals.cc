// The literals of composite values: sets, bags, arrays and structs. Each builds its value in
// a temporary, checking every element or field against its type as an assignment would (a
// model error when one is outside), so a literal can never hold a value its type cannot.
#include <vector>

#include "absl/strings/str_cat.h"
#include "model/evaluator.h"
#include "model/value_format.h"

namespace rulecheck::model {

Slice Evaluator::SetLiteral(const ir::Expr& e) {
  const ir::Type* et = e.type->elem;
  uint32_t* t = temps_.Alloc(e.type->width);
  for (const ir::ExprPtr& arg : e.args) {
    int64_t v = Scalar(*arg);
    if (!InType(et, v)) ThrowModelError(arg->loc, OutsideMessage(et, v));
    ir::bits::Write(t, static_cast<uint64_t>(et->OrdinalOf(v)), 1, 1);
  }
  return {t, 0};
}

Slice Evaluator::BagLiteral(const ir::Expr& e) {
  const ir::Type* et = e.type->elem;
  const uint32_t cw = e.type->CountWidth();
  uint32_t* t = temps_.Alloc(e.type->width);
  for (const ir::ExprPtr& arg : e.args) {
    int64_t v = Scalar(*arg);
    if (!InType(et, v)) ThrowModelError(arg->loc, OutsideMessage(et, v));
    const uint64_t at = static_cast<uint64_t>(et->OrdinalOf(v)) * cw;
    const uint64_t count = ir::bits::Read(t, at, cw);
    if (count >= static_cast<uint64_t>(e.type->capacity)) {
      ThrowModelError(arg->loc, absl::StrCat("more than ", e.type->capacity, " copies of ",
                                             FormatScalar(et, v), " in a ", e.type->ToString()));
    }
    ir::bits::Write(t, at, cw, count + 1);
  }
  return {t, 0};
}

Slice Evaluator::ArrayOf(const ir::Expr& e) {
  if (!e.table.empty()) return {e.table.data(), 0};  // a constant table (constant_tables.h)
  const ir::Type* et = e.type->elem;
  uint32_t* t = temps_.Alloc(e.type->width);
  uint64_t at = 0;
  // The index is bound in the frame like a loop variable; each element is stored, so it is
  // checked against the element type as an assignment would be.
  ForEachValue(*e.domain, e.loc, [&](int64_t index) {
    frame_.scalars[e.index] = index;
    if (IsScalarType(et)) {
      int64_t v = Scalar(*e.args[0]);
      if (!InType(et, v)) ThrowModelError(e.args[0]->loc, OutsideMessage(et, v));
      ir::bits::Write(t, at, et->width, EncodeScalar(et, v));
    } else {
      Slice s = Composite(*e.args[0]);
      ir::bits::Copy(t, at, s.words, s.bit, et->width);
    }
    at += et->width;
    return true;
  });
  return {t, 0};
}

Slice Evaluator::StructLiteral(const ir::Expr& e) {
  uint32_t* t = temps_.Alloc(e.type->width);
  const std::vector<ir::StructDef::Field>& fields = e.type->struct_def->fields;
  for (size_t i = 0; i < fields.size(); ++i) {
    const ir::Type* ft = fields[i].type;
    if (IsScalarType(ft)) {
      int64_t v = Scalar(*e.args[i]);
      if (!InType(ft, v)) ThrowModelError(e.args[i]->loc, OutsideMessage(ft, v));
      ir::bits::Write(t, fields[i].offset, ft->width, EncodeScalar(ft, v));
    } else {
      Slice s = Composite(*e.args[i]);
      ir::bits::Copy(t, fields[i].offset, s.words, s.bit, ft->width);
    }
  }
  return {t, 0};
}

}  // namespace rulecheck::model
