// Houdini (internal to solver/): the largest subset of a set of candidate clauses that holds
// in every initial state and that every move keeps from a state that has all of them and P
// (the bound proof's property, assumed by the caller on S_0 of the step).
//
// Each candidate is a Boolean constant defined as its clause on the initial state (in the
// `init` solver) and on S_0 and S_1 of the step (in the `step` solver). A round asks for some
// live candidate false initially, or for every live candidate on S_0 and some false on S_1;
// a model drops the live candidates it makes false, and for the step also those false on any
// successor of S_0 in the explicit engine (S_0 has every live candidate and P, so each of its
// successors is a counterexample too: this cheap step saves rounds). A candidate dropped once
// is broken from a state that has every candidate of any smaller set, so the survivors do not
// depend on the models Z3 returns. Candidates may be added between runs and, through the
// counterexample callback, during one: a callback that blocks S_0 with a new candidate
// instead of dropping (as IC3 blocks a counterexample to induction) can save candidates that
// only unreachable states break; the survivors are still inductive, but then they depend on
// the order of the counterexamples (Z3 gives the same ones on the same input).
#ifndef RULECHECK_SOLVER_HOUDINI_H_
#define RULECHECK_SOLVER_HOUDINI_H_

#include <z3++.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "solver/deadline.h"
#include "solver/incremental_solver.h"
#include "solver/invariant_candidates.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {

class Houdini {
 public:
  // The states' terms must live in `init` and `step` (S_0 -> S_1 asserted in `step`); every
  // argument must outlive the Houdini. `cancel` (may be null), once set, stops the explicit
  // engine's expansion of a counterexample part-way. Not thread-safe.
  Houdini(StepEncoder& enc, const std::vector<StateField>& fields, IncrementalSolver& init,
          const SymState& initial, IncrementalSolver& step, const SymState& s0, const SymState& s1,
          const std::atomic<bool>* cancel);

  void Add(Candidate c);
  size_t size() const { return clauses_.size(); }
  bool alive(size_t i) const { return alive_[i]; }
  const Candidate& clause(size_t i) const { return clauses_[i]; }
  size_t alive_count() const;
  // Every live candidate on S_0 of the step.
  z3::expr AliveOnS0() const;
  // The same candidates on any state `s`.
  z3::expr AliveOn(const SymState& s) const;

  // Called with S_0 of each step counterexample; may Add a candidate that S_0 breaks and
  // return true, and then the round drops nothing (the next round assumes the new candidate
  // on S_0 too).
  using OnCounterexample = std::function<bool(const std::vector<uint32_t>& s0)>;
  // Runs rounds until no candidate is dropped. Returns false when a check was not answered
  // (the deadline, Ctrl-C) or `stop` said so; `rounds` counts the step rounds.
  bool Run(const Deadline& deadline, const std::function<bool()>& stop,
           const OnCounterexample& on_counterexample, int* rounds);

 private:
  z3::expr Define(IncrementalSolver& solver, const Candidate& c, const SymState& s,
                  const std::string& tag);
  z3::expr SomeFalse(const std::vector<z3::expr>& terms) const;

  StepEncoder& enc_;
  z3::context& ctx_;
  const std::vector<StateField>& fields_;
  IncrementalSolver& init_;
  const SymState& initial_;
  IncrementalSolver& step_;
  const SymState& s0_;
  const SymState& s1_;
  model::SuccessorGenerator gen_;
  std::vector<Candidate> clauses_;
  std::vector<bool> alive_;
  std::vector<z3::expr> on_init_, on_s0_, on_s1_;
};

// The clause as a term over `s`.
z3::expr ClauseTerm(z3::context& ctx, const Candidate& c, const std::vector<StateField>& fields,
                    const SymState& s);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_HOUDINI_H_
