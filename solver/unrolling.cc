// Unrolling (see unrolling.h).
#include "solver/unrolling.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "solver/step_stats.h"

namespace rulecheck::solver::internal {

Unrolling::Unrolling(StepEncoder& enc, AddFn add, bool from_initial)
    : enc_(enc), add_(std::move(add)), from_initial_(from_initial) {}

absl::Status Unrolling::Start() {
  SymState s0 = enc_.FreshState("0", from_initial_ ? 0 : -1);
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
    const double t0 = StatsEnabled() ? CpuSeconds() : 0;
    // From an initial state, the last state is exactly depth() moves deep: the control slice
    // applies (z3_step.h).
    next_ = std::make_unique<StepTerms>(
        enc_.Step(states_.back(), std::to_string(depth()), from_initial_ ? depth() : -1));
    if (StatsEnabled()) {
      StatsLine(absl::StrCat("step ", depth(), " built in ", CpuSeconds() - t0, " cpu s"));
    }
  }
  return *next_;
}

absl::Status Unrolling::Extend() {
  const StepTerms& step = NextStep();
  if (!enc_.status().ok()) return enc_.status();
  SymState s = enc_.FreshState(std::to_string(depth() + 1), from_initial_ ? depth() + 1 : -1);
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

z3::expr Unrolling::Is(const std::vector<std::vector<uint32_t>>& play) {
  z3::expr_vector equal(enc_.ctx());
  for (size_t i = 0; i < play.size() && i < states_.size(); ++i) {
    equal.push_back(enc_.Is(states_[i], play[i]));
  }
  return z3::mk_and(equal);
}

}  // namespace rulecheck::solver::internal
