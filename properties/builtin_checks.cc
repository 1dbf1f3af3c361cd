// The built-in checks (see builtin_checks.h).
#include "properties/builtin_checks.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "model/value_format.h"
#include "results/violations.h"

namespace rulecheck::properties {
namespace {

// The dedupe key of a finding about a source location.
std::string AtLocation(std::string_view what, const ir::Location& loc) {
  return absl::StrCat(std::string(what), "@", loc.line, ":", loc.column);
}

// A finding about property `property` itself (its name and location).
results::Finding AboutProperty(results::FindingKind kind, results::Severity severity,
                               const ir::Property& property, std::string message) {
  results::Finding finding;
  finding.kind = kind;
  finding.severity = severity;
  finding.name = property.name;
  finding.message = std::move(message);
  finding.location = property.loc;
  return finding;
}

}  // namespace

StatePropertyCheck::StatePropertyCheck(const model::Model& model,
                                       const std::vector<ir::Property>& properties,
                                       FindingCollector& collector, const ir::StateSpace* space,
                                       int first)
    : model_(model),
      properties_(properties),
      collector_(collector),
      space_(space),
      first_(first),
      settled_depth_(new std::atomic<int>[properties.size()]) {
  for (size_t i = 0; i < properties.size(); ++i) settled_depth_[i] = kUnsettled;
}

void StatePropertyCheck::Begin(int workers) {
  generators_.clear();
  evaluators_.clear();
  if (properties_.empty()) return;
  for (int w = 0; w < workers; ++w) {
    generators_.push_back(std::make_unique<model::SuccessorGenerator>(model_));
    if (space_ != nullptr) {
      std::unique_ptr<ir::PropertyEvaluator> evaluator = space_->NewPropertyEvaluator();
      if (evaluator != nullptr) evaluators_.push_back(std::move(evaluator));
    }
  }
}

void StatePropertyCheck::OnVisit(const explorer::StateRef& state, bool /*terminal*/) {
  if (properties_.empty()) return;
  model::SuccessorGenerator& generator = *generators_[state.worker];
  for (size_t i = 0; i < properties_.size(); ++i) {
    if (settled_depth_[i].load(std::memory_order_relaxed) < state.depth) continue;
    // The fast evaluator when it has the value; the interpreter for the rest and for errors.
    model::PropertyValue value;
    if (evaluators_.empty() || !evaluators_[state.worker]->Evaluate(first_ + static_cast<int>(i),
                                                                    state.words, &value.value)) {
      value = generator.Evaluate(properties_[i], state.words);
    }
    if (!value.ok) {
      const char* what = &properties_ == &model_.program.invariants ? "invariant" : "reachable";
      collector_.Offer(AtLocation("model_error", value.failure.loc),
                       results::PropertyEvaluationError(what, properties_[i], value.failure), state,
                       0);
      continue;
    }
    if (OnValue(i, state, value.value != 0)) {
      // Settled here: deeper states need not evaluate it any more.
      int seen = settled_depth_[i].load(std::memory_order_relaxed);
      while (state.depth < seen && !settled_depth_[i].compare_exchange_weak(seen, state.depth)) {
      }
    }
  }
}

void StatePropertyCheck::SaveState(int depth, explorer::ByteWriter& out) const {
  out.U64(properties_.size());
  for (size_t i = 0; i < properties_.size(); ++i) {
    const int settled = settled_depth_[i].load();
    // Settled in level `depth` or later: that was after the level began.
    out.I64(settled < depth ? settled : kUnsettled);
  }
}

absl::Status StatePropertyCheck::LoadState(explorer::ByteReader& in) {
  if (in.U64() != properties_.size()) {
    return absl::InvalidArgumentError("it was written for another set of properties");
  }
  for (size_t i = 0; i < properties_.size(); ++i) {
    settled_depth_[i] = static_cast<int>(in.I64());
  }
  return absl::OkStatus();
}

bool InvariantCheck::OnValue(size_t index, const explorer::StateRef& state, bool value) {
  if (value) return false;
  const ir::Property& invariant = properties_[index];
  collector_.Offer(absl::StrCat("invariant#", index), results::InvariantViolation(invariant), state,
                   0);
  return true;
}

bool ReachableCheck::OnValue(size_t index, const explorer::StateRef& state, bool value) {
  if (!value) return false;
  const ir::Property& reachable = properties_[index];
  collector_.Offer(absl::StrCat("reachable#", index),
                   AboutProperty(results::FindingKind::kWitness, results::Severity::kInfo,
                                 reachable, absl::StrCat("reachable ", reachable.name, " holds")),
                   state, 0);
  return true;
}

void ReachableCheck::Finish(const explorer::ExplorationStats& stats,
                            std::vector<Undetermined>& undetermined) {
  for (size_t i = 0; i < properties_.size(); ++i) {
    if (settled(i)) continue;
    const ir::Property& reachable = properties_[i];
    if (!stats.complete) {
      undetermined.push_back({"reachable", reachable.name, reachable.loc});
      continue;
    }
    // With no initial state nothing holds anywhere; no_initial_state says why.
    if (stats.states == 0) continue;
    collector_.AddUntraced(AboutProperty(
        results::FindingKind::kUnreachable, results::Severity::kError, reachable,
        absl::StrCat("reachable ", reachable.name, " never holds in a reachable state")));
  }
}

void DeadlockCheck::OnDeadState(const explorer::StateRef& state) {
  if (deadlocks_++ > 0) return;
  collector_.Offer("deadlock", results::Deadlock(), state, collector_.NextSeq());
}

void DeadlockCheck::Finish(const explorer::ExplorationStats& stats,
                           std::vector<Undetermined>& /*undetermined*/) {
  results::Finding* finding = collector_.Find("deadlock");
  if (finding == nullptr) return;
  const std::string states =
      deadlocks_ == 1 ? "1 deadlocked state"
                      : absl::StrCat(base::GroupThousands(deadlocks_), " deadlocked states");
  finding->message += stats.complete
                          ? absl::StrCat(" (", states, " in all)")
                          : absl::StrCat(" (", states, " found before the search stopped)");
}

void DeadlockCheck::SaveState(int /*depth*/, explorer::ByteWriter& out) const {
  out.U64(deadlocks_);
}

absl::Status DeadlockCheck::LoadState(explorer::ByteReader& in) {
  deadlocks_ = in.U64();
  return absl::OkStatus();
}

void PendingAtEndCheck::OnVisit(const explorer::StateRef& state, bool terminal) {
  if (!terminal || state.words == nullptr) return;
  const ir::StateLayout& layout = model_.layout;
  const int64_t length = layout.PendingLength(state.words);
  if (length == 0) return;
  const ir::Program& program = model_.program;
  const std::vector<std::string> entries = model::PendingEntries(model_, state.words);
  for (int64_t i = 0; i < length; ++i) {
    const int t = layout.PendingTrigger(state.words, i);
    if (t < 0 || static_cast<size_t>(t) >= program.triggers.size()) continue;
    const ir::Trigger& trigger = program.triggers[t];
    results::Finding finding;
    finding.kind = results::FindingKind::kPendingAtEnd;
    finding.severity = results::Severity::kWarning;
    finding.name = "trigger " + trigger.name;
    finding.location = trigger.loc;
    finding.triggers = {trigger.name};
    finding.message = absl::StrCat("the game ends while trigger ", trigger.name, " is pending (",
                                   entries[static_cast<size_t>(i)], "): it never resolves there");
    collector_.Offer("pending_at_end:" + trigger.name, std::move(finding), state,
                     static_cast<uint64_t>(i));
  }
}

void FailureCheck::OnStepFailure(const explorer::StateRef& from, const ir::StepFailure& failure) {
  // One finding per kind of failure and source location.
  const char* kind = failure.kind == ir::StepFailure::Kind::kAssert       ? "assert"
                     : failure.kind == ir::StepFailure::Kind::kModelError ? "model_error"
                                                                          : "pending_overflow";
  collector_.Offer(AtLocation(kind, failure.loc), results::FailedMove(model_.program, failure),
                   from, collector_.NextSeq(), &failure);
}

void FailureCheck::OnTerminalError(const explorer::StateRef& state,
                                   const ir::StepFailure& failure) {
  collector_.Offer(AtLocation("model_error", failure.loc),
                   results::TerminalEvaluationError(failure), state, collector_.NextSeq());
}

}  // namespace rulecheck::properties
