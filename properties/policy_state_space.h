// The state space of a model whose governed seats follow their policies (policies.h): the
// moves a policy rules out are not successors at all. `rulecheck odds --policy` explores it,
// so that only the states the policies can reach are searched and solved (docs/odds.md), and
// its chance graph is built from the same successors, in the same order.
#ifndef RULECHECK_PROPERTIES_POLICY_STATE_SPACE_H_
#define RULECHECK_PROPERTIES_POLICY_STATE_SPACE_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "ir/state_space.h"
#include "model/model.h"
#include "properties/policies.h"

namespace rulecheck::properties {

// Thread-safe, as ir::StateSpace requires. The model and the policies must outlive it.
class PolicyStateSpace final : public ir::StateSpace {
 public:
  PolicyStateSpace(const model::Model& model, const PolicySet& policies)
      : model_(model), policies_(policies) {}

  uint32_t words() const override;
  std::unique_ptr<ir::Expander> NewExpander(bool record_trail) const override;

  // Where a policy's condition first hit a model error while expanding (it counted as false
  // there), as a sentence; nullopt when none did.
  std::optional<std::string> error() const;

 private:
  friend class PolicyExpander;
  void NoteError(const PolicyError& error) const;

  const model::Model& model_;
  const PolicySet& policies_;
  mutable std::mutex mutex_;
  mutable std::optional<std::string> error_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_POLICY_STATE_SPACE_H_
