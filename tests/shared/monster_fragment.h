// The Monster Mutators fragment of the language reference (header-only test data): cards with
// attributes, arrays of bags and seqs, a fun over a seq, a proc with a choose, a trigger with
// may and choose, and queries. One text for the tests that want most of the language in one
// model: the type checker's (tests/front/type_checker_test.cc) and the symbolic engine's
// agreement tests (tests/solver/agreement_models.h).
#ifndef RULECHECK_TESTS_SHARED_MONSTER_FRAGMENT_H_
#define RULECHECK_TESTS_SHARED_MONSTER_FRAGMENT_H_

namespace rulecheck::test_models {

inline constexpr char kMonsterFragment[] = R"(
const WIN = 5
enum Player { P1, P2 }
enum Column { Might, Agility, Style }
enum Kind { Monster, Stage, Assist, Trick }
enum Phase { Draw, Mutate, Main, Contest }
cards Card(kind: Kind, might: 0..3 = 0, agility: 0..3 = 0, style: 0..3 = 0,
           might_up: 0..2 = 0, agility_up: 0..2 = 0, style_up: 0..2 = 0) {
  Dog(kind: Monster, might: 2, agility: 2, style: 2, might_up: 1, agility_up: 1, style_up: 1)
  Bird(kind: Monster, might: 1, agility: 3, style: 2, agility_up: 1, style_up: 1)
  Miracle(kind: Trick)
}
state {
  turn: Player
  phase: Phase
  deck: [Player] bag<Card, 3>
  hand: [Player] bag<Card, 3>
  discard: [Player] bag<Card, 3>
  monster: [Player][Column] seq<Card, 4>
  points: [Player] 0..WIN
}
init {
  for p in Player { add(deck[p], Dog) add(deck[p], Dog) add(deck[p], Bird) add(deck[p], Miracle) add(hand[p], Bird) add(hand[p], Dog) }
  phase := Mutate
}
event Mutated(p: Player, col: Column)
fun might(s: seq<Card, 4>): int = top(s).might + (sum c in s: c.might_up) - top(s).might_up
proc draw(p: Player) { choose c in deck[p] { move c from deck[p] to hand[p] } }
action mutate(c: Card, col: Column, over: bool) by turn
    when phase == Mutate and c in hand[turn] and c.kind == Monster {
  remove(hand[turn], c)
  if over { push(monster[turn][col], c) } else { push_bottom(monster[turn][col], c) }
  draw(turn)
  emit Mutated(turn, col)
  phase := Main
}
action score(col: Column) by turn when phase == Main and not empty(monster[turn][col]) {
  points[turn] := min(WIN, points[turn] + might(monster[turn][col]))
  turn := next(turn)
  phase := Mutate
}
action pass() by turn when phase == Main { turn := next(turn)  phase := Mutate }
trigger dog on Mutated(p, col) by p when Dog in monster[p][col] {
  may {
    choose m in hand[p] where m.kind == Monster {
      move m from hand[p] to discard[p]
      draw(p)
    }
  }
}
query best_p1: maximize points[P1] * 10 + size(discard[P1]) within 6
query p1_scores: reachable points[P1] >= 3 and points[P2] >= 1 within 6
query tall: maximize len(monster[P1][Might]) * 3 + len(monster[P2][Style]) within 6
query least_hand: minimize size(hand[P1]) + size(hand[P2]) within 5
)";

}  // namespace rulecheck::test_models

#endif  // RULECHECK_TESTS_SHARED_MONSTER_FRAGMENT_H_
