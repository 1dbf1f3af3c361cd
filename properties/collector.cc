// The finding collector (see collector.h).
#include "properties/collector.h"

#include <algorithm>
#include <utility>

namespace rulecheck::properties {

void FindingCollector::Locate(results::Finding& finding) const {
  if (model_.source == nullptr) return;
  // The file, or the command-line property the location lies in.
  results::Locate(finding, model_.Resolve(finding.location));
}

FindingCollector::FindingCollector(const model::Model& model, bool stop_at_first)
    : model_(model), stop_at_first_(stop_at_first) {}

void FindingCollector::Offer(const std::string& dedupe, results::Finding finding,
                             const explorer::StateRef& state, uint64_t seq,
                             const ir::StepFailure* failure) {
  const int depth = state.id == explorer::kNoState ? -1 : state.depth;
  const FindingKey key{depth, state.pos, seq};
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = candidates_.find(dedupe);
  if (it != candidates_.end() && it->second.key <= key) return;
  Candidate candidate;
  Locate(finding);
  if (results::IsError(finding)) has_error_.store(true);
  candidate.finding = std::move(finding);
  candidate.key = key;
  candidate.has_state = state.id != explorer::kNoState;
  candidate.depth = state.depth;
  candidate.pos = state.pos;
  if (failure != nullptr) candidate.failure = *failure;
  candidates_[dedupe] = std::move(candidate);
}

void FindingCollector::AddUntraced(results::Finding finding) {
  std::lock_guard<std::mutex> lock(mutex_);
  Locate(finding);
  untraced_.push_back(std::move(finding));
}

results::Finding* FindingCollector::Find(const std::string& dedupe) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = candidates_.find(dedupe);
  return it == candidates_.end() ? nullptr : &it->second.finding;
}

results::Trace FindingCollector::BuildTrace(const explorer::Exploration& exploration,
                                            const Candidate& candidate) const {
  results::Trace steps;
  if (candidate.has_state) {
    steps = exploration.TraceTo(candidate.depth, candidate.pos);
  }
  if (candidate.failure.has_value()) {
    results::TraceStep failed;
    failed.move = candidate.failure->move;
    if (!steps.empty()) failed.state = steps.back().state;
    failed.failed = true;
    failed.error = candidate.failure->message;
    steps.push_back(std::move(failed));
  }
  return steps;
}

std::vector<results::Finding> FindingCollector::Finish(const explorer::Exploration& exploration) {
  std::vector<const Candidate*> ordered;
  for (const auto& [dedupe, candidate] : candidates_) ordered.push_back(&candidate);
  // Ties (two findings about one state) keep the order of their dedupe keys: deterministic.
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Candidate* a, const Candidate* b) { return a->key < b->key; });
  if (stop_at_first_) {
    // Keep the first error and what came before it.
    auto first_error = std::find_if(ordered.begin(), ordered.end(), [](const Candidate* c) {
      return results::IsError(c->finding);
    });
    if (first_error != ordered.end()) ordered.erase(first_error + 1, ordered.end());
  }
  std::vector<results::Finding> findings;
  for (const Candidate* candidate : ordered) {
    results::Finding finding = candidate->finding;
    finding.trace = BuildTrace(exploration, *candidate);
    findings.push_back(std::move(finding));
  }
  for (results::Finding& finding : untraced_) findings.push_back(std::move(finding));
  untraced_.clear();
  candidates_.clear();
  std::stable_partition(findings.begin(), findings.end(), results::IsError);
  return findings;
}

}  // namespace rulecheck::properties
