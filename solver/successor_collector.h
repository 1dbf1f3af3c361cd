// The explicit engine's successors of one state, kept (internal to solver/). The successor
// generator lends each successor's words only for the duration of its call; trace replay and
// the fixed-bit search's sampling (and the solver's tests) want them afterwards, in the
// generator's order.
#ifndef RULECHECK_SOLVER_SUCCESSOR_COLLECTOR_H_
#define RULECHECK_SOLVER_SUCCESSOR_COLLECTOR_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ir/ir.h"
#include "ir/move.h"
#include "model/successors.h"
#include "solver/control_slice.h"

namespace rulecheck::solver::internal {

// Copies what one or more SuccessorGenerator::Initial/Successors calls produce. Not
// thread-safe.
class SuccessorCollector final : public ir::SuccessorSink {
 public:
  // `words`: the model's state width (StateLayout::words()). `keep_moves`: also keep each
  // successor's move (a copy per successor, which the sampling does without).
  explicit SuccessorCollector(size_t words, bool keep_moves = false)
      : words_(words), keep_moves_(keep_moves) {}
  // Marks in `fired` (by rule, numbered as control_slice.h numbers them) the rule of each
  // successor's move and of each failure, without keeping the moves. `program` and `fired`
  // must outlive the collector.
  SuccessorCollector(size_t words, const ir::Program& program, std::vector<bool>& fired)
      : words_(words), keep_moves_(false), program_(&program), fired_(&fired) {}

  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    states.emplace_back(state, state + words_);
    if (keep_moves_) moves.push_back(move);
    if (fired_ != nullptr) (*fired_)[RuleOfMove(*program_, move)] = true;
  }
  void OnFailure(const ir::StepFailure& failure) override {
    failures.push_back(failure);
    if (fired_ != nullptr) (*fired_)[RuleOfMove(*program_, failure.move)] = true;
  }

  std::vector<std::vector<uint32_t>> states;
  std::vector<ir::Move> moves;  // with keep_moves: moves[i] leads to states[i]; else empty
  std::vector<ir::StepFailure> failures;

 private:
  size_t words_;
  bool keep_moves_;
  const ir::Program* program_ = nullptr;
  std::vector<bool>* fired_ = nullptr;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_SUCCESSOR_COLLECTOR_H_
