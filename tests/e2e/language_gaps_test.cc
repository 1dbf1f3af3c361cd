// End-to-end runs of issue 16's language forms: a model using each (a struct literal in an
// optional struct, a choose over an option type and over two names, a parenthesised option
// type, `the`) checked and solved by both engines, and `the` with no value or two reported as
// a model error with its trace by `check` and by the symbolic `solve --depth`.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/both_engines.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;

class LanguageGapsTest : public testing_support::TempFolderTest {};

// Init, then one `take`: c in {Ace, King, none} times k in 1..3, kept when k != 2 or c is
// none: Ace 1, Ace 3, King 1, King 3, none 1, none 2, none 3 = 7 successors, all distinct.
constexpr char kPicks[] = R"(const M = 3
enum Player { P1, P2, P3 }
enum Card { Ace, King }
struct Hand { n: 1..M, owner: Player }
state {
  turn: Player
  pick: Card?
  h: Hand?
  n: (1..M)?
  done: bool
}
fun next_player(p: Player): Player = the q in Player where ord(q) == (ord(p) + 1) % 3
action take by turn when not done {
  choose c in Card?, k in 1..M where k != 2 or c == none {
    pick := c
    n := k
    h := Hand { owner: turn, n: k }
  }
  turn := next_player(turn)
  done := true
}
terminal when done
reachable none_three: pick == none and n == 3
reachable hand3: h == Hand { n: 3, owner: P1 } and turn == P2
query best: maximize (if n == none then 0 else n!) + (if pick == none then 10 else 0) within 1
)";

TEST_F(LanguageGapsTest, EveryFormChecksAndSolves) {
  std::string path = WriteFile("picks.rules", kPicks);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 0) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text, HasSubstr("8 states, 7 transitions, 7 terminal"));
  EXPECT_THAT(check.stdout_text, HasSubstr("[c = none, k = 3]"));
  EXPECT_THAT(check.stdout_text, HasSubstr("h: none -> {n: 3, owner: P1}"));
  ExpectBothEnginesAnswer(path, "maximize best: optimal, value 13, depth 1");
}

// `the y in P where y != cur and y != A`: two values when cur is A (B and C), one otherwise;
// `the y in P where false`: none.
constexpr char kThe[] = R"(enum P { A, B, C }
state { cur: P  k: 0..3 }
action step(x: P) when k < 3 {
  cur := x
  k += 1
}
action pick() when k >= 1 { cur := the y in P where y != cur and y != A }
action nothing() when k == 3 { cur := the y in P where false }
)";

TEST_F(LanguageGapsTest, TheWithoutExactlyOneValueIsAModelError) {
  std::string path = WriteFile("the.rules", kThe);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 1) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text,
              HasSubstr("error: model error in action pick: `the`: more than one value "
                        "satisfies its condition (B and C)\n  " +
                        path + ":7:36\n  1. init"));
  EXPECT_THAT(check.stdout_text, HasSubstr("3. pick()\n       failed: `the`"));
  EXPECT_THAT(check.stdout_text,
              HasSubstr("error: model error in action nothing: `the`: no value satisfies its "
                        "condition"));
  RunResult solve = RunRulecheck({"solve", path, "--depth", "2", "--no-deadlock"});
  EXPECT_EQ(solve.exit_code, 1) << solve.stdout_text << solve.stderr_text;
  EXPECT_THAT(solve.stdout_text,
              HasSubstr("more than one value satisfies its condition (B and C)"));
}

}  // namespace
}  // namespace rulecheck::e2e
