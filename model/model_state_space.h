// A Model as the explorer's successor function: the one adapter from the model stage to the
// explorer's StateSpace (explorer/state_space.h), used by every caller of Explore (the state
// graph, StepTo and traces then use the space the exploration keeps).
//
// The explorer declares what it needs and knows no model; this file is the only place where
// the two meet. It includes the explorer's interface header, which depends on ir/ alone and
// has no code to link, so the libraries still link in pipeline order (model does not link
// explorer, explorer does not link model).
//
//   model::ModelStateSpace space(model);
//   explorer::Exploration exploration = explorer::Explore(space, observers, options);
#ifndef RULECHECK_MODEL_MODEL_STATE_SPACE_H_
#define RULECHECK_MODEL_MODEL_STATE_SPACE_H_

#include <cstdint>
#include <memory>

#include "ir/state_space.h"
#include "model/model.h"

namespace rulecheck::model {

// The states and moves of `model`, each expander a SuccessorGenerator of its own. The Model
// must outlive this object, and this object every expander and Exploration made from it.
// Thread-safe.
class ModelStateSpace final : public ir::StateSpace {
 public:
  explicit ModelStateSpace(const Model& model) : model_(model) {}

  uint32_t words() const override;
  std::unique_ptr<ir::Expander> NewExpander(bool record_trail) const override;

 private:
  const Model& model_;
};

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_MODEL_STATE_SPACE_H_
