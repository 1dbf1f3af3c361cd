// Tests for solver/z3_value.h's integer arithmetic: a result whose static bounds meet is that
// value as a numeral, built without a Z3 term for the operation (constants, and a product
// with zero); wider results keep their term and bounds.
#include "solver/z3_value.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <cstdint>

namespace rulecheck::solver::internal {
namespace {

// A bit-vector constant of 8 bits whose value lies in [lo, hi].
Scalar Unknown(z3::context& ctx, int64_t lo, int64_t hi) {
  return Scalar{ctx.bv_const("x", 8), lo, hi, std::nullopt};
}

// The value of a numeral term, read as the signed bit-vector it is.
int64_t NumeralOf(const Scalar& s) {
  uint64_t u = 0;
  EXPECT_TRUE(s.e.is_numeral_u64(u)) << s.e;
  const unsigned w = s.e.get_sort().bv_size();
  if (w < 64 && (u >> (w - 1)) & 1) return static_cast<int64_t>(u - (uint64_t{1} << w));
  return static_cast<int64_t>(u);
}

const ErrorFn kNoError = [](const z3::expr& cond) { ADD_FAILURE() << "error condition " << cond; };

TEST(Z3ValueTest, ConstantsFoldToNumerals) {
  z3::context ctx;
  const Scalar two = IntConst(ctx, 2), minus_seven = IntConst(ctx, -7);
  EXPECT_EQ(NumeralOf(Add(two, minus_seven, kNoError)), -5);
  EXPECT_EQ(NumeralOf(Sub(two, minus_seven, kNoError)), 9);
  EXPECT_EQ(NumeralOf(Mul(two, minus_seven, kNoError)), -14);
  const Scalar big = IntConst(ctx, int64_t{1} << 40);
  const Scalar product = Mul(big, IntConst(ctx, 1000), kNoError);
  EXPECT_EQ(NumeralOf(product), (int64_t{1} << 40) * 1000);
  EXPECT_EQ(product.lo, product.hi);
}

TEST(Z3ValueTest, AProductWithZeroIsZeroWhateverTheOtherFactor) {
  z3::context ctx;
  const Scalar zero = Mul(Unknown(ctx, 0, 5), IntConst(ctx, 0), kNoError);
  EXPECT_EQ(NumeralOf(zero), 0);
  EXPECT_EQ(zero.lo, 0);
  EXPECT_EQ(zero.hi, 0);
}

TEST(Z3ValueTest, AResultThatCanVaryKeepsItsTermAndBounds) {
  z3::context ctx;
  const Scalar sum = Add(Unknown(ctx, 0, 5), IntConst(ctx, 3), kNoError);
  EXPECT_FALSE(sum.e.is_numeral());
  EXPECT_EQ(sum.lo, 3);
  EXPECT_EQ(sum.hi, 8);
}

}  // namespace
}  // namespace rulecheck::solver::internal
