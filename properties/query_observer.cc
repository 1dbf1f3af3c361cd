// The query observer (see query_observer.h).
#include "properties/query_observer.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"

namespace rulecheck::properties {
namespace {

constexpr int kUnsettled = std::numeric_limits<int>::max();

bool Earlier(int depth, uint64_t pos, int other_depth, uint64_t other_pos) {
  return std::tie(depth, pos) < std::tie(other_depth, other_pos);
}

}  // namespace

// What one worker has seen. Written by that worker only; read between levels and after the
// search. Aligned so that two workers' counters never share a cache line.
struct alignas(64) QueryObserver::Worker {
  Worker(const model::Model& model, size_t targets)
      : generator(model),
        best(targets),
        first_error(targets),
        error_text(targets),
        errors(targets) {}

  model::SuccessorGenerator generator;
  std::vector<Best> best;
  std::vector<Best> first_error;  // `found`: an error was met, at (depth, pos)
  std::vector<std::string> error_text;
  std::vector<uint64_t> errors;
  uint64_t visited = 0;
  int deepest = -1;
};

QueryObserver::QueryObserver(const model::Model& model, std::vector<QueryTarget> targets,
                             std::function<void(const QueryLevel&)> on_level)
    : model_(model),
      targets_(std::move(targets)),
      on_level_(std::move(on_level)),
      settled_depth_(new std::atomic<int>[targets_.size()]),
      settled_seconds_(targets_.size(), -1) {
  for (size_t i = 0; i < targets_.size(); ++i) settled_depth_[i] = kUnsettled;
}

QueryObserver::~QueryObserver() = default;

void QueryObserver::Begin(int workers) {
  start_ = std::chrono::steady_clock::now();
  workers_.clear();
  for (int w = 0; w < workers; ++w) {
    workers_.push_back(std::make_unique<Worker>(model_, targets_.size()));
  }
}

bool QueryObserver::Beats(size_t index, int64_t value, int depth, uint64_t pos,
                          const Best& best) const {
  if (!best.found) return true;
  const ir::QueryKind kind = targets_[index].query->kind;
  if (kind == ir::QueryKind::kMaximize && value != best.value) return value > best.value;
  if (kind == ir::QueryKind::kMinimize && value != best.value) return value < best.value;
  return Earlier(depth, pos, best.depth, best.pos);
}

void QueryObserver::OnVisit(const explorer::StateRef& state, bool /*terminal*/) {
  Worker& worker = *workers_[state.worker];
  ++worker.visited;
  worker.deepest = std::max(worker.deepest, state.depth);
  for (size_t i = 0; i < targets_.size(); ++i) {
    if (state.depth > targets_[i].within) continue;
    if (settled_depth_[i].load(std::memory_order_relaxed) < state.depth) continue;
    const model::PropertyValue value = worker.generator.Evaluate(*targets_[i].query, state.words);
    if (!value.ok) {
      ++worker.errors[i];
      Best& first = worker.first_error[i];
      if (!first.found || Earlier(state.depth, state.pos, first.depth, first.pos)) {
        first = {true, 0, state.depth, state.pos};
        worker.error_text[i] =
            absl::StrCat(value.failure.message, " (line ", value.failure.loc.line, ")");
      }
      continue;
    }
    const bool reachable = targets_[i].query->kind == ir::QueryKind::kReachable;
    if (reachable && value.value == 0) continue;
    const int64_t v = reachable ? 1 : value.value;
    if (!Beats(i, v, state.depth, state.pos, worker.best[i])) continue;
    worker.best[i] = {true, v, state.depth, state.pos};
    if (reachable) {
      // Settled here: deeper states cannot give an earlier witness.
      int seen = settled_depth_[i].load(std::memory_order_relaxed);
      while (state.depth < seen && !settled_depth_[i].compare_exchange_weak(seen, state.depth)) {
      }
    }
  }
}

int QueryObserver::NeededDepth(size_t index) const {
  return std::min(targets_[index].within, settled_depth_[index].load());
}

bool QueryObserver::ShouldStop() const {
  QueryLevel level;
  for (const auto& worker : workers_) {
    level.depth = std::max(level.depth, worker->deepest);
    level.visited += worker->visited;
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
  bool settled = true;
  for (size_t i = 0; i < targets_.size(); ++i) {
    if (level.depth < NeededDepth(i)) {
      settled = false;
    } else if (settled_seconds_[i] < 0) {
      settled_seconds_[i] = elapsed.count();
    }
  }
  if (on_level_) {
    level.answers = Answers();
    on_level_(level);
  }
  return settled;
}

std::vector<QueryAnswer> QueryObserver::Answers() const {
  std::vector<QueryAnswer> answers;
  for (size_t i = 0; i < targets_.size(); ++i) {
    QueryAnswer answer;
    answer.name = targets_[i].query->name;
    answer.kind = targets_[i].query->kind;
    answer.within = targets_[i].within;
    Best best;
    Best first_error;
    for (const auto& worker : workers_) {
      const Best& b = worker->best[i];
      if (b.found && Beats(i, b.value, b.depth, b.pos, best)) best = b;
      answer.errors += worker->errors[i];
      const Best& e = worker->first_error[i];
      if (e.found &&
          (!first_error.found || Earlier(e.depth, e.pos, first_error.depth, first_error.pos))) {
        first_error = e;
        answer.first_error = worker->error_text[i];
      }
    }
    answer.found = best.found;
    answer.value = best.value;
    answer.depth = best.depth;
    answer.pos = best.pos;
    answer.seconds = settled_seconds_[i];
    answers.push_back(std::move(answer));
  }
  return answers;
}

}  // namespace rulecheck::properties
