// The front door of the symbolic engine: questions about a model answered by Z3.
//
// `Solve` answers the program's `query` declarations: `reachable EXPR within N` (is there a
// play of at most N moves reaching a state where EXPR holds?) and `maximize|minimize EXPR
// within N` (the best value of EXPR over the states reachable in at most N moves). It can also
// check, up to a depth, every invariant, that no move fails (asserts, model errors, pending
// overflows) and that no state deadlocks. `Prove` tries to prove the invariants for every
// depth by k-induction. Every witness trace is replayed in the explicit successor generator
// before it is returned; a trace that is not a real play is an InternalError, never an answer.
//
// The rules are translated to bit-vector terms (each state variable as a bit-vector of its
// packed width) and unrolled one move per depth on an incremental solver. No Z3 type appears
// here: Z3 stays private to solver/.
//
//   solver::SolveOptions options;
//   options.query = "best_score";
//   absl::StatusOr<std::vector<solver::QueryResult>> results = solver::Solve(*model, options);
#ifndef RULECHECK_SOLVER_SOLVER_H_
#define RULECHECK_SOLVER_SOLVER_H_

#include <cstdint>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::solver {

enum class Status {
  kSat,      // reachable: a witness exists; invariant/failure/deadlock: a violation exists
  kUnsat,    // no witness / no violation within the depth (or, for prove: proved)
  kOptimal,  // maximize/minimize: `value` is the best within the depth
  kUnknown,  // Z3 gave up or timed out; `message` says why
};

// "sat", "unsat", "optimal", "unknown".
const char* StatusName(Status status);

// One step of a witness, in the format of the explicit engine's traces: the move (kInit for
// the first step) and the packed state after it. A failing last step carries the state it was
// tried in and the error.
struct TraceStep {
  ir::Move move;
  std::vector<uint32_t> state;
  bool failed = false;
  std::string error;
};

struct QueryResult {
  std::string name;
  // "reachable", "maximize", "minimize" (queries); "invariant", "failure", "deadlock"
  // (bounded checks); "induction" (prove).
  std::string kind;
  Status status = Status::kUnknown;
  std::optional<int64_t> value;  // maximize/minimize: the best value (also when unknown: the
                                 // best found so far)
  int depth = 0;                 // the depth of the witness, or how deep the search got
  double seconds = 0;
  std::vector<TraceStep> trace;
  std::string message;  // a sentence for people
};

enum class OptimizeMethod {
  kBinarySearch,  // incremental solver, one assumption per probe
  kOptimizer,     // Z3's optimize
};

struct SolveOptions {
  std::string query;              // only this query; empty: every query
  std::optional<int64_t> within;  // overrides each query's `within`
  bool queries = true;            // answer the queries
  int check_depth = 0;            // > 0: also check invariants, failures and deadlocks up to it
  bool deadlocks = true;          // with check_depth: deadlocks too
  double timeout_seconds = 0;     // per query / check; 0: none
  // When not null and set (Ctrl-C), the query being answered stops as after a time-out and
  // the rest are not started.
  const std::atomic<bool>* cancel = nullptr;
  // Z3's memory budget in bytes (its `memory_max_size`); past it a query ends unknown.
  // 0: no limit.
  uint64_t memory_bytes = 0;
  OptimizeMethod method = OptimizeMethod::kBinarySearch;
  // Progress lines for people ("query best: depth 7, 0.4 s"); may be empty.
  std::function<void(const std::string&)> progress;
};

// Errors: NotFound for an unknown `query`; Unimplemented naming the construct and its line
// when the model uses something the translation does not handle; Internal when a witness does
// not replay. Thread-compatible (each call has its own Z3 context).
absl::StatusOr<std::vector<QueryResult>> Solve(const model::Model& model,
                                               const SolveOptions& options);

struct ProveOptions {
  int max_k = 10;              // tries k = 1..max_k
  std::string invariant;       // only this one; empty: every invariant
  double timeout_seconds = 0;  // per invariant; 0: none
  const std::atomic<bool>* cancel = nullptr;  // as in SolveOptions
  uint64_t memory_bytes = 0;                  // as in SolveOptions
  std::function<void(const std::string&)> progress;
};

// k-induction for each invariant: status kUnsat means proved (for every depth); kSat means a
// real violation within k moves (with its trace); kUnknown means the induction step failed at
// every k up to max_k (the invariant may hold but needs strengthening: the message and `trace`
// give the induction counterexample, a run of states that are not necessarily reachable) or Z3
// gave up.
absl::StatusOr<std::vector<QueryResult>> Prove(const model::Model& model,
                                               const ProveOptions& options);

}  // namespace rulecheck::solver

#endif  // RULECHECK_SOLVER_SOLVER_H_
