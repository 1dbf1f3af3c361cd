// Bounded model checking (see solver.h): `reachable` queries, and invariants, failing moves and
// deadlocks up to a depth. One IncrementalSolver per question (incremental_solver.h): at each
// depth the question about the last state of the unrolling is checked together with the
// unrolling, then the unrolling grows by one move; when not even the unrolling is satisfiable
// (no play is that long), deeper depths cannot answer either and the search stops. The first
// depth that answers sat gives a shortest witness, replayed before it is returned. A deadlock
// is a non-terminal state in which, for every choice of action, parameter and choose/roll/may
// values, the step neither completes nor fails: a universally quantified formula over the
// step's fresh variables.
#include "solver/bmc.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "base/status_macros.h"
#include "model/successors.h"
#include "results/verdict_text.h"
#include "results/violations.h"
#include "solver/deadline.h"
#include "solver/fixed_bits.h"
#include "solver/incremental_solver.h"
#include "solver/nearby_values.h"
#include "solver/replay.h"
#include "solver/successor_collector.h"
#include "solver/unrolling.h"
#include "solver/watchdog.h"
#include "solver/z3_context.h"

namespace rulecheck::solver::internal {
namespace {

void Progress(const BmcContext& bc, const std::string& line) {
  if (bc.progress) bc.progress(line);
}

// The most states the search for a reachable query's play lists (nearby_values.h).
constexpr size_t kHintStates = 100000;

// The question asked at each depth: a condition on the unrolling's last state (and step).
using Question = std::function<z3::expr(StepEncoder&, Unrolling&)>;
// A play of exactly k moves (S_0 first) that should answer the question at depth k, or null;
// any work it does stops at `deadline`, and the explicit engine's expansions once `stopped` is
// set (the watchdog's flag).
using Hint = std::function<const std::vector<std::vector<uint32_t>>*(
    int k, const Deadline& deadline, const std::atomic<bool>* stopped)>;
// What the fixed-bit pass's listing of every reachable state says of the question: the fewest
// moves to a state that answers it, StateFacts::kNeverReached for none, nullopt when the listing
// is not complete (or does not know).
using Listed = std::function<std::optional<int>(const StateFacts& facts)>;

// Whether a witness ends with a failing move (replayed into `failure`), read off Z3's model of
// the unrolling and the witness's states: a question may be a disjunction answered either way.
// Null: never.
using FailsAtEnd = std::function<bool(StepEncoder&, Unrolling&, const z3::model& m,
                                      const std::vector<std::vector<uint32_t>>& states)>;

// Asks `question` at depths 0..max_depth. `fail_at_end`: whether the witness ends with a
// failing move (set in `failure` when not null).
absl::StatusOr<results::Answer> Search(const model::Model& model, const BmcContext& bc,
                                       results::Answer result, int max_depth,
                                       const Question& question, const FailsAtEnd& fail_at_end,
                                       bool quantified = false, ir::StepFailure* failure = nullptr,
                                       const Hint& hint = nullptr, const Listed& listed = nullptr) {
  Deadline deadline(bc.timeout_seconds);
  ContextHolder holder;
  if (!holder.ok()) {
    result.depth = -1;  // not even depth 0 was asked
    return OutOfMemoryAnswer(deadline, std::move(result));
  }
  z3::context& ctx = holder.get();
  Watchdog watchdog(holder, deadline, bc.cancel);
  int in_progress = 0;  // the depth being asked about
  try {
    StepEncoder enc(ctx, model);
    enc.set_stop([&watchdog] { return !watchdog.reason().empty(); });
    // Found after depth 0, which needs no step (fixed_bits.h).
    StateFacts facts;
    facts.longest_play = -1;
    std::unique_ptr<IncrementalSolver> checker;
    std::unique_ptr<Unrolling> unrolling;
    // A new unrolling from S_0 (again once the fixed bits are known, so that every state of
    // the path has them as constants).
    auto start = [&]() {
      checker = std::make_unique<IncrementalSolver>(ctx);
      unrolling = std::make_unique<Unrolling>(
          enc, [&checker](const z3::expr& e) { checker->Add(e); }, true);
      return unrolling->Start();
    };
    RETURN_IF_ERROR(start());
    result.depth = -1;  // the deepest depth answered in full, what a stop reports
    // Stopped during depth k: the message names k (`otherwise` when the watchdog did not fire).
    auto stopped_at = [&](int k, const std::string& otherwise) {
      result.verdict = results::Verdict::kUnknown;
      result.message = StopMessage(watchdog, k, deadline, otherwise);
      result.seconds = deadline.Elapsed();
      return result;
    };
    // From the listing: no depth before this one can answer (so none is checked).
    std::optional<int> first_answer;
    for (int k = 0; k <= max_depth; ++k) {
      in_progress = k;
      if (k == 1) {
        ASSIGN_OR_RETURN(facts, FixedBitsOnce(enc, deadline, watchdog.fired(), bc.facts));
        Progress(bc,
                 FixedBitsLine(absl::StrCat(results::AnswerKindName(result.kind), " ", result.name),
                               facts, deadline));
        if (facts.fixed.count() > 0) RETURN_IF_ERROR(start());
        if (listed) first_answer = listed(facts);
        if (first_answer) {
          const std::string seen =
              absl::StrCat("(all ", base::GroupThousands(facts.reachable_states),
                           " reachable states seen), ", deadline.Elapsed(), " s");
          Progress(bc, absl::StrCat(results::AnswerKindName(result.kind), " ", result.name, ": ",
                                    *first_answer == StateFacts::kNeverReached
                                        ? "no reachable state answers it "
                                        : absl::StrCat("no state fewer than ", *first_answer,
                                                       " moves deep answers it "),
                                    seen));
        }
        if (first_answer &&
            (*first_answer == StateFacts::kNeverReached || *first_answer > max_depth)) {
          break;  // no reachable state answers it: unsat at every depth
        }
      }
      if (k > 0) RETURN_IF_ERROR(unrolling->Extend());
      if (first_answer && k < *first_answer) {
        // Only the unrolling grows here; a time-out or Ctrl-C still stops it.
        if (deadline.expired() || !watchdog.reason().empty()) {
          return stopped_at(k, absl::StrCat("timed out at depth ", k));
        }
        result.depth = k;
        continue;
      }
      z3::expr q = question(enc, *unrolling);
      RETURN_IF_ERROR(enc.status());
      if (deadline.expired() || !watchdog.reason().empty()) {
        return stopped_at(k, absl::StrCat("timed out at depth ", k));
      }
      // A hinted play is tried first, with every state fixed: cheap where Z3's own search
      // for the play is not (hanoi's 255 moves). Z3 must agree that it answers the question,
      // or the translation is wrong.
      z3::check_result r = z3::unknown;
      if (const std::vector<std::vector<uint32_t>>* play =
              hint ? hint(k, deadline, watchdog.fired()) : nullptr) {
        r = checker->Check({q, unrolling->Is(*play)}, deadline.CheckMillis(), quantified);
        if (r == z3::unsat) {
          return absl::InternalError(absl::StrCat(
              "the symbolic engine's unrolling does not admit a play of the explicit engine ", k,
              " moves long that answers ", result.name,
              " (a bug in the Z3 translation; please report it with the rules file)"));
        }
      }
      if (r != z3::sat) r = checker->Check({q}, deadline.CheckMillis(), quantified);
      if (r == z3::sat) {
        const z3::model m = checker->Model();
        std::vector<std::vector<uint32_t>> states = unrolling->Concrete(m, k);
        const bool fails = fail_at_end && fail_at_end(enc, *unrolling, m, states);
        ASSIGN_OR_RETURN(result.trace, ReplayTrace(model, states, true, fails, failure));
        result.verdict = results::Verdict::kSat;
        result.depth = k;
        result.seconds = deadline.Elapsed();
        return result;
      }
      if (r == z3::unknown) {
        // Z3's own time limit (the query's time left) may fire before the watchdog's tick.
        const std::string why = checker->ReasonUnknown();
        return stopped_at(k, why == "timeout" || deadline.expired()
                                 ? absl::StrCat("timed out at depth ", k)
                                 : absl::StrCat("Z3 gave up at depth ", k, ": ", why));
      }
      // No play is longer than k - 1 moves: no deeper state exists (not asked where the sample
      // made a longer play).
      if (k < max_depth && k > facts.longest_play &&
          checker->Check({}, deadline.CheckMillis()) == z3::unsat) {
        Progress(bc, absl::StrCat(results::AnswerKindName(result.kind), " ", result.name,
                                  ": no play has ", k, " moves; stopping"));
        break;
      }
      result.depth = k;
      Progress(bc, absl::StrCat(results::AnswerKindName(result.kind), " ", result.name, ": depth ",
                                k, " unsat, ", deadline.Elapsed(), " s"));
    }
    result.verdict = results::Verdict::kUnsat;
    result.depth = max_depth;
    result.seconds = deadline.Elapsed();
    return result;
  } catch (const z3::exception& e) {
    // `depth` stays the deepest depth answered in full; the message names the one in progress.
    absl::StatusOr<results::Answer> stopped = Z3Failure(e, watchdog, deadline, std::move(result));
    if (stopped.ok() && !watchdog.reason().empty()) {
      stopped->message = StopMessage(watchdog, in_progress, deadline, "");
    }
    return stopped;
  }
}

// Whether some run of `init` fails (then no state is reached at all); nothing when Z3 ran out
// of memory (the --memory budget) before it could tell.
absl::StatusOr<std::optional<bool>> InitFails(const model::Model& model) {
  try {
    ContextHolder holder;
    if (!holder.ok()) return std::nullopt;
    z3::context& ctx = holder.get();
    StepEncoder enc(ctx, model);
    InitTerms init = enc.Init();
    RETURN_IF_ERROR(enc.status());
    z3::solver solver(ctx);
    solver.set("ctrl_c", false);  // Ctrl-C is the run's, not Z3's (incremental_solver.cc)
    solver.add(init.fail);
    return solver.check() == z3::sat;
  } catch (const z3::exception& e) {
    if (IsOutOfMemory(e)) return std::nullopt;
    return absl::InternalError(absl::StrCat("Z3: ", e.msg()));
  }
}

}  // namespace

absl::StatusOr<results::Answer> Reachable(const model::Model& model, const BmcContext& bc,
                                          const ir::Query& query, int within) {
  results::Answer result;
  result.name = query.name;
  result.kind = results::AnswerKind::kReachable;
  // The explicit engine's search from the first initial state (nearby_values.h, the
  // condition as a 0/1 value): the first depth it meets the condition at gets that play as
  // the hint. Searched on the first call, stopped by that Search's watchdog (the hint serves
  // one Search).
  std::optional<NearbyValues> nearby;
  std::vector<std::vector<uint32_t>> hint_play;  // the play the hint points to
  const Hint hint =
      [&](int k, const Deadline& deadline,
          const std::atomic<bool>* stopped) -> const std::vector<std::vector<uint32_t>>* {
    if (!nearby) {
      nearby.emplace(model, query, /*maximize=*/true, within, stopped);
      model::SuccessorGenerator gen(model);
      SuccessorCollector initial(model.layout.words());
      gen.Initial(initial);
      if (!initial.states.empty()) {
        nearby->SearchFrom({initial.states.front()}, kHintStates, [&] {
          return deadline.expired() || (bc.cancel != nullptr && bc.cancel->load());
        });
      }
    }
    const NearbyValues::Found* found = nearby->At(k);
    if (found == nullptr || found->objective != 1) return nullptr;
    hint_play = found->play();
    return &hint_play;
  };
  // Where every reachable state was listed, the listing says at which depth (if any) the
  // condition first holds.
  std::optional<int> listed_first;
  size_t listed_states = 0;
  const Listed listed = [&](const StateFacts& facts) -> std::optional<int> {
    listed_first = facts.FirstReachedOf(model.program, query);
    listed_states = facts.reachable_states;
    return listed_first;
  };
  ASSIGN_OR_RETURN(result, Search(
                               model, bc, result, within,
                               [&query](StepEncoder& enc, Unrolling& u) {
                                 ValueTerms v = enc.Value(*query.expr, u.last());
                                 return v.ok && v.value.e;
                               },
                               nullptr, false, nullptr, hint, listed));
  result.message = result.verdict == results::Verdict::kSat
                       ? results::ReachableSentence(query.name, result.depth)
                   : result.verdict == results::Verdict::kUnsat
                       ? results::NotReachableSentence(query.name, within)
                       : result.message;
  if (result.verdict == results::Verdict::kUnsat && listed_first) {
    const std::string all = absl::StrCat("all ", base::GroupThousands(listed_states), " of them");
    absl::StrAppend(
        &result.message,
        *listed_first == StateFacts::kNeverReached
            ? absl::StrCat(" (nor in any number of moves: no reachable state satisfies "
                           "it; ",
                           all, " were listed)")
            : absl::StrCat(" (the fewest moves to a state where it holds are ", *listed_first,
                           "; every reachable state was listed, ", all, ")"));
  }
  return result;
}

absl::StatusOr<std::vector<results::Answer>> CheckBounded(const model::Model& model,
                                                          const BmcContext& bc, int depth,
                                                          bool deadlocks) {
  std::vector<results::Answer> answers;
  for (const ir::Property& inv : model.program.invariants) {
    results::Answer r;
    r.name = inv.name;
    r.kind = results::AnswerKind::kInvariant;
    ASSIGN_OR_RETURN(r, Search(
                            model, bc, r, depth,
                            [&inv](StepEncoder& enc, Unrolling& u) {
                              ValueTerms v = enc.Value(*inv.expr, u.last());
                              return !(v.ok && v.value.e);
                            },
                            nullptr));
    r.message = r.verdict == results::Verdict::kSat
                    ? InvariantViolationSentence(model, inv, r.trace, r.depth)
                : r.verdict == results::Verdict::kUnsat
                    ? results::InvariantHoldsSentence(inv.name, depth)
                    : r.message;
    if (r.verdict == results::Verdict::kSat) {
      r.finding = ViolationFinding(model, results::InvariantViolation(inv), r.trace);
    }
    answers.push_back(std::move(r));
  }
  {
    results::Answer r;
    r.name = "failure";
    r.kind = results::AnswerKind::kFailure;
    ir::StepFailure failure;
    // A model error evaluating `terminal when` in the last state answers too, as it is a
    // finding of the explicit engine's (the state then counts as not terminal).
    std::optional<ir::StepFailure> terminal_failure;
    ASSIGN_OR_RETURN(std::optional<bool> init_fails, InitFails(model));
    if (!init_fails.has_value()) {
      r.depth = -1;
      r = OutOfMemoryAnswer(Deadline(bc.timeout_seconds), std::move(r));
    } else if (*init_fails) {
      r.verdict = results::Verdict::kSat;
      ASSIGN_OR_RETURN(r.trace, ReplayTrace(model, {}, true, true, &failure));
      r.message = results::InitFailsSentence(r.trace.back().error);
    } else {
      model::SuccessorGenerator gen(model);
      ASSIGN_OR_RETURN(r, Search(
                              model, bc, r, depth,
                              [](StepEncoder& enc, Unrolling& u) {
                                return u.NextStep().fail || enc.TerminalError(u.last());
                              },
                              [&](StepEncoder& enc, Unrolling& u, const z3::model& m,
                                  const std::vector<std::vector<uint32_t>>& states) {
                                if (!m.eval(enc.TerminalError(u.last()), true).is_true())
                                  return true;
                                ir::StepFailure error;
                                gen.IsTerminal(states.back().data(), &error);
                                terminal_failure = std::move(error);
                                return false;
                              },
                              /*quantified=*/false, &failure));
      if (r.verdict == results::Verdict::kSat && terminal_failure) {
        r.message = results::TerminalErrorSentence(r.depth, terminal_failure->message);
      } else {
        r.message =
            r.verdict == results::Verdict::kSat
                ? results::MoveFailsSentence(r.depth, r.trace.empty() ? "" : r.trace.back().error)
            : r.verdict == results::Verdict::kUnsat ? results::NoMoveFailsSentence(depth)
                                                    : r.message;
      }
    }
    if (r.verdict == results::Verdict::kSat) {
      r.finding = terminal_failure
                      ? ViolationFinding(model, results::TerminalEvaluationError(*terminal_failure),
                                         r.trace)
                      : ViolationFinding(model, results::FailedMove(model.program, failure),
                                         r.trace, &failure);
    }
    answers.push_back(std::move(r));
  }
  if (deadlocks) {
    results::Answer r;
    r.name = "deadlock";
    r.kind = results::AnswerKind::kDeadlock;
    // The check quantifies over every move, which Z3 finds hard even on a small game (a Nim
    // of 51 states did not get past depth 1 in a minute): where every reachable state was
    // listed, the listing says at which depth the first deadlock is, if any, and the depths
    // before it are not asked.
    // Where it finds one, its play is the hint at that depth: with every state of the path
    // fixed, Z3 agrees in a moment where its own search took 11 s on a knight's tour of 634
    // states.
    std::optional<int> listed_first;
    size_t listed_states = 0;
    std::vector<std::vector<uint32_t>> listed_play;
    const Listed listed = [&](const StateFacts& facts) -> std::optional<int> {
      listed_first = facts.deadlock_first_at;
      listed_states = facts.reachable_states;
      listed_play = facts.deadlock_play;
      return listed_first;
    };
    const Hint hint = [&](int k, const Deadline&,
                          const std::atomic<bool>*) -> const std::vector<std::vector<uint32_t>>* {
      return !listed_play.empty() && static_cast<int>(listed_play.size()) == k + 1 ? &listed_play
                                                                                   : nullptr;
    };
    ASSIGN_OR_RETURN(r, Search(
                            model, bc, r, depth,
                            [](StepEncoder& enc, Unrolling& u) {
                              StepTerms any = enc.Step(u.last(), "dead");
                              z3::expr none = !any.valid && !any.fail;
                              if (!any.vars.empty()) none = z3::forall(any.vars, none);
                              return !any.terminal && none;
                            },
                            nullptr, /*quantified=*/true, nullptr, hint, listed));
    r.message = r.verdict == results::Verdict::kSat     ? results::DeadlockAfterSentence(r.depth)
                : r.verdict == results::Verdict::kUnsat ? results::NoDeadlockSentence(depth)
                                                        : r.message;
    if (r.verdict == results::Verdict::kUnsat && listed_first) {
      const std::string all = absl::StrCat("all ", base::GroupThousands(listed_states), " of them");
      absl::StrAppend(&r.message,
                      *listed_first == StateFacts::kNeverReached
                          ? absl::StrCat(" (nor at any depth: no reachable state is a deadlock; ",
                                         all, " were listed)")
                          : absl::StrCat(" (the fewest moves to a deadlock are ", *listed_first,
                                         "; every reachable state was listed, ", all, ")"));
    }
    if (r.verdict == results::Verdict::kSat) {
      r.finding = ViolationFinding(model, results::Deadlock(), r.trace);
    }
    answers.push_back(std::move(r));
  }
  return answers;
}

}  // namespace rulecheck::solver::internal
