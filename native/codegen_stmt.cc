// Statements as C++ (see codegen_internal.h). A statement that does not fork is straight-line
// code on the working copy `S`: `require false` returns from the code that runs the path (no
// successor), and each check where model::Executor throws a model error calls Stop(). Every
// statement costs one step, as Executor::Continue counts them, and a `for` one more per
// value; a `for` over a collection lists its values first (each costing a step, as
// Executor::ListLoop does), since the body may change the collection. The statements that
// fork are in codegen_forks.cc.
// When trails are recorded, each statement and `if` branch passed appends its trail id
// (ir::TrailPoint) to `trail`, as model::Executor records Move::trail.
#include <cassert>

#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"

namespace rulecheck::native {

void Generator::Line(int indent, const std::string& text) {
  out_.append(static_cast<size_t>(indent) * 2, ' ');
  out_ += text;
  out_ += '\n';
}

std::string Generator::Trail(uint32_t id) { return absl::StrCat(" trail.push_back(", id, "u);"); }

std::string Generator::CardTrail(const ir::Stmt& s) {
  if (s.card_trail < 0) return "";
  return absl::StrCat(" trail.push_back(static_cast<uint32_t>(", s.card_trail, " + (",
                      Scalar(*s.value), ")));");
}

void Generator::Block(const ir::Block& block, int indent) {
  for (const ir::StmtPtr& s : block.stmts) Stmt(*s, indent);
}

void Generator::Stmt(const ir::Stmt& s, int indent) {
  using ir::StmtOp;
  assert(!Forks(s));
  Line(indent, absl::StrCat("Step(steps);", Trail(s.id), CardTrail(s)));
  switch (s.op) {
    case StmtOp::kAssign:
    case StmtOp::kAddAssign:
    case StmtOp::kSubAssign:
      return Assign(s, indent);
    case StmtOp::kLet:
      if (s.value->type->is_scalar()) {
        Line(indent, absl::StrCat("l", s.slot, " = ", Scalar(*s.value), ";"));
        // Out of its bound: the interpreter redoes the move and names the error.
        if (s.bound != nullptr) {
          Line(indent,
               absl::StrCat("if (!(", Contains(s.bound, absl::StrCat("l", s.slot)), ")) Stop();"));
        }
      } else {
        Line(indent, absl::StrCat("{ const Sl v = ", Composite(*s.value), "; B::Copy(F, ", s.slot,
                                  ", v.w, v.b, ", s.value->type->width, "); }"));
      }
      return;
    case StmtOp::kIf:
      // The branch taken goes into the trail, also the fall-through when there is no else.
      for (size_t i = 0; i < s.conds.size(); ++i) {
        Line(indent, absl::StrCat(i == 0 ? "if" : "} else if", " (Truth(", Scalar(*s.conds[i]),
                                  ")) {", Trail(s.branch_id + static_cast<uint32_t>(i))));
        Block(s.blocks[i], indent + 1);
      }
      Line(indent,
           absl::StrCat("} else {", Trail(s.branch_id + static_cast<uint32_t>(s.conds.size()))));
      if (s.else_block != nullptr) Block(*s.else_block, indent + 1);
      Line(indent, "}");
      return;
    case StmtOp::kFor:
      return For(s, indent);
    case StmtOp::kRequire:
      Line(indent, absl::StrCat("if (!Truth(", Scalar(*s.value), ")) return;"));
      return;
    case StmtOp::kAssert:
      Line(indent, absl::StrCat("if (!Truth(", Scalar(*s.value), ")) Stop();"));
      return;
    case StmtOp::kChoose:
    case StmtOp::kRoll:
    case StmtOp::kMay:
      assert(false && "a fork goes through BlockThen");
      return;
    case StmtOp::kEmit:
      return Emit(s, indent);
    case StmtOp::kMove:
      return Move(s, indent);
    default:
      return CollectionStmt(s, indent);
  }
}

void Generator::Assign(const ir::Stmt& s, int indent) {
  const ir::Type* t = s.place->type;
  if (!t->is_scalar()) {
    const int id = NewId();
    Line(indent, absl::StrCat("{ uint32_t tmp", id, "[", (t->width + 31) / 32 + 1,
                              "]; const Sl p = ", Composite(*s.place),
                              "; const Sl v = ", Composite(*s.value), "; CopyBits(p, v, ", t->width,
                              ", tmp", id, "); }"));
    return;
  }
  // `x! := v` of a scalar option x: a value of the element type, stored in x's encoding
  // (Evaluator::ResolvePlaceNode); none there is an error.
  const bool unwrap = s.place->op == ir::ExprOp::kUnwrap;
  const ir::Expr& target = unwrap ? *s.place->args[0] : *s.place;
  const ir::Type* stored = target.type;
  const bool local = target.op == ir::ExprOp::kLocal;
  std::string place = local ? "" : absl::StrCat("const Sl p = ", Composite(target), "; ");
  const std::string current = local ? absl::StrCat("l", target.index) : Read(stored, "p");
  if (unwrap) absl::StrAppend(&place, "if (", current, " == kNone) Stop(); ");
  std::string value = absl::StrCat("const int64_t v = ", Scalar(*s.value), "; ");
  std::string result = "v";
  if (s.op == ir::StmtOp::kAddAssign) result = absl::StrCat("Add(", current, ", v)");
  if (s.op == ir::StmtOp::kSubAssign) result = absl::StrCat("Sub(", current, ", v)");
  const std::string checked = absl::StrCat("const int64_t r = ", Checked(t, result), "; ");
  const std::string store =
      local ? absl::StrCat("l", target.index, " = r;")
            : absl::StrCat("Wr(p, ", stored->width, ", ", Encode(stored, "r"), ");");
  Line(indent, absl::StrCat("{ ", place, value, checked, store, " }"));
}

bool Generator::Listed(const ir::Domain& d) {
  return d.kind != ir::DomainKind::kRange &&
         !(d.kind == ir::DomainKind::kType && d.elem_type->kind != ir::TypeKind::kOption);
}

std::string Generator::ListValues(const ir::Domain& d, ir::Location loc, int id) {
  const int list = NewId();
  // For an option type, the listing costs a step for each value but none.
  return absl::StrCat("int64_t vals", id, "[", MostValues(d) + 1, "]; int64_t count", id, " = 0;\n",
                      DomainLoop(*this, d, loc, list,
                                 absl::StrCat("vals", id, "[count", id, "++] = v", list, ";\n")));
}

void Generator::For(const ir::Stmt& s, int indent) {
  const ir::Domain& d = *s.domain;
  const int id = NewId();
  const bool listed = Listed(d);
  // The body, as the text of one iteration with the value in `v<id>`.
  const std::string outer = out_;
  out_.clear();
  Line(indent + 1, absl::StrCat("l", s.slot, " = v", id, ";"));
  if (s.filter != nullptr) Line(indent + 1, absl::StrCat("if (Truth(", Scalar(*s.filter), ")) {"));
  Block(s.blocks[0], indent + 2);
  if (s.filter != nullptr) Line(indent + 1, "}");
  const std::string body = out_;
  out_ = outer;
  if (!listed) {
    out_ += DomainLoop(*this, d, s.loc, id, body);
    return;
  }
  // The values first, then one step per value as the loop runs.
  Line(indent, "{");
  out_ += ListValues(d, s.loc, id);
  Line(indent,
       absl::StrCat("for (int64_t k", id, " = 0; k", id, " < count", id, "; ++k", id, ") {"));
  Line(indent + 1, absl::StrCat("Step(steps); const int64_t v", id, " = vals", id, "[k", id, "];"));
  out_ += body;
  Line(indent, "}");
  Line(indent, "}");
}

int64_t Generator::MostValues(const ir::Domain& d) {
  switch (d.kind) {
    case ir::DomainKind::kType:
      // An option type's values end with none.
      return d.elem_type->kind == ir::TypeKind::kOption ? d.elem_type->elem->Cardinality() + 1
                                                        : d.elem_type->Cardinality();
    case ir::DomainKind::kRange:
      return kMaxRangeCandidates;
    case ir::DomainKind::kSet:
    case ir::DomainKind::kBag:
      return d.collection->type->elem->Cardinality();
    default:
      return d.collection->type->capacity;
  }
}

void Generator::CollectionStmt(const ir::Stmt& s, int indent) {
  using ir::StmtOp;
  if (s.value != nullptr && s.value->type->kind == ir::TypeKind::kBag) {
    return BagCopies(s, indent);
  }
  const ir::Type* ct = s.place->type;
  const ir::Type* et = ct->elem;
  if (s.op != StmtOp::kClear && !et->is_finite_scalar()) {
    return Unsupported("a collection statement on composite or optional elements", s.loc);
  }
  const uint32_t cw = ct->kind == ir::TypeKind::kSet ? 1 : ct->CountWidth();
  const uint32_t ew = ct->ElemWidth();
  const bool seq = ct->kind == ir::TypeKind::kSeq;
  std::string text = absl::StrCat("{ const Sl p = ", Composite(*s.place), "; ");
  auto elem = [&] {
    return absl::StrCat("const int64_t e = ", Checked(et, Scalar(*s.value)), "; ");
  };
  const std::string ord = absl::StrCat("e - ", Int(Base(et)));
  switch (s.op) {
    case StmtOp::kClear:
      absl::StrAppend(&text, "B::Clear(p.w, p.b, ", ct->width, ");");
      break;
    case StmtOp::kAdd:
    case StmtOp::kPush:
      absl::StrAppend(&text, elem());
      if (seq) {
        absl::StrAppend(&text, "SeqPush(p, ", cw, ", ", ew, ", ", Int(ct->capacity), ", ",
                        Encode(et, "e"), ");");
      } else if (ct->kind == ir::TypeKind::kBag) {
        absl::StrAppend(&text, "if (!CountUp(p, ", cw, ", ", Int(ct->capacity), ", ", ord,
                        ")) Stop();");
      } else {
        absl::StrAppend(&text, "CountUp(p, 1, 1, ", ord, ");");  // already in: nothing to do
      }
      break;
    case StmtOp::kRemove:
      absl::StrAppend(&text, elem());
      if (seq) {
        absl::StrAppend(&text, "if (!SeqErase(p, ", cw, ", ", ew, ", ", Encode(et, "e"),
                        ")) Stop();");
      } else {
        absl::StrAppend(&text, "if (!CountDown(p, ", cw, ", ", ord, ")) Stop();");
      }
      break;
    case StmtOp::kPushBottom:
      absl::StrAppend(&text, elem(), "SeqPushBottom(p, ", cw, ", ", ew, ", ", Int(ct->capacity),
                      ", ", Encode(et, "e"), ");");
      break;
    case StmtOp::kInsertAt:
      absl::StrAppend(&text, "const int64_t i = ", Scalar(*s.index), "; ", elem(),
                      "const int64_t n = SeqLen(p, ", cw, "); if (n >= ", Int(ct->capacity),
                      " || i < 0 || i > n) Stop(); SeqInsertAt(p, ", cw, ", ", ew, ", i, ",
                      Encode(et, "e"), ");");
      break;
    case StmtOp::kPop:
    case StmtOp::kPopBottom:
      absl::StrAppend(&text, "SeqPop(p, ", cw, ", ", ew, ", ",
                      s.op == StmtOp::kPop ? "true" : "false", ");");
      break;
    case StmtOp::kRemoveAt:
      absl::StrAppend(
          &text, "const int64_t n = SeqLen(p, ", cw, "); const int64_t i = ", Scalar(*s.index),
          "; if (n == 0 || i < 0 || i >= n) Stop(); SeqRemoveAt(p, ", cw, ", ", ew, ", i);");
      break;
    default:
      return Unsupported("this statement", s.loc);
  }
  Line(indent, text + " }");
}

void Generator::Move(const ir::Stmt& s, int indent) {
  if (s.value->type->kind == ir::TypeKind::kBag) return BagCopies(s, indent);
  const ir::Type* from = s.place->type;
  const ir::Type* to = s.target->type;
  if (!from->elem->is_finite_scalar() || !to->elem->is_finite_scalar()) {
    return Unsupported("a `move` of a composite or optional element", s.loc);
  }
  // The element first (it may read the source), then both places, as Executor::ExecMove.
  std::string text = absl::StrCat("{ const int64_t e = ", Checked(from->elem, Scalar(*s.value)),
                                  "; const Sl f = ", Composite(*s.place),
                                  "; const Sl t = ", Composite(*s.target), "; ");
  auto cw = [](const ir::Type* t) { return t->kind == ir::TypeKind::kSet ? 1 : t->CountWidth(); };
  if (from->kind == ir::TypeKind::kSeq) {
    absl::StrAppend(&text, "if (!SeqErase(f, ", cw(from), ", ", from->ElemWidth(), ", ",
                    Encode(from->elem, "e"), ")) Stop(); ");
  } else {
    absl::StrAppend(&text, "if (!CountDown(f, ", cw(from), ", e - ", Int(Base(from->elem)),
                    ")) Stop(); ");
  }
  absl::StrAppend(&text, "if (!(", Contains(to->elem, "e"), ")) Stop(); ");
  if (to->kind == ir::TypeKind::kSeq) {
    absl::StrAppend(&text, "SeqPush(t, ", cw(to), ", ", to->ElemWidth(), ", ", Int(to->capacity),
                    ", ", Encode(to->elem, "e"), ");");
  } else {
    // A bag at its capacity, or a set that already holds the element, is an error.
    absl::StrAppend(&text, "if (!CountUp(t, ", cw(to), ", ",
                    Int(to->kind == ir::TypeKind::kSet ? 1 : to->capacity), ", e - ",
                    Int(Base(to->elem)), ")) Stop();");
  }
  Line(indent, text + " }");
}

void Generator::BagCopies(const ir::Stmt& s, int indent) {
  const ir::Type* vt = s.value->type;
  // `move h from A to B` takes out of A and puts into B; `remove(A, h)` only takes out of A,
  // `add(A, h)` only puts into A.
  const ir::Expr* out_of = s.op == ir::StmtOp::kAdd ? nullptr : s.place.get();
  const ir::Expr* into = s.op == ir::StmtOp::kMove  ? s.target.get()
                         : s.op == ir::StmtOp::kAdd ? s.place.get()
                                                    : nullptr;
  for (const ir::Expr* e : {out_of, into}) {
    if (e != nullptr && e->type->kind != ir::TypeKind::kBag) {
      return Unsupported("a statement of every copy of a bag on a set or seq", s.loc);
    }
  }
  // The copies are copied out first (the value may be the source itself), then both places
  // are found, before either changes.
  std::string clear;
  const std::string copy = Temp(vt->width, clear);
  std::string text = absl::StrCat("{ const Sl v = ", copy, "; { const Sl s = ", Composite(*s.value),
                                  "; B::Copy(v.w, v.b, s.w, s.b, ", vt->width, "); } ");
  if (out_of != nullptr) absl::StrAppend(&text, "const Sl a = ", Composite(*out_of), "; ");
  if (into != nullptr) absl::StrAppend(&text, "const Sl b = ", Composite(*into), "; ");
  const int64_t members = vt->elem->Cardinality();
  if (out_of != nullptr) {
    absl::StrAppend(&text, "BagTake(a, ", out_of->type->CountWidth(), ", v, ", vt->CountWidth(),
                    ", ", Int(members), "); ");
  }
  if (into != nullptr) {
    absl::StrAppend(&text, "BagPut(b, ", into->type->CountWidth(), ", ", Int(into->type->capacity),
                    ", v, ", vt->CountWidth(), ", ", Int(members), "); ");
  }
  Line(indent, text + "}");
}

}  // namespace rulecheck::native
