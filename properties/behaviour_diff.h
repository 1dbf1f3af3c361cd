// The behaviour comparison of `rulecheck diff`: over the state variables both versions share
// (declaration_diff.h SharedVariables: the same name, whatever the types), the plays
// one version allows and the other does not, each with a shortest trace.
//
// Each version's exploration (the one its check made: CheckOptions::on_explored) must be
// complete; its transition graph is built (explorer/state_graph.h).
// A state's projection is the values of the shared variables, compared by their text (so an
// enumerator is compared by its name, not its position). Projection merges states: what is
// compared is the two projected graphs, whose nodes are the projections the version reaches
// and whose edges are the pairs (p, q), p != q, such that some reached state projecting to p
// has a move to a state projecting to q (a move that changes no shared variable is invisible
// and not compared). A version V allows, and the other version W does not:
//   (a) a state: V reaches a state whose projection W reaches in no state;
//   (b) a move: an edge (p, q) of V's projected graph that W's lacks, where W reaches both p
//       and q (when W never reaches q, the difference is already the state q, by (a)).
// Each difference is shown once, with a shortest trace in V that shows it: for (a) the
// shortest trace to the first state (in canonical order) with that projection, for (b) the
// shortest trace to the first state in canonical order that has such a move, then the first
// such move in generator order. Differences are listed by trace length, then states before
// moves, then canonical order, so the result does not depend on the thread count. Both
// searches must be complete; otherwise nothing is compared (BehaviourDiff::compared says why).
//
//   BehaviourDiff diff = CompareBehaviour(*old_model, old_exploration, *new_model,
//                                         new_exploration, 3, cancel);
#ifndef RULECHECK_PROPERTIES_BEHAVIOUR_DIFF_H_
#define RULECHECK_PROPERTIES_BEHAVIOUR_DIFF_H_

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "results/trace.h"

namespace rulecheck::properties {

struct BehaviourDifference {
  enum class Kind { kState, kMove };
  Kind kind = Kind::kState;
  // The projection reached (kState), or the projections before and after the move (kMove),
  // as `x = 3, done = false`.
  std::string from;
  std::string to;
  // The shortest trace in the version that allows it (kMove: its last step is the move).
  results::Trace trace;
};

struct BehaviourSide {
  // How many projected states and moves this version allows that the other does not.
  uint64_t states = 0;
  uint64_t moves = 0;
  // The first of them, at most max_traces, in the order described above.
  std::vector<BehaviourDifference> shown;
};

struct BehaviourDiff {
  bool compared = false;
  std::string reason;               // when not compared: why ("the search of OLD stopped: ...")
  std::vector<std::string> shared;  // the shared variables' names, in the old version's order
  BehaviourSide only_old;           // what the old version allows and the new one does not
  BehaviourSide only_new;           // the other way round
  bool differs() const {
    return only_old.states + only_old.moves + only_new.states + only_new.moves > 0;
  }
};

// Compares the behaviour of the two versions over their shared variables, on each version's
// exploration (of a ModelStateSpace of that model), building the transition graphs with the
// explorations' threads; `cancel` (may be null) stops that ("interrupted"). Shows at most
// `max_traces` differences in each direction. REQUIRES: max_traces >= 0. Deterministic;
// thread-compatible.
BehaviourDiff CompareBehaviour(const model::Model& old_model,
                               const explorer::Exploration& old_exploration,
                               const model::Model& new_model,
                               const explorer::Exploration& new_exploration, int max_traces,
                               const std::atomic<bool>* cancel);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_BEHAVIOUR_DIFF_H_
