// Internal to properties/. The exact values of one strongly connected component of a chance
// graph where nothing is chosen (only rolls and choices taken at random, or no choice the play
// cares about): its states' values satisfy linear equations x = A x + b, solved here by
// Gaussian elimination in GMP rationals. Used by properties/odds_values.h for components of
// more than one state (a random walk, a race with chutes), which value iteration only
// approaches; where the numbers grow too large (Pig's turn totals) it gives up and the
// iteration answers instead.
#ifndef RULECHECK_PROPERTIES_ODDS_ELIMINATION_H_
#define RULECHECK_PROPERTIES_ODDS_ELIMINATION_H_

#include <gmpxx.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace rulecheck::properties {

// x_i = sum over (j, a) in a[i] of a * x_j, plus b[i], for i < n. Each row's coefficients are
// positive, sum to at most 1, and name each column at most once; (I - A) must be nonsingular
// (from every unknown some row's coefficients sum to less than 1 can be reached).
struct LinearEquations {
  std::vector<std::vector<std::pair<uint32_t, mpq_class>>> a;
  std::vector<mpq_class> b;
};

// Why an elimination gave no answer.
enum class EliminationStop { kNone, kTooLarge, kCancelled, kSingular };

// What an elimination may use: the GMP limbs and the coefficients kept for the eliminated
// rows, and its work, counted as the products of the limbs multiplied (each call spends from
// `work`, so a caller can share one budget among many eliminations).
struct EliminationBudget {
  uint64_t max_limbs = 0;
  uint64_t max_entries = 0;
  uint64_t work = 0;
};

// Spends from `budget.work` what multiplying `x` by `y` costs; false (nothing spent) when
// the budget has not that much left.
bool Spend(EliminationBudget& budget, const mpq_class& x, const mpq_class& y);

// The solution, or nullopt with `why` set: kTooLarge once the budget is spent;
// kCancelled once `cancel` (may be null) is set; kSingular where (I - A) is. Eliminates in
// the order of the unknowns (a random walk numbered along its path fills in little).
std::optional<std::vector<mpq_class>> SolveByElimination(const LinearEquations& equations,
                                                         EliminationBudget& budget,
                                                         const std::atomic<bool>* cancel,
                                                         EliminationStop& why);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_ELIMINATION_H_
