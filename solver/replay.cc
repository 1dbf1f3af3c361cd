// ReplayTrace (see replay.h). Replay is the safety net of the symbolic engine: a witness is only
// ever shown after the explicit successor generator has reproduced it state by state, so a
// mistranslation shows up as an InternalError instead of a wrong answer.
#include "solver/replay.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/successors.h"

namespace rulecheck::solver::internal {
namespace {

// Collects successors and failures.
class Collect : public model::SuccessorSink {
 public:
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    successors.push_back({move, std::vector<uint32_t>(state, state + words)});
  }
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure); }

  size_t words = 0;
  std::vector<std::pair<ir::Move, std::vector<uint32_t>>> successors;
  std::vector<ir::StepFailure> failures;
};

TraceStep FailedStep(const ir::StepFailure& f, const std::vector<uint32_t>& state) {
  TraceStep step;
  step.move = f.move;
  step.state = state;
  step.failed = true;
  step.error = absl::StrCat(f.message, " (line ", f.loc.line, ")");
  return step;
}

}  // namespace

absl::StatusOr<std::vector<TraceStep>> ReplayTrace(const model::Model& model,
                                                   const std::vector<std::vector<uint32_t>>& states,
                                                   bool from_initial, bool fail_at_end) {
  model::SuccessorGenerator gen(model);
  std::vector<TraceStep> trace;
  const size_t words = model.layout.words();
  auto not_real = [](const std::string& what) {
    return absl::InternalError(
        absl::StrCat("the symbolic engine's witness is not a real play: ", what,
                     " (a bug in the Z3 translation; please report it with the rules file)"));
  };
  if (from_initial) {
    Collect init;
    init.words = words;
    gen.Initial(init);
    if (states.empty()) {
      if (fail_at_end && !init.failures.empty()) {
        trace.push_back(FailedStep(init.failures.front(), {}));
        return trace;
      }
      return not_real("no failing initial run");
    }
    auto it = std::find_if(init.successors.begin(), init.successors.end(),
                           [&](const auto& s) { return s.second == states[0]; });
    if (it == init.successors.end()) return not_real("its first state is not an initial state");
    trace.push_back({it->first, it->second, false, ""});
  } else if (!states.empty()) {
    TraceStep start;
    start.state = states[0];
    trace.push_back(start);
  }
  for (size_t i = 0; i + 1 < states.size(); ++i) {
    Collect next;
    next.words = words;
    gen.Successors(states[i].data(), next);
    auto it = std::find_if(next.successors.begin(), next.successors.end(),
                           [&](const auto& s) { return s.second == states[i + 1]; });
    if (it == next.successors.end()) {
      return not_real(absl::StrCat("no move leads from its state ", i, " to state ", i + 1));
    }
    trace.push_back({it->first, it->second, false, ""});
  }
  if (fail_at_end) {
    Collect last;
    last.words = words;
    gen.Successors(states.back().data(), last);
    if (last.failures.empty()) return not_real("no move fails in its last state");
    trace.push_back(FailedStep(last.failures.front(), states.back()));
  }
  return trace;
}

}  // namespace rulecheck::solver::internal
