// An Answer: the outcome of one question put to an engine, as plain data for reports. The
// questions are a model's `query` declarations (`reachable EXPR within N`, `maximize|minimize
// EXPR within N`), answered by the explicit engine (properties/query_answers.h) or the
// symbolic one (solver/solver.h), and the symbolic engine's bounded checks (`solve --depth K`:
// invariants, failing moves, deadlocks) and induction proofs (`prove`). Both engines fill the
// same fields with the same meaning, and write their sentences with verdict_text.h, so a
// report renders an answer without knowing which engine gave it.
//
// The verdict says what kind of answer it is; `message` says it as a sentence; `trace` is the
// witness (a shortest play reaching the state, the best value, or the violation), replayed in
// the explicit successor generator whichever engine found it. A violation found by a bounded
// check or an induction also carries the Finding the explicit engine would make of it.
//
//   for (const results::Answer& answer : answers) {
//     std::cout << results::AnswerKindName(answer.kind) << " " << answer.name << ": "
//               << results::VerdictName(answer.verdict) << "\n";
//   }
#ifndef RULECHECK_RESULTS_ANSWER_H_
#define RULECHECK_RESULTS_ANSWER_H_

#include <cstdint>
#include <optional>
#include <string>

#include "results/finding.h"
#include "results/trace.h"

namespace rulecheck::results {

enum class Verdict {
  kSat,      // reachable: a witness exists; invariant/failure/deadlock/induction: a violation
  kUnsat,    // no witness, no value, or no violation within the depth (induction: proved)
  kOptimal,  // maximize/minimize: `value` is the best within the bound
  kUnknown,  // the engine could not decide (a time-out, Ctrl-C, a memory or state limit, the
             // solver gave up, an induction that did not close); `message` says why
};

// "sat", "unsat", "optimal", "unknown": the names reports and JSON use. Thread-safe.
const char* VerdictName(Verdict verdict);

// What was asked.
enum class AnswerKind {
  kReachable,  // query `reachable EXPR within N`
  kMaximize,   // query `maximize EXPR within N`
  kMinimize,   // query `minimize EXPR within N`
  kInvariant,  // bounded check: an invariant up to a depth
  kFailure,    // bounded check: no move fails (asserts, model errors, overflows) up to a depth
  kDeadlock,   // bounded check: no deadlock up to a depth
  kProof,      // `prove`: an invariant at every depth, by listing every state or by k-induction
};

// "reachable", "maximize", "minimize", "invariant", "failure", "deadlock", "proof": the
// names reports and JSON use. Thread-safe.
const char* AnswerKindName(AnswerKind kind);
// Whether `kind` is a query (reachable, maximize, minimize) rather than a check or proof.
bool IsQuery(AnswerKind kind);

// `solve --prove-optimal`: whether a maximize/minimize answer's value is the best at every
// depth, not only within the bound (solver/bound_proof.h).
struct BoundProof {
  bool proved = false;
  int k = 0;            // proved: the induction's k; else the largest k tried (0: none)
  int invariants = 0;   // discovered invariants that strengthened the induction
  bool capped = false;  // the candidate invariants were more than the cap (some left out)
  double seconds = 0;
  // "optimal for every depth (k-induction, k=2, 14 invariants)", or "proved only to depth 5:
  // " and why (the induction failed at every k up to K, a time-out).
  std::string message;
};

struct Answer {
  std::string name;  // the query or invariant; "failure" and "deadlock" for those checks
  AnswerKind kind = AnswerKind::kReachable;
  Verdict verdict = Verdict::kUnknown;
  // maximize/minimize: the best value (also when unknown: the best found so far).
  std::optional<int64_t> value;
  int depth = 0;       // the moves of the witness, or how deep the engine got (see message)
  double seconds = 0;  // the time this answer took
  Trace trace;         // the witness; empty when there is none
  // trace[0] is not an initial state but any state satisfying the invariant: an induction
  // counterexample, whose states need not be reachable.
  bool trace_from_any_state = false;
  std::string message;  // a sentence for people
  // A bounded check or induction that found a violation (verdict kSat): the finding the
  // explicit engine would report for it (its own trace, failed steps worded as `check`
  // words them). Empty otherwise.
  std::optional<Finding> finding;
  // maximize/minimize answered with --prove-optimal: the proof's outcome. Empty otherwise.
  std::optional<BoundProof> proof;
};

// Whether an answer is bad news: a violated invariant, a failing move, a deadlock, an
// induction proof that found a real violation. Thread-safe.
bool IsViolation(const Answer& answer);

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_ANSWER_H_
