// Model errors in compiled code: small models where a move leaves a value's type, indexes
// outside an array, divides by zero, fails an assert, passes a fun or a proc an argument
// outside its parameter's type (or a `var` parameter a place whose index is outside), overflows
// a seq, asks `the` of no value, or decides terminal states or
// evaluates an invariant with an error; in a later branch of a fork, in an `emit`, in a
// set literal, and in taking or putting every copy of a bag. Each runs both ways (both_ways.h: the
// same report and the same successors and failures in every state), and the report must hold the
// error worked out by hand in the comment, so that an error neither engine reported fails the test
// too.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "model/model.h"
#include "tests/native/both_ways.h"

namespace rulecheck::native {
namespace {

struct ErrorCase {
  const char* name;
  const char* text;
  const char* kind;     // the finding's kind in the JSON report
  const char* message;  // a part of its message
};

class ModelErrorTest : public testing::TestWithParam<ErrorCase> {};

TEST_P(ModelErrorTest, SameFindingBothWays) {
  const ErrorCase& c = GetParam();
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText(std::string(c.name) + ".rules", c.text, {});
  ASSERT_TRUE(model.ok()) << model.status();
  std::string why;
  ASSERT_TRUE(RunBothWays(**model, 0, why)) << why;
  const nlohmann::json report = Report(**model, nullptr, 0);
  bool found = false;
  for (const nlohmann::json& finding : report["findings"]) {
    if (finding["kind"] == c.kind &&
        finding["message"].get<std::string>().find(c.message) != std::string::npos) {
      found = true;
    }
  }
  EXPECT_TRUE(found) << report.dump(2);
}

INSTANTIATE_TEST_SUITE_P(
    Native, ModelErrorTest,
    testing::Values(
        // n goes 0, 1, 2, 3; from 3, `n += 1` gives 4, outside 0..3.
        ErrorCase{"range", "game \"g\"\nstate { n: 0..3 }\naction inc { n += 1 }\n", "model_error",
                  "n += 1 gives 4, outside 0..3"},
        // i goes up to 3, and a[3] is outside the index type 0..2.
        ErrorCase{"index",
                  "game \"g\"\nstate { a: [0..2] 0..1\n i: 0..3 }\n"
                  "action step when i < 3 { i := i + 1 }\naction poke { a[i] := 1 }\n",
                  "model_error", "index 3 is outside 0..2"},
        // n counts down from 3; after `n -= 1` from 2 the assert sees 1.
        ErrorCase{"assert",
                  "game \"g\"\nstate { n: 0..3 = 3 }\n"
                  "action dec when n > 0 { n -= 1\n assert n != 1, \"never one\" }\n",
                  "assert", "never one"},
        // At n = 2 the divisor n - 2 is zero.
        ErrorCase{"division",
                  "game \"g\"\nstate { n: 0..3\n x: -9..9 }\n"
                  "action inc when n < 3 { n += 1 }\naction div { x := 6 / (n - 2) }\n",
                  "model_error", "division by zero"},
        // f takes 0..2, and n reaches 3 in the guard.
        ErrorCase{"parameter",
                  "game \"g\"\nstate { n: 0..3 }\nfun f(x: 0..2): bool = x < 5\n"
                  "action inc when n < 3 and f(n) { n += 1 }\naction stay when f(n) { n := n }\n",
                  "model_error", "of parameter `x` of `f`"},
        // A proc's parameter is checked as it is bound: n + 3 is 3, outside 0..2, although
        // n := k would take it.
        ErrorCase{"proc_parameter",
                  "game \"g\"\nstate { n: 0..5 }\nproc put(k: 0..2) { n := k }\n"
                  "action go when n < 2 { put(n + 3) }\n",
                  "model_error", "value 3 is outside 0..2 of parameter `k` of `put`"},
        // The same for an option parameter, whose argument is made an option at the call.
        ErrorCase{"proc_option_parameter",
                  "game \"g\"\nstate { n: 0..5\n o: (0..2)? }\n"
                  "proc put(k: (0..2)?) { o := k }\n"
                  "action go when n < 2 { n += 1\n put(n + 1) }\n",
                  "model_error", "value 3 is outside 0..2? of parameter `k` of `put`"},
        // The index of a `var` parameter's place is checked at the call, where it is
        // evaluated, although the body never uses the place: a[n + 2] with n = 1.
        ErrorCase{"var_place_index",
                  "game \"g\"\nstate { a: [0..2] 0..1\n n: 0..3 }\n"
                  "proc tick(var w: 0..1) { n += 1 }\n"
                  "action go when n < 2 { tick(a[n + 2]) }\n",
                  "model_error",
                  "value 3 is outside 0..2: an index of the place given to the `var` parameter "
                  "`w` of `tick`"},
        // The third push finds the seq of capacity 2 full.
        ErrorCase{"seq_full", "game \"g\"\nstate { s: seq<1..3, 2> }\naction put { push(s, 1) }\n",
                  "model_error", "is full (capacity 2)"},
        // n = 0 and n = 1 have exactly one x == n + 1 in 0..2; n = 2 has none.
        ErrorCase{"the",
                  "game \"g\"\nstate { n: 0..2 }\n"
                  "action inc when (the x in 0..2 where x == n + 1) > 0 { n += 1 }\n",
                  "model_error", "`the`: no value satisfies its condition"},
        // Deciding terminal reads a[i] with i = 3, outside 0..2.
        ErrorCase{"terminal",
                  "game \"g\"\nstate { a: [0..2] 0..1\n i: 0..3 }\n"
                  "terminal when a[i] == 1\naction step when i < 3 { i := i + 1 }\n",
                  "model_error", "index 3 is outside 0..2"},
        // The invariant reads a[i] with i = 3, outside 0..2.
        ErrorCase{"invariant",
                  "game \"g\"\nstate { a: [0..2] 0..1\n i: 0..3 }\n"
                  "action step when i < 3 { i := i + 1 }\ninvariant inside: a[i] == 0\n",
                  "model_error", "index 3 is outside 0..2"},
        // Hanoi-like: moving onto a smaller disc is no error, but moving from an empty seq is.
        ErrorCase{"move_from_empty",
                  "game \"g\"\nstate { p: [0..1] seq<1..2, 2> }\ninit { push(p[0], 1) }\n"
                  "action mv(f: 0..1, t: 0..1) when f != t { move 1 from p[f] to p[t] }\n",
                  "model_error", "holds no 1"},
        // From n = 2 the first branch (k = 1) gives 3, the second (k = 2) leaves 0..3: the
        // compiled code delivers the first successor, then the interpreter the failure.
        ErrorCase{"second_branch",
                  "game \"g\"\nstate { n: 0..3 }\n"
                  "action add when n < 3 { choose k in 1..2 { n += k } }\n",
                  "model_error", "n += 2 gives 4, outside 0..3"},
        // The same after a `may`, on the path with the block, and inside a loop that forks.
        ErrorCase{"may_in_loop",
                  "game \"g\"\nstate { n: 0..3 }\n"
                  "action add when n < 3 { for i in 1..2 { may { n += i } } }\n",
                  "model_error", "gives 4, outside 0..3"},
        // The second emit finds the pending list of one entry full.
        ErrorCase{"pending_overflow",
                  "game \"g\"\nevent E()\nstate { n: 0..3 }\n"
                  "trigger t on E() { n := 1 }\n"
                  "action go when n == 0 { emit E()\n emit E() }\npending 1\n",
                  "reaction_chain", "pending-trigger list overflow"},
        // n reaches 3, an argument outside the event's parameter type 0..2.
        ErrorCase{"emit_argument",
                  "game \"g\"\nevent E(x: 0..2)\nstate { n: 0..3\n seen: 0..2 }\n"
                  "trigger t on E(x) { seen := x }\n"
                  "action go when n < 3 { n += 1\n emit E(n) }\n",
                  "model_error", "argument `x` = 3 is outside 0..2"},
        // A set literal with an element outside its type.
        ErrorCase{"set_literal",
                  "game \"g\"\nstate { n: 0..3\n s: set<0..2> }\n"
                  "action go when n < 3 { n += 1\n s := {n} }\n",
                  "model_error", "3 is outside 0..2"},
        // Every copy of a bag taken out of a bag that holds fewer: pile has one A, not two.
        ErrorCase{"bag_copies_taken",
                  "game \"g\"\nenum Card { A, B }\n"
                  "state { pile: bag<Card, 3> = {A}\n pair: bag<Card, 2> = {A, A}\n done: bool }\n"
                  "action take when not done { remove(pile, pair)\n done := true }\n"
                  "terminal when done\n",
                  "model_error", "remove(pile, {A: 2}): pile holds 1 A, not 2"},
        // The move takes both A out of pair into pile (now three A); then all three back into
        // pair goes over its capacity of two.
        ErrorCase{
            "bag_copies_put",
            "game \"g\"\nenum Card { A, B }\n"
            "state { pile: bag<Card, 3> = {A}\n pair: bag<Card, 2> = {A, A}\n n: 0..3 }\n"
            "action put when n < 3 { move pair from pair to pile\n add(pair, pile)\n n += 1 }\n",
            "model_error", "add(pair, {A: 3}): pair would hold 3 A, over its capacity 2"},
        // A range of more than 2^63 values: its packed ordinals are past int64 (the compiled
        // code once read 9223372036854775807 back wrongly, saw a deadlock and no overflow).
        // v starts at the maximum, and `v += 1` overflows.
        ErrorCase{"wide_range",
                  "game \"g\"\nstate { v: -1..9223372036854775807 = 9223372036854775807 }\n"
                  "action step when v > 0 { v += 1 }\n",
                  "model_error", "v += 1 overflows int64"}),
    [](const testing::TestParamInfo<ErrorCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace rulecheck::native
