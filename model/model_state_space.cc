// ModelStateSpace: each expander forwards to its own SuccessorGenerator (see
// model_state_space.h). The forwarding is one direct call per state; the generator calls the
// explorer's sink itself, so a successor costs no more than it did with the generator inside
// the explorer.
#include "model/model_state_space.h"

#include "model/successors.h"

namespace rulecheck::model {
namespace {

class ModelExpander final : public ir::Expander {
 public:
  ModelExpander(const Model& model, bool record_trail) : generator_(model) {
    generator_.set_record_trail(record_trail);
  }
  void Initial(ir::SuccessorSink& sink) override { generator_.Initial(sink); }
  bool Successors(const uint32_t* state, ir::SuccessorSink& sink) override {
    return generator_.Successors(state, sink);
  }
  void set_cancel(const std::atomic<bool>* cancel) override { generator_.set_cancel(cancel); }
  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure) override {
    return generator_.IsTerminal(state, failure);
  }

 private:
  SuccessorGenerator generator_;
};

}  // namespace

uint32_t ModelStateSpace::words() const { return model_.layout.words(); }

std::unique_ptr<ir::Expander> ModelStateSpace::NewExpander(bool record_trail) const {
  return std::make_unique<ModelExpander>(model_, record_trail);
}

}  // namespace rulecheck::model
