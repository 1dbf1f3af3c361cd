// The policies a run of `rulecheck odds` or `rulecheck simulate` follows (--policy NAME), and
// what they allow in a state (docs/language.md#policies). A policy governs one seat, or every
// seat of a type; in a state where a governed seat chooses its move, the first of its
// preferences whose condition holds and whose pattern matches at least one of the seat's
// moves with a successor limits the seat to the moves it matches. When none applies, the
// seat keeps all its moves, as under random play. The chance graph (odds) and the step
// sampler (simulate) both ask Restrict, so the two commands read a policy alike.
#ifndef RULECHECK_PROPERTIES_POLICIES_H_
#define RULECHECK_PROPERTIES_POLICIES_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "ir/move.h"
#include "model/successors.h"
#include "results/policy.h"

namespace rulecheck::properties {

// A preference's condition that hit a model error in some state (it counted as false there).
struct PolicyError {
  const ir::Policy* policy = nullptr;
  const ir::Preference* preference = nullptr;
  ir::StepFailure failure;
};

// One way a state can go on, as Restrict sees it.
struct PolicyCandidate {
  const ir::Move* move = nullptr;
  bool successor = true;  // false: a failed move (it counts for no preference)
};

class PolicySet {
 public:
  PolicySet() = default;

  // The program's policies named in `names`, in that order. Errors: NotFound naming a name
  // no policy has; InvalidArgument naming two policies that govern a common seat, or a name
  // given twice. The program must outlive the set.
  static absl::StatusOr<PolicySet> Choose(const ir::Program& program,
                                          const std::vector<std::string>& names);

  bool empty() const { return chosen_.empty(); }
  // The chosen policies as reports list them. `with_use`: each also lists the preferences that
  // applied in no state Restrict was asked about (the run saw all it needed: odds' whole
  // search, or simulate's games).
  std::vector<results::FollowedPolicy> Followed(bool with_use = false) const;
  // The chosen policy that governs the seat `seat` of type `type` (a move's player_type and
  // player; null: the rules), or null. Thread-safe.
  const ir::Policy* Governing(const ir::Type* type, int64_t seat) const;

  // Sets keep[i] to false for every candidate a policy rules out in `state` (and leaves the
  // others as they are). REQUIRES: keep.size() == candidates.size(). Returns the first
  // condition that hit a model error, which counts as false. Thread-safe with one generator
  // per thread. Records which preference applied (Followed(true) reads the record).
  std::optional<PolicyError> Restrict(model::SuccessorGenerator& generator, const uint32_t* state,
                                      const std::vector<PolicyCandidate>& candidates,
                                      std::vector<bool>& keep) const;

 private:
  // The index in chosen_ of the policy that governs the seat, or chosen_.size().
  size_t GoverningIndex(const ir::Type* type, int64_t seat) const;

  std::vector<const ir::Policy*> chosen_;
  // By chosen policy, its preferences' flags start at applied_[first_[i]]: set once the
  // preference applied in a state Restrict saw (a designer's preference that never does is
  // shadowed by the ones before it, or its condition never holds where its moves are open).
  std::vector<size_t> first_;
  std::unique_ptr<std::atomic<bool>[]> applied_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_POLICIES_H_
