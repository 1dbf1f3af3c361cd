// One step of a random playout (internal to properties/): every way a state can go on,
// gathered from the successor generator, and the draw of one of them by the rules of chance
// that docs/simulate.md states.
//
// The generator hands over completed paths, not a tree: each successor (or failed move)
// comes with its move, whose `choices` list every choose, roll and may on its path in order.
// The tree is still there to read. The outcomes of one rule instance (an action with its
// arguments, a trigger resolving, `init`) come one after the other, and the paths of one
// body depth-first, so the outcomes sharing the first k choices are a contiguous run, and
// after the same choices the body runs on the same way to the same next choice or end. A
// draw therefore picks the seat to move uniformly among the seats with an outcome (only when
// there are several: a state where one seat moves draws as if seats did not exist), then
// one of that seat's rule instances uniformly, as `odds` does (properties/chance_graph.h),
// then walks the choices: at a roll, a run is weighed by Choice::weight (1 for a die face,
// the copies of a card for a draw from a bag), at a choose or a may every run weighs the
// same. An outcome that the rules drop (`require false`, a choose with no candidate) is
// simply absent, so the other outcomes of that roll share its chance in proportion to their
// weights.
#ifndef RULECHECK_PROPERTIES_SIMULATE_STEP_H_
#define RULECHECK_PROPERTIES_SIMULATE_STEP_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/move.h"
#include "ir/successor_sink.h"
#include "model/successors.h"
#include "properties/move_seat.h"
#include "properties/policies.h"
#include "properties/simulate_rng.h"

namespace rulecheck::properties {

// Gathers the outcomes of one state and draws one. Holds buffers reused from step to step;
// one per thread. Not thread-safe.
class StepSampler final : public ir::SuccessorSink {
 public:
  // `generator` must outlive the sampler; `words` is the model's state width.
  StepSampler(model::SuccessorGenerator& generator, uint32_t words);

  // Gathers the initial states (and failed runs of `init`).
  void GatherInitial();
  // Gathers the successors of `state` (and its failed moves): none when it is terminal.
  void Gather(const uint32_t* state);

  // Leaves out of every draw the outcomes `policies` rule out in `state` (the state last
  // gathered); they keep their numbers, so a game's path replays with or without policies.
  // Returns the first policy condition that hit a model error (it counted as false).
  std::optional<PolicyError> Restrict(const PolicySet& policies,
                                      model::SuccessorGenerator& generator, const uint32_t* state);

  // The outcomes gathered, in the generator's order.
  size_t size() const { return outcomes_.size(); }
  bool failed(size_t i) const { return outcomes_[i].failed; }
  // The move of outcome `i` (for a failure, the move that failed).
  const ir::Move& move(size_t i) const;
  // REQUIRES: !failed(i). The state it leads to (`words` words), valid until the next Gather.
  const uint32_t* state(size_t i) const { return &states_[outcomes_[i].slot * words_]; }
  // REQUIRES: failed(i).
  const ir::StepFailure& failure(size_t i) const { return failures_[outcomes_[i].slot]; }

  // Draws one outcome by the rules of chance. REQUIRES: size() > 0. Not thread-safe, unless
  // the sampler is frozen.
  size_t Draw(GameRandom& random) const;
  // Builds the tree of runs once, for many draws from the outcomes gathered last: each draw
  // then costs one pick per choice instead of a pass over the outcomes, and is thread-safe.
  // For the initial states, which every game draws from (a big `init` gives millions).
  // Until the next Gather.
  void Freeze();
  // The chance Draw gives each outcome, in order (they sum to 1; empty when size() is 0).
  // Not thread-safe.
  std::vector<double> Chances() const;

  void OnSuccessor(const uint32_t* state, const ir::Move& move) override;
  void OnFailure(const ir::StepFailure& failure) override;

 private:
  struct Outcome {
    bool failed = false;
    size_t slot = 0;  // into states_ and moves_, or into failures_
  };
  // A run of outcomes [begin, end) that agree on the choice at some depth, and its weight.
  struct Run {
    size_t begin = 0, end = 0;
    uint64_t weight = 1;
  };

  // A node of the frozen tree: its runs are tree_runs_[first, first + count), each with the
  // node below it (-1: none, draw evenly in the run).
  struct Node {
    size_t first = 0, count = 0;
    uint64_t total = 0;
  };
  struct TreeRun {
    Run run;
    int64_t node = -1;
  };

  void Clear();
  // The node for the outcomes [begin, end) from choice `depth` on; -1 when they are one
  // outcome, or paths that made the same choices.
  int64_t Build(size_t begin, size_t end, size_t depth);
  int64_t AddNode(const std::vector<Run>& runs, size_t depth);
  // The rule instances: runs of outcomes with the same move kind, rule and arguments.
  void InstanceRuns(std::vector<Run>& runs) const;
  // Numbers the seats of `instances` in the order they first move: seat[i] is the number of
  // instance i's seat (move_seat.h). Returns how many seats there are.
  size_t InstanceSeats(const std::vector<Run>& instances, std::vector<size_t>& seat) const;
  // The instance a draw starts from: the seat first when several could move, then one of its
  // instances. REQUIRES: !instances.empty().
  size_t PickInstance(const std::vector<Run>& instances, GameRandom& random) const;
  // The runs of [begin, end) by their choice at `depth`, weighed as docs/simulate.md says;
  // false when every outcome there has made all its choices.
  bool ChoiceRuns(size_t begin, size_t end, size_t depth, std::vector<Run>& runs) const;
  // Picks one of `runs` with chance proportional to its weight.
  static size_t Pick(const std::vector<Run>& runs, GameRandom& random);
  void AddChances(size_t begin, size_t end, size_t depth, double chance,
                  std::vector<double>& chances) const;

  model::SuccessorGenerator& generator_;
  uint32_t words_;
  std::vector<Outcome> outcomes_;
  std::vector<uint32_t> states_;
  std::vector<ir::Move> moves_;  // a pool: the first `moves_used_` are this state's
  size_t moves_used_ = 0;
  std::vector<ir::StepFailure> failures_;
  std::vector<bool> allowed_;  // per outcome, after Restrict; empty: every outcome
  mutable std::vector<Run> runs_;
  mutable std::vector<size_t> seat_of_;  // per instance, during a draw
  mutable std::vector<Seat> seats_;      // the seats that can move, during a draw
  // Frozen: nodes_[0] is the root (the rule instances, or the seats when several could move,
  // each run then leading to the node of that seat's instances).
  std::vector<Node> nodes_;
  std::vector<TreeRun> tree_runs_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_SIMULATE_STEP_H_
