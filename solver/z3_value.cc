// Bits and Scalar operations (see z3_value.h).
//
// Integer arithmetic works on static bounds: the bounds of a result are computed in 128 bits
// from the operands' bounds, the operation runs on bit-vectors just wide enough for both the
// operands and those bounds (two's complement arithmetic is then exact), and only when the
// bounds leave int64 is an overflow check emitted, after which the result is cut back to 64
// bits as the explicit engine's int64 would hold it.
#include "solver/z3_value.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <optional>
#include <vector>

namespace rulecheck::solver::internal {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

unsigned WidthOf(const Scalar& s) { return s.e.get_sort().bv_size(); }

__int128 AbsMax(const Scalar& s) {
  __int128 a = s.lo, b = s.hi;
  return std::max(a < 0 ? -a : a, b < 0 ? -b : b);
}

// The low `width` bits of an integer scalar.
z3::expr LowBits(const Scalar& s, unsigned width) {
  unsigned ws = WidthOf(s);
  if (ws >= width) return ws == width ? s.e : s.e.extract(width - 1, 0);
  return z3::sext(s.e, width - ws);
}

// A result computed in bit-vector `r`, whose exact value lies in [lo, hi].
Scalar Fit(const z3::expr& r, __int128 lo, __int128 hi, const ErrorFn& err) {
  z3::context& ctx = r.ctx();
  if (lo >= kMin && hi <= kMax) {
    Scalar s{r, static_cast<int64_t>(lo), static_cast<int64_t>(hi), std::nullopt};
    unsigned w = WidthFor(lo, hi);
    if (WidthOf(s) > w) s.e = r.extract(w - 1, 0);
    return s;
  }
  unsigned w = r.get_sort().bv_size();
  err(r < ctx.bv_val(kMin, w) || r > ctx.bv_val(kMax, w));
  Scalar s{r.extract(63, 0), static_cast<int64_t>(std::max<__int128>(lo, kMin)),
           static_cast<int64_t>(std::min<__int128>(hi, kMax)), std::nullopt};
  return Narrow(s, s.lo, s.hi);
}

template <typename Op>
Scalar Apply(const Scalar& a, const Scalar& b, __int128 lo, __int128 hi, Op op,
             const ErrorFn& err) {
  // A result whose bounds meet is that value (constants added, subtracted or multiplied): no
  // Z3 term to build and simplify. A chain of funs on constant arguments is all this.
  if (lo == hi && lo >= kMin && hi <= kMax && !a.present && !b.present) {
    return IntConst(a.e.ctx(), static_cast<int64_t>(lo));
  }
  unsigned w = std::max({WidthFor(lo, hi), WidthOf(a), WidthOf(b)});
  z3::expr r = op(Widen(a, w), Widen(b, w));
  // Constants fold at once (Z3's own arithmetic on the same bit-vectors, so the result is
  // exactly the term's value): comparisons of the result then fold by its bounds.
  uint64_t u = 0;
  if (a.lo == a.hi && b.lo == b.hi && lo >= kMin && hi <= kMax && w <= 64) {
    const z3::expr folded = r.simplify();
    if (folded.is_numeral_u64(u)) {
      int64_t value = static_cast<int64_t>(u);
      if (w < 64 && (u >> (w - 1)) & 1) value = static_cast<int64_t>(u - (uint64_t{1} << w));
      if (value >= lo && value <= hi) return IntConst(r.ctx(), value);
    }
  }
  return Fit(r, lo, hi, err);
}

}  // namespace

z3::expr And(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_true()) return a;
  if (b.is_false() || a.is_true()) return b;
  if (Same(a, b)) return a;
  return a && b;
}

z3::expr Or(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_false()) return a;
  if (b.is_true() || a.is_false()) return b;
  if (Same(a, b)) return a;
  return a || b;
}

z3::expr Not(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  if (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT) return a.arg(0);
  return !a;
}

z3::expr Implies(const z3::expr& a, const z3::expr& b) { return Or(Not(a), b); }

bool SurelyFalse(const z3::expr& e) {
  if (e.is_false()) return true;
  // Only the direct conjuncts: path conditions are long chains of conjunctions, and looking
  // deeper at every failure would cost time quadratic in the chain.
  if (!e.is_app() || e.decl().decl_kind() != Z3_OP_AND) return false;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    if (e.arg(i).is_false()) return true;
  }
  return false;
}

Bits ZeroBits(z3::context& ctx, uint32_t width) {
  if (width == 0) return {};
  return {ctx.bv_val(0, width), width};
}

Bits ConstBits(z3::context& ctx, uint32_t width, uint64_t value) {
  if (width == 0) return {};
  return {ctx.bv_val(value, width), width};
}

namespace {

// Bits [lo, lo + width) of `e`, looking through concatenations, extractions and numerals so
// that reading back a piece just written (ReplaceBits) gives the piece itself: Z3 does not
// simplify terms as they are made, and the translation reads fields of values it has just
// assembled all the time.
z3::expr Slice(const z3::expr& e, unsigned lo, unsigned width) {
  const unsigned w = e.get_sort().bv_size();
  if (lo == 0 && width == w) return e;
  if (e.is_app()) {
    switch (e.decl().decl_kind()) {
      case Z3_OP_CONCAT: {
        // The arguments the range overlaps, each sliced: a range across pieces is the
        // concatenation of their parts (as a rope is split), so the pieces stay visible to
        // later reads and to IteBits instead of hiding under one extraction.
        std::optional<z3::expr> out;
        unsigned top = w;  // the first argument holds the highest bits
        for (unsigned i = 0; i < e.num_args(); ++i) {
          const z3::expr a = e.arg(i);
          const unsigned aw = a.get_sort().bv_size();
          const unsigned a_lo = top - aw;
          const unsigned from = std::max(lo, a_lo), to = std::min(lo + width, top);
          if (from < to) {
            if (from == lo && to == lo + width) return Slice(a, lo - a_lo, width);
            const z3::expr part = Slice(a, from - a_lo, to - from);
            out = out ? z3::concat(*out, part) : part;
          }
          top = a_lo;
        }
        return *out;
      }
      case Z3_OP_EXTRACT: {
        const unsigned base = Z3_get_decl_int_parameter(e.ctx(), e.decl(), 1);
        return Slice(e.arg(0), base + lo, width);
      }
      case Z3_OP_BNUM: {
        uint64_t v = 0;
        if (w <= 64 && e.is_numeral_u64(v)) {
          v >>= lo;
          if (width < 64) v &= (uint64_t{1} << width) - 1;
          return e.ctx().bv_val(v, width);
        }
        break;
      }
      default:
        break;
    }
  }
  return e.extract(lo + width - 1, lo);
}

}  // namespace

Bits ExtractBits(const Bits& b, uint32_t offset, uint32_t width) {
  assert(offset + width <= b.width);
  if (width == 0) return {};
  if (offset == 0 && width == b.width) return b;
  return {Slice(*b.e, offset, width), width};
}

Bits ConcatBits(const Bits& low, const Bits& high) {
  if (low.width == 0) return high;
  if (high.width == 0) return low;
  return {z3::concat(*high.e, *low.e), low.width + high.width};
}

Bits ReplaceBits(const Bits& b, uint32_t offset, const Bits& piece) {
  assert(offset + piece.width <= b.width);
  if (piece.width == 0) return b;
  Bits low = ExtractBits(b, 0, offset);
  Bits high = ExtractBits(b, offset + piece.width, b.width - offset - piece.width);
  return ConcatBits(ConcatBits(low, piece), high);
}

namespace {

// A piece of a concatenation tree: its lowest bit and its term (not itself a concatenation).
struct Leaf {
  unsigned lo;
  z3::expr e;
};

// Appends the leaves of `e`'s concatenation tree, lowest first, offset by `base`; false once
// there are more than `limit`.
bool AddLeaves(const z3::expr& e, unsigned base, std::vector<Leaf>& out, size_t limit) {
  if (out.size() > limit) return false;
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_CONCAT) {
    unsigned bottom = base;  // the last argument holds the lowest bits
    for (unsigned i = e.num_args(); i-- > 0;) {
      const z3::expr arg = e.arg(i);
      if (!AddLeaves(arg, bottom, out, limit)) return false;
      bottom += arg.get_sort().bv_size();
    }
    return true;
  }
  out.push_back({base, e});
  return true;
}

// The concatenation of `pieces[lo, hi)` (lowest first) as a balanced tree, so that Slice
// reaches any piece in logarithmically many steps.
z3::expr Balanced(const std::vector<z3::expr>& pieces, size_t lo, size_t hi) {
  if (hi - lo == 1) return pieces[lo];
  const size_t mid = lo + (hi - lo) / 2;
  return z3::concat(Balanced(pieces, mid, hi), Balanced(pieces, lo, mid));
}

// Pieces of a concatenation an ite is pushed into at most (beyond, one ite of the whole).
constexpr size_t kMaxItePieces = 256;

}  // namespace

// When `a` and `b` are concatenations that share pieces (a state variable of which a branch
// rewrote a few fields: ReplaceBits keeps the other fields as slices of the old value), the
// ite is pushed into the pieces that differ and the shared ones are kept as they are. The
// result reads back through Slice to the old fields, so later reads of the fields neither
// branch wrote are the old terms, not extractions of an ite of the whole variable: without
// this every `if` that wrote one field of a large variable copied the whole variable, and the
// formula grew with each statement by the variable's size (Random Mutations' species rows).
Bits IteBits(const z3::expr& cond, const Bits& a, const Bits& b) {
  assert(a.width == b.width);
  if (a.width == 0 || SameBits(a, b)) return a;
  if (cond.is_true()) return a;
  if (cond.is_false()) return b;
  std::vector<Leaf> la, lb;
  if (a.width > 1 && AddLeaves(*a.e, 0, la, kMaxItePieces) &&
      AddLeaves(*b.e, 0, lb, kMaxItePieces) && la.size() + lb.size() > 2) {
    // Walk both leaf lists together, one segment between consecutive cuts at a time.
    bool shared = false;
    std::vector<z3::expr> pieces;  // lowest first
    size_t i = 0, j = 0;
    unsigned lo = 0;
    while (lo < a.width) {
      const unsigned a_end = i + 1 < la.size() ? la[i + 1].lo : a.width;
      const unsigned b_end = j + 1 < lb.size() ? lb[j + 1].lo : a.width;
      const unsigned end = std::min(a_end, b_end);
      const z3::expr pa = Slice(la[i].e, lo - la[i].lo, end - lo);
      const z3::expr pb = Slice(lb[j].e, lo - lb[j].lo, end - lo);
      z3::expr piece = pa;
      if (Same(pa, pb)) {
        shared = true;
      } else {
        piece = z3::ite(cond, pa, pb);
      }
      pieces.push_back(piece);
      lo = end;
      if (end == a_end) ++i;
      if (end == b_end) ++j;
    }
    if (shared) return {Balanced(pieces, 0, pieces.size()), a.width};
  }
  return {z3::ite(cond, *a.e, *b.e), a.width};
}

z3::expr EqBits(z3::context& ctx, const Bits& a, const Bits& b) {
  assert(a.width == b.width);
  if (a.width == 0 || SameBits(a, b)) return ctx.bool_val(true);
  // Two different numerals of one width differ (Z3 hash-conses equal ones: SameBits above).
  if (a.e->is_numeral() && b.e->is_numeral()) return ctx.bool_val(false);
  return *a.e == *b.e;
}

z3::expr IsZeroBits(z3::context& ctx, const Bits& b) {
  return EqBits(ctx, b, ZeroBits(ctx, b.width));
}

Scalar BitsAsUnsigned(z3::context& ctx, const Bits& b) {
  if (b.width == 0) return IntConst(ctx, 0);
  assert(b.width <= 62);
  // Constant bits (fixed bits of the state) give a constant, whose comparisons fold.
  uint64_t value = 0;
  if (b.e->is_numeral_u64(value)) return IntConst(ctx, static_cast<int64_t>(value));
  return {z3::zext(*b.e, 1), 0, (int64_t{1} << b.width) - 1, std::nullopt};
}

bool Same(const z3::expr& a, const z3::expr& b) { return z3::eq(a, b); }

bool SameBits(const Bits& a, const Bits& b) {
  if (a.width != b.width) return false;
  return a.width == 0 || Same(*a.e, *b.e);
}

Scalar IntConst(z3::context& ctx, int64_t value) {
  return {ctx.bv_val(value, WidthFor(value, value)), value, value, std::nullopt};
}

Scalar BoolConst(z3::context& ctx, bool value) { return {ctx.bool_val(value), 0, 1, std::nullopt}; }

Scalar FromBool(const z3::expr& b) { return {b, 0, 1, std::nullopt}; }

Scalar ConstOf(z3::context& ctx, const ir::Type* type, int64_t value) {
  const bool option = type->kind == ir::TypeKind::kOption;
  const ir::Type* t = option ? type->elem : type;
  // kNoneValue is none only in an option: elsewhere it is the integer it is (the int64
  // minimum, which a constant may be).
  Scalar s = t->kind == ir::TypeKind::kBool
                 ? BoolConst(ctx, value != 0)
                 : IntConst(ctx, option && value == ir::kNoneValue ? 0 : value);
  if (type->kind == ir::TypeKind::kOption) {
    if (value == ir::kNoneValue && t->kind == ir::TypeKind::kBool) s = BoolConst(ctx, false);
    s.present = ctx.bool_val(value != ir::kNoneValue);
  }
  return s;
}

unsigned WidthFor(__int128 lo, __int128 hi) {
  unsigned w = 1;
  while (w < 128) {
    __int128 half = static_cast<__int128>(1) << (w - 1);
    if (lo >= -half && hi <= half - 1) break;
    ++w;
  }
  return w;
}

z3::expr Widen(const Scalar& s, unsigned width) { return LowBits(s, width); }

Scalar Narrow(const Scalar& s, int64_t lo, int64_t hi) {
  if (s.is_bool()) return s;
  int64_t nlo = std::max(s.lo, lo), nhi = std::min(s.hi, hi);
  if (nlo > nhi) {
    // No value fits: only a path that is dead anyway gets here.
    Scalar c = IntConst(s.e.ctx(), lo);
    c.present = s.present;
    return c;
  }
  Scalar r = s;
  r.lo = nlo;
  r.hi = nhi;
  unsigned w = WidthFor(nlo, nhi);
  if (WidthOf(s) > w) r.e = s.e.extract(w - 1, 0);
  return r;
}

Scalar Add(const Scalar& a, const Scalar& b, const ErrorFn& err) {
  return Apply(
      a, b, static_cast<__int128>(a.lo) + b.lo, static_cast<__int128>(a.hi) + b.hi,
      [](const z3::expr& x, const z3::expr& y) { return x + y; }, err);
}

Scalar Sub(const Scalar& a, const Scalar& b, const ErrorFn& err) {
  return Apply(
      a, b, static_cast<__int128>(a.lo) - b.hi, static_cast<__int128>(a.hi) - b.lo,
      [](const z3::expr& x, const z3::expr& y) { return x - y; }, err);
}

Scalar Mul(const Scalar& a, const Scalar& b, const ErrorFn& err) {
  __int128 c[4] = {static_cast<__int128>(a.lo) * b.lo, static_cast<__int128>(a.lo) * b.hi,
                   static_cast<__int128>(a.hi) * b.lo, static_cast<__int128>(a.hi) * b.hi};
  return Apply(
      a, b, *std::min_element(c, c + 4), *std::max_element(c, c + 4),
      [](const z3::expr& x, const z3::expr& y) { return x * y; }, err);
}

Scalar Div(const Scalar& a, const Scalar& b, const ErrorFn& err) {
  if (b.lo <= 0 && b.hi >= 0) err(IsValue(b, 0));
  __int128 m = AbsMax(a);
  __int128 lo = (a.lo >= 0 && b.lo >= 0) ? 0 : -m;
  return Apply(
      a, b, lo, m, [](const z3::expr& x, const z3::expr& y) { return x / y; }, err);
}

Scalar Mod(const Scalar& a, const Scalar& b, const ErrorFn& err) {
  if (b.lo <= 0 && b.hi >= 0) err(IsValue(b, 0));
  __int128 mb = AbsMax(b);
  __int128 m = std::min(AbsMax(a), mb > 0 ? mb - 1 : 0);
  __int128 lo = a.lo < 0 ? -m : 0, hi = a.hi > 0 ? m : 0;
  return Apply(
      a, b, lo, hi, [](const z3::expr& x, const z3::expr& y) { return z3::srem(x, y); }, err);
}

Scalar Neg(const Scalar& a, const ErrorFn& err) { return Sub(IntConst(a.e.ctx(), 0), a, err); }

Scalar Abs(const Scalar& a, const ErrorFn& err) {
  if (a.lo >= 0) return a;
  z3::expr negative = Less(a, IntConst(a.e.ctx(), 0));
  Scalar n = Neg(a, [&](const z3::expr& c) { err(negative && c); });
  Scalar r = IteScalar(negative, n, a);
  int64_t lo = a.hi <= 0 ? (a.hi == kMin ? kMax : -a.hi) : 0;
  int64_t hi = static_cast<int64_t>(std::min<__int128>(AbsMax(a), kMax));
  return Narrow(r, lo, hi);
}

Scalar MinMax(const Scalar& a, const Scalar& b, bool is_max) {
  z3::expr a_less = Less(a, b);
  return is_max ? IteScalar(a_less, b, a) : IteScalar(a_less, a, b);
}

z3::expr Less(const Scalar& a, const Scalar& b) {
  if (a.hi < b.lo) return a.e.ctx().bool_val(true);
  if (a.lo >= b.hi) return a.e.ctx().bool_val(false);
  unsigned w = std::max(WidthOf(a), WidthOf(b));
  return Widen(a, w) < Widen(b, w);
}

z3::expr LessEq(const Scalar& a, const Scalar& b) {
  if (a.hi <= b.lo) return a.e.ctx().bool_val(true);
  if (a.lo > b.hi) return a.e.ctx().bool_val(false);
  unsigned w = std::max(WidthOf(a), WidthOf(b));
  return Widen(a, w) <= Widen(b, w);
}

z3::expr Equal(const Scalar& a, const Scalar& b) {
  z3::context& ctx = a.e.ctx();
  z3::expr inner(ctx);
  if (a.is_bool() || b.is_bool()) {
    assert(a.is_bool() && b.is_bool());
    const bool constants = (a.e.is_true() || a.e.is_false()) && (b.e.is_true() || b.e.is_false());
    inner = Same(a.e, b.e) ? ctx.bool_val(true) : constants ? ctx.bool_val(false) : a.e == b.e;
  } else if (a.hi < b.lo || b.hi < a.lo) {
    inner = ctx.bool_val(false);
  } else if (a.lo == a.hi && b.lo == b.hi) {
    inner = ctx.bool_val(true);  // one value each, and not apart: the same
  } else {
    unsigned w = std::max(WidthOf(a), WidthOf(b));
    z3::expr x = Widen(a, w), y = Widen(b, w);
    inner = Same(x, y) ? ctx.bool_val(true) : x == y;
  }
  if (!a.present && !b.present) return inner;
  z3::expr pa = a.present ? *a.present : ctx.bool_val(true);
  z3::expr pb = b.present ? *b.present : ctx.bool_val(true);
  return pa == pb && (!pa || inner);
}

Scalar IteScalar(const z3::expr& cond, const Scalar& a, const Scalar& b) {
  z3::context& ctx = cond.ctx();
  if (cond.is_true()) return a;
  if (cond.is_false()) return b;
  Scalar r = a;
  if (a.is_bool()) {
    r.e = Same(a.e, b.e) ? a.e : z3::ite(cond, a.e, b.e);
  } else {
    unsigned w = std::max(WidthOf(a), WidthOf(b));
    z3::expr x = Widen(a, w), y = Widen(b, w);
    r.e = Same(x, y) ? x : z3::ite(cond, x, y);
    r.lo = std::min(a.lo, b.lo);
    r.hi = std::max(a.hi, b.hi);
  }
  if (a.present || b.present) {
    z3::expr pa = a.present ? *a.present : ctx.bool_val(true);
    z3::expr pb = b.present ? *b.present : ctx.bool_val(true);
    r.present = Same(pa, pb) ? pa : z3::ite(cond, pa, pb);
  }
  return r;
}

z3::expr IsValue(const Scalar& s, int64_t value) { return Equal(s, IntConst(s.e.ctx(), value)); }

z3::expr Contains(const ir::Type* type, const Scalar& s) {
  z3::context& ctx = s.e.ctx();
  switch (type->kind) {
    case ir::TypeKind::kRange:
      return LessEq(IntConst(ctx, type->lo), s) && LessEq(s, IntConst(ctx, type->hi));
    case ir::TypeKind::kEnum:
      return LessEq(IntConst(ctx, 0), s) && Less(s, IntConst(ctx, type->Cardinality()));
    case ir::TypeKind::kOption: {
      Scalar inner = s;
      inner.present.reset();
      z3::expr in = Contains(type->elem, inner);
      if (!s.present || in.is_true()) return in;
      return z3::implies(*s.present, in);
    }
    default:
      return ctx.bool_val(true);
  }
}

Scalar NarrowTo(const ir::Type* type, const Scalar& s) {
  switch (type->kind) {
    case ir::TypeKind::kRange:
      return Narrow(s, type->lo, type->hi);
    case ir::TypeKind::kEnum:
      return Narrow(s, 0, type->Cardinality() - 1);
    case ir::TypeKind::kOption: {
      Scalar r = NarrowTo(type->elem, s);
      r.present = s.present;
      return r;
    }
    default:
      return s;
  }
}

Bits Encode(z3::context& ctx, const ir::Type* type, const Scalar& s) {
  const uint32_t w = type->width;
  if (w == 0) return {};
  auto ignore = [](const z3::expr&) {};
  switch (type->kind) {
    case ir::TypeKind::kBool:
      return {z3::ite(s.e, ctx.bv_val(1, 1), ctx.bv_val(0, 1)), 1};
    case ir::TypeKind::kInt:
      return {Widen(s, 64), 64};
    case ir::TypeKind::kRange:
      return {LowBits(Sub(s, IntConst(ctx, type->lo), ignore), w), w};
    case ir::TypeKind::kEnum:
      return {LowBits(s, w), w};
    case ir::TypeKind::kOption: {
      const ir::Type* et = type->elem;
      Scalar ord = et->kind == ir::TypeKind::kBool
                       ? Scalar{z3::ite(s.e, ctx.bv_val(2, 3), ctx.bv_val(1, 3)), 1, 2, {}}
                   : et->kind == ir::TypeKind::kRange ? Sub(s, IntConst(ctx, et->lo - 1), ignore)
                                                      : Add(s, IntConst(ctx, 1), ignore);
      if (et->kind != ir::TypeKind::kBool) ord.present.reset();
      z3::expr bits = LowBits(ord, w);
      if (!s.present) return {bits, w};
      return {z3::ite(*s.present, bits, ctx.bv_val(0, w)), w};
    }
    default:
      assert(false && "Encode of a composite type");
      return {};
  }
}

Scalar Decode(z3::context& ctx, const ir::Type* type, const Bits& b) {
  const uint32_t w = type->width;
  auto ignore = [](const z3::expr&) {};
  switch (type->kind) {
    case ir::TypeKind::kBool:
      return FromBool(EqBits(ctx, b, ConstBits(ctx, 1, 1)));
    case ir::TypeKind::kInt: {
      uint64_t value = 0;
      if (b.e->is_numeral_u64(value)) return IntConst(ctx, static_cast<int64_t>(value));
      return {*b.e, kMin, kMax, std::nullopt};
    }
    case ir::TypeKind::kRange:
      if (w == 0) return IntConst(ctx, type->lo);
      if (w > 62) {
        return {ctx.bv_val(type->lo, 64) + z3::zext(*b.e, 64 - w), kMin, kMax, std::nullopt};
      }
      return Add(IntConst(ctx, type->lo), BitsAsUnsigned(ctx, b), ignore);
    case ir::TypeKind::kEnum:
      if (w == 0) return IntConst(ctx, 0);
      return BitsAsUnsigned(ctx, b);
    case ir::TypeKind::kOption: {
      const ir::Type* et = type->elem;
      z3::expr present = Not(IsZeroBits(ctx, b));
      Scalar r = IntConst(ctx, 0);
      if (et->kind == ir::TypeKind::kBool) {
        r = FromBool(EqBits(ctx, b, ConstBits(ctx, w, 2)));
      } else {
        Scalar ord = Sub(BitsAsUnsigned(ctx, b), IntConst(ctx, 1), ignore);
        r = et->kind == ir::TypeKind::kRange ? Add(ord, IntConst(ctx, et->lo), ignore) : ord;
      }
      r.present = present;
      return r;
    }
    default:
      assert(false && "Decode of a composite type");
      return IntConst(ctx, 0);
  }
}

}  // namespace rulecheck::solver::internal
