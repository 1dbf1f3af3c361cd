// Expression translation (see z3_translate.h), construct by construct as model/evaluator.cc
// evaluates them. Short-circuit operators and `if` translate their later operands under the
// condition that they are evaluated at all, so that a model error in an operand the explicit
// engine never evaluates is not recorded. A symbolic index selects among the candidates its
// static bounds allow with an ite chain; a quantifier is unrolled over its domain's items,
// each with the condition under which it is present.
#include <algorithm>
#include <cassert>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

using ir::Type;
using ir::TypeKind;

namespace {
// The most items a range domain with symbolic bounds is unrolled to.
constexpr int64_t kMaxUnroll = 4096;
}  // namespace

Translator::Translator(z3::context& ctx, const model::Model& model)
    : ctx_(ctx), model_(model), program_(model.program), calls_(model.program) {
  triggers_on_.resize(program_.events.size());
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    triggers_on_[program_.triggers[t].event].push_back(static_cast<int>(t));
  }
  if (model.layout.has_triggers()) {
    pending_width_ = model.layout.bits() - model.layout.pending_length_offset();
  }
}

void Translator::Unimplemented(const std::string& what, const ir::Location& loc) {
  if (!status_.ok()) return;
  // Named by file, line and column like every other located error, so an editor can jump there.
  const auto [file, at] = model_.Resolve(loc);
  status_ = absl::UnimplementedError(absl::StrCat(file->path(), ":", at.line, ":", at.column,
                                                  ": the symbolic engine does not translate ", what,
                                                  " yet"));
}

void Translator::Fail(const z3::expr& cond) {
  if (failures_ignored_ || SurelyFalse(cond)) return;
  failures_.push_back(cond);
}

z3::expr Translator::TakeFailure() {
  z3::expr_vector v(ctx_);
  for (const z3::expr& f : failures_) v.push_back(f);
  failures_.clear();
  return v.empty() ? ctx_.bool_val(false) : z3::mk_or(v);
}

std::vector<ChoiceVar> Translator::TakeChoices() { return std::move(choices_); }

z3::expr Translator::Fresh(const std::string& name, unsigned width) {
  std::string n = absl::StrCat(name, "!", fresh_++);
  return width == 0 ? ctx_.bool_const(n.c_str()) : ctx_.bv_const(n.c_str(), width);
}

uint32_t Translator::PendingEntryOffset(int64_t i) const {
  return model_.layout.pending_entry_offset(i) - model_.layout.pending_length_offset();
}

Scalar Translator::PendingLength(const Bits& pending) {
  return BitsAsUnsigned(ctx_, ExtractBits(pending, 0, model_.layout.pending_length_width()));
}

Bits Translator::PopPending(const Bits& pending) {
  const ir::StateLayout& l = model_.layout;
  const uint32_t lw = l.pending_length_width(), ew = l.pending_entry_width();
  const uint32_t cap = static_cast<uint32_t>(l.pending_capacity());
  Bits len = ExtractBits(pending, 0, lw);
  Bits entries = ExtractBits(pending, PendingEntryOffset(0), cap * ew);
  Bits shifted = ConcatBits(ExtractBits(entries, ew, (cap - 1) * ew), ZeroBits(ctx_, ew));
  Bits new_len{*len.e - ctx_.bv_val(1, lw), lw};
  Bits r = ConcatBits(new_len, ZeroBits(ctx_, PendingEntryOffset(0) - lw));
  return ConcatBits(r, shifted);
}

z3::expr Translator::ScalarIs(const Scalar& s, const Type* t, int64_t v) {
  if (s.is_bool()) return v != 0 ? s.e : !s.e;
  (void)t;
  return IsValue(s, v);
}

ErrorFn Translator::ErrorsUnder(const z3::expr& g) {
  return [this, g](const z3::expr& cond) { Fail(And(g, cond)); };
}

z3::expr Translator::EvalBool(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  Scalar s = EvalScalar(e, st, env, g);
  if (!s.is_bool()) {
    Unimplemented("a non-boolean condition", e.loc);
    return ctx_.bool_val(false);
  }
  return s.e;
}

template <typename Value>
Value Translator::EvalIf(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g,
                         Value (Translator::*eval)(const ir::Expr&, const SymState&, Env&,
                                                   const z3::expr&),
                         Value (*ite)(const z3::expr&, const Value&, const Value&)) {
  z3::expr c = EvalBool(*e.args[0], st, env, g);
  // A condition decided statically: the other arm is never evaluated (as in the interpreter).
  if (c.is_true()) return (this->*eval)(*e.args[1], st, env, g);
  if (c.is_false()) return (this->*eval)(*e.args[2], st, env, g);
  Value a = (this->*eval)(*e.args[1], st, env, And(g, c));
  Value b = (this->*eval)(*e.args[2], st, env, And(g, Not(c)));
  return ite(c, a, b);
}

Scalar Translator::EvalScalar(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kConst:
      return ConstOf(ctx_, e.type, e.value);
    case ExprOp::kStateVar:
      return Decode(ctx_, e.type, st.vars[e.index]);
    case ExprOp::kLocal: {
      auto it = env.scalars.find(e.index);
      if (it == env.scalars.end()) return ConstOf(ctx_, e.type, 0);
      return it->second;
    }
    case ExprOp::kIndex:
    case ExprOp::kField:
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt:
      return Decode(ctx_, e.type, Select(e, st, env, g));
    case ExprOp::kUnwrap: {
      const Type* ot = e.args[0]->type;
      if (ot->is_scalar()) {
        Scalar v = EvalScalar(*e.args[0], st, env, g);
        if (v.present) Fail(g && !*v.present);
        v.present.reset();
        return NarrowTo(ot->elem, v);
      }
      return Decode(ctx_, e.type, Select(e, st, env, g));
    }
    case ExprOp::kAttr: {
      Scalar card = EvalScalar(*e.args[0], st, env, g);
      const ir::EnumDef* def = e.args[0]->type->enum_def;
      const int64_t n = static_cast<int64_t>(def->members.size());
      Scalar r = ConstOf(ctx_, e.type, def->attr_values[n - 1][e.index]);
      for (int64_t m = n - 2; m >= 0; --m) {
        r = IteScalar(IsValue(card, m), ConstOf(ctx_, e.type, def->attr_values[m][e.index]), r);
      }
      return r;
    }
    case ExprOp::kNeg:
      return Neg(EvalScalar(*e.args[0], st, env, g), ErrorsUnder(g));
    case ExprOp::kNot:
      return FromBool(Not(EvalBool(*e.args[0], st, env, g)));
    // Short-circuit: a right operand the left one decides statically is not translated.
    case ExprOp::kAnd: {
      z3::expr a = EvalBool(*e.args[0], st, env, g);
      if (a.is_false()) return FromBool(a);
      return FromBool(And(a, EvalBool(*e.args[1], st, env, And(g, a))));
    }
    case ExprOp::kOr: {
      z3::expr a = EvalBool(*e.args[0], st, env, g);
      if (a.is_true()) return FromBool(a);
      return FromBool(Or(a, EvalBool(*e.args[1], st, env, And(g, Not(a)))));
    }
    case ExprOp::kImplies: {
      z3::expr a = EvalBool(*e.args[0], st, env, g);
      if (a.is_false()) return BoolConst(ctx_, true);
      return FromBool(Or(Not(a), EvalBool(*e.args[1], st, env, And(g, a))));
    }
    case ExprOp::kIf:
      return EvalIf(e, st, env, g, &Translator::EvalScalar, &IteScalar);
    case ExprOp::kCall: {
      Scalar r = IntConst(ctx_, 0);
      Call(e, st, env, g, &r);
      return r;
    }
    case ExprOp::kQuantifier:
      return Quantify(e, st, env, g);
    case ExprOp::kIn:
    case ExprOp::kCount:
    case ExprOp::kSize:
    case ExprOp::kLen:
    case ExprOp::kEmpty:
      return CollectionScalar(e, st, env, g);
    case ExprOp::kMin:
    case ExprOp::kMax: {
      Scalar a = EvalScalar(*e.args[0], st, env, g);
      Scalar b = EvalScalar(*e.args[1], st, env, g);
      return MinMax(a, b, e.op == ExprOp::kMax);
    }
    case ExprOp::kAbs:
      return Abs(EvalScalar(*e.args[0], st, env, g), ErrorsUnder(g));
    case ExprOp::kNext:
    case ExprOp::kPrev: {
      const Type* t = e.args[0]->type;
      Scalar v = EvalScalar(*e.args[0], st, env, g);
      if (v.is_bool()) return FromBool(!v.e);  // two values: next and prev both flip
      const int64_t n = t->Cardinality();
      auto ignore = [](const z3::expr&) {};
      Scalar o = t->kind == TypeKind::kRange ? Sub(v, IntConst(ctx_, t->lo), ignore) : v;
      o = Narrow(o, 0, n - 1);
      Scalar r =
          e.op == ExprOp::kNext
              ? IteScalar(IsValue(o, n - 1), IntConst(ctx_, 0), Add(o, IntConst(ctx_, 1), ignore))
              : IteScalar(IsValue(o, 0), IntConst(ctx_, n - 1), Sub(o, IntConst(ctx_, 1), ignore));
      r = Narrow(r, 0, n - 1);
      return t->kind == TypeKind::kRange ? Add(r, IntConst(ctx_, t->lo), ignore) : r;
    }
    case ExprOp::kOrd: {
      const Type* t = e.args[0]->type;
      Scalar v = EvalScalar(*e.args[0], st, env, g);
      if (v.is_bool()) return IteScalar(v.e, IntConst(ctx_, 1), IntConst(ctx_, 0));
      if (t->kind == TypeKind::kRange) {
        return Sub(v, IntConst(ctx_, t->lo), [](const z3::expr&) {});
      }
      return v;
    }
    case ExprOp::kEnumOf: {
      // As the interpreter: a position outside the enum is a model error.
      Scalar v = EvalScalar(*e.args[0], st, env, g);
      Fail(g && !Contains(e.type, v));
      return NarrowTo(e.type, v);
    }
    case ExprOp::kNone:
      return ConstOf(ctx_, e.type, ir::kNoneValue);
    case ExprOp::kSome: {
      Scalar v = EvalScalar(*e.args[0], st, env, g);
      v.present = ctx_.bool_val(true);
      return v;
    }
    default:
      return Binary(e, st, env, g);
  }
}

Scalar Translator::Binary(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  using ir::ExprOp;
  if (e.op == ExprOp::kEq || e.op == ExprOp::kNe) {
    z3::expr eq(ctx_);
    if (e.args[0]->type->is_scalar()) {
      Scalar a = EvalScalar(*e.args[0], st, env, g);
      Scalar b = EvalScalar(*e.args[1], st, env, g);
      eq = Equal(a, b);
    } else {
      Bits a = EvalBits(*e.args[0], st, env, g);
      Bits b = EvalBits(*e.args[1], st, env, g);
      eq = EqBits(ctx_, a, b);
    }
    return FromBool(e.op == ExprOp::kEq ? eq : Not(eq));
  }
  Scalar a = EvalScalar(*e.args[0], st, env, g);
  Scalar b = EvalScalar(*e.args[1], st, env, g);
  ErrorFn err = ErrorsUnder(g);
  switch (e.op) {
    case ExprOp::kLt:
      return FromBool(Less(a, b));
    case ExprOp::kLe:
      return FromBool(LessEq(a, b));
    case ExprOp::kGt:
      return FromBool(Less(b, a));
    case ExprOp::kGe:
      return FromBool(LessEq(b, a));
    case ExprOp::kAdd:
      return Add(a, b, err);
    case ExprOp::kSub:
      return Sub(a, b, err);
    case ExprOp::kMul:
      return Mul(a, b, err);
    case ExprOp::kDiv:
      return Div(a, b, err);
    case ExprOp::kMod:
      return Mod(a, b, err);
    default:
      Unimplemented("this operator", e.loc);
      return IntConst(ctx_, 0);
  }
}

void Translator::MayStop(uint64_t count) {
  until_stop_check_ -= static_cast<int64_t>(count);
  if (stop_ && until_stop_check_ <= 0) {
    until_stop_check_ = kStopEvery;
    if (stop_()) {
      failures_.clear();
      choices_.clear();
      stats_nesting_ = 0;
      throw TranslationStopped();
    }
  }
}

bool Translator::Spend(const ir::Location& loc, uint64_t count) {
  MayStop(count);
  work_left_ -= static_cast<int64_t>(count);
  if (work_left_ >= 0) return true;
  Unimplemented(
      absl::StrCat("a formula this large (more than ", base::GroupThousands(kMaxTranslationWork),
                   " fun calls and loop values)"),
      loc);
  return false;
}

std::vector<Translator::Item> Translator::Items(const ir::Domain& d, const ir::Location& loc,
                                                const SymState& st, Env& env, const z3::expr& g) {
  std::vector<Item> items;
  const Type* et = d.elem_type;
  switch (d.kind) {
    case ir::DomainKind::kType: {
      const bool option = et->kind == TypeKind::kOption;  // `T?`: T's values, then none
      const Type* t = option ? et->elem : et;
      const int64_t n = t->Cardinality();
      if (n > kMaxUnroll) {
        Unimplemented(absl::StrCat("a loop over more than ", kMaxUnroll, " values"), loc);
        break;
      }
      for (int64_t o = 0; o < n; ++o) {
        items.push_back({ctx_.bool_val(true), ConstOf(ctx_, et, t->ValueAt(o))});
      }
      if (option) items.push_back({ctx_.bool_val(true), ConstOf(ctx_, et, ir::kNoneValue)});
      break;
    }
    case ir::DomainKind::kRange: {
      Scalar lo = EvalScalar(*d.lo, st, env, g);
      Scalar hi = EvalScalar(*d.hi, st, env, g);
      if (static_cast<__int128>(hi.hi) - lo.lo + 1 > kMaxUnroll) {
        Unimplemented(absl::StrCat("a range of more than ", kMaxUnroll, " values"), d.lo->loc);
        break;
      }
      for (int64_t v = lo.lo; v <= hi.hi; ++v) {
        Scalar value = IntConst(ctx_, v);
        items.push_back({And(LessEq(lo, value), LessEq(value, hi)), value});
        if (v == hi.hi) break;  // hi may be INT64_MAX
      }
      break;
    }
    case ir::DomainKind::kSet:
    case ir::DomainKind::kBag: {
      const Type* ct = d.collection->type;
      Bits bits = EvalBits(*d.collection, st, env, g);
      const uint32_t cw = d.kind == ir::DomainKind::kSet ? 1 : ct->CountWidth();
      const int64_t n = ct->elem->Cardinality();
      for (int64_t o = 0; o < n; ++o) {
        if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
        Bits count = ExtractBits(bits, static_cast<uint32_t>(o) * cw, cw);
        items.push_back({!IsZeroBits(ctx_, count), ConstOf(ctx_, et, ct->elem->ValueAt(o))});
      }
      break;
    }
    case ir::DomainKind::kSeq: {
      const Type* ct = d.collection->type;
      Bits bits = EvalBits(*d.collection, st, env, g);
      Scalar len = SeqLength(ct, bits);
      if (!ct->elem->is_scalar()) {
        // The explicit engine reports this as a model error when the loop starts.
        Fail(g);
        break;
      }
      for (int64_t i = 0; i < ct->capacity; ++i) {
        Bits slot = ExtractBits(bits, ct->CountWidth() + static_cast<uint32_t>(i) * ct->ElemWidth(),
                                ct->ElemWidth());
        items.push_back({Less(IntConst(ctx_, i), len), Decode(ctx_, ct->elem, slot)});
      }
      break;
    }
    case ir::DomainKind::kSubBag:  // only in `choose` and `roll`, which take it first
      Unimplemented("a choice of copies out of a bag (`sub(b, n)`)", loc);
      break;
  }
  if (!Spend(loc, items.size())) items.clear();
  return items;
}

Scalar Translator::The(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  std::vector<Item> items = Items(*e.domain, e.loc, st, env, g);
  auto saved = env.scalars.find(e.index) != env.scalars.end()
                   ? std::optional<Scalar>(env.scalars.at(e.index))
                   : std::nullopt;
  // As the interpreter: the filter is evaluated item by item until a second value passes.
  z3::expr none_yet = ctx_.bool_val(true), one_yet = ctx_.bool_val(false);
  std::vector<z3::expr> passes;
  for (const Item& item : items) {
    env.scalars.insert_or_assign(e.index, item.value);
    z3::expr gi = g && item.present && (none_yet || one_yet);
    z3::expr in = item.present;
    if (e.filter != nullptr) in = in && EvalBool(*e.filter, st, env, gi);
    in = in && (none_yet || one_yet);  // nothing is looked at after the second
    passes.push_back(in);
    one_yet = (one_yet && !in) || (none_yet && in);
    none_yet = none_yet && !in;
  }
  Fail(g && !one_yet);
  // Where no value or two pass, the result is arbitrary: that path is a model error.
  Scalar value = items.empty() ? ConstOf(ctx_, e.type,
                                         e.type->kind == TypeKind::kOption ? ir::kNoneValue
                                                                           : e.type->ValueAt(0))
                               : items.back().value;
  for (size_t i = items.size(); i-- > 1;) {
    value = IteScalar(passes[i - 1], items[i - 1].value, value);
  }
  if (saved) {
    env.scalars.insert_or_assign(e.index, *saved);
  } else {
    env.scalars.erase(e.index);
  }
  return value;
}

Scalar Translator::Quantify(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  if (e.quantifier == ir::Quantifier::kThe) return The(e, st, env, g);
  std::vector<Item> items = Items(*e.domain, e.loc, st, env, g);
  const ir::Quantifier q = e.quantifier;
  auto saved = env.scalars.find(e.index) != env.scalars.end()
                   ? std::optional<Scalar>(env.scalars.at(e.index))
                   : std::nullopt;
  z3::expr acc_bool = ctx_.bool_val(q == ir::Quantifier::kAll);
  z3::expr go_on = ctx_.bool_val(true);  // all/any: no earlier item decided the result
  z3::expr seen = ctx_.bool_val(false);  // max/min: an item passed
  Scalar acc = IntConst(ctx_, 0);
  for (const Item& item : items) {
    // An item that is not there, or comes after the result is decided (all/any), is not
    // looked at: the interpreter never evaluates it, so it can neither count nor fail.
    z3::expr gi = And(And(g, item.present), go_on);
    if (gi.is_false()) continue;
    env.scalars.insert_or_assign(e.index, item.value);
    z3::expr in = item.present;
    if (e.filter != nullptr) in = And(in, EvalBool(*e.filter, st, env, gi));
    if (in.is_false()) continue;
    if (q == ir::Quantifier::kSum) {
      Scalar b = EvalScalar(*e.args[0], st, env, And(gi, in));
      acc = Add(acc, IteScalar(in, b, IntConst(ctx_, 0)), ErrorsUnder(g));
      continue;
    }
    if (q == ir::Quantifier::kMax || q == ir::Quantifier::kMin) {
      Scalar b = EvalScalar(*e.args[0], st, env, And(gi, in));
      acc = IteScalar(in, IteScalar(seen, MinMax(acc, b, q == ir::Quantifier::kMax), b), acc);
      seen = Or(seen, in);
      continue;
    }
    z3::expr b = EvalBool(*e.args[0], st, env, And(gi, in));
    switch (q) {
      case ir::Quantifier::kAll:
        acc_bool = And(acc_bool, Implies(in, b));
        go_on = And(go_on, Implies(in, b));
        break;
      case ir::Quantifier::kAny:
        acc_bool = Or(acc_bool, And(in, b));
        go_on = And(go_on, Not(And(in, b)));
        break;
      case ir::Quantifier::kCount:
        acc = Add(acc, IteScalar(And(in, b), IntConst(ctx_, 1), IntConst(ctx_, 0)),
                  [](const z3::expr&) {});
        break;
      default:
        break;
    }
  }
  if (saved) {
    env.scalars.insert_or_assign(e.index, *saved);
  } else {
    env.scalars.erase(e.index);
  }
  if (q == ir::Quantifier::kAll || q == ir::Quantifier::kAny) return FromBool(acc_bool);
  if (q == ir::Quantifier::kMax || q == ir::Quantifier::kMin)
    Fail(g && !seen);  // as the interpreter
  return acc;
}

Scalar Translator::SeqLength(const Type* ct, const Bits& seq) {
  return BitsAsUnsigned(ctx_, ExtractBits(seq, 0, ct->CountWidth()));
}

Scalar Translator::CollectionScalar(const ir::Expr& e, const SymState& st, Env& env,
                                    const z3::expr& g) {
  using ir::ExprOp;
  const ir::Expr& ce = e.op == ExprOp::kIn ? *e.args[1] : *e.args[0];
  const Type* ct = ce.type;
  if (e.op == ExprOp::kEmpty && ct->is_scalar()) {
    Scalar v = EvalScalar(ce, st, env, g);
    return FromBool(v.present ? !*v.present : ctx_.bool_val(false));
  }
  const Type* et = ct->elem;
  Scalar member = IntConst(ctx_, 0);
  Bits member_bits;
  if (e.op == ExprOp::kIn) {
    if (et->is_scalar()) {
      member = EvalScalar(*e.args[0], st, env, g);
    } else {
      member_bits = EvalBits(*e.args[0], st, env, g);
    }
  }
  if (e.op == ExprOp::kCount) member = EvalScalar(*e.args[1], st, env, g);
  Bits s = EvalBits(ce, st, env, g);
  switch (e.op) {
    case ExprOp::kEmpty:
      return FromBool(IsZeroBits(ctx_, s));
    case ExprOp::kLen:
      return SeqLength(ct, s);
    case ExprOp::kSize: {
      if (ct->kind == TypeKind::kSeq) return SeqLength(ct, s);
      const uint32_t cw = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
      Scalar total = IntConst(ctx_, 0);
      for (int64_t o = 0; o < et->Cardinality(); ++o) {
        if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
        total = Add(total, BitsAsUnsigned(ctx_, ExtractBits(s, static_cast<uint32_t>(o) * cw, cw)),
                    [](const z3::expr&) {});
      }
      return total;
    }
    case ExprOp::kCount:
    case ExprOp::kIn: {
      if (ct->kind == TypeKind::kSeq) {
        Scalar len = SeqLength(ct, s);
        z3::expr found = ctx_.bool_val(false);
        for (int64_t i = 0; i < ct->capacity; ++i) {
          Bits slot =
              ExtractBits(s, ct->CountWidth() + static_cast<uint32_t>(i) * et->width, et->width);
          z3::expr same = et->is_scalar() ? Equal(Decode(ctx_, et, slot), member)
                                          : EqBits(ctx_, slot, member_bits);
          found = found || (Less(IntConst(ctx_, i), len) && same);
        }
        return FromBool(found);
      }
      const uint32_t cw = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
      Scalar count = IntConst(ctx_, 0);
      for (int64_t o = et->Cardinality() - 1; o >= 0; --o) {
        if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
        Scalar c = BitsAsUnsigned(ctx_, ExtractBits(s, static_cast<uint32_t>(o) * cw, cw));
        count = IteScalar(ScalarIs(member, et, et->ValueAt(o)), c, count);
      }
      if (e.op == ExprOp::kIn) return FromBool(!IsValue(count, 0));
      return count;
    }
    default:
      Unimplemented("this collection operator", e.loc);
      return IntConst(ctx_, 0);
  }
}

Bits Translator::Call(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g,
                      Scalar* scalar) {
  const ir::Fun& f = program_.funs[e.index];
  if (!Spend(e.loc)) {
    *scalar = IntConst(ctx_, 0);
    return f.result->is_scalar() ? Bits{} : ZeroBits(ctx_, f.result->width);
  }
  Env callee;
  std::vector<const Scalar*> scalar_args(f.params.size(), nullptr);
  std::vector<const Bits*> bits_args(f.params.size(), nullptr);
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Param& p = f.params[i];
    if (p.type->is_scalar()) {
      Scalar v = EvalScalar(*e.args[i], st, env, g);
      Fail(g && !Contains(p.type, v));
      scalar_args[i] = &callee.scalars.insert_or_assign(p.slot, NarrowTo(p.type, v)).first->second;
    } else {
      bits_args[i] =
          &callee.words.insert_or_assign(p.slot, EvalBits(*e.args[i], st, env, g)).first->second;
    }
  }
  if (g.is_false()) {
    // A call no run makes (its result is never used): the body's quantifiers skip every item.
    if (f.result->is_scalar()) {
      *scalar = NarrowTo(f.result, EvalScalar(*f.body, st, callee, g));
      return {};
    }
    return EvalBits(*f.body, st, callee, g);
  }
  // The same fun on the same terms gives the same result (z3_call_memo.h). The body is
  // translated under no guard, so that its result holds wherever the call is (under a false
  // guard, quantifiers skip their items), and its failures are kept apart, to be recorded under
  // each call's own guard.
  CallMemo::Key key = calls_.MakeKey(e.index, scalar_args, bits_args, st.vars);
  const CallMemo::Result* known = calls_.Find(key);
  if (known == nullptr) {
    const z3::expr anywhere = ctx_.bool_val(true);
    const size_t failures_before = failures_.size();
    CallMemo::Result result;
    if (f.result->is_scalar()) {
      Scalar r = EvalScalar(*f.body, st, callee, anywhere);
      Fail(!Contains(f.result, r));
      result.scalar = NarrowTo(f.result, r);
    } else {
      result.bits = EvalBits(*f.body, st, callee, anywhere);
    }
    // One disjunction: a caller's own failure then holds its callees' as one term each,
    // where a list would copy every callee's failures into every caller's.
    const size_t own = failures_.size() - failures_before;
    if (own == 1) {
      result.failure = failures_.back();
    } else if (own > 1) {
      z3::expr_vector any(ctx_);
      for (size_t i = failures_before; i < failures_.size(); ++i) any.push_back(failures_[i]);
      result.failure = z3::mk_or(any);
    }
    failures_.erase(failures_.begin() + static_cast<std::ptrdiff_t>(failures_before),
                    failures_.end());
    known = calls_.Insert(std::move(key), std::move(result));
  }
  if (known->failure.has_value()) Fail(And(g, *known->failure));
  if (known->scalar.has_value()) *scalar = *known->scalar;
  return known->bits;
}

Bits Translator::SelectIndex(const Bits& base, const Type* array, const Scalar& index,
                             const z3::expr& g) {
  const Type* it = array->index;
  const uint32_t ew = array->elem->width;
  Fail(g && !Contains(it, index));
  std::optional<Bits> r;
  for (int64_t o = it->Cardinality() - 1; o >= 0; --o) {
    const int64_t v = it->ValueAt(o);
    if (!index.is_bool() && (v < index.lo || v > index.hi)) continue;
    Bits elem = ExtractBits(base, static_cast<uint32_t>(o) * ew, ew);
    r = r ? IteBits(ScalarIs(index, it, v), elem, *r) : elem;
  }
  return r ? *r : ZeroBits(ctx_, ew);
}

Bits Translator::SeqSlot(const Bits& seq, const Type* ct, const Scalar& i) {
  const uint32_t ew = ct->ElemWidth();
  std::optional<Bits> r;
  for (int64_t j = ct->capacity - 1; j >= 0; --j) {
    if (j < i.lo || j > i.hi) continue;
    Bits slot = ExtractBits(seq, ct->CountWidth() + static_cast<uint32_t>(j) * ew, ew);
    r = r ? IteBits(IsValue(i, j), slot, *r) : slot;
  }
  return r ? *r : ZeroBits(ctx_, ew);
}

Bits Translator::Select(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kIndex: {
      Bits base = EvalBits(*e.args[0], st, env, g);
      Scalar index = EvalScalar(*e.args[1], st, env, g);
      return SelectIndex(base, e.args[0]->type, index, g);
    }
    case ExprOp::kField: {
      Bits base = EvalBits(*e.args[0], st, env, g);
      const ir::StructDef::Field& f = e.args[0]->type->struct_def->fields[e.index];
      return ExtractBits(base, f.offset, f.type->width);
    }
    case ExprOp::kUnwrap: {
      Bits base = EvalBits(*e.args[0], st, env, g);
      Fail(g && IsZeroBits(ctx_, ExtractBits(base, 0, 1)));
      return ExtractBits(base, 1, base.width - 1);
    }
    default: {  // kTop, kBottom, kSeqAt
      const Type* ct = e.args[0]->type;
      Bits s = EvalBits(*e.args[0], st, env, g);
      Scalar len = SeqLength(ct, s);
      Scalar i = IntConst(ctx_, 0);
      if (e.op == ExprOp::kSeqAt) {
        i = EvalScalar(*e.args[1], st, env, g);
        Fail(g && (Less(i, IntConst(ctx_, 0)) || LessEq(len, i)));
      } else {
        Fail(g && IsValue(len, 0));
        if (e.op == ExprOp::kTop) i = Sub(len, IntConst(ctx_, 1), [](const z3::expr&) {});
      }
      return SeqSlot(s, ct, i);
    }
  }
}

Bits Translator::EvalBits(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kStateVar:
      return st.vars[e.index];
    case ExprOp::kLocal: {
      auto it = env.words.find(e.index);
      if (it == env.words.end()) return ZeroBits(ctx_, e.type->width);
      return it->second;
    }
    case ExprOp::kIndex:
    case ExprOp::kField:
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt:
    case ExprOp::kUnwrap:
      return Select(e, st, env, g);
    case ExprOp::kIf:
      return EvalIf(e, st, env, g, &Translator::EvalBits, &IteBits);
    case ExprOp::kCall: {
      Scalar unused = IntConst(ctx_, 0);
      return Call(e, st, env, g, &unused);
    }
    case ExprOp::kSetLiteral:
    case ExprOp::kBagLiteral:
    case ExprOp::kArrayOf:
    case ExprOp::kStructLiteral:
      return Literal(e, st, env, g);
    case ExprOp::kNone:
      return ZeroBits(ctx_, e.type->width);
    case ExprOp::kSome: {
      const Type* et = e.type->elem;
      Bits inner;
      if (et->is_scalar()) {
        Scalar v = EvalScalar(*e.args[0], st, env, g);
        Fail(g && !Contains(et, v));
        inner = Encode(ctx_, et, v);
      } else {
        inner = EvalBits(*e.args[0], st, env, g);
      }
      return ConcatBits(ConstBits(ctx_, 1, 1), inner);
    }
    default:
      Unimplemented("this composite expression", e.loc);
      return ZeroBits(ctx_, e.type->width);
  }
}

}  // namespace rulecheck::solver::internal
