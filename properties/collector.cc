// The finding collector (see collector.h).
#include "properties/collector.h"

#include <algorithm>
#include <utility>

namespace rulecheck::properties {

void FindingCollector::Locate(Finding& finding) const {
  if (model_.source == nullptr) return;
  // The file, or the command-line property the location lies in.
  const auto [source, local] = model_.Resolve(finding.location);
  finding.file = source->path();
  if (finding.location.valid()) finding.location = local;
}

FindingCollector::FindingCollector(const model::Model& model, bool stop_at_first)
    : model_(model), stop_at_first_(stop_at_first) {}

void FindingCollector::Offer(const std::string& dedupe, Finding finding,
                             const explorer::StateRef& state, uint64_t seq,
                             const ir::StepFailure* failure) {
  const int depth = state.id == explorer::kNoState ? -1 : state.depth;
  const FindingKey key{depth, state.pos, seq};
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = candidates_.find(dedupe);
  if (it != candidates_.end() && it->second.key <= key) return;
  Candidate candidate;
  Locate(finding);
  if (IsError(finding)) has_error_.store(true);
  candidate.finding = std::move(finding);
  candidate.key = key;
  candidate.has_state = state.id != explorer::kNoState;
  candidate.depth = state.depth;
  candidate.pos = state.pos;
  if (failure != nullptr) candidate.failure = *failure;
  candidates_[dedupe] = std::move(candidate);
}

void FindingCollector::AddUntraced(Finding finding) {
  std::lock_guard<std::mutex> lock(mutex_);
  Locate(finding);
  untraced_.push_back(std::move(finding));
}

Finding* FindingCollector::Find(const std::string& dedupe) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = candidates_.find(dedupe);
  return it == candidates_.end() ? nullptr : &it->second.finding;
}

std::vector<FindingStep> FindingCollector::BuildTrace(const explorer::Exploration& exploration,
                                                      const Candidate& candidate) const {
  std::vector<FindingStep> steps;
  if (candidate.has_state) {
    for (explorer::TraceStep& step : exploration.TraceTo(candidate.depth, candidate.pos)) {
      steps.push_back(FindingStep{std::move(step.move), std::move(step.state), false, ""});
    }
  }
  if (candidate.failure.has_value()) {
    FindingStep failed;
    failed.move = candidate.failure->move;
    if (!steps.empty()) failed.state = steps.back().state;
    failed.failed = true;
    failed.error = candidate.failure->message;
    steps.push_back(std::move(failed));
  }
  return steps;
}

std::vector<Finding> FindingCollector::Finish(const explorer::Exploration& exploration) {
  std::vector<const Candidate*> ordered;
  for (const auto& [dedupe, candidate] : candidates_) ordered.push_back(&candidate);
  // Ties (two findings about one state) keep the order of their dedupe keys: deterministic.
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Candidate* a, const Candidate* b) { return a->key < b->key; });
  if (stop_at_first_) {
    // Keep the first error and what came before it.
    auto first_error = std::find_if(ordered.begin(), ordered.end(),
                                    [](const Candidate* c) { return IsError(c->finding); });
    if (first_error != ordered.end()) ordered.erase(first_error + 1, ordered.end());
  }
  std::vector<Finding> findings;
  for (const Candidate* candidate : ordered) {
    Finding finding = candidate->finding;
    finding.trace = BuildTrace(exploration, *candidate);
    findings.push_back(std::move(finding));
  }
  for (Finding& finding : untraced_) findings.push_back(std::move(finding));
  untraced_.clear();
  candidates_.clear();
  std::stable_partition(findings.begin(), findings.end(), IsError);
  return findings;
}

std::string RuleName(const model::Model& model, const ir::Move& move) {
  const ir::Program& program = model.program;
  switch (move.kind) {
    case ir::Move::Kind::kAction:
      if (move.index >= 0 && move.index < static_cast<int>(program.actions.size())) {
        return "action " + program.actions[move.index].name;
      }
      return "an action";
    case ir::Move::Kind::kTrigger:
      if (move.index >= 0 && move.index < static_cast<int>(program.triggers.size())) {
        return "trigger " + program.triggers[move.index].name;
      }
      return "a trigger";
    case ir::Move::Kind::kInit:
      return "init";
  }
  return "a move";
}

}  // namespace rulecheck::properties
