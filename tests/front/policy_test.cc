// Tests of `policy` declarations in the parser and type checker (front/parser.cc,
// front/type_checker_policies.cc): the IR a policy becomes (its seat or binder, its patterns
// as `moved` reads them, its conditions), and that `policy` stays a usable name elsewhere.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/front/check_text.h"

namespace rulecheck::front {
namespace {

Checked CheckRules(const std::string& text) { return std::move(*CheckText(text)); }

constexpr char kPolicyGame[] = R"(enum P { P1, P2 }
state { hp: [P] 0..3  turn: P }
action attack(p: P, n: 1..2) by turn when hp[p] >= n { hp[p] -= n  turn := next(turn) }
action rest by turn { turn := next(turn) }
)";

TEST(PolicyTest, OneSeatWithPatternsAndConditions) {
  Checked r = CheckRules(std::string(kPolicyGame) +
                         "policy brute by P1 {\n"
                         "  prefer attack(P2, 2) when hp[P2] >= 2\n"
                         "  prefer attack(_, 1)\n"
                         "  prefer rest\n"
                         "}\n");
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].message;
  ASSERT_EQ(r.program.policies.size(), 1u);
  const ir::Policy& p = r.program.policies[0];
  EXPECT_EQ(p.name, "brute");
  ASSERT_TRUE(p.seat.has_value());
  EXPECT_EQ(*p.seat, 0);
  EXPECT_EQ(p.seat_type->kind, ir::TypeKind::kEnum);
  ASSERT_EQ(p.preferences.size(), 3u);
  EXPECT_EQ(p.preferences[0].pattern.rule, 0);
  EXPECT_EQ(p.preferences[0].pattern.args,
            (std::vector<std::optional<int64_t>>{int64_t{1}, int64_t{2}}));
  EXPECT_NE(p.preferences[0].condition, nullptr);
  EXPECT_EQ(p.preferences[1].pattern.args,
            (std::vector<std::optional<int64_t>>{std::nullopt, int64_t{1}}));
  EXPECT_EQ(p.preferences[1].condition, nullptr);
  EXPECT_EQ(p.preferences[2].pattern.rule, 1);
  EXPECT_TRUE(p.preferences[2].pattern.args.empty());
  // A policy is no rule and adds no state: check, solve and prove see the same program.
  EXPECT_EQ(r.program.state.size(), 2u);
  EXPECT_EQ(r.program.actions.size(), 2u);
}

TEST(PolicyTest, EverySeatWithABinder) {
  Checked r = CheckRules(std::string(kPolicyGame) +
                         "policy finish by me: P {\n"
                         "  prefer attack when hp[next(me)] <= 2\n"
                         "}\n");
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].message;
  const ir::Policy& p = r.program.policies[0];
  EXPECT_FALSE(p.seat.has_value());
  EXPECT_EQ(p.binder.name, "me");
  EXPECT_EQ(p.binder.type, p.seat_type);
  EXPECT_GE(p.frame.scalars, 1u);
}

TEST(PolicyTest, NumberedSeats) {
  Checked r = CheckRules(
      "const N = 3\n"
      "state { seat: 0..N-1  n: 0..5 }\n"
      "action add by seat when n < 5 { n += 1  seat := (seat + 1) % N }\n"
      "policy last by N - 1 { prefer add }\n"
      "policy any by s: 0..N-1 { prefer add when s == 0 }\n");
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].message;
  EXPECT_EQ(*r.program.policies[0].seat, 2);
  EXPECT_EQ(r.program.policies[1].seat_type->kind, ir::TypeKind::kRange);
}

TEST(PolicyTest, PolicyIsStillAName) {
  Checked r = CheckRules(
      "enum P { A }\n"
      "state { policy: 0..2 }\n"
      "action bump by A when policy < 2 { policy += 1 }\n"
      "fun twice(): int = policy * 2\n");
  EXPECT_TRUE(r.errors.empty()) << r.errors[0].message;
  EXPECT_TRUE(r.program.policies.empty());
}

TEST(PolicyTest, AModelWithoutSeatsHasNoPolicy) {
  Checked r = CheckRules(
      "state { n: 0..2 }\n"
      "action bump when n < 2 { n += 1 }\n"
      "policy p by 0 { prefer bump }\n");
  EXPECT_TRUE(OneErrorAt(r, 3, 1, "this model has no seat"));
}

// `by P`, the seat type where a seat or a binder is meant, says how to write every seat (it
// said only that P is a type, not a value).
TEST(PolicyTest, ATypeForTheSeatSaysToNameTheSeat) {
  Checked r = CheckRules(std::string(kPolicyGame) + "policy p by P { prefer rest }\n");
  EXPECT_TRUE(OneErrorAt(r, 5, 13,
                         "`P` is a type, not a seat: a policy for every seat of a type "
                         "names the seat, `by p: P`"));
}

}  // namespace
}  // namespace rulecheck::front
