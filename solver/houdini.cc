// Houdini (see houdini.h).
#include "solver/houdini.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {
namespace {

z3::expr LiteralTerm(const FieldLiteral& lit, const StateField& f, const SymState& s) {
  const Bits& root = f.var == kPendingArea ? s.pending : s.vars[f.var];
  z3::expr x = *ExtractBits(root, f.offset, f.width).e;
  z3::expr c = x.ctx().bv_val(static_cast<uint64_t>(lit.value), f.width);
  switch (lit.op) {
    case FieldLiteral::Op::kEq:
      return x == c;
    case FieldLiteral::Op::kNe:
      return x != c;
    case FieldLiteral::Op::kLe:
      return z3::ule(x, c);
    case FieldLiteral::Op::kGe:
      return z3::uge(x, c);
  }
  return x.ctx().bool_val(false);
}

}  // namespace

z3::expr ClauseTerm(z3::context& ctx, const Candidate& c, const std::vector<StateField>& fields,
                    const SymState& s) {
  z3::expr_vector lits(ctx);
  for (const FieldLiteral& lit : c.literals) lits.push_back(LiteralTerm(lit, fields[lit.field], s));
  return z3::mk_or(lits);
}

Houdini::Houdini(StepEncoder& enc, const std::vector<StateField>& fields, IncrementalSolver& init,
                 const SymState& initial, IncrementalSolver& step, const SymState& s0,
                 const SymState& s1, const std::atomic<bool>* cancel)
    : enc_(enc),
      ctx_(enc.ctx()),
      fields_(fields),
      init_(init),
      initial_(initial),
      step_(step),
      s0_(s0),
      s1_(s1),
      gen_(enc.model()) {
  gen_.set_cancel(cancel);
}

z3::expr Houdini::Define(IncrementalSolver& solver, const Candidate& c, const SymState& s,
                         const std::string& tag) {
  z3::expr b = ctx_.bool_const(absl::StrCat("cand!", tag, "!", clauses_.size()).c_str());
  solver.Add(b == ClauseTerm(ctx_, c, fields_, s));
  return b;
}

void Houdini::Add(Candidate c) {
  on_init_.push_back(Define(init_, c, initial_, "init"));
  on_s0_.push_back(Define(step_, c, s0_, "0"));
  on_s1_.push_back(Define(step_, c, s1_, "1"));
  clauses_.push_back(std::move(c));
  alive_.push_back(true);
}

size_t Houdini::alive_count() const {
  size_t n = 0;
  for (bool a : alive_) n += a;
  return n;
}

z3::expr Houdini::AliveOnS0() const {
  z3::expr_vector out(ctx_);
  for (size_t i = 0; i < alive_.size(); ++i) {
    if (alive_[i]) out.push_back(on_s0_[i]);
  }
  return out.empty() ? ctx_.bool_val(true) : z3::mk_and(out);
}

z3::expr Houdini::AliveOn(const SymState& s) const {
  z3::expr_vector out(ctx_);
  for (size_t i = 0; i < alive_.size(); ++i) {
    if (alive_[i]) out.push_back(ClauseTerm(ctx_, clauses_[i], fields_, s));
  }
  return out.empty() ? ctx_.bool_val(true) : z3::mk_and(out);
}

z3::expr Houdini::SomeFalse(const std::vector<z3::expr>& terms) const {
  z3::expr_vector out(ctx_);
  for (size_t i = 0; i < alive_.size(); ++i) {
    if (alive_[i]) out.push_back(!terms[i]);
  }
  return out.empty() ? ctx_.bool_val(false) : z3::mk_or(out);
}

bool Houdini::Run(const Deadline& deadline, const std::function<bool()>& stop,
                  const OnCounterexample& on_counterexample, int* rounds) {
  const model::Model& model = enc_.model();
  for (;;) {
    // The initial states first: a candidate they break is no invariant at all.
    for (;;) {
      if (stop()) return false;
      z3::check_result r = init_.Check({SomeFalse(on_init_)}, deadline.CheckMillis());
      if (r == z3::unknown) return false;
      if (r == z3::unsat) break;
      z3::model m = init_.Model();
      for (size_t i = 0; i < alive_.size(); ++i) {
        if (alive_[i] && !m.eval(on_init_[i], true).is_true()) alive_[i] = false;
      }
    }
    if (stop()) return false;
    z3::check_result r = step_.Check({AliveOnS0(), SomeFalse(on_s1_)}, deadline.CheckMillis());
    if (r == z3::unknown) return false;
    if (r == z3::unsat) return true;
    ++*rounds;
    z3::model m = step_.Model();
    const std::vector<uint32_t> from = enc_.Concrete(m, s0_);
    const size_t before = clauses_.size();
    if (on_counterexample && on_counterexample(from)) continue;
    for (size_t i = 0; i < before; ++i) {
      if (alive_[i] && !m.eval(on_s1_[i], true).is_true()) alive_[i] = false;
    }
    SuccessorCollector succ(model.layout.words());
    // (Stopped part-way, the successors listed are real: dropping what they break is sound.)
    const bool whole = gen_.Successors(from.data(), succ);
    for (const std::vector<uint32_t>& t : succ.states) {
      for (size_t i = 0; i < before; ++i) {
        if (alive_[i] && !CandidateHolds(model, clauses_[i], fields_, t.data())) {
          alive_[i] = false;
        }
      }
    }
    if (!whole) return false;
  }
}

}  // namespace rulecheck::solver::internal
