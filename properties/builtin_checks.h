// The built-in checks of `rulecheck check`, each an observer of the search: invariants,
// `reachable` properties (witnesses and unreachables), deadlocks, and failed moves (asserts,
// model errors, pending-list overflows). Each reports to a shared FindingCollector, which
// keeps for each finding the state first in canonical order, so every trace is a shortest
// one and the same for any thread count.
//
// Internal to properties/; the front door is property.h. The state checks (invariants,
// reachables) evaluate in parallel, one successor generator per worker.
#ifndef RULECHECK_PROPERTIES_BUILTIN_CHECKS_H_
#define RULECHECK_PROPERTIES_BUILTIN_CHECKS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "explorer/explorer.h"
#include "ir/state_space.h"
#include "model/model.h"
#include "model/successors.h"
#include "properties/collector.h"
#include "properties/property.h"

namespace rulecheck::properties {

// A check that may have something to add once the search is over.
class BuiltInCheck : public explorer::ExplorationObserver {
 public:
  // Called once after the search, before the collector builds traces.
  virtual void Finish(const explorer::ExplorationStats& /*stats*/,
                      std::vector<Undetermined>& /*undetermined*/) {}
};

// Evaluates a list of state properties (invariants or reachables) in every visited state, on
// the calling worker's own generator. A property settled at some depth (violated, witnessed)
// is not evaluated in deeper states: nothing there can beat the shallower finding.
class StatePropertyCheck : public BuiltInCheck {
 public:
  // `space`, when not null, may evaluate the properties faster (ir::PropertyEvaluator);
  // `first` is the number of the first of `properties` there.
  StatePropertyCheck(const model::Model& model, const std::vector<ir::Property>& properties,
                     FindingCollector& collector, const ir::StateSpace* space = nullptr,
                     int first = 0);
  void Begin(int workers) override;
  void OnVisit(const explorer::StateRef& state, bool terminal) override;
  // Snapshots: the depth where each property was settled, if before level `depth`.
  bool snapshots() const override { return true; }
  void SaveState(int depth, explorer::ByteWriter& out) const override;
  absl::Status LoadState(explorer::ByteReader& in) override;

 protected:
  // The property holds (`value` true) or not in `state`: offer a finding if that is news.
  // Returns whether the property is settled at this depth.
  virtual bool OnValue(size_t index, const explorer::StateRef& state, bool value) = 0;
  bool settled(size_t index) const {
    return settled_depth_[index].load(std::memory_order_relaxed) != kUnsettled;
  }

  const model::Model& model_;
  const std::vector<ir::Property>& properties_;
  FindingCollector& collector_;

 private:
  static constexpr int kUnsettled = 1 << 30;
  std::vector<std::unique_ptr<model::SuccessorGenerator>> generators_;  // per worker
  const ir::StateSpace* space_;
  const int first_;
  std::vector<std::unique_ptr<ir::PropertyEvaluator>> evaluators_;  // per worker, or none
  std::unique_ptr<std::atomic<int>[]> settled_depth_;
};

// The first violation of each invariant is a finding, and so is each distinct model error met
// while evaluating one.
class InvariantCheck final : public StatePropertyCheck {
 public:
  InvariantCheck(const model::Model& model, FindingCollector& collector,
                 const ir::StateSpace* space = nullptr)
      : StatePropertyCheck(model, model.program.invariants, collector, space, 0) {}

 private:
  bool OnValue(size_t index, const explorer::StateRef& state, bool value) override;
};

// A witness (info) for the first state where each `reachable` holds; after a complete search,
// an unreachable finding for each that never held; after an incomplete one, an Undetermined.
class ReachableCheck final : public StatePropertyCheck {
 public:
  ReachableCheck(const model::Model& model, FindingCollector& collector,
                 const ir::StateSpace* space = nullptr)
      : StatePropertyCheck(model, model.program.reachables, collector, space,
                           static_cast<int>(model.program.invariants.size())) {}
  void Finish(const explorer::ExplorationStats& stats,
              std::vector<Undetermined>& undetermined) override;

 private:
  bool OnValue(size_t index, const explorer::StateRef& state, bool value) override;
};

// A non-terminal state with no successors and no failed moves is a deadlock (a state whose
// only moves fail is reported through those failures instead). The first one found is the
// finding; its message gives the total.
class DeadlockCheck final : public BuiltInCheck {
 public:
  explicit DeadlockCheck(FindingCollector& collector) : collector_(collector) {}
  void OnDeadState(const explorer::StateRef& state) override;
  void Finish(const explorer::ExplorationStats& stats,
              std::vector<Undetermined>& undetermined) override;
  // Snapshots: the count (dead states are delivered after their level).
  bool snapshots() const override { return true; }
  void SaveState(int depth, explorer::ByteWriter& out) const override;
  absl::Status LoadState(explorer::ByteReader& in) override;

 private:
  FindingCollector& collector_;
  uint64_t deadlocks_ = 0;
};

// A terminal state in which triggers are still pending: the game is over before they resolve,
// and the rulebook must say whether it ends at once or once they have. One warning per trigger,
// at the first such state in canonical order (its trace is a shortest one).
class PendingAtEndCheck final : public BuiltInCheck {
 public:
  PendingAtEndCheck(const model::Model& model, FindingCollector& collector)
      : model_(model), collector_(collector) {}
  void OnVisit(const explorer::StateRef& state, bool terminal) override;
  // Snapshots: nothing to save (the findings are the collector's).
  bool snapshots() const override { return true; }

 private:
  const model::Model& model_;
  FindingCollector& collector_;
};

// Turns failed moves (assert, model error, pending overflow) and model errors while deciding
// `terminal when` into findings, one per distinct kind and source location.
class FailureCheck final : public BuiltInCheck {
 public:
  FailureCheck(const model::Model& model, FindingCollector& collector)
      : model_(model), collector_(collector) {}
  void OnStepFailure(const explorer::StateRef& from, const ir::StepFailure& failure) override;
  void OnTerminalError(const explorer::StateRef& state, const ir::StepFailure& failure) override;
  // Snapshots: nothing to save (the findings are the collector's).
  bool snapshots() const override { return true; }

 private:
  const model::Model& model_;
  FindingCollector& collector_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_BUILTIN_CHECKS_H_
