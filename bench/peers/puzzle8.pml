/* The 3x3 sliding puzzle, for comparing rulecheck with SPIN on the same state space
   (games/puzzle8.rules). Each move is one d_step, so SPIN stores exactly the board
   positions: 181,440 reachable from the solved one, plus the state before set-up. */
byte b[9];
byte blank;

active proctype puzzle() {
  d_step { b[0] = 1; b[1] = 2; b[2] = 3; b[3] = 4; b[4] = 5; b[5] = 6; b[6] = 7; b[7] = 8;
           b[8] = 0; blank = 8 }
  do
  :: d_step { blank >= 3 -> b[blank] = b[blank - 3]; b[blank - 3] = 0; blank = blank - 3 }
  :: d_step { blank < 6 -> b[blank] = b[blank + 3]; b[blank + 3] = 0; blank = blank + 3 }
  :: d_step { blank % 3 > 0 -> b[blank] = b[blank - 1]; b[blank - 1] = 0; blank = blank - 1 }
  :: d_step { blank % 3 < 2 -> b[blank] = b[blank + 1]; b[blank + 1] = 0; blank = blank + 1 }
  od
}
