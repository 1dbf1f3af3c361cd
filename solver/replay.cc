// Unrolling, trace replay and small helpers (see unrolling.h). Replay is the safety net of the
// symbolic engine: a witness is only ever shown after the explicit successor generator has
// reproduced it state by state, so a mistranslation shows up as an InternalError instead of a
// wrong answer.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/successors.h"
#include "solver/unrolling.h"

namespace rulecheck::solver::internal {

Unrolling::Unrolling(StepEncoder& enc, AddFn add, bool from_initial)
    : enc_(enc), add_(std::move(add)), from_initial_(from_initial) {}

absl::Status Unrolling::Start() {
  SymState s0 = enc_.FreshState("0");
  if (from_initial_) {
    InitTerms init = enc_.Init();
    if (!enc_.status().ok()) return enc_.status();
    add_(init.ok);
    add_(enc_.Equal(s0, init.state));
  } else {
    add_(enc_.WellFormed(s0));
  }
  states_.push_back(std::move(s0));
  return enc_.status();
}

const StepTerms& Unrolling::NextStep() {
  if (next_ == nullptr) {
    next_ = std::make_unique<StepTerms>(enc_.Step(states_.back(), std::to_string(depth())));
  }
  return *next_;
}

absl::Status Unrolling::Extend() {
  const StepTerms& step = NextStep();
  if (!enc_.status().ok()) return enc_.status();
  SymState s = enc_.FreshState(std::to_string(depth() + 1));
  add_(step.valid);
  add_(enc_.Equal(s, step.next));
  states_.push_back(std::move(s));
  next_.reset();
  return absl::OkStatus();
}

std::vector<std::vector<uint32_t>> Unrolling::Concrete(const z3::model& m, int upto) {
  std::vector<std::vector<uint32_t>> states;
  for (int i = 0; i <= upto; ++i) states.push_back(enc_.Concrete(m, states_[i]));
  return states;
}

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

results::TraceStep FailedStep(const ir::StepFailure& f, const std::vector<uint32_t>& state) {
  results::TraceStep step;
  step.move = f.move;
  step.state = state;
  step.failed = true;
  step.error = absl::StrCat(f.message, " (line ", f.loc.line, ")");
  return step;
}

}  // namespace

absl::StatusOr<results::Trace> ReplayTrace(const model::Model& model,
                                           const std::vector<std::vector<uint32_t>>& states,
                                           bool from_initial, bool fail_at_end,
                                           ir::StepFailure* failure) {
  model::SuccessorGenerator gen(model);
  results::Trace trace;
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
        if (failure != nullptr) *failure = init.failures.front();
        return trace;
      }
      return not_real("no failing initial run");
    }
    auto it = std::find_if(init.successors.begin(), init.successors.end(),
                           [&](const auto& s) { return s.second == states[0]; });
    if (it == init.successors.end()) return not_real("its first state is not an initial state");
    trace.push_back({it->first, it->second, false, ""});
  } else if (!states.empty()) {
    results::TraceStep start;
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
    if (failure != nullptr) *failure = last.failures.front();
  }
  return trace;
}

results::Finding ViolationFinding(const model::Model& model, results::Finding finding,
                                  results::Trace trace, const ir::StepFailure* failure) {
  // The answer's failed step names the line (its report has no location of its own); the
  // finding has a location, and `check` words the step without it.
  if (failure != nullptr && !trace.empty() && trace.back().failed) {
    trace.back().error = failure->message;
  }
  finding.trace = std::move(trace);
  results::Locate(finding, model.Resolve(finding.location));
  return finding;
}

int64_t ValueIn(const z3::model& m, const Scalar& s) {
  if (s.is_bool()) return m.eval(s.e, true).is_true() ? 1 : 0;
  z3::expr v = m.eval(Widen(s, 64), true);
  return static_cast<int64_t>(v.get_numeral_uint64());
}

Deadline::Deadline(double seconds) : start_(std::chrono::steady_clock::now()), seconds_(seconds) {}

double Deadline::Elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Deadline::expired() const { return seconds_ > 0 && Elapsed() >= seconds_; }

unsigned Deadline::CheckMillis() const {
  if (seconds_ <= 0) return 0;
  double left = (seconds_ - Elapsed()) * 1000;
  return static_cast<unsigned>(std::max(1.0, left));
}

}  // namespace rulecheck::solver::internal
