// Composite values built by an expression (see codegen_internal.h): set, bag, struct and
// array literals, composite options (`none`, `some`), and calls of funs with a composite
// result. Each is built in the temporaries `T` of the code unit, in a region of its own for
// each place it is written (Generator::Temp): a value lives until its statement ends, and the
// same place is built again only after its last value is dead, since a fun, the one way an
// expression can be entered again while it runs, has temporaries of its own. Every element
// and field is checked against its type as model/evaluator_literals.cc checks it.
#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"

namespace rulecheck::native {

std::string Generator::Temp(uint32_t width, std::string& clear) {
  const uint32_t at = temp_bits_;
  temp_bits_ += (width + 31) / 32 * 32;
  clear = absl::StrCat("B::Clear(T, ", at, ", ", width, "); ");
  return absl::StrCat("Sl{T, ", at, "}");
}

std::string Generator::TempDecl() {
  return absl::StrCat("[[maybe_unused]] uint32_t T[", temp_bits_ / 32 + 1, "];\n");
}

std::string Generator::ScalarInto(const ir::Type* t, const std::string& place,
                                  const ir::Expr& value) {
  if (t->is_scalar()) {
    return absl::StrCat("Wr(", place, ", ", t->width, ", ", Encode(t, Checked(t, Scalar(value))),
                        "); ");
  }
  return absl::StrCat("{ const Sl s = ", Composite(value), "; const Sl p = ", place,
                      "; B::Copy(p.w, p.b, s.w, s.b, ", t->width, "); } ");
}

std::string Generator::Literal(const ir::Expr& e) {
  using ir::ExprOp;
  std::string clear;
  const std::string t = Temp(e.type->width, clear);
  std::string text = absl::StrCat("([&]() -> Sl { const Sl t = ", t, "; ", clear);
  const ir::Type* et = e.type->elem;
  switch (e.op) {
    case ExprOp::kSetLiteral:
    case ExprOp::kBagLiteral: {
      if (!et->is_finite_scalar()) {
        Unsupported("a literal of a collection of composite or optional values", e.loc);
        return "Sl{S, 0}";
      }
      const bool set = e.op == ExprOp::kSetLiteral;
      for (const ir::ExprPtr& arg : e.args) {
        const std::string ord = absl::StrCat("Chk(", Scalar(*arg), ", ", Int(Base(et)), ", ",
                                             Int(et->LastValue()), ") - ", Int(Base(et)));
        if (set) {
          absl::StrAppend(&text, "B::Write(t.w, t.b + static_cast<uint64_t>(", ord, "), 1, 1); ");
        } else {
          // A bag literal with more copies of a member than the capacity is an error.
          absl::StrAppend(&text, "if (!CountUp(t, ", e.type->CountWidth(), ", ",
                          Int(e.type->capacity), ", ", ord, ")) Stop(); ");
        }
      }
      break;
    }
    case ExprOp::kStructLiteral: {
      const auto& fields = e.type->struct_def->fields;
      for (size_t i = 0; i < fields.size(); ++i) {
        absl::StrAppend(
            &text,
            ScalarInto(fields[i].type, absl::StrCat("At(t, ", fields[i].offset, ")"), *e.args[i]));
      }
      break;
    }
    case ExprOp::kArrayOf: {
      // The index is bound like a loop variable, a step each (Evaluator::ArrayOf).
      const int id = NewId();
      absl::StrAppend(&text, "uint64_t at = 0;\n",
                      DomainLoop(*this, *e.domain, e.loc, id,
                                 absl::StrCat("l", e.index, " = v", id, ";\n",
                                              ScalarInto(et, "At(t, at)", *e.args[0]),
                                              "at += ", et->width, ";\n")));
      break;
    }
    case ExprOp::kNone:
      break;
    case ExprOp::kSome:
      absl::StrAppend(&text, "Wr(t, 1, 1); ", ScalarInto(et, "At(t, 1)", *e.args[0]));
      break;
    case ExprOp::kCall:
      absl::StrAppend(&text, CallArgs(e, "t"), "; ");
      break;
    default:
      Unsupported(absl::StrCat("a composite expression (IR op ", static_cast<int>(e.op), ")"),
                  e.loc);
      return "Sl{S, 0}";
  }
  return text + "return t; }())";
}

}  // namespace rulecheck::native
