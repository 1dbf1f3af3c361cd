// Successor generation: the operational meaning of a rules program over packed states.
//
// From a state whose pending-trigger list is empty, every action instance (each combination
// of parameter values whose guard holds) runs its body; every way the body can run to the
// end (each candidate of each choose and roll, both sides of each may) yields one successor.
// From a state with pending triggers, only the first pending trigger resolves (FIFO). A
// terminal state has no successors. A run that violates an assert, leaves a value's type or
// overflows the pending list yields a StepFailure instead of a successor.
//
// Successors come out in a fixed order (actions in declaration order, parameter values in
// ascending order, choices in domain order, may: without the block first), so the
// k-th successor of a state is the same every time: the explorer stores only k in its parent
// links and calls Successors again to narrate a trace.
#ifndef RULECHECK_MODEL_SUCCESSORS_H_
#define RULECHECK_MODEL_SUCCESSORS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/move.h"
#include "ir/successor_sink.h"
#include "model/model.h"

namespace rulecheck::model {

// Receives successors (ir/successor_sink.h). The state words are valid only during the call.

// The result of evaluating a property in one state.
struct PropertyValue {
  bool ok = true;           // false: evaluation hit a model error (failure is set)
  int64_t value = 0;        // a bool is 0 or 1
  ir::StepFailure failure;  // kind kModelError, move kind kInit (no move)
};

// Steps of one move between two readings of the cancel flag (SuccessorGenerator::set_cancel):
// 65,536, fewer where the program has wide values. The compiled engine reads its flag as often.
int64_t CancelPollSteps(const ir::Program& program);

// Runs the rules of one model. Holds scratch buffers: one generator per thread; the Model
// must outlive it. Not thread-safe.
class SuccessorGenerator {
 public:
  explicit SuccessorGenerator(const Model& model);
  ~SuccessorGenerator();
  SuccessorGenerator(const SuccessorGenerator&) = delete;
  SuccessorGenerator& operator=(const SuccessorGenerator&) = delete;

  // Every initial state: defaults, then the initial values, then `init` (whose choose/roll
  // give several); with Move::Kind::kInit.
  void Initial(ir::SuccessorSink& sink);
  // Every successor of `state` (none when terminal). False when the cancel flag stopped it
  // part-way: what it delivered is then not all of the state's successors.
  bool Successors(const uint32_t* state, ir::SuccessorSink& sink);
  // A flag that, once set from any thread, stops Successors part-way: it is read before each
  // move and every Evaluator::kPollSteps steps of one. Null (the default): never.
  void set_cancel(const std::atomic<bool>* cancel);
  // Whether `state` satisfies some `terminal when`. A model error while evaluating counts as
  // not terminal and is reported through `failure` when not null.
  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure = nullptr);
  // Evaluates a property's expression (invariant, reachable, terminal, query) in `state`.
  PropertyValue Evaluate(const ir::Property& property, const uint32_t* state);
  // The same for a query's expression: its integer value (a bool as 0 or 1).
  PropertyValue Evaluate(const ir::Query& query, const uint32_t* state);
  // The same for a chance query's expression (`rulecheck odds`).
  PropertyValue Evaluate(const ir::ChanceQuery& query, const uint32_t* state);
  // The same for a policy's preference condition (true when it has none), with the policy's
  // binder, if any, bound to `seat`.
  PropertyValue Evaluate(const ir::Policy& policy, const ir::Preference& preference, int64_t seat,
                         const uint32_t* state);
  // Whether moves record their Move::trail (off by default: it costs time on every statement).
  void set_record_trail(bool record);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_SUCCESSORS_H_
