// The collection primitives of the translation (see z3_translate.h), as the executor's
// Insert, Erase, SeqInsertAt and SeqRemoveAt work on packed bits. A bag is one count per
// member, a set one bit per member, a seq a length then its slots; each primitive rebuilds
// the value piece by piece, every piece an ite on whether the (symbolic) element or index
// selects it, and records its model errors (full, absent, already present) under `g`.
#include <cassert>
#include <functional>
#include <utility>
#include <vector>

#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

using ir::Type;
using ir::TypeKind;

namespace {

uint32_t SlotOffset(const Type* ct, int64_t i) {
  return ct->CountWidth() + static_cast<uint32_t>(i) * ct->ElemWidth();
}

}  // namespace

Bits Translator::Insert(const Type* ct, const Bits& old, const Bits& elem, const Scalar* scalar,
                        bool strict, const z3::expr& g) {
  if (ct->kind == TypeKind::kSeq) {
    Scalar len = SeqLength(ct, old);
    Fail(g && LessEq(IntConst(ctx_, ct->capacity), len));
    Bits r = ZeroBits(ctx_, 0);
    const uint32_t cw = ct->CountWidth();
    Bits len_bits = ExtractBits(old, 0, cw);
    r = ConcatBits(r, Bits{*len_bits.e + ctx_.bv_val(1, cw), cw});
    for (int64_t j = 0; j < ct->capacity; ++j) {
      Bits slot = ExtractBits(old, SlotOffset(ct, j), ct->ElemWidth());
      r = ConcatBits(r, IteBits(IsValue(len, j), elem, slot));
    }
    return r;
  }
  assert(scalar != nullptr);
  const bool bag = ct->kind == TypeKind::kBag;
  const uint32_t cw = bag ? ct->CountWidth() : 1;
  return UpdateCounts(ct, old, *scalar, [&](const Bits& count, const z3::expr& is) {
    Scalar c = BitsAsUnsigned(ctx_, count);
    if (bag) {
      Fail(g && is && LessEq(IntConst(ctx_, ct->capacity), c));
      return IteBits(is, Bits{*count.e + ctx_.bv_val(1, cw), cw}, count);
    }
    if (strict) Fail(g && is && IsValue(c, 1));
    return IteBits(is, ConstBits(ctx_, 1, 1), count);
  });
}

Bits Translator::Erase(const Type* ct, const Bits& old, const Bits& elem, const Scalar* scalar,
                       const z3::expr& g) {
  if (ct->kind == TypeKind::kSeq) {
    // The topmost occurrence goes.
    Scalar len = SeqLength(ct, old);
    z3::expr found = ctx_.bool_val(false);
    Scalar at = IntConst(ctx_, 0);
    for (int64_t i = 0; i < ct->capacity; ++i) {
      Bits slot = ExtractBits(old, SlotOffset(ct, i), ct->ElemWidth());
      z3::expr here = Less(IntConst(ctx_, i), len) && EqBits(ctx_, slot, elem);
      found = found || here;
      at = IteScalar(here, IntConst(ctx_, i), at);
    }
    Fail(g && !found);
    return SeqRemoveAt(ct, old, Narrow(at, 0, ct->capacity - 1));
  }
  assert(scalar != nullptr);
  const uint32_t cw = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
  return UpdateCounts(ct, old, *scalar, [&](const Bits& count, const z3::expr& is) {
    const z3::expr absent = IsZeroBits(ctx_, count);
    Fail(g && is && absent);
    // A member known to be absent (a count of constant 0, as fixed bits give) stays 0: taking
    // it fails, and a failing step's successor does not matter. So the count stays a
    // constant, and what later reads it still folds.
    if (absent.is_true()) return count;
    return IteBits(is, Bits{*count.e - ctx_.bv_val(1, cw), cw}, count);
  });
}

Bits Translator::UpdateCounts(const Type* ct, const Bits& old, const Scalar& elem,
                              const std::function<Bits(const Bits&, const z3::expr&)>& fn) {
  const Type* et = ct->elem;
  const uint32_t cw = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
  // The members `elem` may be: its static bounds (or a constant) usually rule most out.
  std::vector<std::pair<int64_t, z3::expr>> members;
  for (int64_t o = 0; o < et->Cardinality(); ++o) {
    if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
    z3::expr is = ScalarIs(elem, et, et->ValueAt(o));
    if (!is.is_false()) members.emplace_back(o, is);
  }
  if (members.size() <= kFewMembers) {
    Bits r = old;
    for (const auto& [o, is] : members) {
      const uint32_t at = static_cast<uint32_t>(o) * cw;
      r = ReplaceBits(r, at, fn(ExtractBits(old, at, cw), is));
    }
    return r;
  }
  Bits r;
  size_t next = 0;
  for (int64_t o = 0; o < et->Cardinality(); ++o) {
    if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
    Bits count = ExtractBits(old, static_cast<uint32_t>(o) * cw, cw);
    if (next < members.size() && members[next].first == o) {
      count = fn(count, members[next++].second);
    }
    r = ConcatBits(r, count);
  }
  return r;
}

Bits Translator::SeqInsertAt(const Type* ct, const Bits& old, const Scalar& i, const Bits& elem) {
  const uint32_t cw = ct->CountWidth(), ew = ct->ElemWidth();
  Bits len_bits = ExtractBits(old, 0, cw);
  Bits r{*len_bits.e + ctx_.bv_val(1, cw), cw};
  for (int64_t j = 0; j < ct->capacity; ++j) {
    Bits same = ExtractBits(old, SlotOffset(ct, j), ew);
    Bits below = j > 0 ? ExtractBits(old, SlotOffset(ct, j - 1), ew) : same;
    Scalar jj = IntConst(ctx_, j);
    r = ConcatBits(r, IteBits(Less(jj, i), same, IteBits(IsValue(i, j), elem, below)));
  }
  return r;
}

Bits Translator::SeqRemoveAt(const Type* ct, const Bits& old, const Scalar& i) {
  const uint32_t cw = ct->CountWidth(), ew = ct->ElemWidth();
  Bits len_bits = ExtractBits(old, 0, cw);
  Bits r{*len_bits.e - ctx_.bv_val(1, cw), cw};
  for (int64_t j = 0; j < ct->capacity; ++j) {
    Bits same = ExtractBits(old, SlotOffset(ct, j), ew);
    Bits above =
        j + 1 < ct->capacity ? ExtractBits(old, SlotOffset(ct, j + 1), ew) : ZeroBits(ctx_, ew);
    r = ConcatBits(r, IteBits(Less(IntConst(ctx_, j), i), same, above));
  }
  return r;
}

}  // namespace rulecheck::solver::internal
