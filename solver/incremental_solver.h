// The incremental solver behind the drivers' satisfiability checks (internal to solver/).
//
// An IncrementalSolver wraps one incremental bit-vector solver: Z3's SAT-based solver for finite
// domains ("QF_FD"), which bit-blasts each assertion once, when it is first checked, and keeps the
// clauses it learnt from one check to the next. Permanent assertions (the unrolling) are added as
// they come; the question of one check is added under a fresh literal that only that check assumes,
// so it is gone for the next. (Z3's general incremental solver, with push/pop, was far slower than
// bit-blasting each depth afresh with the `qfbv` tactic; this one bit-blasts each step once instead
// of once per depth.) A question's literal is retired (asserted false) before the next check, so
// that its clauses are satisfied and the SAT solver no longer branches on it. Formulas with
// quantifiers (the deadlock check) go to a fresh general solver with the permanent assertions.
//
// Two tunings of the SAT solver. kFindWitness, for checks that look for a play (reachable
// queries, invariants, the fixed-bit search), keeps Z3's defaults. kProveBound, for
// optimisation, where after the best value is found almost every check proves that nothing is
// better: the SAT solver tries `false` first at every decision instead of the value a variable
// last had, and its elimination of equivalent literals by strongly connected components is off
// (it re-read the whole clause database at every check, half of the check's time on the deeper
// unrollings of Monster Mutators). The `false` phase took Monster Mutators' score query from
// depth 19-20 to 22-23 in 60 s; on witness searches each setting made the 8-puzzle's 30-move
// witness about twice as slow (bench/RESULTS.md, 2026-11-24).
#ifndef RULECHECK_SOLVER_INCREMENTAL_SOLVER_H_
#define RULECHECK_SOLVER_INCREMENTAL_SOLVER_H_

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

namespace rulecheck::solver::internal {

// Z3's `timeout` for "no time-out" (its largest value).
constexpr unsigned kNoTimeout = 4294967295u;

// Not thread-safe; one per driver run, on that run's context (which must outlive it).
class IncrementalSolver {
 public:
  // How the SAT solver is tuned (see above).
  enum class Tuning { kFindWitness, kProveBound };

  explicit IncrementalSolver(z3::context& ctx, Tuning tuning = Tuning::kFindWitness)
      : ctx_(ctx), tuning_(tuning), assertions_(ctx), asked_(ctx) {}

  // A permanent assertion.
  void Add(const z3::expr& e) { assertions_.push_back(e); }
  // Checks the permanent assertions and `extra`; `timeout_ms` 0: none. `quantified`: some
  // formula has a quantifier.
  z3::check_result Check(const std::vector<z3::expr>& extra, unsigned timeout_ms,
                         bool quantified = false);
  // REQUIRES: the last Check returned sat.
  z3::model Model() const { return last_->get_model(); }
  std::string ReasonUnknown() const { return last_ ? last_->reason_unknown() : "not checked"; }

 private:
  z3::context& ctx_;
  Tuning tuning_;
  z3::expr_vector assertions_;
  std::unique_ptr<z3::solver> incremental_;
  unsigned added_ = 0;      // assertions already given to incremental_
  unsigned questions_ = 0;  // literals made for questions
  z3::expr_vector asked_;   // the literals of the last check's questions
  z3::solver* last_ = nullptr;
  std::unique_ptr<z3::solver> quantified_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_INCREMENTAL_SOLVER_H_
