// Collects the findings of the checks during a search, and turns them into reportable
// Findings after it.
//
// Checks run on many worker threads and see states in no fixed order, so the collector does
// not keep "the first" finding it is told about: each offer carries the (depth, position)
// key of its state in the search's canonical order, and among offers with the same dedupe
// key (one invariant, one failing source location) the smallest key wins. The result is the
// same for any number of threads, and it is the shortest trace there is.
//
// During the search a check knows only the state a finding is about; traces are rebuilt once
// per finding afterwards from the exploration's parent links. The collector also implements
// `--stop-at-first`: it asks the search to stop once an error is recorded, and keeps only
// the first error. Internal to properties/. Offer and ShouldStop are thread-safe.
#ifndef RULECHECK_PROPERTIES_COLLECTOR_H_
#define RULECHECK_PROPERTIES_COLLECTOR_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"
#include "model/successors.h"
#include "results/finding.h"

namespace rulecheck::properties {

// Where a finding sits in the search's canonical order: its state's depth and position,
// then `seq` among findings of one state. Failures in `init` have depth -1.
using FindingKey = std::tuple<int, uint64_t, uint64_t>;

class FindingCollector final : public explorer::ExplorationObserver {
 public:
  // `model` must outlive the collector.
  FindingCollector(const model::Model& model, bool stop_at_first);

  // Offers `finding` about `state`: its trace leads to the state and, when `failure` is
  // given, ends with that failed move tried in it (state.id kNoState: a failure in `init`).
  // Among offers with the same `dedupe` key the one with the smallest key is kept.
  void Offer(const std::string& dedupe, results::Finding finding, const explorer::StateRef& state,
             uint64_t seq, const ir::StepFailure* failure = nullptr);
  // Adds a finding with no state and no trace (e.g. a `reachable` that never held), after
  // every traced one.
  void AddUntraced(results::Finding finding);
  // Adds a finding whose trace is already built (the post-search analyses), after every
  // finding offered with a state.
  void AddBuilt(results::Finding finding) { AddUntraced(std::move(finding)); }
  // The kept finding for `dedupe`, to amend its message before Finish; null when none.
  results::Finding* Find(const std::string& dedupe);
  // A number that orders sequential events (failures, dead states) delivered in order.
  uint64_t NextSeq() { return seq_.fetch_add(1, std::memory_order_relaxed); }

  bool ShouldStop() const override { return stop_at_first_ && has_error_.load(); }

  // Snapshots: the findings kept for states before level `depth` (a finding about a state of
  // level `depth` or deeper was offered after that level began), the untraced ones and the
  // sequence counter. A failed move is saved as its kind and location, and found again at
  // Finish by trying the moves of its state once more (the successor generator is
  // deterministic, so it is the same move with the same message). Call with no worker
  // running.
  bool snapshots() const override { return true; }
  void SaveState(int depth, explorer::ByteWriter& out) const override;
  absl::Status LoadState(explorer::ByteReader& in) override;

  // Builds every trace and returns the findings: errors first, then the rest, each group in
  // canonical order. Call once, after the search.
  std::vector<results::Finding> Finish(const explorer::Exploration& exploration);

 private:
  struct Candidate {
    results::Finding finding;
    FindingKey key;
    bool has_state = false;  // else a failure in `init`: no state to lead to
    int depth = 0;
    uint64_t pos = 0;
    std::optional<ir::StepFailure> failure;
    // Loaded from a snapshot: the failure's kind and location, to be found again.
    struct FailureAt {
      ir::StepFailure::Kind kind = ir::StepFailure::Kind::kModelError;
      ir::Location loc;
    };
    std::optional<FailureAt> failure_at;
  };

  // The failure `at` among the moves tried from `state` (null: in `init`), as the search met
  // it; nullopt when there is none.
  static std::optional<ir::StepFailure> FindFailure(const explorer::Exploration& exploration,
                                                    const std::vector<uint32_t>* state,
                                                    const Candidate::FailureAt& at);

  // Sets the finding's file, and its location within that file.
  void Locate(results::Finding& finding) const;
  results::Trace BuildTrace(const explorer::Exploration& exploration,
                            const Candidate& candidate) const;

  const model::Model& model_;
  const bool stop_at_first_;
  std::atomic<bool> has_error_{false};
  std::atomic<uint64_t> seq_{0};
  std::mutex mutex_;
  std::map<std::string, Candidate> candidates_;
  std::vector<results::Finding> untraced_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_COLLECTOR_H_
