// The front door of the symbolic engine: questions about a model answered by Z3.
//
// `Solve` answers the program's `query` declarations: `reachable EXPR within N` (is there a
// play of at most N moves reaching a state where EXPR holds?) and `maximize|minimize EXPR
// within N` (the best value of EXPR over the states reachable in at most N moves). It can also
// check, up to a depth, every invariant, that no move fails (asserts, model errors, pending
// overflows) and that no state deadlocks; with `prove_optimal`, it tries to prove each best
// value of a maximize/minimize query for every depth too (Answer::proof). `Prove` tries to
// prove the invariants for every depth by k-induction. The answers are results::Answers
// (results/answer.h), as the explicit engine's are; a violation found by a bounded check or an
// induction carries the Finding the explicit engine would report. Every witness trace is
// replayed in the explicit successor generator before it is returned; a trace that is not a
// real play is an InternalError, never an answer.
//
// The rules are translated to bit-vector terms (each state variable as a bit-vector of its
// packed width) and unrolled one move per depth on an incremental solver. No Z3 type appears
// here: Z3 stays private to solver/.
//
//   solver::SolveOptions options;
//   options.query = "best_score";
//   absl::StatusOr<std::vector<results::Answer>> answers = solver::Solve(*model, options);
#ifndef RULECHECK_SOLVER_SOLVER_H_
#define RULECHECK_SOLVER_SOLVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "model/successors.h"
#include "results/answer.h"

namespace rulecheck::solver {

enum class OptimizeMethod {
  kBinarySearch,  // incremental solver, one assumption per probe
  kOptimizer,     // Z3's optimize
};

struct SolveOptions {
  std::string query;              // only this query; empty: every query
  std::optional<int64_t> within;  // overrides each query's `within`
  bool queries = true;            // answer the queries
  int check_depth = -1;           // >= 0: also check invariants, failures and deadlocks up to it
  bool deadlocks = true;          // with check_depth: deadlocks too
  double timeout_seconds = 0;     // per query / check; 0: none
  // When not null and set (Ctrl-C), the query being answered stops as after a time-out and
  // the rest are not started.
  const std::atomic<bool>* cancel = nullptr;
  // Z3's memory budget in bytes (its `memory_max_size`); past it a query ends unknown.
  // 0: no limit.
  uint64_t memory_bytes = 0;
  OptimizeMethod method = OptimizeMethod::kBinarySearch;
  // maximize/minimize: after the bounded answer B, try to prove that no reachable state at
  // any depth does better than B (see Answer::proof): by the best value over every reachable
  // state where the explicit engine listed them all, else by k-induction strengthened by
  // discovered invariants. The proof has its own `timeout_seconds`.
  bool prove_optimal = false;
  int prove_max_k = 4;  // the induction tries k = 1..prove_max_k
  // false: induction even where every state was listed (the induction's own tests).
  bool prove_by_listing = true;
  // Progress lines for people ("query best: depth 7, 0.4 s"); may be empty.
  std::function<void(const std::string&)> progress;
};

// Errors: NotFound for an unknown `query`; Unimplemented naming the construct and its line
// when the model uses something the translation does not handle; Internal when a witness does
// not replay. Thread-compatible (each call has its own Z3 context).
absl::StatusOr<std::vector<results::Answer>> Solve(const model::Model& model,
                                                   const SolveOptions& options);

struct ProveOptions {
  int max_k = 10;                             // tries k = 1..max_k
  std::string invariant;                      // only this one; empty: every invariant
  double timeout_seconds = 0;                 // per invariant; 0: none
  const std::atomic<bool>* cancel = nullptr;  // as in SolveOptions
  uint64_t memory_bytes = 0;                  // as in SolveOptions
  std::function<void(const std::string&)> progress;
  // Where the explicit engine can list every reachable state (at most 200,000 of them), each
  // invariant is checked in every one and that settles it, proved or violated (with the
  // shortest violation's trace); false: k-induction even then (the induction's own tests).
  bool by_listing = true;
};

// k-induction for each invariant, unless every reachable state could be listed (see
// ProveOptions::by_listing): verdict kUnsat means proved (for every depth); kSat means a
// real violation within k moves (with its trace and finding); kUnknown means the induction
// step failed at every k up to max_k (the invariant may hold but needs strengthening: the
// message and `trace` give the induction counterexample, a run of states that are not
// necessarily reachable, marked trace_from_any_state) or Z3 gave up.
absl::StatusOr<std::vector<results::Answer>> Prove(const model::Model& model,
                                                   const ProveOptions& options);

// For a process that ends soon after its answers (the `rulecheck` executable): the Z3 context
// of each query is kept until the process exits rather than deleted when the query is done, up
// to about 512 MB of them by Z3's estimate. Deleting one can take longer than its query did:
// Monster Mutators' best_score is answered in 2.2 s, and its context of 5 MB took 3.7 s more to
// delete. Without this call (a caller that runs many queries, such as the tests), only large or
// interrupted contexts are kept (solver/z3_context.h). Thread-safe.
void KeepZ3ContextsUntilExit();

}  // namespace rulecheck::solver

#endif  // RULECHECK_SOLVER_SOLVER_H_
