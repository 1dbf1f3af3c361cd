// Checker::Check (see checker.h).
#include "solver/checker.h"

namespace rulecheck::solver::internal {

z3::check_result Checker::Check(const std::vector<z3::expr>& extra, unsigned timeout_ms,
                                bool quantified) {
  last_ = std::make_unique<z3::solver>(quantified ? z3::solver(ctx_)
                                                  : z3::tactic(ctx_, "qfbv").mk_solver());
  if (timeout_ms > 0) last_->set("timeout", timeout_ms);
  for (const z3::expr& a : assertions_) last_->add(a);
  for (const z3::expr& e : extra) last_->add(e);
  return last_->check();
}

}  // namespace rulecheck::solver::internal
