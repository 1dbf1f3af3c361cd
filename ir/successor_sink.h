// Where successor generation delivers its results: one call per successor (its packed words
// and the move that made it) and one per failed move. Declared here, below both the model's
// successor generator (model/successors.h), which calls it, and the explorer (explorer/), which
// implements it in its hot loop, so that a successor costs one virtual call and no adapter sits in
// between.
#ifndef RULECHECK_IR_SUCCESSOR_SINK_H_
#define RULECHECK_IR_SUCCESSOR_SINK_H_

#include <cstdint>

#include "ir/move.h"

namespace rulecheck::ir {

// Receives successors. The state words and the move are valid only during the call. A sink
// is called from the one thread that runs the generator; it need not be thread-safe.
class SuccessorSink {
 public:
  virtual ~SuccessorSink() = default;
  virtual void OnSuccessor(const uint32_t* state, const Move& move) = 0;
  virtual void OnFailure(const StepFailure& failure) = 0;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_SUCCESSOR_SINK_H_
