// k-induction (see solver.h), after the listing of every reachable state where the fixed-bit
// pass made one (listed_invariants.h). For k = 1, 2, ...: the base case asks whether the invariant
// fails in some state reachable in k - 1 moves (an ordinary BMC question); the step case asks
// whether k consecutive real moves from an arbitrary well-formed state, through states that all
// satisfy the invariant and are pairwise distinct, can reach a state that violates it (its
// unrolling is kept across k; incremental_solver.h). If the step case is unsat, the invariant
// holds at every depth. If it stays sat up to max_k, the last induction counterexample is
// returned: its states need not be reachable, so the invariant may still hold and need
// strengthening with a stronger invariant.
#include "solver/induction.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "ir/bits.h"
#include "model/successors.h"
#include "results/verdict_text.h"
#include "results/violations.h"
#include "solver/deadline.h"
#include "solver/fixed_bits.h"
#include "solver/incremental_solver.h"
#include "solver/replay.h"
#include "solver/successor_collector.h"
#include "solver/unrolling.h"
#include "solver/watchdog.h"
#include "solver/z3_context.h"

namespace rulecheck::solver::internal {
namespace {

// Whether each step of `states` (an induction counterexample) that the explicit engine does not
// take is one the step relation admits only outside the reachable states, by design: a
// successor that differs from the next state only in bits fixed in every reachable state
// (the encoder compares states on their free bits, z3_step.h), or, where the rules were
// translated without their failures, a state where some move fails. Anything else is a
// mistranslation, which the caller reports.
bool OnlyOverApproximated(const model::Model& model, const FixedBits& fixed, bool no_failing_move,
                          const std::vector<std::vector<uint32_t>>& states) {
  const std::vector<uint64_t> offsets = RootOffsets(model);
  auto same_free_bits = [&](const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    for (size_t r = 0; r < fixed.roots.size(); ++r) {
      for (size_t i = 0; i < fixed.roots[r].size(); ++i) {
        if (fixed.roots[r][i] >= 0) continue;
        if (ir::bits::Read(a.data(), offsets[r] + i, 1) !=
            ir::bits::Read(b.data(), offsets[r] + i, 1)) {
          return false;
        }
      }
    }
    return true;
  };
  model::SuccessorGenerator gen(model);
  for (size_t i = 0; i + 1 < states.size(); ++i) {
    SuccessorCollector next(model.layout.words());
    gen.Successors(states[i].data(), next);
    if (std::find(next.states.begin(), next.states.end(), states[i + 1]) != next.states.end()) {
      continue;
    }
    const bool outside_fixed_bits = std::any_of(
        next.states.begin(), next.states.end(),
        [&](const std::vector<uint32_t>& t) { return same_free_bits(t, states[i + 1]); });
    if (!outside_fixed_bits && !(no_failing_move && !next.failures.empty())) return false;
  }
  return true;
}

// With every reachable state listed (`facts`): whether `invariant` holds in all of them
// (nullopt inside) or the fewest moves to one where it is false; nullopt where the listing
// does not decide it.
std::optional<std::optional<int>> ListedVerdict(const ir::Program& program, const StateFacts& facts,
                                                const ir::Property& invariant) {
  if (!facts.every_state_seen) return std::nullopt;
  for (size_t i = 0; i < program.invariants.size() && i < facts.invariants.size(); ++i) {
    if (program.invariants[i].name != invariant.name) continue;
    if (facts.invariants[i].undecided) return std::nullopt;
    return facts.invariants[i].fails_at;
  }
  return std::nullopt;
}

InductionResult NotInductive(results::Answer answer) { return {std::move(answer), true}; }

}  // namespace

absl::StatusOr<InductionResult> Induction(const model::Model& model, const BmcContext& bc,
                                          const ir::Property& invariant, int max_k,
                                          const std::vector<const ir::Property*>& lemmas) {
  results::Answer result;
  result.name = invariant.name;
  result.kind = results::AnswerKind::kProof;
  Deadline deadline(bc.timeout_seconds);
  auto done = [&](results::Verdict verdict, int k, std::string message) {
    result.verdict = verdict;
    result.depth = k;
    result.seconds = deadline.Elapsed();
    result.message = std::move(message);
    return result;
  };
  ContextHolder holder;
  if (!holder.ok()) {
    result.depth = -1;  // not even depth 0 was asked
    return OutOfMemoryAnswer(deadline, std::move(result));
  }
  z3::context& ctx = holder.get();
  Watchdog watchdog(holder, deadline, bc.cancel);
  try {
    StepEncoder enc(ctx, model);
    // A translation stops with the watchdog too: one rule can take a minute to translate.
    enc.set_stop([&watchdog] { return !watchdog.reason().empty(); });
    ASSIGN_OR_RETURN(StateFacts facts,
                     FixedBitsOnce(enc, deadline, watchdog.fired(), bc.facts, bc.prove_by_listing));
    if (bc.progress) {
      bc.progress(FixedBitsLine(absl::StrCat("prove ", invariant.name), facts, deadline));
    }
    // Every reachable state listed settles it (listed_invariants.h): proved at once, or
    // violated at a known depth, where Z3 then only finds the play (below).
    const std::optional<std::optional<int>> listed =
        bc.prove_by_listing ? ListedVerdict(model.program, facts, invariant) : std::nullopt;
    if (listed && !*listed) {
      return done(results::Verdict::kUnsat, facts.deepest_level,
                  results::ProvedByListingSentence(invariant.name, facts.reachable_states,
                                                   facts.deepest_level));
    }
    IncrementalSolver base(ctx), step(ctx);
    Unrolling base_path(
        enc, [&base](const z3::expr& e) { base.Add(e); }, true);
    Unrolling step_path(
        enc, [&step](const z3::expr& e) { step.Add(e); }, false);
    RETURN_IF_ERROR(base_path.Start());
    RETURN_IF_ERROR(step_path.Start());
    auto holds_at = [&](const ir::Property& p, const SymState& s) {
      ValueTerms v = enc.Value(*p.expr, s);
      return v.ok && v.value.e;
    };
    auto holds = [&](const SymState& s) { return holds_at(invariant, s); };
    // The lemmas hold in the step path's last state.
    auto add_lemmas = [&] {
      for (const ir::Property* lemma : lemmas) step.Add(holds_at(*lemma, step_path.last()));
    };
    add_lemmas();
    // The base path's last state, `depth` moves deep, violates the invariant in base's model.
    auto violation = [&](int depth) -> absl::StatusOr<results::Answer> {
      ASSIGN_OR_RETURN(result.trace,
                       ReplayTrace(model, base_path.Concrete(base.Model(), depth), true, false));
      result.finding =
          ViolationFinding(model, results::InvariantViolation(invariant), result.trace);
      return done(results::Verdict::kSat, depth,
                  InvariantViolationSentence(model, invariant, result.trace, depth));
    };
    // Violated where the listing says: Z3 finds the play to the shortest violation.
    if (listed) {
      const int depth = **listed;
      for (int d = 0; d < depth; ++d) RETURN_IF_ERROR(base_path.Extend());
      z3::expr violated = !holds(base_path.last());
      RETURN_IF_ERROR(enc.status());
      const z3::check_result r = base.Check({violated}, deadline.CheckMillis());
      if (r == z3::sat) return violation(depth);
      if (r == z3::unknown) {
        return done(
            results::Verdict::kUnknown, 0,
            StopMessage(watchdog, 0, deadline,
                        absl::StrCat("the play to its violation at depth ", depth,
                                     " was not found: Z3 gave up: ", base.ReasonUnknown())));
      }
      return absl::InternalError(
          absl::StrCat("the explicit engine finds invariant ", invariant.name, " violated ", depth,
                       " moves deep and Z3 finds no such play (a bug in the Z3 translation)"));
    }
    std::vector<std::vector<uint32_t>> counterexample;
    for (int k = 1; k <= max_k; ++k) {
      if (deadline.expired() || !watchdog.reason().empty()) {
        return done(results::Verdict::kUnknown, k - 1,
                    StopMessage(watchdog, k - 1, deadline, absl::StrCat("timed out at k = ", k)));
      }
      const unsigned ms = deadline.CheckMillis();
      // Base case: a violation at depth k - 1.
      if (k > 1) RETURN_IF_ERROR(base_path.Extend());
      z3::expr violated = !holds(base_path.last());
      RETURN_IF_ERROR(enc.status());
      z3::check_result r = base.Check({violated}, ms);
      if (r == z3::sat) return violation(k - 1);
      if (r == z3::unknown) {
        return done(
            results::Verdict::kUnknown, k,
            StopMessage(watchdog, k, deadline, absl::StrCat("Z3 gave up: ", base.ReasonUnknown())));
      }
      // Step case: invariant on S_0..S_{k-1}, k moves, violated in S_k.
      step.Add(holds(step_path.last()));
      RETURN_IF_ERROR(step_path.Extend());
      add_lemmas();
      for (int i = 0; i < step_path.depth(); ++i) {
        step.Add(!enc.Equal(step_path.state(i), step_path.last()));
      }
      r = step.Check({!holds(step_path.last())}, deadline.CheckMillis());
      if (r == z3::unsat) {
        std::vector<std::string> names;
        for (const ir::Property* lemma : lemmas) names.push_back(lemma->name);
        return done(results::Verdict::kUnsat, k, results::ProvedSentence(invariant.name, k, names));
      }
      if (r == z3::unknown) {
        return done(
            results::Verdict::kUnknown, k,
            StopMessage(watchdog, k, deadline, absl::StrCat("Z3 gave up: ", step.ReasonUnknown())));
      }
      counterexample = step_path.Concrete(step.Model(), k);
      if (bc.progress) {
        bc.progress(absl::StrCat("prove ", invariant.name, ": k = ", k, " not inductive, ",
                                 deadline.Elapsed(), " s"));
      }
    }
    absl::StatusOr<results::Trace> trace = ReplayTrace(model, counterexample, false, false);
    if (!trace.ok() &&
        OnlyOverApproximated(model, enc.fixed(), facts.no_failing_move, counterexample)) {
      return NotInductive(done(results::Verdict::kUnknown, max_k,
                               results::NotInductiveUnshownSentence(invariant.name, max_k)));
    }
    if (!trace.ok()) return trace.status();
    result.trace = *std::move(trace);
    result.trace_from_any_state = true;
    return NotInductive(done(results::Verdict::kUnknown, max_k,
                             results::NotInductiveSentence(invariant.name, max_k)));
  } catch (const z3::exception& e) {
    return Z3Failure(e, watchdog, deadline, std::move(result));
  }
}

}  // namespace rulecheck::solver::internal
