// Tests for solver/z3_context.h: a small context is deleted when its holder goes, unless
// KeepAll was called (the command line), after which it is parked until the process exits.
#include "solver/z3_context.h"

#include <gtest/gtest.h>

#include <cstddef>

namespace rulecheck::solver::internal {
namespace {

TEST(ContextHolderTest, ASmallContextIsParkedOnlyAfterKeepAll) {
  const size_t before = ContextHolder::Parked();
  {
    ContextHolder small;
    EXPECT_TRUE(small.get().bool_val(true).is_true());
  }
  EXPECT_EQ(ContextHolder::Parked(), before);
  ContextHolder::KeepAll();
  {
    ContextHolder small;
    EXPECT_TRUE(small.get().bool_val(true).is_true());
  }
  EXPECT_EQ(ContextHolder::Parked(), before + 1);
}

TEST(ContextHolderTest, AnInterruptedContextIsParked) {
  const size_t before = ContextHolder::Parked();
  {
    ContextHolder holder;
    holder.ParkWhenReleased();
  }
  EXPECT_EQ(ContextHolder::Parked(), before + 1);
}

}  // namespace
}  // namespace rulecheck::solver::internal
