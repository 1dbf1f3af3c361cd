// Tests for solver/z3_context.h: a small context is deleted when its holder goes, unless
// KeepAll was called (the command line), after which it is parked until the process exits,
// within the limit a memory budget sets; an interrupted one is always parked.
#include "solver/z3_context.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "tests/shared/sanitizers.h"

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

// Each context takes about 17 MB of Z3's estimate when it is made: with KeepAll and a limit
// of 40 MB, one context is kept and the next is not (its count once left that out, and every
// small context was kept up to 20 times the limit).
TEST(ContextHolderTest, TheKeptLimitCountsTheContextItself) {
  ContextHolder::KeepAll();
  ContextHolder::LimitKeptBytes(uint64_t{40} << 20);
  const size_t before = ContextHolder::Parked();
  for (int i = 0; i < 4; ++i) {
    ContextHolder small;
    EXPECT_TRUE(small.get().bool_val(true).is_true());
  }
  EXPECT_LE(ContextHolder::Parked(), before + 2);
  EXPECT_GE(ContextHolder::Parked(), before + 1);
  ContextHolder::LimitKeptBytes(ContextHolder::kKeepAllBytes);
  ContextHolder::KeepAll(false);
}

// Once Z3's memory budget is spent a new context cannot be made: the holder says so (making
// one crashed inside z3::context's constructor). Z3 leaks what it had allocated for the
// context it could not make, which LeakSanitizer is told to let pass.
TEST(ContextHolderTest, NoContextOnceZ3sMemoryIsSpent) {
  z3::set_param("memory_max_size", 64);  // MiB
  std::vector<std::unique_ptr<ContextHolder>> held;
  bool refused = false;
  {
    const testing_support::LeaksIgnored z3_failure_path;
    for (int i = 0; i < 20 && !refused; ++i) {
      held.push_back(std::make_unique<ContextHolder>());
      refused = !held.back()->ok();
    }
  }
  EXPECT_TRUE(refused);
  held.clear();
  z3::set_param("memory_max_size", 0);  // no limit again
  ContextHolder after;
  EXPECT_TRUE(after.ok());
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
