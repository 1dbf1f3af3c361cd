// The tiny model of the report tests (see tiny_model.h).
#include "tests/reports/tiny_model.h"

#include <gtest/gtest.h>

#include <utility>

#include "model/successors.h"

namespace rulecheck::reports::testing {
namespace {

constexpr char kTiny[] = R"(game "Tiny"
state {
  n: 0..3
  lit: bool
}
init {
  n := 0
  lit := false
}
action inc() when n < 3 { n := n + 1 }
action flip() { lit := not lit }
invariant small: n < 2
)";

class Collect : public ir::SuccessorSink {
 public:
  explicit Collect(size_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    steps.push_back({move, std::vector<uint32_t>(state, state + words_), false, ""});
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  results::Trace steps;

 private:
  size_t words_;
};

int ActionIndex(const model::Model& model, const std::string& name) {
  for (size_t i = 0; i < model.program.actions.size(); ++i) {
    if (model.program.actions[i].name == name) return static_cast<int>(i);
  }
  ADD_FAILURE() << "no action " << name;
  return -1;
}

}  // namespace

std::unique_ptr<model::Model> LoadTiny() {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("tiny.rules", kTiny, {});
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

results::Trace Play(const model::Model& model, const std::vector<std::string>& actions) {
  model::SuccessorGenerator generator(model);
  Collect initial(model.layout.words());
  generator.Initial(initial);
  results::Trace trace;
  if (initial.steps.size() != 1) {
    ADD_FAILURE() << initial.steps.size() << " initial states";
    return trace;
  }
  trace.push_back(initial.steps.front());
  for (const std::string& action : actions) {
    Collect next(model.layout.words());
    generator.Successors(trace.back().state.data(), next);
    const int index = ActionIndex(model, action);
    bool found = false;
    for (results::TraceStep& step : next.steps) {
      if (step.move.kind != ir::Move::Kind::kAction || step.move.index != index) continue;
      trace.push_back(std::move(step));
      found = true;
      break;
    }
    if (!found) {
      ADD_FAILURE() << "no move " << action;
      return trace;
    }
  }
  return trace;
}

results::TraceStep FailedStep(const model::Model& model, const results::TraceStep& step,
                              const std::string& action, const std::string& error) {
  results::TraceStep failed;
  failed.move.kind = ir::Move::Kind::kAction;
  failed.move.index = ActionIndex(model, action);
  failed.state = step.state;
  failed.failed = true;
  failed.error = error;
  return failed;
}

}  // namespace rulecheck::reports::testing
