// End-to-end runs of the forms the rulebook models needed (issue 16): an option as an event
// parameter with `by` over a range and `P(i)`; array and bag literals; `var` parameters; each
// checked and solved
// by both engines, and the model errors of `P(i)`, an array literal and a bag literal reported
// with their traces by `check` and by the symbolic `solve --depth`.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/both_engines.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"
#include "tests/solver/agreement_models.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;

class RulebookGapsTest : public testing_support::TempFolderTest {};

// Each pass announces the next seat's player, or `none` when skipped; the trigger records it.
// States by depth: init 1; after a pass 2 (pending note(none) or note(B)); resolved 2 (last
// none or B); second pass 4 (last none or B, pending note(none) or note(C)); resolved 2 (last
// none or C, done): 11 states, 2 + 2 + 4 + 4 = 12 transitions, 2 terminal.
constexpr char kPasses[] = R"(enum P { A, B, C }
state { seat: 0..2  last: P?  k: 0..2  done: bool }
event Pass(to: P?)
action pass(skip: bool) by seat when k < 2 {
  k += 1
  if skip { emit Pass(none) } else { emit Pass(P((seat + 1) % 3)) }
  seat := (seat + 1) % 3
}
trigger note on Pass(to) {
  last := to
  done := k == 2
}
terminal when done
reachable got_c: last == C
query far: maximize (if last == none then 0 else ord(last!) + 1) within 4
)";

TEST_F(RulebookGapsTest, EventOptionSeatAndEnumOfCheckAndSolve) {
  std::string path = WriteFile("passes.rules", kPasses);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 0) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text, HasSubstr("11 states, 12 transitions, 2 terminal"));
  // The witness: seat 0 passes to B, note(B), seat 1 passes to C, note(C).
  EXPECT_THAT(check.stdout_text, HasSubstr("0: pass(false)"));
  EXPECT_THAT(check.stdout_text, HasSubstr("1: pass(false)"));
  EXPECT_THAT(check.stdout_text, HasSubstr("note(C)"));
  ExpectBothEnginesAnswer(path, "maximize far: optimal, value 3, depth 4");
}

// hp ranges over {0, 1, 2}^2 with each deck: 9 states per deck, 18 in all. Hits: in each deck,
// 6 states with hp[A] > 0 and 6 with hp[B] > 0, 24; restore from (0, 0) with each deck, 2:
// 26 transitions.
constexpr char kLiterals[] = R"(enum P { A, B }
enum Card { X, Y }
const START = {X, X, Y}
state { hp: [P] 0..2 = [p in P: 2]  deck: bag<Card, 2> = START }
action hit(p: P) when hp[p] > 0 { hp[p] -= 1 }
action restore() when hp == [p in P: 0] {
  hp := [p in P: 2]
  deck := {Y, Y, X}
}
reachable second_deck: deck == {X, Y, Y} and hp[B] == 0
query fewest: minimize sum p in P: hp[p] within 8
)";

TEST_F(RulebookGapsTest, ArrayAndBagLiteralsCheckAndSolve) {
  std::string path = WriteFile("literals.rules", kLiterals);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 0) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text, HasSubstr("18 states, 26 transitions"));
  ExpectBothEnginesAnswer(path, "minimize fewest: optimal, value 0, depth 4");
}

// `discard` moves a card out of the hand its caller names and refills it with X when it runs
// empty, after `turn` has moved on. Depth 1: A plays X or Y (2 states); depth 2: B plays Y,
// refilling hand[B] (2 states: trash {X, Y} or {Y, Y}); depth 3: A plays its last card and
// hand[A] is refilled, both ending in hand[A] = hand[B] = {X}, trash {X, Y, Y}, n = 3 (1
// state): 6 states, 6 transitions, 1 terminal. Had `pile` been read anew after the turn
// moved, hand[B] would not be refilled at depth 2 and hand[A] would be at depth 1. `most` is 9
// (trash[Y] = 2, hand[A][X] = 1), first at depth 2. (The model is the agreement tests'.)
TEST_F(RulebookGapsTest, VarParametersChangeTheCallersPlace) {
  std::string path = WriteFile("var.rules", solver::testing::kVarParams);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 0) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text, HasSubstr("6 states, 6 transitions, 1 terminal"));
  ExpectBothEnginesAnswer(path, "maximize most: optimal, value 9, depth 2");
}

// n counts the steps: P(1) = B, P(2) = C, P(3) is outside P, in the third step. The array
// literal goes out of range on the third raise, the bag literal on the second fill (at the
// third copy of A, column 61).
constexpr char kErrors[] = R"(enum P { A, B, C }
state { n: 0..3  cur: P  hp: [P] 0..2  deck: bag<P, 2>  which: 0..2 }
init { choose w in 0..2 { which := w } }
action step() when which == 0 {
  n += 1
  cur := P(n)
}
action raise() when which == 1 { hp := [p in P: hp[p] + 1] }
action fill() when which == 2 {
  if deck == {} { deck := {A, A} } else { deck := {A, B, A, A} }
}
)";

TEST_F(RulebookGapsTest, ModelErrorsHaveTraces) {
  std::string path = WriteFile("errors.rules", kErrors);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 1) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text,
              HasSubstr("error: model error in action step: P(3): enum P has no member at "
                        "position 3 (its members are at 0..2)\n  " +
                        path + ":6:10\n  1. init"));
  EXPECT_THAT(check.stdout_text, HasSubstr("4. step()\n       failed: P(3)"));
  EXPECT_THAT(check.stdout_text,
              HasSubstr("error: model error in action raise: value 3 is outside 0..2\n  " + path +
                        ":8:49"));
  EXPECT_THAT(check.stdout_text,
              HasSubstr("error: model error in action fill: more than 2 copies of A in a "
                        "bag<P, 2>\n  " +
                        path + ":10:61"));
  RunResult solve = RunRulecheck({"solve", path, "--depth", "3", "--no-deadlock"});
  EXPECT_EQ(solve.exit_code, 1) << solve.stdout_text << solve.stderr_text;
  // The first failing move the symbolic engine finds: the second fill, at depth 1.
  EXPECT_THAT(solve.stdout_text,
              HasSubstr("a move fails after 1 move: more than 2 copies of A in a bag<P, 2>"));
}

}  // namespace
}  // namespace rulecheck::e2e
