// Small hand-written models, one per encoding of the symbolic engine, each with queries:
// bags, seqs, options with structs and sets, triggers with the pending list, choose/roll/may,
// and a fragment of Monster Mutators; and queries to add to two of the games. The engines are
// compared on them: Z3 against a plain breadth-first search (tests/solver/agreement_test.cc,
// games_test.cc) and against `solve --engine explicit` (tests/cli/explicit_agreement_test.cc).
#ifndef RULECHECK_TESTS_SOLVER_AGREEMENT_MODELS_H_
#define RULECHECK_TESTS_SOLVER_AGREEMENT_MODELS_H_

#include "tests/shared/monster_fragment.h"

namespace rulecheck::solver::testing {

inline constexpr char kBags[] = R"(
enum Card { A, B, C }
state {
  deck: bag<Card, 2>
  hand: bag<Card, 2>
  n: 0..5
}
init { add(deck, A) add(deck, A) add(deck, B) add(deck, C) }
action draw() when not empty(deck) {
  choose c in deck { move c from deck to hand }
  n += 1
}
action discard(c: Card) when c in hand { remove(hand, c) }
action give(c: Card) when size(hand) > 0 { add(hand, c) }
query most_a: maximize hand[A] * 10 + size(hand) within 4
query all_three: reachable A in hand and B in hand and C in hand within 5
query min_deck: minimize size(deck) + (count c in Card: c in hand) within 4
query distinct: maximize sum c in hand: ord(c) + 1 within 3
)";

inline constexpr char kSeqs[] = R"(
enum Col { R, G }
state {
  pile: seq<Col, 3>
  other: seq<Col, 3>
}
action push_r() when len(pile) < 3 { push(pile, R) }
action push_g_bottom() when len(pile) < 3 { push_bottom(pile, G) }
action ins(i: 0..3, c: Col) when i <= len(pile) and len(pile) < 3 { insert_at(pile, i, c) }
action rm(i: 0..2) when i < len(pile) { remove_at(pile, i) }
action mv() when not empty(pile) and len(other) < 3 { move top(pile) from pile to other }
action popb() when not empty(other) { pop_bottom(other) }
action popt() when not empty(pile) { pop(pile) }
action take_g() when G in pile { remove(pile, G) }
query pattern: reachable len(pile) == 3 and pile[0] == R and pile[1] == G and pile[2] == R within 4
query score: maximize (sum c in pile: if c == G then 2 else 1) + 3 * len(other)
  + (if not empty(other) and bottom(other) == G then 5 else 0) within 4
query greens: maximize (count c in other: c == G) * 4 + (count i in 0..2: i < len(pile) and pile[i] == R) within 5
)";

inline constexpr char kOptions[] = R"(
enum Col { R, G, B }
struct Slot { c: Col?, used: bool, tags: set<Col> }
state {
  slots: [0..1] Slot
  pick: Col?
  level: 0..3?
}
action put(i: 0..1, c: Col) when slots[i].c == none {
  slots[i].c := c
  slots[i].used := true
  add(slots[i].tags, c)
}
action clear(i: 0..1) when slots[i].used { slots[i].c := none }
action take(i: 0..1) when slots[i].c != none {
  pick := slots[i].c
  level := if level == none then 0 else level! + 1
}
action untag(i: 0..1, c: Col) when c in slots[i].tags { remove(slots[i].tags, c) }
action raise when level != none and level! < 3 { level! += 1 }
action paint(i: 0..1) when slots[i].c == R { slots[i].c! := B }
query blue_pick: reachable pick == B and level == 1 within 4
query top_level: reachable level == 3 and slots[1].c == B within 7
query tags: maximize (sum i in 0..1: size(slots[i].tags)) * 10 + (if level == none then 0 else level!) within 5
query picked: minimize (if pick == none then 5 else ord(pick!)) + (if empty(level) then 1 else 0) within 4
)";

inline constexpr char kTriggers[] = R"(
enum P { P1, P2 }
event Hit(p: P, n: 1..2)
state {
  hp: [P] 0..6
  log: 0..20
}
init { hp[P1] := 5  hp[P2] := 4 }
action attack(p: P, n: 1..2) when hp[p] >= n { hp[p] -= n  emit Hit(p, n) }
trigger heal on Hit(p, n) when hp[p] < 3 { hp[p] += 1  log += 1 }
trigger echo on Hit(p, n) when n == 2 { may { emit Hit(p, 1) } }
query low: minimize hp[P1] + hp[P2] within 6
query logged: maximize log within 6
query healed_p2: reachable log >= 2 and hp[P2] == 3 within 7
)";

inline constexpr char kChance[] = R"(
state { x: 0..12  y: 0..3  rolled: bool }
action roll_die() when not rolled { roll d in 1..6 { x := x + d } rolled := true }
action step() when rolled {
  choose k in 1..3 where x + k <= 12 { x += k }
  may { y += 1 }
  rolled := false
}
query eleven: reachable x == 11 and y == 2 within 5
query most: maximize x * 4 + y within 4
query least: minimize (x - 6) * (x - 6) + y within 3
)";

// `moved(...)`, the move that reached a state, in queries: a whole rule, a pattern with `_`,
// a trigger (whose resolution is a move of its own), and inside an integer query.
inline constexpr char kMoved[] = R"(
enum P { P1, P2 }
event Hit(p: P, n: 1..2)
state {
  hp: [P] 0..4
  turn: P
  healed: 0..3
}
init { hp[P1] := 4  hp[P2] := 3 }
action attack(p: P, n: 1..2) by turn when p != turn and hp[p] >= n {
  hp[p] -= n
  emit Hit(p, n)
  turn := next(turn)
}
action rest() by turn { turn := next(turn) }
trigger heal on Hit(p, n) when n == 2 and healed < 3 { hp[p] += 1  healed += 1 }
query heavy_on_p1: reachable moved(attack(P1, 2)) within 4
query healed_after_rest: reachable moved(rest) and healed == 1 within 6
query heal_low: reachable moved(heal) and hp[P2] <= 1 within 6
query any_attack: reachable moved(attack) and hp[P1] + hp[P2] == 3 within 6
query light_hits: maximize (if moved(attack(_, 1)) then 10 - hp[P1] - hp[P2] else 0) within 5
query not_after_rest: minimize (if moved(rest) then 9 else hp[P1] + hp[P2]) within 4
)";

// The Monster Mutators fragment (tests/shared/monster_fragment.h).
using test_models::kMonsterFragment;

// Queries added to games/tictactoe.rules and games/puzzle8.rules.
inline constexpr char kTicTacToeQueries[] = R"(
query x_wins: reachable won(X) within 9
query o_wins: reachable won(O) within 9
query most_x: maximize marks(MX) within 4
query fewest_empty: minimize marks(Empty) within 5
query centre_o: reachable board[1][1] == MO and marks(MO) == 1 and won(X) within 6
)";

inline constexpr char kPuzzle8Queries[] = R"(
query centre: reachable blank == 4 within 5
query tile_in_centre: maximize board[4] within 3
query corner: maximize board[0] * 10 + board[8] within 4
query blank_far: minimize blank within 4
)";

// Every model above (not the queries for games), for tests that go through all of them.
// Issue 16's forms: struct literals, a choose over an option type and over two names at once,
// parenthesised option types, `the`, and a quantifier over two names.
inline constexpr char kSyntax[] = R"(
enum P { A, B, C }
struct Pair { p: P, n: 0..2 }
state {
  cur: P
  best: Pair?
  pick: P?
  n: (0..2)?
  score: 0..12
}
action go() when score < 12 {
  choose q in P?, k in 0..2 where q != cur and (q != none or k == 0) {
    pick := q
    n := k
    if q != none { best := Pair { p: q!, n: k } }
  }
  cur := the x in P where ord(x) == (ord(cur) + 1) % 3
  score += 1
}
action reset() when best == Pair { n: 2, p: C } {
  best := none
  score := 0
}
query pair: reachable best == Pair { p: C, n: 2 } and cur == C within 4
query most: maximize (if n == none then 0 else n!) * 4 + (if pick == none then 3 else ord(pick!)) + score within 4
query fewest: minimize (count q in P?, k in 0..2 where q != none and k == ord(q!): best != none) + score within 3
)";

// A struct literal with a struct and a set inside it.
inline constexpr char kNestedStruct[] = R"(
enum P { A, B }
struct In { p: P, f: bool }
struct Out { i: In, n: 0..3, s: set<P> }
state { o: Out?  k: 0..3  src: set<P> }
action a when k < 3 {
  k += 1
  add(src, if k == 2 then B else A)
  o := Out { n: k, i: In { f: k == 2, p: if k == 1 then B else A }, s: src }
}
action b when o != none { o := Out { i: o!.i, n: 0, s: {} } }
query r: reachable o == Out { i: In { p: A, f: true }, n: 0, s: {} } within 4
query q: maximize (if o == none then 0 else o!.n) + (if o != none and o!.i.f then 10 else 0) within 3
)";

// `the` with two candidates (cur == A), and a struct literal's field out of its range.
inline constexpr char kTheFails[] = R"(
enum P { A, B, C }
state { cur: P  k: 0..3 }
action step(x: P) when k < 3 {
  cur := x
  k += 1
}
action pick() when k >= 1 { cur := the y in P where y != cur and y != A }
)";
inline constexpr char kStructFieldFails[] = R"(
enum P { A, B, C }
struct Pair { p: P, n: 0..2 }
state { best: Pair?  k: 0..3 }
action step() when k < 3 { k += 1 }
action put() { best := Pair { p: A, n: k } }
)";

// `max` and `min` over a domain, with and without a filter, in a query and in a move; and a
// `max` over no value (no bid of 2 yet), a model error in both engines.
inline constexpr char kMaxMin[] = R"(
enum P { A, B, C }
state { bid: [P] 0..3  k: 0..4  top: 0..3 }
action raise(p: P) when k < 4 and bid[p] < 3 {
  bid[p] += 1
  k += 1
  top := max q in P: bid[q]
}
query spread: maximize (max p in P: bid[p]) * 4 - (min p in P where p != A: bid[p]) + top within 4
query least: minimize (min p in P: bid[p] - ord(p)) * 3 + k within 3
)";
inline constexpr char kMaxFails[] = R"(
enum P { A, B, C }
state { bid: [P] 0..3  k: 0..3  won: 0..3 }
action raise(p: P) when k < 3 and bid[p] < 3 {
  bid[p] += 1
  k += 1
}
action settle() when k >= 1 { won := max p in P where bid[p] >= 2: bid[p] }
)";

// `may { } else { }`: declining runs the `else` block, in both engines.
inline constexpr char kMayElse[] = R"(
state { hand: 0..4  deck: 0..4  k: 0..3 }
init { deck := 4 }
action turn() when k < 3 {
  k += 1
  may { require hand < 4  hand += 1 } else { deck -= 1 }
}
query most: maximize hand * 5 + deck within 3
query fewest: minimize deck * 3 - hand within 3
query both: reachable hand == 1 and deck == 2 within 3
)";

// `{}` as the empty bag and seq, in moves and in queries.
inline constexpr char kEmptyLiterals[] = R"(
enum C { R, G }
state { b: bag<C, 2>  s: seq<C, 2>  k: 0..3 }
action put(c: C) when k < 3 and size(b) < 2 {
  add(b, c)
  push(s, c)
  k += 1
}
action wipe() when k < 3 and b != {} {
  b := {}
  if len(s) == 2 { s := {} }
  k += 1
}
query full: maximize (if s == {} then 10 else 0) + size(b) * 3 + k within 3
query r: reachable b == {} and len(s) == 1 within 3
)";

// An option as an event parameter: `none` and a card through the pending list, read by the
// triggers' guards and bodies.
inline constexpr char kEventOption[] = R"(
enum Card { A, B }
state { hits: 0..3  blanks: 0..3  last: Card?  k: 0..3 }
event Hit(card: Card?)
action strike(c: Card) when k < 3 {
  k += 1
  emit Hit(c)
}
action miss() when k < 3 {
  k += 1
  emit Hit(none)
}
trigger land on Hit(c) when c != none {
  hits += 1
  last := c
}
trigger blank on Hit(c) when c == none { blanks += 1 }
query most: maximize hits * 4 + blanks + (if last == B then 10 else 0) within 6
query mixed: reachable blanks == 2 and last == A within 6
)";

// Array literals, filled from one value, from the old value and over two indices; `P(i)`;
// `by` over a range; `{A, A, B}` as a bag, written directly and as a constant.
inline constexpr char kRulebookForms[] = R"(
enum P { A, B, C }
enum Card { X, Y, Z }
const START = {X, X, Y}
state {
  hp: [P] 0..3 = [p in P: 2]
  grid: [P][0..1] bool
  seat: 0..2
  cur: P
  deck: bag<Card, 2> = START
  hand: bag<Card, 2>
  k: 0..3
}
action hit(p: P) by seat when k < 3 and hp[p] > 0 {
  hp[p] -= 1
  seat := (seat + 1) % 3
  k += 1
}
action heal() when k < 3 {
  hp := [p in P: if p == cur then 3 else hp[p]]
  cur := P((ord(cur) + 1) % 3)
  k += 1
}
action mark(p: P) when k < 3 {
  grid := [q in P, i in 0..1: q == p or grid[q][i]]
  k += 1
}
action draw() when k < 3 and not empty(deck) {
  choose c in deck { move c from deck to hand }
  k += 1
}
action refill() when k < 3 and hand == {X, Y} {
  deck := {Z, Z, Y}
  hand := {}
  k += 1
}
query most: maximize sum p in P: hp[p] * (ord(p) + 1) within 3
query marks: maximize (count p in P: grid[p][1]) * 3 + ord(cur) within 3
query dead: reachable hp == [p in P: if p == B then 0 else 2] within 3
query refilled: reachable deck[Z] == 2 and hand == {} within 3
query held: maximize hand[X] * 10 + size(deck) within 3
)";
// `var` parameters: a proc moves a card out of the bag its caller names, refilling it when
// it runs empty after the turn has moved on (the place is fixed at the call), and raises a
// counter it is given.
inline constexpr char kVarParams[] = R"(
enum P { A, B }
enum Card { X, Y }
state { hand: [P] bag<Card, 2>  trash: bag<Card, 4>  turn: P  n: 0..3 }
init {
  add(hand[A], X)
  add(hand[A], Y)
  add(hand[B], Y)
}
proc discard(var pile: bag<Card, 2>, c: Card) {
  move c from pile to trash
  turn := next(turn)
  if empty(pile) { add(pile, X) }
}
proc bump(var k: 0..3) { k += 1 }
action play(c: Card) by turn when c in hand[turn] {
  discard(hand[turn], c)
  bump(n)
}
terminal when n == 3
query refilled: reachable hand[B][X] == 1 within 3
query most: maximize trash[Y] * 4 + hand[A][X] within 3
)";

// The model errors of the same forms, one model each: an array element out of its range
// (first at depth 3), a position outside the enum (at 3), a bag literal past its capacity
// (at 2).
inline constexpr char kArrayLiteralFails[] = R"(
enum P { A, B, C }
state { hp: [P] 0..3 = [p in P: 1]  k: 0..4 }
action up(q: P) when k < 4 {
  hp := [p in P: if p == q then hp[p] + 1 else hp[p]]
  k += 1
}
action wait() when k < 4 { k += 1 }
)";
inline constexpr char kEnumOfFails[] = R"(
enum P { A, B, C }
state { n: 0..4  cur: P  k: 0..4 }
action step() when k < 4 {
  n += 1
  cur := P(n)
  k += 1
}
action wait() when k < 4 { k += 1 }
)";
inline constexpr char kBagLiteralFails[] = R"(
enum P { A, B, C }
state { deck: bag<P, 2>  k: 0..4 }
action fill() when k < 4 {
  if k >= 1 { deck := {A, B, A, A} } else { deck := {A, B, A} }
  k += 1
}
action wait() when k < 4 { k += 1 }
)";

// `choose h in sub(b, n)` and the move of a whole bag (issue 16): sizes 1 and 2, a `where`
// on the choice, and a query on each kind of answer.
inline constexpr char kSubBags[] = R"(
enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B, C}  pile: bag<Card, 3> = {A}  k: 0..3 }
action discard(n: 1..2) when k < 2 {
  choose h in sub(hand, n) where h[C] == 0 { move h from hand to pile }
  k += 1
}
action give() when k < 2 {
  choose h in sub(pile, 1) where not (h[A] > 0 and hand[A] == 2) { move h from pile to hand }
  k += 1
}
action trade() when k < 2 {
  choose h in sub(hand, 2) { remove(hand, h)  add(pile, h) }
  k += 1
}
query most_a: maximize pile[A] within 2
query fewest: minimize size(hand) + 4 * hand[C] within 2
query swapped: reachable pile[B] == 1 and hand[A] == 2 within 2
)";

// Their model errors: a move past the destination's capacity (the pile holds one of each;
// the second A is tried from the state at depth 1), and a negative size (`2 - k` is -1 from
// the states with k = 3, first at depth 3).
inline constexpr char kSubBagOverCapacity[] = R"(
enum Card { A, B }
state { hand: bag<Card, 2> = {A, A, B}  pile: bag<Card, 1>  k: 0..4 }
action discard() when k < 4 {
  choose h in sub(hand, 1) { move h from hand to pile }
  k += 1
}
)";
inline constexpr char kSubBagNegative[] = R"(
enum Card { A, B }
state { hand: bag<Card, 2> = {A, B}  k: 0..4 }
action step() when k < 4 { k += 1 }
action shrink() when k < 4 {
  choose h in sub(hand, 2 - k) { k += 1 }
}
)";

// Wide bags inside an array of structs, rewritten in loops over the bag's member type under
// conditions the translation decides statically for each loop value (the shape of Random
// Mutations' extinction): constant arithmetic (`x % 5`, `x / 5`), `and`/`or`/`if` whose left
// side decides the right one (the right side would divide by zero), and `if`s that write one
// count of one struct of the array (the ite of the whole array is pushed into the pieces that
// differ).
inline constexpr char kFolded[] = R"(
type Code = 0..19
struct Pile {
  herd: bag<Code, 3>
  tag: 0..3
}
state {
  piles: [0..1] Pile
  moved: 0..9
}
init { add(piles[0].herd, 0) add(piles[1].herd, 2) add(piles[1].herd, 12) }
fun food(x: int): int = x % 5
fun sheltered(x: int): bool = (x / 5) % 2 == 1
action feed(i: 0..1) when not empty(piles[i].herd) {
  choose x in piles[i].herd where food(x) < 4 {
    remove(piles[i].herd, x)
    add(piles[i].herd, x + 1)
  }
}
action shelter(i: 0..1) when not empty(piles[i].herd) {
  choose x in piles[i].herd where not sheltered(x) and x <= 14 {
    remove(piles[i].herd, x)
    add(piles[i].herd, x + 5)
  }
}
action reset when moved < 9 {
  for i in 0..1 {
    for x in Code {
      if piles[i].herd[x] > 0 and x % 5 != 0 and (x % 5 == 0 or 10 / (x % 5) >= 3) {
        let n = piles[i].herd[x]
        for m in 1..n {
          remove(piles[i].herd, x)
          add(piles[i].herd, x - x % 5)
        }
        piles[i].tag := if x % 5 == 0 then 10 / (x % 5) else min(3, piles[i].tag + 1)
      }
    }
  }
  moved += 1
}
action split(i: 0..0) when size(piles[i].herd) >= 2 {
  choose x in piles[i].herd { move x from piles[i].herd to piles[i + 1].herd }
}
query fed: maximize (sum i in 0..1: sum x in piles[i].herd: food(x) * piles[i].herd[x]) within 3
query sheltered_fed: reachable any i in 0..1: any x in piles[i].herd: sheltered(x) and food(x) >= 2 within 5
query tags: maximize (sum i in 0..1: piles[i].tag) * 10 + moved within 4
)";

// A turn in phases, written only with constants (control_slice.h): the first depths can use
// only some actions, and the step at each depth leaves the others out. `stop` picks the next
// phase in an `if`, and `again` starts a new round, so every phase comes back.
inline constexpr char kPhases[] = R"(
enum Phase { Deal, Play, Score, Done }
state {
  phase: Phase
  n: 0..4
  pts: 0..9
  rounds: 0..2
}
action deal when phase == Deal { phase := Play }
action work(k: 1..2) when phase == Play and n + k <= 4 { n += k }
action stop when phase == Play {
  if n >= 3 { phase := Score } else { phase := Done }
}
action score when phase == Score { pts := n * 2  phase := Done }
action again when phase == Done and rounds < 2 { rounds += 1  n := 0  phase := Deal }
query best_pts: maximize pts within 8
query done_at: reachable phase == Done within 6
query least_n_done: minimize (if phase == Done then n else 9) within 7
query second_round: reachable rounds == 1 and phase == Play within 9
)";

inline constexpr const char* kAgreementModels[] = {kBags,   kSeqs,  kOptions,         kTriggers,
                                                   kChance, kMoved, kMonsterFragment, kPhases};

}  // namespace rulecheck::solver::testing

#endif  // RULECHECK_TESTS_SOLVER_AGREEMENT_MODELS_H_
