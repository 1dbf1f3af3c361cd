/* Connect four on W columns and H rows (default 5 x 4; spin -DW=4 -DH=4 ...), as
   games/connect4.rules: b[c*H + r] is column c, row r from the bottom (0 empty, 1 X, 2 O),
   h[c] the height of column c, winner set by the drop that completes four in a row. A drop
   is one d_step that also looks for four through the new disc and clears its scratch
   variables, so a state is a position: SPIN stores exactly the positions reachable by legal
   play, from the empty board (no set-up step), stopping at a win (Tromp: 161,029 for 4 x 4,
   3,945,711 for 5 x 4, 1,706,255 for 4 x 5). A finished game blocks at the `end` label, so
   it is a valid end state, not a deadlock. W is 4 to 7. */
#ifndef W
#define W 5
#endif
#ifndef H
#define H 4
#endif
#define CELL(c, r) b[(c) * H + (r)]

byte b[W * H];
byte h[W];
byte turn;     /* 0: X to move, 1: O */
byte winner;   /* 0: none, 1: X, 2: O */
short x, y;    /* scratch, zero between moves */
byte n, r;

/* n += the discs of the mover's colour next to (col, r) going (dx, dy). */
inline count_run(col, dx, dy) {
  x = col + dx; y = r + dy;
  do
  :: x >= 0 && x < W && y >= 0 && y < H && CELL(x, y) == turn + 1 -> n++; x = x + dx; y = y + dy
  :: else -> break
  od
}

/* Four or more in a row through (col, r) along (dx, dy); (ex, ey) is (-dx, -dy). */
inline line(col, dx, dy, ex, ey) {
  n = 1; count_run(col, dx, dy); count_run(col, ex, ey);
  if
  :: n >= 4 -> winner = turn + 1
  :: else -> skip
  fi
}

inline drop(col) {
  d_step {
    winner == 0 && h[col] < H ->
    r = h[col]; CELL(col, r) = turn + 1;
    line(col, 1, 0, -1, 0); line(col, 0, 1, 0, -1);
    line(col, 1, 1, -1, -1); line(col, 1, -1, -1, 1);
    h[col]++; turn = 1 - turn;
    x = 0; y = 0; n = 0; r = 0
  }
}

active proctype connect4() {
end:
  do
  :: drop(0)
  :: drop(1)
  :: drop(2)
  :: drop(3)
#if W > 4
  :: drop(4)
#endif
#if W > 5
  :: drop(5)
#endif
#if W > 6
  :: drop(6)
#endif
  od
}
