// Pig's winning chance computed from the game's own recurrence, independently of rulecheck:
// the figure the odds of tests/e2e/odds/pig.rules and pig_policy.rules are checked against.
#ifndef RULECHECK_TESTS_E2E_PIG_RECURRENCE_H_
#define RULECHECK_TESTS_E2E_PIG_RECURRENCE_H_

namespace rulecheck::e2e {

// The probability that the player to move wins Pig to `goal` from scores (0, 0), both
// holding as soon as the turn total reaches `hold` or their score plus it reaches `goal`:
// p(i, j, k) for own score i, the other's j and turn total k, by value iteration on the
// recurrence until nothing moves.
double PigFirstWins(int goal, int hold);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_PIG_RECURRENCE_H_
