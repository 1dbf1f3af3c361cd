/* The 3x4 sliding puzzle (3 rows, 4 columns), as games/puzzle11.rules: 239,500,800 positions
   reachable from the solved one (12!/2). One d_step per move. */
byte b[12];
byte blank;

active proctype puzzle() {
  d_step { b[0] = 1; b[1] = 2; b[2] = 3; b[3] = 4; b[4] = 5; b[5] = 6; b[6] = 7; b[7] = 8;
           b[8] = 9; b[9] = 10; b[10] = 11; b[11] = 0; blank = 11 }
  do
  :: d_step { blank >= 4 -> b[blank] = b[blank - 4]; b[blank - 4] = 0; blank = blank - 4 }
  :: d_step { blank < 8 -> b[blank] = b[blank + 4]; b[blank + 4] = 0; blank = blank + 4 }
  :: d_step { blank % 4 > 0 -> b[blank] = b[blank - 1]; b[blank - 1] = 0; blank = blank - 1 }
  :: d_step { blank % 4 < 3 -> b[blank] = b[blank + 1]; b[blank + 1] = 0; blank = blank + 1 }
  od
}
