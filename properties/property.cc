// Check: wires the built-in checks to one search (see property.h).
#include "properties/property.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "properties/builtin_checks.h"
#include "properties/collector.h"

namespace rulecheck::properties {

int CheckResult::error_count() const {
  return static_cast<int>(std::count_if(findings.begin(), findings.end(), IsError));
}

CheckResult Check(const model::Model& model, const CheckOptions& options) {
  FindingCollector collector(model, options.stop_at_first);
  std::vector<std::unique_ptr<BuiltInCheck>> checks;
  checks.push_back(std::make_unique<FailureCheck>(model, collector));
  if (options.invariants) checks.push_back(std::make_unique<InvariantCheck>(model, collector));
  if (options.deadlocks) checks.push_back(std::make_unique<DeadlockCheck>(collector));
  if (options.reachables) checks.push_back(std::make_unique<ReachableCheck>(model, collector));

  std::vector<explorer::ExplorationObserver*> observers;
  for (const auto& check : checks) observers.push_back(check.get());
  observers.push_back(&collector);  // asks the search to stop (--stop-at-first)

  explorer::Exploration exploration = explorer::Explore(model, observers, options.explore);

  CheckResult result;
  result.stats = exploration.stats();
  for (const auto& check : checks) check->Finish(result.stats, result.undetermined);
  result.findings = collector.Finish(exploration);
  return result;
}

}  // namespace rulecheck::properties
