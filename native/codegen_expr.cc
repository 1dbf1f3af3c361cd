// Expressions as C++ (see codegen_internal.h). Each IR node becomes a C++ expression over
// the prelude's helpers; a quantifier, a collection test and a checked unwrap become an
// immediately invoked lambda, which the compiler inlines. The checks are the interpreter's
// (model/evaluator.cc): where it throws a model error, the helper calls Stop(). Evaluation
// order differs from the interpreter's only between operands that cannot write anything, so
// the same operands are evaluated and the same checks made; which check fails first does not
// matter, since the host lets the interpreter report the error.
#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"

namespace rulecheck::native {

int64_t Generator::Base(const ir::Type* t) {
  if (t->kind == ir::TypeKind::kOption) return Base(t->elem);
  return t->FirstValue();
}

std::string Generator::Int(int64_t v) {
  if (v == INT64_MIN) return "INT64_MIN";
  return absl::StrCat("INT64_C(", v, ")");
}

std::string Generator::Read(const ir::Type* t, const std::string& sl) {
  const char* fn = t->kind == ir::TypeKind::kOption ? "RdOpt" : "Rd";
  return absl::StrCat(fn, "(", sl, ", ", t->width, ", ", Int(Base(t)), ")");
}

std::string Generator::Encode(const ir::Type* t, const std::string& v) {
  const char* fn = t->kind == ir::TypeKind::kOption ? "EncOpt" : "Enc";
  return absl::StrCat(fn, "(", v, ", ", Int(Base(t)), ")");
}

std::string Generator::Checked(const ir::Type* t, const std::string& v) {
  switch (t->kind) {
    case ir::TypeKind::kInt:
      return v;
    case ir::TypeKind::kOption:
      return absl::StrCat("ChkOpt(", v, ", ", Int(t->elem->FirstValue()), ", ",
                          Int(t->elem->LastValue()), ")");
    default:
      return absl::StrCat("Chk(", v, ", ", Int(t->FirstValue()), ", ", Int(t->LastValue()), ")");
  }
}

std::string Generator::Contains(const ir::Type* t, const std::string& v) {
  switch (t->kind) {
    case ir::TypeKind::kInt:
      return "true";
    case ir::TypeKind::kOption:
      return absl::StrCat("InOpt(", v, ", ", Int(t->elem->FirstValue()), ", ",
                          Int(t->elem->LastValue()), ")");
    default:
      return absl::StrCat("In(", v, ", ", Int(t->FirstValue()), ", ", Int(t->LastValue()), ")");
  }
}

void Generator::Unsupported(const std::string& what, ir::Location loc) {
  if (!status_.ok()) return;
  const auto [source, local] = model_.Resolve(loc);
  status_ = absl::UnimplementedError(absl::StrCat(what, " at ", source->path(), ":", local.line,
                                                  ":", local.column, " is not compiled yet"));
}

std::string Generator::AttrTable(const ir::EnumDef* def, int64_t attr) {
  // Named by the enum's position, so that the same model gives the same text.
  size_t position = 0;
  while (position < program_.enums.size() && program_.enums[position] != def) ++position;
  const std::string name = absl::StrCat("kAttr", position, "_", attr);
  if (attr_tables_.insert({def, attr}).second) {
    absl::StrAppend(&decls_, "const int64_t ", name, "[] = {");
    for (const std::vector<int64_t>& values : def->attr_values) {
      absl::StrAppend(&decls_, Int(values[attr]), ", ");
    }
    absl::StrAppend(&decls_, "0};\n");
  }
  return name;
}

std::string Generator::Slice(const ir::Expr& e) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kStateVar:
      return absl::StrCat("Sl{S, ", e.offset, "}");
    case ExprOp::kLocal:
      return absl::StrCat("Sl{F, ", e.index, "}");
    case ExprOp::kIndex: {
      const ir::Type* at = e.args[0]->type;
      return absl::StrCat("At(", Composite(*e.args[0]), ", Idx(", Scalar(*e.args[1]), ", ",
                          Int(at->index->FirstValue()), ", ", Int(at->index->LastValue()), ") * ",
                          at->elem->width, ")");
    }
    case ExprOp::kField:
      return absl::StrCat("At(", Composite(*e.args[0]), ", ",
                          e.args[0]->type->struct_def->fields[e.index].offset, ")");
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt: {
      const ir::Type* ct = e.args[0]->type;
      const std::string i = e.op == ExprOp::kTop ? "INT64_C(-1)"
                            : e.op == ExprOp::kBottom
                                ? "INT64_C(-2)"
                                : absl::StrCat("Chk(", Scalar(*e.args[1]), ", 0, INT64_MAX)");
      return absl::StrCat("SeqElem(", Composite(*e.args[0]), ", ", ct->CountWidth(), ", ",
                          ct->ElemWidth(), ", ", i, ")");
    }
    case ExprOp::kUnwrap:
      if (e.args[0]->type->is_scalar()) {
        Unsupported("`x!` of a scalar option as a place", e.loc);
        return "Sl{S, 0}";
      }
      return absl::StrCat("UnwrapSl(", Composite(*e.args[0]), ")");
    default:
      return Literal(e);
  }
}

std::string Generator::Composite(const ir::Expr& e) {
  if (e.op == ir::ExprOp::kIf) {
    return absl::StrCat("(Truth(", Scalar(*e.args[0]), ") ? ", Composite(*e.args[1]), " : ",
                        Composite(*e.args[2]), ")");
  }
  return Slice(e);
}

std::string Generator::Scalar(const ir::Expr& e) {
  using ir::ExprOp;
  auto arg = [&](int i) { return Scalar(*e.args[i]); };
  switch (e.op) {
    case ExprOp::kConst:
      return Int(e.value);
    case ExprOp::kLocal:
      return absl::StrCat("l", e.index);
    case ExprOp::kStateVar:
    case ExprOp::kIndex:
    case ExprOp::kField:
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt:
      return Read(e.type, Slice(e));
    case ExprOp::kAttr:
      return absl::StrCat(AttrTable(e.args[0]->type->enum_def, e.index), "[", arg(0), "]");
    case ExprOp::kNeg:
      return absl::StrCat("Neg(", arg(0), ")");
    case ExprOp::kNot:
      return absl::StrCat("int64_t{!Truth(", arg(0), ")}");
    case ExprOp::kAnd:
      return absl::StrCat("int64_t{Truth(", arg(0), ") && Truth(", arg(1), ")}");
    case ExprOp::kOr:
      return absl::StrCat("int64_t{Truth(", arg(0), ") || Truth(", arg(1), ")}");
    case ExprOp::kImplies:
      return absl::StrCat("int64_t{!Truth(", arg(0), ") || Truth(", arg(1), ")}");
    case ExprOp::kIf:
      return absl::StrCat("(Truth(", arg(0), ") ? ", arg(1), " : ", arg(2), ")");
    case ExprOp::kCall:
      return Call(e);
    case ExprOp::kQuantifier:
      return Quantifier(e);
    case ExprOp::kIn:
    case ExprOp::kCount:
    case ExprOp::kSize:
    case ExprOp::kLen:
    case ExprOp::kEmpty:
      return Collection(e);
    case ExprOp::kUnwrap:
      if (e.args[0]->type->is_scalar()) return absl::StrCat("Unwrap(", arg(0), ")");
      return Read(e.type, absl::StrCat("UnwrapSl(", Composite(*e.args[0]), ")"));
    case ExprOp::kMin:
      return absl::StrCat("Min(", arg(0), ", ", arg(1), ")");
    case ExprOp::kMax:
      return absl::StrCat("Max(", arg(0), ", ", arg(1), ")");
    case ExprOp::kAbs:
      return absl::StrCat("Abs(", arg(0), ")");
    case ExprOp::kNext:
    case ExprOp::kPrev: {
      const ir::Type* t = e.args[0]->type;
      return absl::StrCat(e.op == ExprOp::kNext ? "Next(" : "Prev(", arg(0), ", ", Int(Base(t)),
                          ", ", Int(t->Cardinality()), ")");
    }
    case ExprOp::kOrd:
      return absl::StrCat("(", arg(0), " - ", Int(Base(e.args[0]->type)), ")");
    case ExprOp::kEnumOf:
      return absl::StrCat("Chk(", arg(0), ", 0, ", Int(e.type->Cardinality() - 1), ")");
    case ExprOp::kNone:
      return "kNone";
    case ExprOp::kSome:
      return arg(0);
    case ExprOp::kEq:
    case ExprOp::kNe: {
      const ir::Type* t = e.args[0]->type;
      const char* op = e.op == ExprOp::kEq ? " == " : " != ";
      if (t->is_scalar()) return absl::StrCat("int64_t{(", arg(0), ")", op, "(", arg(1), ")}");
      return absl::StrCat("int64_t{EqBits(", Composite(*e.args[0]), ", ", Composite(*e.args[1]),
                          ", ", t->width, ")", op, "true}");
    }
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe: {
      const char* op = e.op == ExprOp::kLt   ? " < "
                       : e.op == ExprOp::kLe ? " <= "
                       : e.op == ExprOp::kGt ? " > "
                                             : " >= ";
      return absl::StrCat("int64_t{(", arg(0), ")", op, "(", arg(1), ")}");
    }
    case ExprOp::kAdd:
    case ExprOp::kSub:
    case ExprOp::kMul:
    case ExprOp::kDiv:
    case ExprOp::kMod:
      return Arith(e);
    default:
      Unsupported(absl::StrCat("an expression (IR op ", static_cast<int>(e.op), ")"), e.loc);
      return "INT64_C(0)";
  }
}

std::string Generator::Arith(const ir::Expr& e) {
  const char* fn = "Add";
  switch (e.op) {
    case ir::ExprOp::kSub:
      fn = "Sub";
      break;
    case ir::ExprOp::kMul:
      fn = "Mul";
      break;
    case ir::ExprOp::kDiv:
      fn = "Div";
      break;
    case ir::ExprOp::kMod:
      fn = "Mod";
      break;
    default:
      break;
  }
  return absl::StrCat(fn, "(", Scalar(*e.args[0]), ", ", Scalar(*e.args[1]), ")");
}

std::string Generator::Call(const ir::Expr& e) { return CallArgs(e, ""); }

std::string Generator::CallArgs(const ir::Expr& e, const std::string& out) {
  const ir::Fun& f = program_.funs[e.index];
  std::string text = absl::StrCat("Fun", e.index, "(S, steps", out.empty() ? "" : ", ", out);
  for (size_t i = 0; i < e.args.size(); ++i) {
    absl::StrAppend(&text, ", ",
                    f.params[i].type->is_scalar() ? Scalar(*e.args[i]) : Composite(*e.args[i]));
  }
  return text + ")";
}

std::string Generator::Collection(const ir::Expr& e) {
  using ir::ExprOp;
  const ir::Expr& ce = e.op == ExprOp::kIn ? *e.args[1] : *e.args[0];
  const ir::Type* ct = ce.type;
  if (e.op == ExprOp::kEmpty && ct->is_scalar()) {
    return absl::StrCat("int64_t{(", Scalar(ce), ") == kNone}");
  }
  const uint32_t cw = ct->kind == ir::TypeKind::kSet ? 1 : ct->CountWidth();
  switch (e.op) {
    case ExprOp::kEmpty:
      if (ct->kind == ir::TypeKind::kSeq) {
        return absl::StrCat("int64_t{SeqLen(", Composite(ce), ", ", cw, ") == 0}");
      }
      return absl::StrCat("int64_t{ZeroBits(", Composite(ce), ", ", ct->width, ")}");
    case ExprOp::kLen:
      return absl::StrCat("SeqLen(", Composite(ce), ", ", cw, ")");
    case ExprOp::kSize:
      if (ct->kind == ir::TypeKind::kSeq)
        return absl::StrCat("SeqLen(", Composite(ce), ", ", cw, ")");
      return absl::StrCat("CountAll(", Composite(ce), ", ", cw, ", ", Int(ct->elem->Cardinality()),
                          ")");
    default:
      break;
  }
  // kIn and kCount: the member first, then the collection, as the interpreter reads them.
  const ir::Type* et = ct->elem;
  if (!et->is_finite_scalar()) {
    Unsupported("`in` or a count of a collection of composite or optional values", e.loc);
    return "INT64_C(0)";
  }
  const std::string member = e.op == ExprOp::kIn ? Scalar(*e.args[0]) : Scalar(*e.args[1]);
  std::string text = absl::StrCat("([&]() -> int64_t { const int64_t m = ", member,
                                  "; const Sl c = ", Composite(ce), "; if (!(", Contains(et, "m"),
                                  ")) return 0; ");
  if (ct->kind == ir::TypeKind::kSeq) {
    // A seq answers whether the member is there, for a count too (as the interpreter does).
    absl::StrAppend(&text, "return int64_t{SeqHas(c, ", cw, ", ", ct->ElemWidth(), ", ",
                    Encode(et, "m"), ")};");
  } else {
    absl::StrAppend(&text, "const uint64_t n = Count(c, ", cw, ", m - ", Int(Base(et)), "); ",
                    e.op == ExprOp::kIn ? "return int64_t{n != 0};" : "return int64_t(n);");
  }
  return text + " }())";
}

std::string DomainLoop(Generator& gen, const ir::Domain& d, ir::Location loc, int id,
                       const std::string& body) {
  const std::string v = absl::StrCat("v", id);
  switch (d.kind) {
    case ir::DomainKind::kType: {
      const bool option = d.elem_type->kind == ir::TypeKind::kOption;
      const ir::Type* t = option ? d.elem_type->elem : d.elem_type;
      const int64_t n = t->Cardinality();
      const std::string o = absl::StrCat("o", id);
      // An option type's values end with none, which costs no step.
      return absl::StrCat("for (int64_t ", o, " = 0; ", o, (option ? " <= " : " < "),
                          Generator::Int(n), "; ++", o, ") {\n",
                          option ? absl::StrCat("if (", o, " < ", Generator::Int(n), ") ") : "",
                          "Step(steps);\nconst int64_t ", v, " = ",
                          option ? absl::StrCat(o, " < ", Generator::Int(n), " ? ") : "",
                          Generator::Int(Generator::Base(t)), " + ", o, option ? " : kNone" : "",
                          ";\n", body, "}\n");
    }
    case ir::DomainKind::kRange:
      // `hi` may be INT64_MAX: the loop ends by comparing before the increment.
      return absl::StrCat("{ const int64_t lo", id, " = ", gen.Scalar(*d.lo), "; const int64_t hi",
                          id, " = ", gen.Scalar(*d.hi), ";\nfor (int64_t ", v, " = lo", id, "; ", v,
                          " <= hi", id, "; ++", v, ") {\nStep(steps);\n", body, "if (", v, " == hi",
                          id, ") break;\n}\n}\n");
    case ir::DomainKind::kSet:
    case ir::DomainKind::kBag: {
      const ir::Type* ct = d.collection->type;
      const uint32_t cw = d.kind == ir::DomainKind::kSet ? 1 : ct->CountWidth();
      const std::string o = absl::StrCat("o", id);
      return absl::StrCat(
          "{ const Sl c", id, " = ", gen.Composite(*d.collection), ";\nfor (int64_t ", o, " = 0; ",
          o, " < ", Generator::Int(ct->elem->Cardinality()), "; ++", o,
          ") {\nStep(steps);\nif (Count(c", id, ", ", cw, ", ", o,
          ") == 0) continue;\nconst int64_t ", v, " = ", Generator::Int(Generator::Base(ct->elem)),
          " + ", o, ";\n", body, "}\n}\n");
    }
    case ir::DomainKind::kSeq: {
      const ir::Type* ct = d.collection->type;
      if (!ct->elem->is_scalar()) {
        gen.Unsupported("a loop over a seq of composite values", loc);
        return "";
      }
      const std::string i = absl::StrCat("i", id);
      return absl::StrCat(
          "{ const Sl c", id, " = ", gen.Composite(*d.collection), "; const int64_t n", id,
          " = SeqLen(c", id, ", ", ct->CountWidth(), ");\nfor (int64_t ", i, " = 0; ", i, " < n",
          id, "; ++", i, ") {\nStep(steps);\nconst int64_t ", v, " = ",
          Generator::Read(ct->elem, absl::StrCat("SeqSlot(c", id, ", ", ct->CountWidth(), ", ",
                                                 ct->ElemWidth(), ", ", i, ")")),
          ";\n", body, "}\n}\n");
    }
    case ir::DomainKind::kSubBag:
      gen.Unsupported("`sub(b, n)`", loc);
      return "";
  }
  return "";
}

std::string Generator::Quantifier(const ir::Expr& e) {
  using ir::Quantifier;
  const int id = NewId();
  const std::string done = absl::StrCat("done", id);
  const std::string v = absl::StrCat("v", id);
  const Quantifier q = e.quantifier;
  std::string body;
  if (q != Quantifier::kThe) body = Scalar(*e.args[0]);
  std::string step;
  switch (q) {
    case Quantifier::kAll:
      step = absl::StrCat("if (!Truth(", body, ")) { acc = 0; goto ", done, "; }\n");
      break;
    case Quantifier::kAny:
      step = absl::StrCat("if (Truth(", body, ")) { acc = 1; goto ", done, "; }\n");
      break;
    case Quantifier::kSum:
      step = absl::StrCat("acc = Add(acc, ", body, ");\n");
      break;
    case Quantifier::kCount:
      step = absl::StrCat("acc += Truth(", body, ") ? 1 : 0;\n");
      break;
    case Quantifier::kMax:
    case Quantifier::kMin:
      step =
          absl::StrCat("{ const int64_t b = ", body, "; acc = n++ == 0 || (",
                       q == Quantifier::kMax ? "true" : "false", " == (b > acc)) ? b : acc; }\n");
      break;
    case Quantifier::kThe:
      step = absl::StrCat("found = ", v, "; if (++n == 2) goto ", done, ";\n");
      break;
  }
  std::string inner = absl::StrCat("l", e.index, " = ", v, ";\n");
  if (e.filter != nullptr) {
    absl::StrAppend(&inner, "if (Truth(", Scalar(*e.filter), ")) {\n", step, "}\n");
  } else {
    absl::StrAppend(&inner, step);
  }
  std::string post = "return acc;";
  if (q == Quantifier::kMax || q == Quantifier::kMin) post = "if (n == 0) Stop();\nreturn acc;";
  if (q == Quantifier::kThe) post = "if (n != 1) Stop();\nreturn found;";
  return absl::StrCat("([&]() -> int64_t {\nint64_t acc = ", q == Quantifier::kAll ? 1 : 0,
                      "; [[maybe_unused]] int64_t n = 0; [[maybe_unused]] int64_t found = 0;\n",
                      DomainLoop(*this, *e.domain, e.loc, id, inner), done, ":;\n", post, "\n}())");
}

}  // namespace rulecheck::native
