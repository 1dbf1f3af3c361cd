// `maximize|minimize EXPR within N` (see solver.h). Every state within N moves is the last
// state of some unrolling of depth k <= N, so the best value is the best over k of the best
// value at depth exactly k. The unrolling grows one move at a time; at each depth only values
// strictly better than the best so far are asked for, so a depth that cannot improve costs one
// unsat check. Two ways to find the best value at a depth:
// - binary search: after a first model, ask for a value at least halfway between it and the
//   expression's static bound, each probe a check of the one incremental solver
//   (incremental_solver.h), starting from the best value the explicit engine finds near the
//   plays Z3 returns (nearby_values.h);
// - Z3's optimiser (z3::optimize with push/pop), maximising the value's offset from its static
//   lower bound as an unsigned bit-vector (Z3 orders bit-vector objectives as unsigned).
#include "solver/optimize.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "base/status_macros.h"
#include "results/verdict_text.h"
#include "solver/deadline.h"
#include "solver/fixed_bits.h"
#include "solver/incremental_solver.h"
#include "solver/nearby_values.h"
#include "solver/objective.h"
#include "solver/reachable_best.h"
#include "solver/replay.h"
#include "solver/step_stats.h"
#include "solver/unrolling.h"
#include "solver/watchdog.h"
#include "solver/z3_context.h"

namespace rulecheck::solver::internal {
namespace {

// The most states each search near a play Z3 found lists (nearby_values.h), and all of a
// query's searches together (a query whose probes find many plays of different deals would
// otherwise list 100,000 states for each).
constexpr size_t kNearbyStates = 100000, kNearbyStatesInAll = 400000;

// The objective as a "bigger is better" scalar (objective.h): -1 - v for minimize, which
// cannot overflow.
Scalar Objective(const Scalar& v, bool maximize) {
  Scalar s = v;
  if (s.is_bool()) s = IteScalar(s.e, IntConst(s.e.ctx(), 1), IntConst(s.e.ctx(), 0));
  s.present.reset();
  if (maximize) return s;
  return Sub(IntConst(s.e.ctx(), -1), s, [](const z3::expr&) {});
}

// The objective's static upper bound in a state reached at any depth.
int64_t AnyDepthBound(StepEncoder& enc, const ir::Query& query, bool maximize) {
  ValueTerms v = enc.Value(*query.expr, enc.FreshState("bound"));
  return Objective(v.value, maximize).hi;
}

// The integer value of `s` in `m` (a bool as 0/1).
int64_t ValueIn(const z3::model& m, const Scalar& s) {
  if (s.is_bool()) return m.eval(s.e, true).is_true() ? 1 : 0;
  z3::expr v = m.eval(Widen(s, 64), true);
  return static_cast<int64_t>(v.get_numeral_uint64());
}

}  // namespace

absl::StatusOr<results::Answer> Optimize(const model::Model& model, const BmcContext& bc,
                                         const ir::Query& query, int within,
                                         OptimizeMethod method) {
  const bool maximize = query.kind == ir::QueryKind::kMaximize;
  results::Answer result;
  result.name = query.name;
  result.kind = maximize ? results::AnswerKind::kMaximize : results::AnswerKind::kMinimize;
  Deadline deadline(bc.timeout_seconds);
  std::vector<std::vector<uint32_t>> best_states;
  std::optional<int64_t> best;  // in objective terms (objective.h)
  int best_depth = 0;
  // The deepest depth answered in full, and the best value within it then: a query stopped in
  // the depth after it reports that depth, as the explicit engine reports its last level
  // visited in full, and not the depth of a better value found in the depth it did not finish.
  int finished = -1;
  std::optional<int64_t> best_when_finished;
  // Where every state was seen: the fewest moves to the best value within `within`.
  std::optional<int> listed_depth;
  auto finish = [&](results::Verdict verdict, int depth) -> absl::StatusOr<results::Answer> {
    result.verdict = verdict;
    result.seconds = deadline.Elapsed();
    if (best) {
      result.value = ObjectiveOf(*best, maximize);
      ASSIGN_OR_RETURN(result.trace, ReplayTrace(model, best_states, true, false));
    }
    if (verdict == results::Verdict::kOptimal) {
      result.depth = best ? best_depth : depth;
      result.message = best ? results::OptimumSentence(result.kind, query.name, within,
                                                       *result.value, best_depth)
                            : results::NoValueSentence(query.name, within);
      if (!best) {
        result.verdict = results::Verdict::kUnsat;
        // A query's expression is evaluated in every state, and there is at least the initial
        // one: no value means a model error in each (the explicit engine names the first).
        absl::StrAppend(&result.message,
                        "; its expression hits a model error in every reachable state within ",
                        within, within == 1 ? " move" : " moves");
      }
    } else {
      result.depth = finished;
      if (best) {
        absl::StrAppend(&result.message, "; best found: ", *result.value, " (in ", best_depth,
                        best_depth == 1 ? " move)" : " moves)");
      }
      if (best_when_finished) {
        absl::StrAppend(&result.message, "; the best within ", finished,
                        finished == 1 ? " move is " : " moves is ",
                        ObjectiveOf(*best_when_finished, maximize));
      }
    }
    return result;
  };
  ContextHolder holder;
  if (!holder.ok()) {
    result.depth = -1;  // not even depth 0 was asked
    return OutOfMemoryAnswer(deadline, std::move(result));
  }
  z3::context& ctx = holder.get();
  Watchdog watchdog(holder, deadline, bc.cancel);
  int depth = 0;
  try {
    StepEncoder enc(ctx, model);
    enc.set_stop([&watchdog] { return !watchdog.reason().empty(); });
    // Found after depth 0, which needs no step (fixed_bits.h).
    StateFacts facts;
    facts.longest_play = -1;
    const bool use_opt = method == OptimizeMethod::kOptimizer;
    std::unique_ptr<IncrementalSolver> checker;
    std::unique_ptr<z3::optimize> opt;
    std::unique_ptr<Unrolling> unrolling;
    // A new unrolling from S_0 (again once the fixed bits are known, so that every state of
    // the path has them as constants).
    auto start = [&]() {
      checker = std::make_unique<IncrementalSolver>(ctx, IncrementalSolver::Tuning::kProveBound);
      opt = std::make_unique<z3::optimize>(ctx);
      unrolling = std::make_unique<Unrolling>(
          enc,
          [&](const z3::expr& e) {
            if (use_opt) {
              opt->add(e);
            } else {
              checker->Add(e);
            }
          },
          true);
      return unrolling->Start();
    };
    RETURN_IF_ERROR(start());
    int64_t any_depth_hi = AnyDepthBound(enc, query, maximize);
    // Binary search only: the explicit engine's search near each play Z3 finds
    // (nearby_values.h). A better value it finds at depth k becomes the best of depth k before
    // Z3 is asked for more, once Z3 agrees that the unrolling admits its play (an unrolling that
    // did not would be a mistranslation, which this keeps from passing unseen).
    NearbyValues nearby(model, query, maximize, within, watchdog.fired());
    auto search_near = [&](const std::vector<std::vector<uint32_t>>& play) {
      const double t0 = StatsEnabled() ? CpuSeconds() : 0;
      nearby.SearchFrom(play, kNearbyStates, [&] {
        return nearby.listed() >= kNearbyStatesInAll || deadline.expired() ||
               !watchdog.reason().empty() ||
               (bc.cancel != nullptr && bc.cancel->load(std::memory_order_relaxed));
      });
      if (StatsEnabled()) {
        std::string line = absl::StrCat("nearby search from depth ", play.size() - 1, ", ",
                                        CpuSeconds() - t0, " cpu s; best by depth:");
        for (int d = 0; d <= within; ++d) {
          if (const NearbyValues::Found* f = nearby.At(d)) {
            absl::StrAppend(&line, " ", d, ":", ObjectiveOf(f->objective, maximize));
          }
        }
        StatsLine(line);
      }
    };
    auto adopt_nearby = [&](int k) -> absl::Status {
      const NearbyValues::Found* found = nearby.At(k);
      if (use_opt || found == nullptr || (best && found->objective <= *best)) {
        return absl::OkStatus();
      }
      std::vector<std::vector<uint32_t>> play = found->play();
      const z3::check_result r = checker->Check({unrolling->Is(play)}, deadline.CheckMillis());
      if (r == z3::unsat) {
        return absl::InternalError(absl::StrCat(
            "the symbolic engine's unrolling does not admit a play of the explicit engine ", k,
            " moves long (a bug in the Z3 translation; please report it with the rules file)"));
      }
      if (r == z3::sat) {
        best = found->objective;
        best_depth = k;
        best_states = std::move(play);
      }
      if (StatsEnabled()) {
        StatsLine(absl::StrCat("nearby value ", ObjectiveOf(found->objective, maximize),
                               " at depth ", k, r == z3::sat ? "" : ": not admitted in time"));
      }
      // The play taken is a witness too: the states its search path added are searched from
      // (`found` may change under the search, so after the use above).
      if (r == z3::sat) search_near(best_states);
      return absl::OkStatus();
    };
    for (int k = 0; k <= within; ++k) {
      depth = k;
      if (k == 1) {
        ASSIGN_OR_RETURN(facts, FixedBitsOnce(enc, deadline, watchdog.fired(), bc.facts));
        if (bc.progress) {
          bc.progress(
              FixedBitsLine(absl::StrCat(results::AnswerKindName(result.kind), " ", query.name),
                            facts, deadline));
        }
        if (facts.fixed.count() > 0) RETURN_IF_ERROR(start());
        any_depth_hi = AnyDepthBound(enc, query, maximize);  // now with the fixed bits
        // Where the explicit engine saw every reachable state, their best value bounds every
        // depth (reachable_best.h).
        if (std::optional<int64_t> reach = facts.BestOf(model.program, query)) {
          any_depth_hi = std::min(any_depth_hi, ObjectiveOf(*reach, maximize));
          if (bc.progress) {
            bc.progress(absl::StrCat(results::AnswerKindName(result.kind), " ", query.name,
                                     ": no reachable state has a better value than ", *reach,
                                     " (all ", base::GroupThousands(facts.reachable_states),
                                     " reachable states seen), ", deadline.Elapsed(), " s"));
          }
        }
        // The listing also knows the best value within `within` moves and the fewest moves to
        // it: the depths before that need no check, and there Z3 need only find the play.
        if (std::optional<ListedValue> listed = facts.BestWithinOf(model.program, query, within)) {
          listed_depth = listed->depth;
          any_depth_hi = std::min(any_depth_hi, ObjectiveOf(listed->value, maximize));
          if (bc.progress && listed->depth > k) {
            bc.progress(absl::StrCat(results::AnswerKindName(result.kind), " ", query.name,
                                     ": the best value within ", within, " moves is ",
                                     listed->value, ", first at depth ", listed->depth,
                                     "; looking for its play there, ", deadline.Elapsed(), " s"));
          }
        }
      }
      if (k > 0) RETURN_IF_ERROR(unrolling->Extend());
      if (listed_depth && k < *listed_depth) continue;
      ValueTerms v = enc.Value(*query.expr, unrolling->last());
      RETURN_IF_ERROR(enc.status());
      Scalar obj = Objective(v.value, maximize);
      RETURN_IF_ERROR(adopt_nearby(k));
      z3::expr better = v.ok;
      if (best) better = better && Less(IntConst(ctx, *best), obj);
      auto timed_out = [&]() {
        result.message = StopMessage(watchdog, k, deadline, absl::StrCat("timed out at depth ", k));
        return finish(results::Verdict::kUnknown, k);
      };
      if (deadline.expired() || !watchdog.reason().empty()) return timed_out();
      const unsigned ms = deadline.CheckMillis();
      if (use_opt) {
        z3::params p(ctx);
        p.set("ctrl_c", false);  // Ctrl-C is the run's, not Z3's (incremental_solver.cc)
        if (ms > 0) p.set("timeout", ms);
        opt->set(p);
        opt->push();
        opt->add(better);
        // Offset from the static lower bound: non-negative, so unsigned order is numeric.
        Scalar offset = Sub(obj, IntConst(ctx, obj.lo), [](const z3::expr&) {});
        unsigned w = WidthFor(0, offset.hi) + 1;
        opt->maximize(Widen(offset, w));
        z3::check_result r = opt->check();
        if (r == z3::sat) {
          z3::model m = opt->get_model();
          best = ValueIn(m, obj);
          best_depth = k;
          best_states = unrolling->Concrete(m, k);
        }
        opt->pop();
        if (r == z3::unknown) return timed_out();
      } else {
        int64_t hi = std::min(obj.hi, any_depth_hi);  // no value above hi is possible
        // (A play found near an earlier one may already have reached it.) At the listing's
        // depth of the best value, that value is asked for at once.
        const bool listed_here = listed_depth && k == *listed_depth && !(best && *best >= hi);
        z3::check_result r = best && *best >= hi ? z3::unsat
                             : listed_here
                                 ? checker->Check({better, LessEq(IntConst(ctx, hi), obj)}, ms)
                                 : checker->Check({better}, ms);
        if (listed_here && r == z3::unsat) {
          return absl::InternalError(
              absl::StrCat("the symbolic engine's unrolling has no play of ", k,
                           " moves to a value the explicit engine reached in ", k,
                           " (a bug in the Z3 translation; please report it with the rules file)"));
        }
        auto record = [&]() {
          z3::model m = checker->Model();
          best = ValueIn(m, obj);
          best_depth = k;
          best_states = unrolling->Concrete(m, k);
          // A better play of k moves near this one saves the probes up to it.
          search_near(best_states);
          return adopt_nearby(k);
        };
        if (r == z3::sat) RETURN_IF_ERROR(record());
        // The probes gallop up from the value found (best + 1, + 1, + 2, + 4, ...) until one
        // is unsat, then halve what is left. A score is most often at or next to the value Z3's
        // model gives, and its static bound far above it: a probe of the halfway point cost
        // Random Mutations 8 unsat checks a depth where best + 1 settles it in one. The second
        // probe asks for one more again: a depth's best is most often one or two above the
        // first value found, and a probe past it is an unsat check wasted (Monster Mutators'
        // full card pool, 4 to 6 s at depth 6).
        int64_t step = 1;
        int sat_probes = 0;
        bool galloping = true;
        while (r == z3::sat && *best < hi && !deadline.expired()) {
          // In 128 bits: a best near the int64 minimum and a bound near its maximum.
          const int64_t mid =
              static_cast<int64_t>(std::min<__int128>(hi, static_cast<__int128>(*best) + step));
          z3::check_result probe =
              checker->Check({better, LessEq(IntConst(ctx, mid), obj)}, deadline.CheckMillis());
          if (probe == z3::sat) {
            RETURN_IF_ERROR(record());
            ++sat_probes;
          }
          if (probe == z3::unsat) {
            hi = mid - 1;
            galloping = false;
          }
          if (probe == z3::unknown) r = z3::unknown;
          const __int128 left = static_cast<__int128>(hi) - *best + 1;
          const __int128 next = !galloping       ? std::max<__int128>(1, left / 2)
                                : sat_probes < 2 ? 1
                                                 : 2 * __int128{step};
          step = static_cast<int64_t>(std::min<__int128>(next, INT64_MAX));
        }
        if (r == z3::unknown || (r == z3::sat && *best < hi)) return timed_out();
        // No play has k moves: no deeper state exists (not asked where the sample made a
        // longer play, or where the best value's play is k moves long).
        if (r == z3::unsat && k < within && k > facts.longest_play && !(best && best_depth == k) &&
            checker->Check({}, deadline.CheckMillis()) == z3::unsat) {
          break;
        }
      }
      finished = k;
      best_when_finished = best;
      if (bc.progress) {
        bc.progress(absl::StrCat(results::AnswerKindName(result.kind), " ", query.name, ": depth ",
                                 k, ", best ",
                                 best ? absl::StrCat(ObjectiveOf(*best, maximize)) : "none", ", ",
                                 deadline.Elapsed(), " s"));
      }
      // Nothing is better than the expression's static bound, or than the best value of every
      // reachable state where those were all seen: deeper states cannot improve.
      // The bound of a state at no particular depth: a state of the unrolling has the bits
      // fixed at its own depth as constants too (FixedBits::at_depth), and its bound holds at
      // that depth only (Monster Mutators' points are 0 in every state one move deep).
      if (best && *best >= any_depth_hi) break;
    }
    return finish(results::Verdict::kOptimal, within);
  } catch (const z3::exception& e) {
    // Stopped or out of memory: the best value found so far stands, marked unknown.
    if (!watchdog.reason().empty() || IsOutOfMemory(e)) {
      result.message = !watchdog.reason().empty()
                           ? StopMessage(watchdog, depth, deadline, "")
                           : absl::StrCat("Z3 ran out of memory at depth ", depth);
      return finish(results::Verdict::kUnknown, depth);
    }
    return absl::InternalError(absl::StrCat("Z3: ", e.msg()));
  }
}

}  // namespace rulecheck::solver::internal
