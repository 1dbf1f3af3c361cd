// IncrementalSolver::Check (see incremental_solver.h).
#include "solver/incremental_solver.h"

#include "absl/strings/str_cat.h"
#include "solver/step_stats.h"

namespace rulecheck::solver::internal {

// Every solver is made with `ctrl_c` off: Z3 would otherwise take SIGINT for itself during a
// check, stop only that check and swallow the signal, so a Ctrl-C never reached the run's
// cancel flag (the watchdog interrupts Z3 once the flag is set).
z3::check_result IncrementalSolver::Check(const std::vector<z3::expr>& extra, unsigned timeout_ms,
                                          bool quantified) {
  if (quantified) {
    quantified_ = std::make_unique<z3::solver>(ctx_);
    last_ = quantified_.get();
    last_->set("ctrl_c", false);
    if (timeout_ms > 0) last_->set("timeout", timeout_ms);
    for (const z3::expr& a : assertions_) last_->add(a);
    for (const z3::expr& e : extra) last_->add(e);
    return last_->check();
  }
  if (incremental_ == nullptr) {
    incremental_ = std::make_unique<z3::solver>(ctx_, "QF_FD");
    incremental_->set("ctrl_c", false);
    if (tuning_ == Tuning::kProveBound) {
      incremental_->set("sat.phase", "always_false");
      incremental_->set("sat.scc", false);
    }
  }
  last_ = incremental_.get();
  // Z3 keeps a solver's parameters: 0 would stay the last time-out, so "none" is the maximum.
  last_->set("timeout", timeout_ms > 0 ? timeout_ms : kNoTimeout);
  for (; added_ < assertions_.size(); ++added_) last_->add(assertions_[added_]);
  for (unsigned i = 0; i < asked_.size(); ++i) last_->add(!asked_[i]);
  asked_ = z3::expr_vector(ctx_);
  for (const z3::expr& e : extra) {
    z3::expr q = ctx_.bool_const(absl::StrCat("question!", questions_++).c_str());
    last_->add(z3::implies(q, e));
    asked_.push_back(q);
  }
  if (!StatsEnabled()) return last_->check(asked_);
  const double t0 = CpuSeconds();
  const z3::check_result r = last_->check(asked_);
  StatsLine(absl::StrCat("check: ",
                         r == z3::sat     ? "sat"
                         : r == z3::unsat ? "unsat"
                                          : "unknown",
                         ", ", CpuSeconds() - t0, " cpu s; ", SolverStatistics(*last_)));
  return r;
}

}  // namespace rulecheck::solver::internal
