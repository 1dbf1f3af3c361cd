// End-to-end runs of `choose h in sub(b, n)` (issue 16): state spaces counted by hand (also
// with the size chosen first), the choice as it reads in the text and JSON traces, both
// engines' answers, a model error of a whole-bag move with its trace, and the cards a chosen
// bag names for the coverage warnings.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/both_engines.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;

class SubBagsTest : public testing_support::TempFolderTest {};

// Hand {A, A, B, C}, pile {A}; a discard of 1 or 2 cards without C, twice.
// First move: {A}, {B}, {A, A}, {A, B}: 4 states at k = 1.
// From hand {A, B, C}: A, B, AB (3); from {A, A, C}: A, AA (2); from {B, C}: B (1); from
// {A, C}: A (1). They reach 3 distinct states at k = 2 (hand {B, C}, {A, C} or {C}).
// 1 + 4 + 3 = 8 states, 4 + 3 + 2 + 1 + 1 = 11 transitions; the 3 at k = 2 deadlock.
constexpr char kDiscard[] = R"(enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B, C}  pile: bag<Card, 3> = {A}  k: 0..3 }
action discard(n: 1..2) when k < 2 {
  choose h in sub(hand, n) where h[C] == 0 { move h from hand to pile }
  k += 1
}
terminal when k == 2
reachable three_aces: pile[A] == 3
query most_a: maximize pile[A] within 2
)";

TEST_F(SubBagsTest, CountedStatesTraceAndBothEngines) {
  std::string path = WriteFile("discard.rules", kDiscard);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_EQ(check.exit_code, 0) << check.stdout_text << check.stderr_text;
  EXPECT_THAT(check.stdout_text, HasSubstr("8 states, 11 transitions, 3 terminal"));
  // The shortest witness discards both aces in one move.
  EXPECT_THAT(check.stdout_text, HasSubstr("discard(2) [h = {A: 2}]"));
  RunResult json = RunRulecheck({"check", path, "--threads", "1", "--format", "json"});
  EXPECT_EQ(json.exit_code, 0) << json.stderr_text;
  EXPECT_THAT(json.stdout_text, HasSubstr(R"("choices": [
            "h = {A: 2}"
          ])"));
  ExpectBothEnginesAnswer(path, "maximize most_a: optimal, value 3, depth 1");
}

// The second A cannot go into a pile that holds one of each: a model error with its trace,
// from both `check` and the symbolic `solve --depth`.
constexpr char kOverCapacity[] = R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A, A, B}  pile: bag<Card, 1>  k: 0..4 }
action discard() when k < 4 {
  choose h in sub(hand, 1) { move h from hand to pile }
  k += 1
}
)";

TEST_F(SubBagsTest, AMovePastTheCapacityIsAModelError) {
  std::string path = WriteFile("over.rules", kOverCapacity);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_NE(check.exit_code, 0);
  EXPECT_THAT(check.stdout_text,
              HasSubstr("move {A: 1} from hand to pile: pile would hold 2 A, over its capacity 1"));
  EXPECT_THAT(check.stdout_text, HasSubstr("discard() [h = {A: 1}]"));
}

// "Pay one or two": {A, A, B} gives A and B for one copy, AA and AB for two: 4 moves from
// the initial state to 4 distinct states, 5 in all.
constexpr char kOneOrTwo[] = R"(enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B}  pile: bag<Card, 2>  done: bool }
action pay() when not done {
  choose n in 1..2, h in sub(hand, n) { remove(hand, h)  add(pile, h)  done := true }
}
)";

TEST_F(SubBagsTest, ASizeChosenFirst) {
  std::string path = WriteFile("pay.rules", kOneOrTwo);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_THAT(check.stdout_text, HasSubstr("5 states, 4 transitions"));
}

// A card that a move takes only inside a chosen bag is named by that move: Gold and Iron are
// paid with `sub`, Junk never appears, so only Junk is warned about.
constexpr char kCardsNamedInABag[] = R"(cards Card(v: 0..3) { Gold(v: 3) Iron(v: 1) Junk(v: 0) }
state { hand: bag<Card, 2> = {Gold, Iron}  pile: bag<Card, 2>  done: bool }
action pay() when not done { choose h in sub(hand, 1) { move h from hand to pile  done := true } }
terminal when done
)";

TEST_F(SubBagsTest, CardsInAChosenBagAreNamedByTheMove) {
  std::string path = WriteFile("cards.rules", kCardsNamedInABag);
  RunResult check = RunRulecheck({"check", path, "--threads", "1"});
  EXPECT_THAT(check.stdout_text, HasSubstr("3 states, 2 transitions, 2 terminal"));
  EXPECT_THAT(check.stdout_text, HasSubstr("card Junk of Card never comes into play"));
  EXPECT_THAT(check.stdout_text, ::testing::Not(HasSubstr("card Gold")));
  EXPECT_THAT(check.stdout_text, ::testing::Not(HasSubstr("card Iron")));
}

// `roll h in sub(deck, 2)` draws two of {A, A, B, C} as one handful, then a third card is drawn
// alone. Both Aces end in the hand with probability 1/2, as three single draws give (the one
// card left out is a B or a C: 2 of 4): {A, A} first (1/6), or one Ace first (4/6) and the
// other Ace of the two left (1/2).
constexpr char kDrawTwo[] = R"(enum Card { A, B, C }
state { deck: bag<Card, 2> = {A, A, B, C}  hand: bag<Card, 2>  k: 0..2 }
action draw_two() when k == 0 { roll h in sub(deck, 2) { move h from deck to hand }  k := 1 }
action draw_one() when k == 1 { roll c in deck { move c from deck to hand }  k := 2 }
terminal when k == 2
query both_aces: probability hand[A] == 2
query first_aces: probability k == 1 and hand[A] == 2
query most_aces: maximize hand[A] within 2
)";

TEST_F(SubBagsTest, ARollDrawsAHandfulByChance) {
  std::string path = WriteFile("draw.rules", kDrawTwo);
  RunResult odds = RunRulecheck({"odds", path});
  EXPECT_EQ(odds.exit_code, 0) << odds.stdout_text << odds.stderr_text;
  EXPECT_THAT(odds.stdout_text, HasSubstr("probability both_aces"));
  EXPECT_THAT(odds.stdout_text, HasSubstr("random play                 1/2 (0.5"));
  EXPECT_THAT(odds.stdout_text, HasSubstr("random play                 1/6 (0.1666"));
  // The trace names the handful as one roll.
  RunResult check = RunRulecheck(
      {"check", path, "--threads", "1", "--reachable", "hand[B] == 1 and hand[C] == 1"});
  EXPECT_THAT(check.stdout_text, HasSubstr("draw_two() [roll h = {B: 1, C: 1}]"));
  // 1 + 4 (AA, AB, AC, BC) + 3 (AAB, AAC, ABC) = 8 states.
  EXPECT_THAT(check.stdout_text, HasSubstr("8 states"));
  ExpectBothEnginesAnswer(path, "maximize most_aces: optimal, value 2, depth 1");
}

// Two dice of a constant's faces {One, One, Six, Six} drawn at once: {One, One} and {Six, Six}
// one way each of the 6, {One, Six} the other 4.
TEST_F(SubBagsTest, ARollOfAConstantDrawsFromItsCopies) {
  std::string path = WriteFile("faces.rules", R"(enum F { One, Six }
const D = {One, One, Six, Six}
state { h: bag<F, 4>  d: bool }
action go() when not d { d := true  roll x in sub(D, 2) { h := x } }
terminal when d
query both_six: probability h[Six] == 2
query mixed: probability h[Six] == 1
)");
  RunResult odds = RunRulecheck({"odds", path});
  EXPECT_EQ(odds.exit_code, 0) << odds.stdout_text << odds.stderr_text;
  EXPECT_THAT(odds.stdout_text, HasSubstr("random play                 1/6 (0.1666"));
  EXPECT_THAT(odds.stdout_text, HasSubstr("random play                 2/3 (0.6666"));
}

}  // namespace
}  // namespace rulecheck::e2e
