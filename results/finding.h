// A Finding: one thing a check has to say about a model, as plain data for reports. Every
// engine produces them: the explicit checks of properties/ (invariants, asserts, deadlocks,
// dead rules, cycles, trigger order...) and the symbolic engine's bounded checks (solver/),
// which attach to a violation the same Finding the explicit engine would have made for it.
// Reports render them without knowing which engine or check made them.
//
// A finding has a kind, a severity (errors make `rulecheck check` fail; info, such as a
// witness that a `reachable` property holds, does not), a one-line message that reads as a
// complete sentence, a source location, and usually a trace (trace.h) from an initial state
// to the state the finding is about. Cycles are shown as lassos, and a trigger-order
// dependence carries the two ways the chain goes on.
//
//   if (results::IsError(finding)) std::cout << results::KindName(finding.kind) << "\n";
#ifndef RULECHECK_RESULTS_FINDING_H_
#define RULECHECK_RESULTS_FINDING_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/source.h"
#include "results/trace.h"

namespace rulecheck::results {

enum class FindingKind {
  kInvariant,    // an invariant is false in a reachable state
  kAssert,       // an assert failed in a move
  kDeadlock,     // a reachable non-terminal state has no moves
  kUnreachable,  // a `reachable` property holds in no reachable state
  kWitness,      // a `reachable` property holds: the trace shows where (info)
  kModelError,   // a value left its type, an unwrap of none, a pending-list overflow...
  // After a complete search (warnings, see docs/findings.md):
  kDeadAction,       // an action that never made a move
  kDeadTrigger,      // a trigger that never resolved
  kDeadBranch,       // an if/elif/else branch no move took
  kUnreachableCard,  // a member of a `cards` enum no move took, chose or moved by name
  // Cycles and trigger order (properties/cycle_check.h, properties/order_check.h):
  kReactionChain,    // triggers that can resolve forever (a cycle), or overflow the list
  kOrderDependence,  // two pending triggers whose order changes where the chain settles
  kPendingAtEnd,     // the game ends while a trigger is still pending: it never resolves
  kNonTermination,   // `terminates` is declared and a reachable cycle exists
  kNoInitialState,   // every run of `init` stops short (a require, an empty choose)
};

// Errors make `rulecheck check` fail; warnings (dead rules) and info (witnesses) do not.
enum class Severity { kError, kInfo, kWarning };

// `invariant`, `assert`, `deadlock`, `unreachable`, `witness`, `model_error`, `dead_action`,
// `dead_trigger`, `dead_branch`, `unreachable_card`, `reaction_chain`, `order_dependence`,
// `pending_at_end`, `non_termination`, `no_initial_state`: the names reports and JSON use.
// Thread-safe.
std::string_view KindName(FindingKind kind);
// `error`, `info`, `warning`. Thread-safe.
std::string_view SeverityName(Severity severity);

struct Finding {
  FindingKind kind = FindingKind::kInvariant;
  Severity severity = Severity::kError;
  std::string name;       // the property (invariant, reachable) or rule the finding is about
  std::string message;    // a sentence: "invariant one_winner is violated"
  std::string file;       // the .rules file (or `--invariant`: a command-line property)
  ir::Location location;  // within `file`; may be invalid (a deadlock has no place)
  Trace trace;            // empty when there is nothing to show (unreachable)

  // A lasso (reaction chains, non-termination): trace[cycle_start] is the first state of the
  // cycle, and the last step of the trace leads back to that state. -1: not a lasso.
  int cycle_start = -1;
  // Reaction chain: "forced" when no move on the cycle's states leads out of the cycle's
  // strongly connected component, "optional" otherwise, "overflow" for a pending-list
  // overflow; empty for other kinds.
  std::string chain;
  // The triggers the finding is about: those on a cycle, or the two whose order matters.
  std::vector<std::string> triggers;
  // Order dependence: how the chain goes on from the last state of `trace` in each order,
  // each ending in a settled state (no pending trigger) that the other order cannot reach, or,
  // where this order reaches none such, in its first settled state (properties/order_check.cc).
  struct Outcome {
    std::string order;  // "default: dog first", "other: cat first"
    Trace steps;        // the moves after the witness state
    // A chain that never settles: steps is a lasso, as a finding's trace with cycle_start (each
    // state's first move until one comes again). -1: the chain settles (or the budget had no
    // room for the walk, and steps is empty).
    int cycle_start = -1;
  };
  std::vector<Outcome> outcomes;
};

inline bool IsError(const Finding& finding) { return finding.severity == Severity::kError; }

// Places a finding whose `location` is program-wide (command-line properties follow the
// file's lines) in the source it lies in: `resolved` is what model::Model::Resolve says of
// `finding.location`. Sets `file`, and makes a valid `location` local to it; a null source
// changes nothing.
void Locate(Finding& finding, const std::pair<const ir::SourceFile*, ir::Location>& resolved);

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_FINDING_H_
