// PolicyStateSpace (see policy_state_space.h): each expander gathers a state's successors and
// failures from its own SuccessorGenerator, asks the policies which to keep, and hands the
// kept ones on in generator order. A policy keeps or drops a rule instance whole, so a failed
// move goes with the successors of its instance.
#include "properties/policy_state_space.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "model/successors.h"

namespace rulecheck::properties {

class PolicyExpander final : public ir::Expander {
 public:
  PolicyExpander(const PolicyStateSpace& space, bool record_trail)
      : space_(space), generator_(space.model_) {
    generator_.set_record_trail(record_trail);
  }

  void Initial(ir::SuccessorSink& sink) override { generator_.Initial(sink); }

  bool Successors(const uint32_t* state, ir::SuccessorSink& sink) override {
    gathered_.Clear();
    if (!generator_.Successors(state, gathered_)) return false;
    candidates_.clear();
    for (const Outcome& o : gathered_.outcomes) {
      candidates_.push_back(
          {o.failed ? &gathered_.failures[o.slot].move : &gathered_.moves[o.slot], !o.failed});
    }
    keep_.assign(candidates_.size(), true);
    if (std::optional<PolicyError> error =
            space_.policies_.Restrict(generator_, state, candidates_, keep_)) {
      space_.NoteError(*error);
    }
    const uint32_t words = space_.words();
    for (size_t i = 0; i < gathered_.outcomes.size(); ++i) {
      if (!keep_[i]) continue;
      const Outcome& o = gathered_.outcomes[i];
      if (o.failed) {
        sink.OnFailure(gathered_.failures[o.slot]);
      } else {
        sink.OnSuccessor(&gathered_.states[o.slot * words], gathered_.moves[o.slot]);
      }
    }
    return true;
  }

  void set_cancel(const std::atomic<bool>* cancel) override { generator_.set_cancel(cancel); }

  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure) override {
    return generator_.IsTerminal(state, failure);
  }

 private:
  struct Outcome {
    bool failed = false;
    size_t slot = 0;
  };
  // One state's successors and failures, in generator order.
  struct Gathered final : ir::SuccessorSink {
    explicit Gathered(uint32_t words) : words(words) {}
    void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
      outcomes.push_back({false, moves.size()});
      moves.push_back(move);
      states.insert(states.end(), state, state + words);
    }
    void OnFailure(const ir::StepFailure& failure) override {
      outcomes.push_back({true, failures.size()});
      failures.push_back(failure);
    }
    void Clear() {
      outcomes.clear();
      moves.clear();
      states.clear();
      failures.clear();
    }
    uint32_t words;
    std::vector<Outcome> outcomes;
    std::vector<ir::Move> moves;
    std::vector<uint32_t> states;
    std::vector<ir::StepFailure> failures;
  };

  const PolicyStateSpace& space_;
  model::SuccessorGenerator generator_;
  Gathered gathered_{space_.words()};
  std::vector<PolicyCandidate> candidates_;
  std::vector<bool> keep_;
};

uint32_t PolicyStateSpace::words() const { return model_.layout.words(); }

std::unique_ptr<ir::Expander> PolicyStateSpace::NewExpander(bool record_trail) const {
  return std::make_unique<PolicyExpander>(*this, record_trail);
}

std::optional<std::string> PolicyStateSpace::error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

void PolicyStateSpace::NoteError(const PolicyError& error) const {
  std::string text = absl::StrCat("the condition of policy ", error.policy->name, " at line ",
                                  error.preference->loc.line, " hit a model error at line ",
                                  error.failure.loc.line, ", column ", error.failure.loc.column,
                                  " (", error.failure.message, ")");
  // The least text, not the first met: the same for any thread count.
  std::lock_guard<std::mutex> lock(mutex_);
  if (!error_.has_value() || text < *error_) error_ = std::move(text);
}

}  // namespace rulecheck::properties
