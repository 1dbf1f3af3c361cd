// The front door of the properties stage: run a model's built-in checks over an exploration
// and collect what they find.
//
// `Check` explores the model breadth-first (explorer/explorer.h), in parallel, with one
// observer per built-in check: invariants (first violation of each), asserts and model errors
// from failed moves (first of each source location), model errors while evaluating a
// property, deadlocks (the first, with the total), and `reachable` properties (a witness
// where each first holds; `unreachable` when a complete search never met it; undetermined
// when the search stopped early). "First" is in the search's canonical order, so the result
// is the same for any thread count. Only error findings mean the model is broken; witnesses
// are info. After a complete search, actions, triggers and branches no move used and cards
// no move named are warnings (dead rules); CheckOptions::coverage adds a per-line count of
// the transitions that ran each line. Then, over the transition graph: infinite reaction
// chains and pending-list overflows (errors), trigger-order dependence (warnings), and,
// where `terminates` is declared, non-termination (an error); each cycle is shown as a lasso.
//
//   properties::CheckResult result = properties::Check(*model, {.stop_at_first = true});
//   for (const results::Finding& finding : result.findings) ...
#ifndef RULECHECK_PROPERTIES_PROPERTY_H_
#define RULECHECK_PROPERTIES_PROPERTY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "explorer/explorer.h"
#include "explorer/search_snapshot.h"
#include "ir/source.h"
#include "ir/state_space.h"
#include "model/model.h"
#include "results/finding.h"

namespace rulecheck::properties {

struct CheckOptions {
  explorer::ExploreOptions explore;  // threads, memory, max_states, cancel flag, progress
  // The successor function to explore, which must be the model's (e.g. its compiled form,
  // native/native.h); null: the interpreter's (model::ModelStateSpace).
  const ir::StateSpace* space = nullptr;
  bool stop_at_first = false;  // stop the search at the first error finding
  // The checks that can be switched off (`rulecheck check --skip KIND`); failed moves and
  // model errors are always reported.
  bool invariants = true;
  bool reachables = true;
  bool deadlocks = true;
  // Terminal states with triggers still pending (warnings, one per trigger; found by the search
  // itself, so a stopped search reports those it met).
  bool pending_at_end = true;
  // Dead actions, triggers and branches and unreachable cards (warnings, complete search only).
  bool dead_rules = true;
  // Fill CheckResult::coverage.
  bool coverage = false;
  // The post-search analyses over the transition graph (complete search only): infinite
  // reaction chains and trigger-order dependence where the model has triggers,
  // non-termination where it declares `terminates`.
  bool reaction_chains = true;
  bool order_dependence = true;
  bool non_termination = true;
  // When set, called from the calling thread as each post-search analysis starts, with a
  // short description ("reaction chains over 1,234 states with pending triggers").
  std::function<void(const std::string&)> on_analysis;
  // When set, called from the calling thread once the search and the analyses are done, with
  // the exploration (alive only during the call; its stats may say complete where the result
  // does not, when Ctrl-C stopped an analysis), so that a caller can look further at the
  // states without searching again (`rulecheck diff` compares two versions' behaviour on
  // them). Called whether or not the search completed.
  std::function<void(const explorer::Exploration&)> on_explored;
};

// How many transitions ran a line of the rules file (see CheckResult::coverage).
struct LineCoverage {
  int line = 0;
  uint64_t transitions = 0;
  // For a line no transition ran whose every statement and branch constants switch off
  // (SwitchedOffBranch): those constants, "NAME = VALUE, ..."; else empty.
  std::string off_by;
};

// A branch of an `if` that no move took because constants switch it off: its condition, or
// an earlier one of the same `if`, folds to a value that rules it out only because of the
// constants it reads (a house rule, a preset: `if DIVERGENCE`, `elif EMPTY_DECK == 2`).
// Another setting of them may run it, so it is not a dead branch.
struct SwitchedOffBranch {
  // Where it is written: "init", "action NAME", "trigger NAME" or "proc NAME".
  std::string rule;
  std::string message;
  ir::Location location;
  // "NAME = VALUE" for each constant the deciding condition reads, in the order it reads them.
  std::vector<std::string> constants;
};

// A property the search could not decide because it stopped early (e.g. a `reachable` that
// had not held yet).
struct Undetermined {
  std::string kind;  // "reachable"
  std::string name;
  ir::Location location;
  // Why it is not determined when the search did finish (e.g. the memory budget had no room
  // for the transition graph); empty: the search was stopped.
  std::string reason{};
};

// Which engine computed the successors, for the report's statistics.
struct EngineStats {
  bool compiled = false;       // generated code (native/), else the interpreter
  double compile_seconds = 0;  // generating, compiling (or finding in the cache) and loading
  bool cached = false;         // the compiled library came from the cache
  // The library was built while the search ran interpreted (`--engine auto`); `compiled`
  // says whether it was ready before the run ended, and compile_seconds how long it took or
  // had taken.
  bool background = false;
  // A background build still running when the search ended goes on after the run and puts
  // the library into the cache for the next run (a search stopped by the user stops it).
  bool build_goes_on = false;
};

struct CheckResult {
  explorer::ExplorationStats stats;
  EngineStats engine;                      // filled by the caller that chose the engine
  std::vector<results::Finding> findings;  // errors first, then info; each group in the order found
  std::vector<Undetermined> undetermined;
  // With CheckOptions::coverage: every line that holds a rule header or a statement, in line
  // order, with the number of transitions (initial moves included) that ran it. A line counts
  // once per transition however often the move passed it. Exact after a complete search.
  bool has_coverage = false;
  std::vector<LineCoverage> coverage;
  // With CheckOptions::dead_rules, after a complete search: the branches that would be dead
  // branches but for constants that switch them off, in the order dead branches are reported.
  std::vector<SwitchedOffBranch> switched_off;

  // How many findings are errors, and how many warnings.
  int error_count() const;
  int warning_count() const;
};

// Explores `model` and runs every built-in check. Deterministic: the same model and options
// give the same result (apart from `stats.seconds`). Thread-compatible: concurrent calls are
// fine; `options.explore.cancel` may be set from another thread or a signal handler.
CheckResult Check(const model::Model& model, const CheckOptions& options);

// Check, continuing the search saved in `snapshot` (explorer/search_snapshot.h; written by a
// Check of the same model with the same checks and options.explore.checkpoint set) rather
// than starting it: the result is the one the uninterrupted Check would have given, apart
// from times. Every check's state is in the snapshot, and the analyses after the search run
// on the exploration as it ends. Errors: those of explorer::ResumeExplore.
absl::StatusOr<CheckResult> ResumeCheck(const model::Model& model, const CheckOptions& options,
                                        explorer::Snapshot snapshot);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_PROPERTY_H_
