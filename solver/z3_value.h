// Symbolic values for the Z3 translation (internal to solver/).
//
// A composite value (array, struct, bag, seq, set, option of a composite) is `Bits`: a Z3
// bit-vector laid out exactly as the packed state lays it out (state_layout.h), bit 0 of the
// vector being the value's first bit, so reading a field is an `extract` and two values are
// equal exactly when their bit-vectors are. Z3 has no zero-width bit-vectors, so a value of
// width 0 (a `0..0`, an enum of one member) carries no term at all.
//
// A scalar is a `Scalar`: a bool is a Z3 Bool; an integer, range or enum value is its logical
// value (an enum's ordinal) as a signed bit-vector together with static bounds [lo, hi]. The
// bit-vector is only as wide as the bounds need (a `0..8` is 5 bits, not 64), and arithmetic
// widens exactly as far as its result's bounds require, so the explicit engine's int64
// semantics (including its overflow errors) are kept while the formulas stay small. An
// option of a scalar also carries a `present` Bool; its value then is the inner value.
#ifndef RULECHECK_SOLVER_Z3_VALUE_H_
#define RULECHECK_SOLVER_Z3_VALUE_H_

#include <z3++.h>

#include <cstdint>
#include <functional>
#include <optional>

#include "ir/types.h"

namespace rulecheck::solver::internal {

struct Bits {
  std::optional<z3::expr> e;  // absent exactly when width == 0
  uint32_t width = 0;
};

struct Scalar {
  z3::expr e;                       // Bool sort for bool, else a signed bit-vector
  int64_t lo = 0, hi = 0;           // static bounds of an integer value
  std::optional<z3::expr> present;  // options of scalars: whether the value is there
  bool is_bool() const { return e.is_bool(); }
};

// Called with the condition under which an operation is a model error (an overflow, a
// division by zero, a value outside its type).
using ErrorFn = std::function<void(const z3::expr& cond)>;

// ----- Bits -----
Bits ZeroBits(z3::context& ctx, uint32_t width);
Bits ConstBits(z3::context& ctx, uint32_t width, uint64_t value);  // REQUIRES: width <= 64
Bits ExtractBits(const Bits& b, uint32_t offset, uint32_t width);
// `b` with bits [offset, offset + piece.width) replaced by `piece`.
Bits ReplaceBits(const Bits& b, uint32_t offset, const Bits& piece);
// `low` in the low bits, `high` above it.
Bits ConcatBits(const Bits& low, const Bits& high);
Bits IteBits(const z3::expr& cond, const Bits& a, const Bits& b);
z3::expr EqBits(z3::context& ctx, const Bits& a, const Bits& b);
z3::expr IsZeroBits(z3::context& ctx, const Bits& b);
// The bits as an unsigned integer Scalar (bounds 0..2^width-1). REQUIRES: width <= 62.
Scalar BitsAsUnsigned(z3::context& ctx, const Bits& b);
// Whether two Z3 terms are the same node (Z3 hash-conses its terms).
bool Same(const z3::expr& a, const z3::expr& b);
bool SameBits(const Bits& a, const Bits& b);

// ----- Booleans -----
// Connectives that fold constants and repeated operands as the terms are made (Z3 leaves
// `x && false` as it is until it simplifies), so that a condition the translation can
// decide statically stays a constant and whatever it guards is not translated at all.
z3::expr And(const z3::expr& a, const z3::expr& b);
z3::expr Or(const z3::expr& a, const z3::expr& b);
z3::expr Not(const z3::expr& a);
z3::expr Implies(const z3::expr& a, const z3::expr& b);
// Whether `e` is false by its shape: false, or a conjunction with a false direct conjunct.
bool SurelyFalse(const z3::expr& e);

// ----- Scalars -----
Scalar IntConst(z3::context& ctx, int64_t value);
Scalar BoolConst(z3::context& ctx, bool value);
Scalar FromBool(const z3::expr& b);
// A logical value of scalar type `type` (kNoneValue for an absent option).
Scalar ConstOf(z3::context& ctx, const ir::Type* type, int64_t value);
// `s` as a bit-vector of `width` bits (sign-extended). REQUIRES: the bounds fit.
z3::expr Widen(const Scalar& s, unsigned width);
// Signed bits needed for every value in [lo, hi].
unsigned WidthFor(__int128 lo, __int128 hi);
// `s` under the knowledge that its value is in [lo, hi] (e.g. after a containment check).
Scalar Narrow(const Scalar& s, int64_t lo, int64_t hi);

Scalar Add(const Scalar& a, const Scalar& b, const ErrorFn& err);
Scalar Sub(const Scalar& a, const Scalar& b, const ErrorFn& err);
Scalar Mul(const Scalar& a, const Scalar& b, const ErrorFn& err);
Scalar Div(const Scalar& a, const Scalar& b, const ErrorFn& err);
Scalar Mod(const Scalar& a, const Scalar& b, const ErrorFn& err);
Scalar Neg(const Scalar& a, const ErrorFn& err);
Scalar Abs(const Scalar& a, const ErrorFn& err);
Scalar MinMax(const Scalar& a, const Scalar& b, bool is_max);
z3::expr Less(const Scalar& a, const Scalar& b);
z3::expr LessEq(const Scalar& a, const Scalar& b);
// Equality of logical values (bools, integers, options).
z3::expr Equal(const Scalar& a, const Scalar& b);
Scalar IteScalar(const z3::expr& cond, const Scalar& a, const Scalar& b);
z3::expr IsValue(const Scalar& s, int64_t value);

// Whether the logical value belongs to scalar type `type` (options accept none).
z3::expr Contains(const ir::Type* type, const Scalar& s);
// `s` narrowed to `type`'s bounds. Call after requiring Contains.
Scalar NarrowTo(const ir::Type* type, const Scalar& s);
// Canonical bits of a value of scalar type `type` (Type::Encode). REQUIRES: Contains holds
// (otherwise the bits are unspecified).
Bits Encode(z3::context& ctx, const ir::Type* type, const Scalar& s);
// The logical value of canonical bits (Type::Decode).
Scalar Decode(z3::context& ctx, const ir::Type* type, const Bits& b);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_VALUE_H_
