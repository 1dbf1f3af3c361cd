// Exact solutions of x = A x + b by elimination (properties/odds_elimination.h), on systems
// worked by hand: a fair random walk, a walk numbered out of path order (its rows fill in),
// a closed loop with no way out (singular), and budgets too small to finish.
#include "properties/odds_elimination.h"

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <vector>

namespace rulecheck::properties {
namespace {

EliminationBudget Roomy() {
  EliminationBudget budget;
  budget.max_limbs = 1 << 20;
  budget.max_entries = 1 << 20;
  budget.work = uint64_t{1} << 30;
  return budget;
}

// A fair walk on 0..4 with 0 worth 0 and 4 worth 1: unknowns 1, 2, 3 (as 0, 1, 2), each the
// mean of its neighbours. By hand: 1/4, 1/2, 3/4.
LinearEquations FairWalk() {
  LinearEquations eq;
  const mpq_class half(1, 2);
  eq.a = {{{1, half}}, {{0, half}, {2, half}}, {{1, half}}};
  eq.b = {0, 0, half};
  return eq;
}

TEST(OddsEliminationTest, FairWalk) {
  EliminationBudget budget = Roomy();
  EliminationStop why;
  const std::optional<std::vector<mpq_class>> x =
      SolveByElimination(FairWalk(), budget, nullptr, why);
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ(why, EliminationStop::kNone);
  EXPECT_EQ(*x, (std::vector<mpq_class>{mpq_class(1, 4), mpq_class(1, 2), mpq_class(3, 4)}));
}

TEST(OddsEliminationTest, WalkNumberedOutOfOrderFillsIn) {
  // The same walk with its middle square first: unknowns (2, 1, 3). Eliminating 2 first
  // leaves row 1 (square 1) with a reference to square 3 it did not have.
  LinearEquations eq;
  const mpq_class half(1, 2);
  eq.a = {{{1, half}, {2, half}}, {{0, half}}, {{0, half}}};
  eq.b = {0, 0, half};
  EliminationBudget budget = Roomy();
  EliminationStop why;
  const std::optional<std::vector<mpq_class>> x = SolveByElimination(eq, budget, nullptr, why);
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ(*x, (std::vector<mpq_class>{mpq_class(1, 2), mpq_class(1, 4), mpq_class(3, 4)}));
}

TEST(OddsEliminationTest, SelfLoopIsDividedOut) {
  // x = 1/3 x + 1/3: x = 1/2 (craps' point roll, in one state).
  LinearEquations eq;
  eq.a = {{{0, mpq_class(1, 3)}}};
  eq.b = {mpq_class(1, 3)};
  EliminationBudget budget = Roomy();
  EliminationStop why;
  const std::optional<std::vector<mpq_class>> x = SolveByElimination(eq, budget, nullptr, why);
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ((*x)[0], mpq_class(1, 2));
}

TEST(OddsEliminationTest, LoopWithNoWayOutIsSingular) {
  // x0 = x1, x1 = x0.
  LinearEquations eq;
  eq.a = {{{1, mpq_class(1)}}, {{0, mpq_class(1)}}};
  eq.b = {0, 0};
  EliminationBudget budget = Roomy();
  EliminationStop why;
  EXPECT_FALSE(SolveByElimination(eq, budget, nullptr, why).has_value());
  EXPECT_EQ(why, EliminationStop::kSingular);
}

TEST(OddsEliminationTest, BudgetsStopIt) {
  EliminationStop why;
  EliminationBudget no_work = Roomy();
  no_work.work = 2;
  EXPECT_FALSE(SolveByElimination(FairWalk(), no_work, nullptr, why).has_value());
  EXPECT_EQ(why, EliminationStop::kTooLarge);
  EliminationBudget few_entries = Roomy();
  few_entries.max_entries = 1;  // rows 0 and 1 keep one coefficient each
  EXPECT_FALSE(SolveByElimination(FairWalk(), few_entries, nullptr, why).has_value());
  EXPECT_EQ(why, EliminationStop::kTooLarge);
}

TEST(OddsEliminationTest, Cancelled) {
  const std::atomic<bool> cancel{true};
  EliminationBudget budget = Roomy();
  EliminationStop why;
  EXPECT_FALSE(SolveByElimination(FairWalk(), budget, &cancel, why).has_value());
  EXPECT_EQ(why, EliminationStop::kCancelled);
}

}  // namespace
}  // namespace rulecheck::properties
