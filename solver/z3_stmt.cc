// Statement translation (see z3_translate.h), as model/executor.cc runs statements. Every
// statement runs on one Path; an `if` (and each loop iteration, whose filter may fail) runs
// its block on a copy and merges the two copies with `ite` on the condition. A choose or
// roll picks a candidate with a fresh index variable, a may with a fresh Bool. A write to a
// place with symbolic indices rewrites each location the place may denote under the
// condition that it is the one.
#include <cassert>

#include "absl/strings/str_cat.h"
#include "solver/step_stats.h"
#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

using ir::Type;
using ir::TypeKind;

namespace {

// The terms of a path, for the size diagnostics (step_stats.h).
std::vector<z3::expr> TermsOf(const Path& p, const std::vector<z3::expr>& failures) {
  std::vector<z3::expr> out(failures);
  out.push_back(p.live);
  for (const Bits& b : p.st.vars) {
    if (b.e) out.push_back(*b.e);
  }
  if (p.st.pending.e) out.push_back(*p.st.pending.e);
  return out;
}

}  // namespace

void Translator::ExecBlock(const ir::Block& block, Path& path) {
  // With the diagnostics on, the growth of the formula by each statement of a rule's body
  // (nested statements count in the one that holds them, and are measured on their own
  // lines too down to StatsDepth()).
  const bool measure = stats_nesting_ < StatsDepth();
  const std::string indent = measure ? std::string(2 * (stats_nesting_ + 1), ' ') : "";
  ++stats_nesting_;
  for (const ir::StmtPtr& s : block.stmts) {
    if (path.live.is_false() || !status_.ok()) break;
    const uint64_t before = measure ? DagSize(TermsOf(path, failures_)) : 0;
    const double t0 = measure ? CpuSeconds() : 0;
    Exec(*s, path);
    if (measure) {
      StatsLine(absl::StrCat(indent, "statement at line ", s->loc.line, ": +",
                             DagSize(TermsOf(path, failures_)) - before, " nodes, ",
                             CpuSeconds() - t0, " cpu s"));
    }
  }
  --stats_nesting_;
}

Path Translator::Merge(const z3::expr& cond, Path a, Path b) {
  if (cond.is_true()) return a;
  if (cond.is_false()) return b;
  for (size_t v = 0; v < a.st.vars.size(); ++v) {
    a.st.vars[v] = IteBits(cond, a.st.vars[v], b.st.vars[v]);
  }
  a.st.pending = IteBits(cond, a.st.pending, b.st.pending);
  for (auto& [slot, value] : b.env.scalars) {
    auto it = a.env.scalars.find(slot);
    if (it == a.env.scalars.end()) {
      a.env.scalars.emplace(slot, value);
    } else if (it->second.is_bool() == value.is_bool() &&
               it->second.present.has_value() == value.present.has_value()) {
      it->second = IteScalar(cond, it->second, value);
    }
  }
  for (auto& [slot, value] : b.env.words) {
    auto it = a.env.words.find(slot);
    if (it == a.env.words.end()) {
      a.env.words.emplace(slot, value);
    } else if (it->second.width == value.width) {
      it->second = IteBits(cond, it->second, value);
    }
  }
  a.live = z3::ite(cond, a.live, b.live);
  return a;
}

void Translator::ExecGuarded(const z3::expr& cond, const ir::Block& block, Path& p) {
  if (cond.is_false()) return;
  Path branch = p;
  branch.live = And(p.live, cond);
  ExecBlock(block, branch);
  p = Merge(cond, std::move(branch), std::move(p));
}

void Translator::ExecIf(const ir::Stmt& s, size_t i, Path& p) {
  if (i == s.conds.size()) {
    if (s.else_block != nullptr) ExecBlock(*s.else_block, p);
    return;
  }
  z3::expr c = EvalBool(*s.conds[i], p.st, p.env, p.live);
  if (c.is_false()) return ExecIf(s, i + 1, p);
  if (c.is_true()) return ExecBlock(s.blocks[i], p);
  Path then_path = p;
  then_path.live = And(p.live, c);
  ExecBlock(s.blocks[i], then_path);
  Path else_path = std::move(p);
  else_path.live = And(else_path.live, Not(c));
  ExecIf(s, i + 1, else_path);
  p = Merge(c, std::move(then_path), std::move(else_path));
}

void Translator::Exec(const ir::Stmt& s, Path& p) {
  using ir::StmtOp;
  const size_t failures_before = failures_.size();
  switch (s.op) {
    case StmtOp::kAssign:
    case StmtOp::kAddAssign:
    case StmtOp::kSubAssign:
      ExecAssign(s, p);
      break;
    case StmtOp::kLet:
      if (s.value->type->is_scalar()) {
        Scalar v = EvalScalar(*s.value, p.st, p.env, p.live);
        if (s.bound != nullptr) {
          Fail(p.live && !Contains(s.bound, v));
          v = NarrowTo(s.bound, v);
        }
        p.env.scalars.insert_or_assign(s.slot, std::move(v));
      } else {
        p.env.words.insert_or_assign(s.slot, EvalBits(*s.value, p.st, p.env, p.live));
      }
      break;
    case StmtOp::kIf:
      ExecIf(s, 0, p);
      break;
    case StmtOp::kFor: {
      std::vector<Item> items = Items(*s.domain, s.loc, p.st, p.env, p.live);
      for (const Item& item : items) {
        p.env.scalars.insert_or_assign(s.slot, item.value);
        z3::expr in = item.present;
        if (in.is_false()) continue;
        if (s.filter != nullptr) in = And(in, EvalBool(*s.filter, p.st, p.env, And(p.live, in)));
        ExecGuarded(in, s.blocks[0], p);
      }
      break;
    }
    case StmtOp::kChoose:
    case StmtOp::kRoll:
      ExecChoose(s, p);
      break;
    case StmtOp::kMay: {
      z3::expr m = Fresh("may", 0);
      choices_.push_back({&s, m, p.live});
      ExecGuarded(m, s.blocks[0], p);
      if (s.blocks.size() > 1) ExecGuarded(!m, s.blocks[1], p);  // `else`
      break;
    }
    case StmtOp::kRequire:
      p.live = p.live && EvalBool(*s.value, p.st, p.env, p.live);
      break;
    case StmtOp::kAssert: {
      z3::expr c = EvalBool(*s.value, p.st, p.env, p.live);
      Fail(p.live && !c);
      p.live = p.live && c;
      break;
    }
    case StmtOp::kEmit:
      ExecEmit(s, p);
      break;
    case StmtOp::kMove:
      ExecMove(s, p);
      break;
    default:
      ExecCollection(s, p);
      break;
  }
  // A path that failed in this statement (or in a condition, filter or domain it evaluated)
  // goes no further. Each failure's condition includes the path condition where it happened,
  // so excluding all of them is exact.
  for (size_t i = failures_before; i < failures_.size(); ++i) {
    p.live = And(p.live, Not(failures_[i]));
  }
}

void Translator::ExecChoose(const ir::Stmt& s, Path& p) {
  if (s.domain->kind == ir::DomainKind::kSubBag) {
    ExecChooseSubBag(s, p);
    return;
  }
  const size_t failures_before = failures_.size();
  std::vector<Item> items = Items(*s.domain, s.loc, p.st, p.env, p.live);
  std::vector<z3::expr> candidate;
  for (const Item& item : items) {
    p.env.scalars.insert_or_assign(s.slot, item.value);
    z3::expr in = item.present;
    if (s.filter != nullptr && !in.is_false()) {
      in = And(in, EvalBool(*s.filter, p.st, p.env, And(p.live, in)));
    }
    candidate.push_back(in);
  }
  for (size_t i = failures_before; i < failures_.size(); ++i) {
    p.live = And(p.live, Not(failures_[i]));
  }
  if (items.empty()) {
    p.live = ctx_.bool_val(false);
    return;
  }
  const unsigned width = ir::BitsFor(static_cast<int64_t>(items.size()));
  z3::expr k =
      width == 0 ? ctx_.bv_val(0, 1) : Fresh(s.op == ir::StmtOp::kRoll ? "roll" : "choose", width);
  if (width > 0) choices_.push_back({&s, k, p.live});
  const unsigned kw = k.get_sort().bv_size();
  z3::expr chosen = ctx_.bool_val(false);
  Scalar value = items.back().value;
  for (size_t i = items.size(); i-- > 0;) {
    z3::expr is_i = k == ctx_.bv_val(static_cast<uint64_t>(i), kw);
    chosen = Or(chosen, And(is_i, candidate[i]));
    if (i + 1 < items.size()) value = IteScalar(is_i, items[i].value, value);
  }
  p.live = And(p.live, chosen);
  p.env.scalars.insert_or_assign(s.slot, value);
  ExecBlock(s.blocks[0], p);
}

Translator::PlaceRef Translator::Resolve(const ir::Expr& place, Path& p, const z3::expr& g) {
  using ir::ExprOp;
  PlaceRef ref;
  ref.type = place.type;
  switch (place.op) {
    case ExprOp::kStateVar:
      ref.root = PlaceRef::kVar;
      ref.index = place.index;
      ref.at.push_back({ctx_.bool_val(true), 0});
      return ref;
    case ExprOp::kLocal:
      ref.root = place.type->is_scalar() ? PlaceRef::kLocalScalar : PlaceRef::kLocalBits;
      ref.index = place.index;
      if (ref.root == PlaceRef::kLocalBits && !p.env.words.count(place.index)) {
        p.env.words.emplace(place.index, ZeroBits(ctx_, place.type->width));
      }
      ref.at.push_back({ctx_.bool_val(true), 0});
      return ref;
    case ExprOp::kIndex: {
      PlaceRef base = Resolve(*place.args[0], p, g);
      const Type* at = place.args[0]->type;
      const Type* it = at->index;
      Scalar index = EvalScalar(*place.args[1], p.st, p.env, g);
      Fail(g && !Contains(it, index));
      ref.root = base.root;
      ref.index = base.index;
      for (const auto& [cond, off] : base.at) {
        for (int64_t o = 0; o < it->Cardinality(); ++o) {
          const int64_t v = it->ValueAt(o);
          if (!index.is_bool() && (v < index.lo || v > index.hi)) continue;
          z3::expr c = cond && ScalarIs(index, it, v);
          ref.at.push_back({c.simplify(), off + static_cast<uint32_t>(o) * at->elem->width});
        }
      }
      return ref;
    }
    case ExprOp::kField: {
      PlaceRef base = Resolve(*place.args[0], p, g);
      const uint32_t off = place.args[0]->type->struct_def->fields[place.index].offset;
      for (auto& [cond, o] : base.at) o += off;
      base.type = place.type;
      return base;
    }
    case ExprOp::kUnwrap: {
      PlaceRef base = Resolve(*place.args[0], p, g);
      if (base.root == PlaceRef::kLocalScalar) {
        Unimplemented("an unwrap of a scalar local as a place", place.loc);
        return base;
      }
      const Bits& root =
          base.root == PlaceRef::kVar ? p.st.vars[base.index] : p.env.words.at(base.index);
      const Type* option = place.args[0]->type;
      if (option->is_scalar()) {
        // One scalar with none encoded as 0: the place is the option's own bits.
        for (const auto& [cond, o] : base.at) {
          Fail(g && cond && IsZeroBits(ctx_, ExtractBits(root, o, option->width)));
        }
        base.storage = option;
        base.type = place.type;
        return base;
      }
      // A composite option: a presence bit, then the value.
      for (auto& [cond, o] : base.at) {
        Fail(g && cond && IsZeroBits(ctx_, ExtractBits(root, o, 1)));
        o += 1;
      }
      base.type = place.type;
      return base;
    }
    default:
      Unimplemented("this kind of place", place.loc);
      return ref;
  }
}

void Translator::Modify(Path& p, const PlaceRef& ref, const ModifyFn& fn) {
  assert(ref.root != PlaceRef::kLocalScalar);
  Bits& root = ref.root == PlaceRef::kVar ? p.st.vars[ref.index] : p.env.words.at(ref.index);
  const uint32_t w = ref.stored_as()->width;
  for (const auto& [cond, off] : ref.at) {
    Bits old = ExtractBits(root, off, w);
    Bits updated = fn(old, p.live && cond);
    root = IteBits(cond, ReplaceBits(root, off, updated), root);
  }
}

void Translator::ExecAssign(const ir::Stmt& s, Path& p) {
  const z3::expr g = p.live;
  PlaceRef ref = Resolve(*s.place, p, g);
  const Type* t = ref.type;
  if (!t->is_scalar()) {
    Bits v = EvalBits(*s.value, p.st, p.env, g);
    Modify(p, ref, [&](const Bits&, const z3::expr&) { return v; });
    return;
  }
  Scalar v = EvalScalar(*s.value, p.st, p.env, g);
  auto update = [&](const Scalar& cur, const z3::expr& gc) {
    Scalar r = v;
    if (s.op == ir::StmtOp::kAddAssign) r = Add(cur, v, ErrorsUnder(gc));
    if (s.op == ir::StmtOp::kSubAssign) r = Sub(cur, v, ErrorsUnder(gc));
    Fail(gc && !Contains(t, r));
    return NarrowTo(t, r);
  };
  if (ref.root == PlaceRef::kLocalScalar) {
    auto it = p.env.scalars.find(ref.index);
    Scalar cur = it != p.env.scalars.end() ? it->second : ConstOf(ctx_, t, 0);
    p.env.scalars.insert_or_assign(ref.index, update(cur, g));
    return;
  }
  const Type* stored = ref.stored_as();
  Modify(p, ref, [&](const Bits& old, const z3::expr& gc) {
    Scalar cur = Decode(ctx_, stored, old);
    cur.present.reset();  // `x!` of an option: Resolve has ruled out none
    return Encode(ctx_, stored, update(cur, gc));
  });
}

Bits Translator::EvalElem(const Type* et, const ir::Expr& e, Path& p, Scalar* scalar) {
  if (et->is_scalar()) {
    Scalar v = EvalScalar(e, p.st, p.env, p.live);
    Fail(p.live && !Contains(et, v));
    *scalar = NarrowTo(et, v);
    return Encode(ctx_, et, *scalar);
  }
  return EvalBits(e, p.st, p.env, p.live);
}

void Translator::ExecCollection(const ir::Stmt& s, Path& p) {
  using ir::StmtOp;
  if (s.value != nullptr && s.value->type->kind == TypeKind::kBag) {
    ExecBagCopies(s, p);
    return;
  }
  PlaceRef ref = Resolve(*s.place, p, p.live);
  const Type* ct = ref.type;
  if (ref.root == PlaceRef::kLocalScalar || !ct->is_collection()) {
    Unimplemented("this collection statement", s.loc);
    return;
  }
  Scalar scalar = IntConst(ctx_, 0);
  Bits elem;
  const bool scalar_elem = ct->elem->is_scalar();
  Scalar index = IntConst(ctx_, 0);
  if (s.op == StmtOp::kInsertAt || s.op == StmtOp::kRemoveAt) {
    index = EvalScalar(*s.index, p.st, p.env, p.live);
  }
  if (s.op == StmtOp::kAdd || s.op == StmtOp::kPush || s.op == StmtOp::kRemove ||
      s.op == StmtOp::kPushBottom || s.op == StmtOp::kInsertAt) {
    elem = EvalElem(ct->elem, *s.value, p, &scalar);
  }
  const Scalar* sp = scalar_elem ? &scalar : nullptr;
  Modify(p, ref, [&](const Bits& old, const z3::expr& g) -> Bits {
    switch (s.op) {
      case StmtOp::kClear:
        return ZeroBits(ctx_, ct->width);
      case StmtOp::kAdd:
      case StmtOp::kPush:
        return Insert(ct, old, elem, sp, /*strict=*/false, g);
      case StmtOp::kRemove:
        return Erase(ct, old, elem, sp, g);
      case StmtOp::kPushBottom:
      case StmtOp::kInsertAt: {
        Scalar len = SeqLength(ct, old);
        Fail(g && LessEq(IntConst(ctx_, ct->capacity), len));
        Fail(g && (Less(index, IntConst(ctx_, 0)) || Less(len, index)));
        return SeqInsertAt(ct, old, index, elem);
      }
      default: {  // kPop, kPopBottom, kRemoveAt
        Scalar len = SeqLength(ct, old);
        Scalar i = index;
        if (s.op == StmtOp::kPop) i = Sub(len, IntConst(ctx_, 1), [](const z3::expr&) {});
        Fail(g && IsValue(len, 0));
        if (s.op == StmtOp::kRemoveAt) {
          Fail(g && (Less(i, IntConst(ctx_, 0)) || LessEq(len, i)));
        }
        return SeqRemoveAt(ct, old, i);
      }
    }
  });
}

void Translator::ExecMove(const ir::Stmt& s, Path& p) {
  if (s.value->type->kind == TypeKind::kBag) {
    ExecBagCopies(s, p);
    return;
  }
  const Type* from_type = s.place->type;
  Scalar scalar = IntConst(ctx_, 0);
  Bits elem = EvalElem(from_type->elem, *s.value, p, &scalar);
  const bool scalar_elem = from_type->elem->is_scalar();
  PlaceRef from = Resolve(*s.place, p, p.live);
  PlaceRef to = Resolve(*s.target, p, p.live);
  Modify(p, from, [&](const Bits& old, const z3::expr& g) {
    return Erase(from_type, old, elem, scalar_elem ? &scalar : nullptr, g);
  });
  const Type* tt = to.type;
  if (scalar_elem) {
    Fail(p.live && !Contains(tt->elem, scalar));
    scalar = NarrowTo(tt->elem, scalar);
    elem = Encode(ctx_, tt->elem, scalar);
  }
  Modify(p, to, [&](const Bits& old, const z3::expr& g) {
    return Insert(tt, old, elem, scalar_elem ? &scalar : nullptr, /*strict=*/true, g);
  });
}

void Translator::ExecEmit(const ir::Stmt& s, Path& p) {
  const ir::Event& event = program_.events[s.event];
  const ir::StateLayout& layout = model_.layout;
  std::vector<Scalar> args;
  for (size_t i = 0; i < s.args.size(); ++i) {
    Scalar v = EvalScalar(*s.args[i], p.st, p.env, p.live);
    const Type* t = event.params[i].type;
    Fail(p.live && !Contains(t, v));
    args.push_back(NarrowTo(t, v));
  }
  Bits arg_bits;
  for (size_t i = 0; i < args.size(); ++i) {
    arg_bits = ConcatBits(arg_bits, Encode(ctx_, event.params[i].type, args[i]));
  }
  const uint32_t tw = layout.pending_trigger_width(), ew = layout.pending_entry_width();
  const uint32_t lw = layout.pending_length_width();
  for (int t : triggers_on_[s.event]) {
    const ir::Trigger& trigger = program_.triggers[t];
    z3::expr holds = ctx_.bool_val(true);
    if (trigger.guard != nullptr) {
      Env guard_env;
      for (size_t i = 0; i < trigger.binders.size() && i < args.size(); ++i) {
        guard_env.scalars.insert_or_assign(trigger.binders[i].slot, args[i]);
      }
      holds = EvalBool(*trigger.guard, p.st, guard_env, p.live);
    }
    Scalar len = PendingLength(p.st.pending);
    z3::expr overflow = holds && LessEq(IntConst(ctx_, layout.pending_capacity()), len);
    Fail(p.live && overflow);
    p.live = p.live && !overflow;
    Bits entry = ConcatBits(ConstBits(ctx_, tw, static_cast<uint64_t>(t) + 1), arg_bits);
    entry = ConcatBits(entry, ZeroBits(ctx_, ew - entry.width));
    Bits pending = p.st.pending;
    for (int64_t j = 0; j < layout.pending_capacity(); ++j) {
      pending =
          IteBits(IsValue(len, j), ReplaceBits(pending, PendingEntryOffset(j), entry), pending);
    }
    Bits old_len = ExtractBits(pending, 0, lw);
    pending = ReplaceBits(pending, 0, Bits{*old_len.e + ctx_.bv_val(1, lw), lw});
    p.st.pending = IteBits(holds, pending, p.st.pending);
  }
}

}  // namespace rulecheck::solver::internal
