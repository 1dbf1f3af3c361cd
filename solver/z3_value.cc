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
  unsigned w = std::max({WidthFor(lo, hi), WidthOf(a), WidthOf(b)});
  return Fit(op(Widen(a, w), Widen(b, w)), lo, hi, err);
}

}  // namespace

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
        unsigned top = w;  // the first argument holds the highest bits
        for (unsigned i = 0; i < e.num_args(); ++i) {
          const z3::expr a = e.arg(i);
          const unsigned aw = a.get_sort().bv_size();
          const unsigned a_lo = top - aw;
          if (lo >= a_lo && lo + width <= top) return Slice(a, lo - a_lo, width);
          top = a_lo;
        }
        break;
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

Bits IteBits(const z3::expr& cond, const Bits& a, const Bits& b) {
  assert(a.width == b.width);
  if (a.width == 0 || SameBits(a, b)) return a;
  if (cond.is_true()) return a;
  if (cond.is_false()) return b;
  return {z3::ite(cond, *a.e, *b.e), a.width};
}

z3::expr EqBits(z3::context& ctx, const Bits& a, const Bits& b) {
  assert(a.width == b.width);
  if (a.width == 0 || SameBits(a, b)) return ctx.bool_val(true);
  return *a.e == *b.e;
}

z3::expr IsZeroBits(z3::context& ctx, const Bits& b) {
  if (b.width == 0) return ctx.bool_val(true);
  return *b.e == ctx.bv_val(0, b.width);
}

Scalar BitsAsUnsigned(z3::context& ctx, const Bits& b) {
  if (b.width == 0) return IntConst(ctx, 0);
  assert(b.width <= 62);
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
  const ir::Type* t = type->kind == ir::TypeKind::kOption ? type->elem : type;
  Scalar s = t->kind == ir::TypeKind::kBool ? BoolConst(ctx, value != 0)
                                            : IntConst(ctx, value == ir::kNoneValue ? 0 : value);
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
    inner = Same(a.e, b.e) ? ctx.bool_val(true) : a.e == b.e;
  } else if (a.hi < b.lo || b.hi < a.lo) {
    inner = ctx.bool_val(false);
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
      return FromBool(*b.e == ctx.bv_val(1, 1));
    case ir::TypeKind::kInt:
      return {*b.e, kMin, kMax, std::nullopt};
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
      z3::expr present = *b.e != ctx.bv_val(0, w);
      Scalar r = IntConst(ctx, 0);
      if (et->kind == ir::TypeKind::kBool) {
        r = FromBool(*b.e == ctx.bv_val(2, w));
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
