// Tests for base/status_macros.h: both macros let OK values through untouched and return a
// failure from the enclosing function unchanged, evaluating their argument exactly once.
#include "base/status_macros.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace rulecheck::base {
namespace {

absl::Status Succeed(int* calls) {
  ++*calls;
  return absl::OkStatus();
}

absl::Status Fail(int* calls) {
  ++*calls;
  return absl::InvalidArgumentError("bad rule");
}

absl::StatusOr<int> Parse(bool ok) {
  if (!ok) return absl::NotFoundError("no such card");
  return 42;
}

absl::StatusOr<std::unique_ptr<std::string>> MakeMoveOnly(bool ok) {
  if (!ok) return absl::OutOfRangeError("too many states");
  return std::make_unique<std::string>("state");
}

// Runs RETURN_IF_ERROR on `first`, then on `second`; `reached_end` records whether control
// got past both.
absl::Status TwoSteps(absl::Status (*first)(int*), absl::Status (*second)(int*), int* calls,
                      bool* reached_end) {
  RETURN_IF_ERROR(first(calls));
  RETURN_IF_ERROR(second(calls));
  *reached_end = true;
  return absl::OkStatus();
}

TEST(ReturnIfErrorTest, PassesThroughOk) {
  int calls = 0;
  bool reached_end = false;
  EXPECT_TRUE(TwoSteps(Succeed, Succeed, &calls, &reached_end).ok());
  EXPECT_EQ(calls, 2);
  EXPECT_TRUE(reached_end);
}

TEST(ReturnIfErrorTest, ReturnsFirstError) {
  int calls = 0;
  bool reached_end = false;
  absl::Status status = TwoSteps(Fail, Succeed, &calls, &reached_end);
  EXPECT_EQ(status, absl::InvalidArgumentError("bad rule"));
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(reached_end);
}

TEST(ReturnIfErrorTest, WorksInFunctionReturningStatusOr) {
  auto f = [](bool ok) -> absl::StatusOr<int> {
    int calls = 0;
    RETURN_IF_ERROR(ok ? Succeed(&calls) : Fail(&calls));
    return calls;
  };
  EXPECT_EQ(f(true).value(), 1);
  EXPECT_EQ(f(false).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ReturnIfErrorTest, IsOneStatementInUnbracedIf) {
  auto f = [](bool check) -> absl::Status {
    int calls = 0;
    if (check)
      RETURN_IF_ERROR(Fail(&calls));
    else
      return absl::OkStatus();
    return absl::InternalError("unreachable");
  };
  EXPECT_EQ(f(true).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(f(false).ok());
}

TEST(AssignOrReturnTest, AssignsValueToDeclaration) {
  auto f = [](bool ok) -> absl::StatusOr<int> {
    ASSIGN_OR_RETURN(int value, Parse(ok));
    ASSIGN_OR_RETURN(const int again, Parse(ok));  // a second use in the same scope
    return value + again;
  };
  EXPECT_EQ(f(true).value(), 84);
}

TEST(AssignOrReturnTest, AssignsToExistingLvalue) {
  auto f = [](bool ok) -> absl::Status {
    std::pair<int, int> pair{0, 0};
    ASSIGN_OR_RETURN(pair.second, Parse(ok));
    return pair.second == 42 ? absl::OkStatus() : absl::InternalError("not assigned");
  };
  EXPECT_TRUE(f(true).ok());
}

TEST(AssignOrReturnTest, MovesMoveOnlyValue) {
  auto f = [](bool ok) -> absl::StatusOr<std::string> {
    ASSIGN_OR_RETURN(std::unique_ptr<std::string> text, MakeMoveOnly(ok));
    return *text;
  };
  EXPECT_EQ(f(true).value(), "state");
  EXPECT_EQ(f(false).status(), absl::OutOfRangeError("too many states"));
}

TEST(AssignOrReturnTest, PropagatesErrorIntoStatusOrOfOtherType) {
  bool reached_end = false;
  auto f = [&reached_end](bool ok) -> absl::StatusOr<std::string> {
    ASSIGN_OR_RETURN(int value, Parse(ok));
    reached_end = true;
    return std::to_string(value);
  };
  EXPECT_EQ(f(false).status(), absl::NotFoundError("no such card"));
  EXPECT_FALSE(reached_end);
  EXPECT_EQ(f(true).value(), "42");
}

TEST(AssignOrReturnTest, PropagatesErrorIntoStatus) {
  auto f = []() -> absl::Status {
    ASSIGN_OR_RETURN(int value, Parse(false));
    return value == 42 ? absl::OkStatus() : absl::InternalError("wrong value");
  };
  EXPECT_EQ(f(), absl::NotFoundError("no such card"));
}

}  // namespace
}  // namespace rulecheck::base
