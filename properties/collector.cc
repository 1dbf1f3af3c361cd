// The finding collector (see collector.h).
#include "properties/collector.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "base/status_macros.h"
#include "properties/finding_bytes.h"

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
  std::optional<ir::StepFailure> failure = candidate.failure;
  if (!failure.has_value() && candidate.failure_at.has_value()) {
    failure = FindFailure(exploration, steps.empty() ? nullptr : &steps.back().state,
                          *candidate.failure_at);
  }
  if (failure.has_value()) {
    results::TraceStep failed;
    failed.move = failure->move;
    if (!steps.empty()) failed.state = steps.back().state;
    failed.failed = true;
    failed.error = failure->message;
    steps.push_back(std::move(failed));
  }
  return steps;
}

namespace {

// Keeps the first failure of a kind at a location.
class FailureSink final : public ir::SuccessorSink {
 public:
  FailureSink(ir::StepFailure::Kind kind, ir::Location loc) : kind_(kind), loc_(loc) {}
  void OnSuccessor(const uint32_t* /*state*/, const ir::Move& /*move*/) override {}
  void OnFailure(const ir::StepFailure& failure) override {
    if (!found.has_value() && failure.kind == kind_ && failure.loc == loc_) found = failure;
  }
  std::optional<ir::StepFailure> found;

 private:
  ir::StepFailure::Kind kind_;
  ir::Location loc_;
};

}  // namespace

std::optional<ir::StepFailure> FindingCollector::FindFailure(
    const explorer::Exploration& exploration, const std::vector<uint32_t>* state,
    const Candidate::FailureAt& at) {
  // The search delivers, per state and location, the first failure there in generator order.
  const std::unique_ptr<ir::Expander> expander =
      exploration.space().NewExpander(/*record_trail=*/false);
  FailureSink sink(at.kind, at.loc);
  if (state == nullptr) {
    expander->Initial(sink);
  } else {
    expander->Successors(state->data(), sink);
  }
  return sink.found;
}

void FindingCollector::SaveState(int depth, explorer::ByteWriter& out) const {
  out.U64(seq_.load());
  uint64_t kept = 0;
  for (const auto& [dedupe, candidate] : candidates_) kept += std::get<0>(candidate.key) < depth;
  out.U64(kept);
  for (const auto& [dedupe, candidate] : candidates_) {
    if (std::get<0>(candidate.key) >= depth) continue;
    out.String(dedupe);
    WriteFinding(candidate.finding, out);
    out.I64(std::get<0>(candidate.key));
    out.U64(std::get<1>(candidate.key));
    out.U64(std::get<2>(candidate.key));
    out.U8(candidate.has_state ? 1 : 0);
    out.I64(candidate.depth);
    out.U64(candidate.pos);
    std::optional<Candidate::FailureAt> at = candidate.failure_at;
    if (candidate.failure.has_value()) at = {candidate.failure->kind, candidate.failure->loc};
    out.U8(at.has_value() ? 1 : 0);
    if (at.has_value()) {
      out.U32(static_cast<uint32_t>(at->kind));
      WriteLocation(at->loc, out);
    }
  }
  out.U64(untraced_.size());
  for (const results::Finding& finding : untraced_) WriteFinding(finding, out);
}

absl::Status FindingCollector::LoadState(explorer::ByteReader& in) {
  seq_.store(in.U64());
  const uint64_t kept = in.U64();
  for (uint64_t i = 0; i < kept && in.ok(); ++i) {
    const std::string dedupe = in.String();
    Candidate candidate;
    ASSIGN_OR_RETURN(candidate.finding, ReadFinding(in));
    const int key_depth = static_cast<int>(in.I64());
    const uint64_t key_pos = in.U64();
    const uint64_t key_seq = in.U64();
    candidate.key = FindingKey{key_depth, key_pos, key_seq};
    candidate.has_state = in.U8() != 0;
    candidate.depth = static_cast<int>(in.I64());
    candidate.pos = in.U64();
    if (in.U8() != 0) {
      const uint32_t kind = in.U32();
      if (kind > static_cast<uint32_t>(ir::StepFailure::Kind::kPendingOverflow)) {
        return absl::InvalidArgumentError("a saved failed move has no kind this rulecheck knows");
      }
      candidate.failure_at =
          Candidate::FailureAt{static_cast<ir::StepFailure::Kind>(kind), ReadLocation(in)};
    }
    if (results::IsError(candidate.finding)) has_error_.store(true);
    candidates_[dedupe] = std::move(candidate);
  }
  const uint64_t untraced = in.U64();
  for (uint64_t i = 0; i < untraced && in.ok(); ++i) {
    ASSIGN_OR_RETURN(results::Finding finding, ReadFinding(in));
    untraced_.push_back(std::move(finding));
  }
  return absl::OkStatus();
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
