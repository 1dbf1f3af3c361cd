/* Towers of Hanoi with N discs (default 12; spin -DN=15 ...), as games/hanoi.rules: three
   pegs as stacks (pg[p*N + i], bottom first, zeros above the top) with heights h[p]. A disc
   moves onto an empty peg or a larger disc. All 3^N placements are reachable. One d_step
   per move, so SPIN stores exactly the placements (plus the state before set-up). */
#ifndef N
#define N 12
#endif
#define TOP(p) pg[(p) * N + h[p] - 1]
#define MOVE(a, b) \
  d_step { h[a] > 0 && (h[b] == 0 || TOP(b) > TOP(a)) -> \
           pg[(b) * N + h[b]] = TOP(a); h[b]++; TOP(a) = 0; h[a]-- }

byte pg[3 * N];
byte h[3];

active proctype hanoi() {
  byte i;
  d_step { i = 0; do :: i < N -> pg[i] = N - i; i++ :: else -> break od; h[0] = N; i = 0 }
  do
  :: MOVE(0, 1)
  :: MOVE(0, 2)
  :: MOVE(1, 0)
  :: MOVE(1, 2)
  :: MOVE(2, 0)
  :: MOVE(2, 1)
  od
}
