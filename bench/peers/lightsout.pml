/* Lights Out on an N x N grid (default 5; spin -DN=4 ...), as games/lightsout.rules: lit[r*N
   + c] is the light in row r, column c, all off at the start. A press toggles a light and its
   orthogonal neighbours in one d_step, so SPIN stores exactly the configurations reachable
   from all off (no set-up step): 2^(N*N - k), 512 for N = 3, 4,096 for N = 4, 8,388,608 for
   N = 5. N is 2 to 6. */
#ifndef N
#define N 5
#endif

bool lit[N * N];

#define FLIP(r, c) \
  if \
  :: (r) >= 0 && (r) < N && (c) >= 0 && (c) < N -> lit[(r) * N + (c)] = !lit[(r) * N + (c)] \
  :: else -> skip \
  fi
#define PRESS(r, c) \
  :: d_step { FLIP(r, c); FLIP((r) - 1, c); FLIP((r) + 1, c); FLIP(r, (c) - 1); FLIP(r, (c) + 1) }

#if N == 2
#define ROW(r) PRESS(r, 0) PRESS(r, 1)
#define ROWS ROW(0) ROW(1)
#elif N == 3
#define ROW(r) PRESS(r, 0) PRESS(r, 1) PRESS(r, 2)
#define ROWS ROW(0) ROW(1) ROW(2)
#elif N == 4
#define ROW(r) PRESS(r, 0) PRESS(r, 1) PRESS(r, 2) PRESS(r, 3)
#define ROWS ROW(0) ROW(1) ROW(2) ROW(3)
#elif N == 5
#define ROW(r) PRESS(r, 0) PRESS(r, 1) PRESS(r, 2) PRESS(r, 3) PRESS(r, 4)
#define ROWS ROW(0) ROW(1) ROW(2) ROW(3) ROW(4)
#elif N == 6
#define ROW(r) PRESS(r, 0) PRESS(r, 1) PRESS(r, 2) PRESS(r, 3) PRESS(r, 4) PRESS(r, 5)
#define ROWS ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5)
#endif

active proctype lightsout() {
  do
  ROWS
  od
}
