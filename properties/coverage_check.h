// The dead-rule and coverage analysis: which rules, branches and cards the moves of a search
// used, and how many transitions ran each line of the rules file.
//
// A CoverageCheck observes every transition (ExplorationObserver::OnTransition) and counts, in
// per-worker arrays (no lock on the hot path): moves per action and per trigger, passes per
// statement and `if` branch (from Move::trail), transitions per source line, and appearances
// of each member of a `cards` enum as a move's argument or choice, or moved by name by a
// statement it ran. Counts of a level are kept
// apart until the level is final, so a level the search redoes (when its store grows) is not
// counted twice; the totals are sums, the same for any thread count. After a complete search
// it reports, as warnings without traces, every action and trigger that never fired, every
// branch never taken (only the outermost: a branch inside a dead rule or dead branch is not
// reported again), and every card that never appeared. Internal to properties/.
#ifndef RULECHECK_PROPERTIES_COVERAGE_CHECK_H_
#define RULECHECK_PROPERTIES_COVERAGE_CHECK_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/cache_aligned.h"
#include "explorer/explorer.h"
#include "model/model.h"
#include "properties/builtin_checks.h"
#include "properties/collector.h"
#include "properties/move_cards.h"
#include "properties/property.h"

namespace rulecheck::properties {

class CoverageCheck final : public BuiltInCheck {
 public:
  // `dead_findings`: offer the dead-rule findings to `collector` at Finish. `model` and
  // `collector` must outlive the check.
  CoverageCheck(const model::Model& model, FindingCollector& collector, bool dead_findings);

  bool wants_transitions() const override { return true; }
  void Begin(int workers) override;
  void OnTransition(const explorer::StateRef& from, const ir::Move& move) override;
  void OnExpansionRetry(int depth) override;
  void Finish(const explorer::ExplorationStats& stats,
              std::vector<Undetermined>& undetermined) override;
  // Snapshots: the counts of every transition from a level before `depth` (and of the
  // initial moves), summed over the workers; loaded into one worker's counts.
  bool snapshots() const override { return true; }
  void SaveState(int depth, explorer::ByteWriter& out) const override;
  absl::Status LoadState(explorer::ByteReader& in) override;

  // After Finish: for every line holding a rule header or a statement, in line order, how
  // many transitions (initial moves included) ran it.
  std::vector<LineCoverage> Coverage() const;
  // After Finish, with dead findings on and a complete search: the branches no move took
  // because constants switch them off, where dead branches are otherwise reported.
  std::vector<SwitchedOffBranch> SwitchedOff() const { return switched_off_; }

 private:
  // Each worker writes its own on every transition: whole cache lines each, so that no two
  // workers' counters share one.
  using CountVector = std::vector<uint64_t, base::CacheAlignedAllocator<uint64_t>>;
  struct Counts {
    CountVector actions, triggers, points, lines, cards;
    void Resize(const Counts& shape);
    void AddTo(Counts& total) const;
    void Zero();
  };
  // One worker's counters; each its own allocation of whole cache lines, as its vectors', so
  // workers do not share cache lines.
  struct alignas(base::kCacheLineBytes) WorkerCounts {
    Counts committed;  // levels that are final
    Counts level;      // the level being expanded, `level_depth`
    int level_depth = -1;
    CountVector line_stamp;  // the transition that last counted each line
    uint64_t stamp = 0;
  };

  void Count(const ir::Move& move, Counts& counts, WorkerCounts& worker);
  void OfferDeadFindings();
  void OfferDeadBranches();
  void NoteSwitchedOffLines();
  // The constants that switch off trail point `id` or a branch around it, as "NAME = VALUE".
  std::vector<std::string> OffConstants(size_t id) const;
  // "NAME = VALUE" for each of these constants.
  std::vector<std::string> NamedValues(const std::vector<int>& off_by) const;
  // Where a trail point is written: "init", "action NAME", "trigger NAME" or "proc NAME".
  std::string WrittenIn(const ir::TrailPoint& point) const;
  std::string RuleOf(const ir::TrailPoint& point) const;

  const model::Model& model_;
  FindingCollector& collector_;
  const bool dead_findings_;
  Counts shape_;     // sized, all zero
  CardIndex cards_;  // numbers Counts::cards
  std::vector<int> action_lines_, trigger_lines_;
  std::vector<int> point_lines_;  // by trail id: the line a transition through it covers, or 0
  int init_line_ = 0;
  std::vector<std::unique_ptr<WorkerCounts>> workers_;
  Counts total_;
  std::vector<bool> coverable_line_;
  // By trail id: the point that switches it off (itself or an enclosing branch), or -1.
  std::vector<int32_t> off_point_;
  // By line: a point whose constants switch off everything on the line, or -1.
  std::vector<int32_t> line_off_point_;
  // By line: the constants ("NAME = VALUE, ...") that switch off the whole rule on it, or "".
  std::vector<std::string> line_off_rule_;
  std::vector<SwitchedOffBranch> switched_off_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_COVERAGE_CHECK_H_
