// A satisfiability check that bit-blasts from scratch (internal to solver/).
//
// Z3's incremental solver (push/pop) keeps what it learnt between depths, but for pure
// bit-vector formulas its SMT core is far slower than Z3's non-incremental QF_BV pipeline
// (simplify, solve equations, bit-blast, SAT): on tic-tac-toe's `draw` query 12 s against
// 0.5 s, on the 8-puzzle depth 14 against depth 29 in a minute. So the drivers keep the
// permanent assertions (the unrolling) here and every question gets a fresh QF_BV solver with
// those assertions and the question's own. Formulas with quantifiers (the deadlock check) use
// Z3's general solver instead.
#ifndef RULECHECK_SOLVER_CHECKER_H_
#define RULECHECK_SOLVER_CHECKER_H_

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

namespace rulecheck::solver::internal {

class Checker {
 public:
  explicit Checker(z3::context& ctx) : ctx_(ctx), assertions_(ctx) {}

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
  z3::expr_vector assertions_;
  std::unique_ptr<z3::solver> last_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_CHECKER_H_
