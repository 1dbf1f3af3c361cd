// A model's generated code as the explorer's StateSpace (internal to native/), with the
// interpreter behind it for everything the generated code leaves to it.
//
// The generated code finds the successors of a state (with their trails when asked), whether
// it is terminal, and the values of the invariants and reachable properties it compiles. The
// interpreter (model::SuccessorGenerator) computes the initial states, and any state where the
// generated code stops at a model error: it runs that state again, passes over the successors the
// generated code already delivered (the same ones, in the same order) and delivers the rest, the
// failure among them, with its own message and move. So a report is the interpreter's, word for
// word.
#ifndef RULECHECK_NATIVE_NATIVE_STATE_SPACE_H_
#define RULECHECK_NATIVE_NATIVE_STATE_SPACE_H_

#include <cstdint>
#include <memory>
#include <utility>

#include "ir/state_space.h"
#include "model/model.h"
#include "native/library.h"

namespace rulecheck::native {

// The Model must outlive this object, and this object every expander and exploration made
// from it. Thread-safe.
class NativeStateSpace final : public ir::StateSpace {
 public:
  NativeStateSpace(const model::Model& model, std::unique_ptr<Library> library)
      : model_(model), library_(std::move(library)) {}

  uint32_t words() const override { return model_.layout.words(); }
  std::unique_ptr<ir::Expander> NewExpander(bool record_trail) const override;
  std::unique_ptr<ir::PropertyEvaluator> NewPropertyEvaluator() const override;

 private:
  const model::Model& model_;
  std::unique_ptr<Library> library_;
};

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_NATIVE_STATE_SPACE_H_
