// A game as a transition system over packed states: what the explorer needs to know about a
// game to explore it, and nothing more. The explorer never sees the rules; a caller hands
// explorer::Explore a StateSpace (for a `.rules` model: model::ModelStateSpace,
// model/model_state_space.h). It is declared here, below both, so that the runtime
// implements it and the explorer consumes it without either depending on the other.
//
// A state is a packed vector of `words()` 32-bit words. An Expander produces the initial
// states, the successors of a state and whether a state is terminal; it holds scratch buffers
// and is not thread-safe, so the search makes one per worker thread through the StateSpace,
// which is. Successors go into an ir::SuccessorSink one by one: the sink's call is the only
// virtual call per successor, and an expander costs one more virtual call per state expanded.
#ifndef RULECHECK_IR_STATE_SPACE_H_
#define RULECHECK_IR_STATE_SPACE_H_

#include <atomic>
#include <cstdint>
#include <memory>

#include "ir/move.h"
#include "ir/successor_sink.h"

namespace rulecheck::ir {

// Expands states for one thread. Not thread-safe; the StateSpace that made it must outlive it.
class Expander {
 public:
  virtual ~Expander() = default;

  // Every initial state (Move::Kind::kInit), and every failed initial move as a failure.
  virtual void Initial(SuccessorSink& sink) = 0;
  // Every successor of `state` (words() words), and every failed move as a failure; none when
  // the state is terminal. Successors come in a fixed order, so that the k-th successor of a
  // state is the same on every call and every thread: traces and state graphs name a move by
  // its index among its state's successors. Returns false when the cancel flag (set_cancel)
  // stopped it part-way: what it delivered is then not all of the state's successors.
  virtual bool Successors(const uint32_t* state, SuccessorSink& sink) = 0;
  // A flag that, once set from any thread, stops Successors part-way, so that a state with a
  // great many moves, or one long move, does not hold up a stop (Ctrl-C) for long. Null
  // (the default): never.
  virtual void set_cancel(const std::atomic<bool>* cancel) = 0;
  // Whether `state` is terminal. An error while deciding counts as not terminal and is
  // reported through `failure` when not null (left as it was when there is no error).
  virtual bool IsTerminal(const uint32_t* state, StepFailure* failure) = 0;
};

// Evaluates a game's state properties (for a `.rules` model: its invariants, then its
// reachable properties, numbered in that order) faster than the interpreter can, for one
// thread. Not thread-safe; the StateSpace that made it must outlive it.
class PropertyEvaluator {
 public:
  virtual ~PropertyEvaluator() = default;
  // Property `index`'s value in `state` (a bool as 0 or 1). False when this evaluator does not
  // compute it or meets a model error: the caller then asks the interpreter, which gives the
  // value or reports the error.
  virtual bool Evaluate(int index, const uint32_t* state, int64_t* value) = 0;
};

// A game's states and moves, as the explorer sees them. Thread-safe (its methods are const
// and may be called from any thread).
class StateSpace {
 public:
  virtual ~StateSpace() = default;

  // The width of a packed state, in 32-bit words (0 for a game without state variables).
  virtual uint32_t words() const = 0;
  // A new expander for one thread. With `record_trail`, moves carry their Move::trail (which
  // costs time on every statement: only analyses of transitions ask for it).
  virtual std::unique_ptr<Expander> NewExpander(bool record_trail) const = 0;
  // A property evaluator for one thread, or null when the space has none (the explorer never
  // asks; the property checks do).
  virtual std::unique_ptr<PropertyEvaluator> NewPropertyEvaluator() const { return nullptr; }
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_STATE_SPACE_H_
