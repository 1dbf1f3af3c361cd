// ProveBound (see bound_proof.h).
//
// One incremental solver holds the step from an arbitrary well-formed state S_0 that
// satisfies P to S_1; Houdini (houdini.h) keeps the candidates that hold initially and that
// every such step keeps. Then k-induction, on an unrolling of its own: P and the survivors on
// S_0..S_{k-1}, pairwise distinct, P false on S_k; beyond the bound the base case is checked
// too (no state k - 1 moves deep does better). Only when that fails: the counterexample to
// induction at k = 1 is probably unreachable, and when no sampled state has its values, a few
// of them that no sampled state has together make a new candidate that blocks it
// (invariant_candidates.h, SampleIndex); Houdini runs again, its own counterexamples blocked
// the same way before anything is dropped for them, and then the k-induction. This is IC3's
// blocking of counterexamples to induction, with the sample in place of its generalisation
// by relative induction; the learnt clauses are capped. It comes second because it can be
// slow: on Monster Mutators it took 1,018 Houdini rounds to learn 500 clauses, and was not
// needed.
#include "solver/bound_proof.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/status_macros.h"
#include "solver/deadline.h"
#include "solver/fixed_bits.h"
#include "solver/houdini.h"
#include "solver/incremental_solver.h"
#include "solver/invariant_candidates.h"
#include "solver/unrolling.h"
#include "solver/watchdog.h"
#include "solver/z3_context.h"

namespace rulecheck::solver::internal {
namespace {

// P on `s`: the value is at most (maximize) or at least (minimize) `bound`, or an error.
z3::expr BoundHolds(StepEncoder& enc, const ir::Query& query, int64_t bound, const SymState& s) {
  z3::context& ctx = enc.ctx();
  ValueTerms v = enc.Value(*query.expr, s);
  Scalar value = v.value;
  if (value.is_bool()) value = IteScalar(value.e, IntConst(ctx, 1), IntConst(ctx, 0));
  value.present.reset();
  z3::expr within = query.kind == ir::QueryKind::kMaximize ? LessEq(value, IntConst(ctx, bound))
                                                           : LessEq(IntConst(ctx, bound), value);
  return !v.ok || within;
}

}  // namespace

absl::StatusOr<results::BoundProof> ProveBound(const model::Model& model, const BmcContext& bc,
                                               const ir::Query& query, int64_t bound, int searched,
                                               const BoundProofLimits& limits) {
  results::BoundProof proof;
  Deadline deadline(bc.timeout_seconds);
  auto progress = [&](const std::string& line) {
    if (bc.progress) {
      bc.progress(absl::StrCat("prove ", query.name, ": ", line, ", ", deadline.Elapsed(), " s"));
    }
  };
  std::string capped_note;
  auto only_to_depth = [&](const std::string& why) {
    proof.proved = false;
    proof.seconds = deadline.Elapsed();
    proof.message = absl::StrCat("proved only to depth ", searched, ": ", why, capped_note);
    return proof;
  };
  auto proved = [&](int k) {
    proof.proved = true;
    proof.k = k;
    proof.seconds = deadline.Elapsed();
    proof.message = absl::StrCat("optimal for every depth (k-induction, k=", k, ", ",
                                 proof.invariants, " invariants)");
    return proof;
  };
  ContextHolder holder;
  if (!holder.ok()) return only_to_depth("Z3 ran out of memory (the --memory budget)");
  z3::context& ctx = holder.get();
  Watchdog watchdog(holder, deadline, bc.cancel);
  auto stopped = [&]() {
    return deadline.expired() || !watchdog.reason().empty() ||
           (bc.cancel != nullptr && bc.cancel->load(std::memory_order_relaxed));
  };
  std::string stage = "finding the fixed bits";
  auto stop_reason = [&]() {
    const std::string why = !watchdog.reason().empty() ? watchdog.reason()
                            : deadline.expired()       ? "timed out"
                                                       : "interrupted";
    return absl::StrCat(why, " while ", stage, " after ",
                        absl::StrFormat("%.1f", deadline.Elapsed()), " s");
  };
  try {
    StepEncoder enc(ctx, model);
    // A translation stops with the watchdog too: one rule can take a minute to translate.
    enc.set_stop([&watchdog] { return !watchdog.reason().empty(); });
    ASSIGN_OR_RETURN(StateFacts facts, FixedBitsOnce(enc, deadline, watchdog.fired(), bc.facts));
    (void)facts;
    auto holds = [&](const SymState& s) { return BoundHolds(enc, query, bound, s); };
    IncrementalSolver step(ctx, IncrementalSolver::Tuning::kProveBound);
    Unrolling path(
        enc, [&step](const z3::expr& e) { step.Add(e); }, false);
    RETURN_IF_ERROR(path.Start());
    step.Add(holds(path.state(0)));
    RETURN_IF_ERROR(path.Extend());
    RETURN_IF_ERROR(enc.status());
    stage = "trying induction without invariants";
    z3::check_result r = step.Check({!holds(path.last())}, deadline.CheckMillis());
    RETURN_IF_ERROR(enc.status());
    if (r == z3::unsat) return proved(1);
    if (r == z3::unknown) return only_to_depth(stop_reason());
    progress("not inductive alone");

    stage = "sampling reachable states";
    const std::vector<StateField> fields = StateFields(model);
    const std::vector<std::vector<uint32_t>> sample =
        SampleStates(model, limits.sample, stopped, watchdog.fired());
    if (stopped()) return only_to_depth(stop_reason());
    const CandidateSet cands = ProposeCandidates(model, fields, sample, limits.max_candidates);
    proof.capped = cands.capped();
    if (proof.capped) {
      capped_note = absl::StrCat(" (candidate invariants capped at ", cands.clauses.size(), " of ",
                                 cands.proposed, ")");
    }
    progress(absl::StrCat(sample.size(), " sampled states, ", cands.clauses.size(),
                          " candidate invariants", cands.capped() ? " (capped)" : ""));

    stage = "finding inductive invariants";
    IncrementalSolver init(ctx);
    Unrolling init_path(
        enc, [&init](const z3::expr& e) { init.Add(e); }, true);
    RETURN_IF_ERROR(init_path.Start());
    Houdini houdini(enc, fields, init, init_path.state(0), step, path.state(0), path.state(1),
                    watchdog.fired());
    for (const Candidate& c : cands.clauses) houdini.Add(c);
    const SampleIndex index(model, fields, sample);
    std::set<std::string> learnt;
    // Blocks a counterexample to induction with a new candidate, while the cap allows.
    auto block = [&](const std::vector<uint32_t>& s0) {
      if (sample.empty() || learnt.size() >= limits.max_learnt) return false;
      std::optional<Candidate> c = index.BlockingClause(s0.data());
      if (!c || !learnt.insert(CandidateText(*c, fields)).second) return false;
      houdini.Add(std::move(*c));
      return true;
    };
    int rounds = 0;
    IncrementalSolver base(ctx, IncrementalSolver::Tuning::kProveBound);
    Unrolling base_path(
        enc, [&base](const z3::expr& e) { base.Add(e); }, true);
    RETURN_IF_ERROR(base_path.Start());
    // k-induction of P with the live candidates, on an unrolling of its own (Houdini's stays
    // one move long): unsat proved at `*k`; sat failed at every k, or `*beaten` when the base
    // case beyond the bound found a better state; unknown stopped.
    auto induct = [&](int* k, bool* beaten) -> absl::StatusOr<z3::check_result> {
      IncrementalSolver kind(ctx, IncrementalSolver::Tuning::kProveBound);
      Unrolling kpath(
          enc, [&kind](const z3::expr& e) { kind.Add(e); }, false);
      RETURN_IF_ERROR(kpath.Start());
      for (*k = 1; *k <= limits.max_k; ++*k) {
        stage = absl::StrCat("k-induction at k = ", *k);
        if (stopped()) return z3::unknown;
        if (*k - 1 > searched) {
          while (base_path.depth() < *k - 1) RETURN_IF_ERROR(base_path.Extend());
          z3::check_result b = base.Check({!holds(base_path.last())}, deadline.CheckMillis());
          *beaten = b == z3::sat;
          if (b != z3::unsat) return b;
        }
        kind.Add(holds(kpath.last()));
        kind.Add(houdini.AliveOn(kpath.last()));
        RETURN_IF_ERROR(kpath.Extend());
        for (int i = 0; i < kpath.depth(); ++i) kind.Add(!enc.Equal(kpath.state(i), kpath.last()));
        z3::check_result r = kind.Check({!holds(kpath.last())}, deadline.CheckMillis());
        RETURN_IF_ERROR(enc.status());
        if (r != z3::sat) return r;
        progress(
            absl::StrCat("k = ", *k, " not inductive with ", houdini.alive_count(), " invariants"));
      }
      *k = limits.max_k;
      return z3::sat;
    };
    // What an induction's outcome makes of the proof, or nullopt to go on.
    auto outcome = [&](z3::check_result r, int k,
                       bool beaten) -> std::optional<results::BoundProof> {
      proof.k = k;
      proof.invariants = static_cast<int>(houdini.alive_count());
      if (r == z3::unsat) return proved(k);
      if (r == z3::unknown) return only_to_depth(stop_reason());
      if (beaten) return only_to_depth(absl::StrCat("a state ", k - 1, " moves deep does better"));
      return std::nullopt;
    };
    if (!houdini.Run(deadline, stopped, nullptr, &rounds)) return only_to_depth(stop_reason());
    progress(absl::StrCat(houdini.alive_count(), " inductive invariants after ", rounds,
                          " Houdini rounds"));
    int k = 0;
    bool beaten = false;
    ASSIGN_OR_RETURN(r, induct(&k, &beaten));
    if (std::optional<results::BoundProof> done = outcome(r, k, beaten)) return *done;

    // Block the counterexamples to induction at k = 1 (and Houdini's) with learnt clauses.
    if (limits.max_learnt > 0 && !sample.empty()) {
      stage = "blocking counterexamples to induction";
      for (;;) {
        if (stopped()) return only_to_depth(stop_reason());
        r = step.Check({houdini.AliveOnS0(), !holds(path.last())}, deadline.CheckMillis());
        if (r == z3::unknown) return only_to_depth(stop_reason());
        if (r == z3::unsat || !block(enc.Concrete(step.Model(), path.state(0)))) break;
        if (!houdini.Run(deadline, stopped, block, &rounds)) return only_to_depth(stop_reason());
      }
      progress(absl::StrCat(houdini.alive_count(), " inductive invariants with ", learnt.size(),
                            " clauses learnt, after ", rounds, " Houdini rounds"));
      if (learnt.size() >= limits.max_learnt) {
        capped_note += absl::StrCat(" (learnt clauses capped at ", limits.max_learnt, ")");
      }
      ASSIGN_OR_RETURN(r, induct(&k, &beaten));
      if (std::optional<results::BoundProof> done = outcome(r, k, beaten)) return *done;
    } else if (limits.max_learnt == 0) {
      capped_note += " (learnt clauses capped at 0)";
    }
    return only_to_depth(absl::StrCat("induction failed at k up to ", proof.k, " with ",
                                      proof.invariants, " invariants"));
  } catch (const z3::exception& e) {
    if (!watchdog.reason().empty()) return only_to_depth(stop_reason());
    if (IsOutOfMemory(e)) return only_to_depth(absl::StrCat("Z3 ran out of memory while ", stage));
    return absl::InternalError(absl::StrCat("Z3: ", e.msg()));
  }
}

}  // namespace rulecheck::solver::internal
