// Tests for solver/z3_context.h: a small context is deleted when its holder goes, unless
// KeepAll was called (the command line), after which it is parked until the process exits,
// within the limit a memory budget sets; an interrupted one is always parked.
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
  ContextHolder::KeepAll(false);
}

// Under a memory budget the contexts kept count against it: with no room, a context is
// deleted even after KeepAll.
TEST(ContextHolderTest, KeepAllKeepsNoMoreThanItsLimit) {
  ContextHolder::KeepAll();
  ContextHolder::LimitKeptBytes(0);
  const size_t before = ContextHolder::Parked();
  {
    ContextHolder small;
    EXPECT_TRUE(small.get().bool_val(true).is_true());
  }
  EXPECT_EQ(ContextHolder::Parked(), before);
  ContextHolder::LimitKeptBytes(ContextHolder::kKeepAllBytes);
  ContextHolder::KeepAll(false);
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
