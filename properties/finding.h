// A Finding: one thing a check has to say about a model, as plain data for reports. Every
// check (built-in ones here, symbolic ones from solver/, later coverage and cycle analyses)
// produces Findings; reports render them without knowing which check made them.
//
// A finding has a kind, a severity (errors make `rulecheck check` fail; info, such as a
// witness that a `reachable` property holds, does not), a one-line message that reads as a
// complete sentence, a source location, and usually a trace: the moves from an initial state
// to the state the finding is about, each with the state it led to. A trace whose last move
// failed (an assert, a model error) ends with that move, marked failed, with the error text.
#ifndef RULECHECK_PROPERTIES_FINDING_H_
#define RULECHECK_PROPERTIES_FINDING_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/source.h"
#include "model/successors.h"

namespace rulecheck::properties {

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
  kUnreachableCard,  // a member of a `cards` enum no move took as an argument or choice
  // Cycles and trigger order (properties/cycle_check.h, properties/order_check.h):
  kReactionChain,    // triggers that can resolve forever (a cycle), or overflow the list
  kOrderDependence,  // two pending triggers whose order changes where the chain settles
  kNonTermination,   // `terminates` is declared and a reachable cycle exists
  kNoInitialState,   // every run of `init` stops short (a require, an empty choose)
};

// Errors make `rulecheck check` fail; warnings (dead rules) and info (witnesses) do not.
enum class Severity { kError, kInfo, kWarning };

// `invariant`, `assert`, `deadlock`, `unreachable`, `witness`, `model_error`, `dead_action`,
// `dead_trigger`, `dead_branch`, `unreachable_card`, `reaction_chain`, `order_dependence`,
// `non_termination`, `no_initial_state`: the names reports and JSON use.
std::string_view KindName(FindingKind kind);
// `error`, `info`, `warning`.
std::string_view SeverityName(Severity severity);

struct FindingStep {
  ir::Move move;              // kInit for the first step
  std::vector<uint32_t> state;   // the state after the move; for a failed move the state it
                                 // was tried in; empty for a failure while computing `init`
  bool failed = false;           // this move failed: the last step of the trace
  std::string error;             // when failed: what went wrong
};

struct Finding {
  FindingKind kind = FindingKind::kInvariant;
  Severity severity = Severity::kError;
  std::string name;     // the property (invariant, reachable) or rule the finding is about
  std::string message;  // a sentence: "invariant one_winner is violated"
  std::string file;     // the .rules file
  ir::Location location;  // may be invalid (a deadlock has no place in the source)
  std::vector<FindingStep> trace;  // empty when there is nothing to show (unreachable)

  // A lasso (reaction chains, non-termination): trace[cycle_start] is the first state of the
  // cycle, and the last step of the trace leads back to that state. -1: not a lasso.
  int cycle_start = -1;
  // Reaction chain: "forced" when no move on the cycle's states leads out of the cycle's
  // strongly connected component, "optional" otherwise; empty for other kinds.
  std::string chain;
  // The triggers the finding is about: those on a cycle, or the two whose order matters.
  std::vector<std::string> triggers;
  // Order dependence: how the chain goes on from the last state of `trace` in each order,
  // each ending in a settled state (no pending trigger) that the other order cannot reach.
  struct Outcome {
    std::string order;               // "default: dog first", "other: cat first"
    std::vector<FindingStep> steps;  // the moves after the witness state
  };
  std::vector<Outcome> outcomes;
};

inline bool IsError(const Finding& finding) { return finding.severity == Severity::kError; }

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_FINDING_H_
