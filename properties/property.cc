// Check: wires the built-in checks to one search (see property.h).
#include "properties/property.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "properties/builtin_checks.h"
#include "properties/collector.h"
#include "properties/coverage_check.h"

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
  CoverageCheck* coverage = nullptr;
  if (options.dead_rules || options.coverage) {
    auto check = std::make_unique<CoverageCheck>(model, collector, options.dead_rules);
    coverage = check.get();
    checks.push_back(std::move(check));
  }

  std::vector<explorer::ExplorationObserver*> observers;
  for (const auto& check : checks) observers.push_back(check.get());
  observers.push_back(&collector);  // asks the search to stop (--stop-at-first)

  explorer::Exploration exploration = explorer::Explore(model, observers, options.explore);

  CheckResult result;
  result.stats = exploration.stats();
  for (const auto& check : checks) check->Finish(result.stats, result.undetermined);
  result.findings = collector.Finish(exploration);
  if (options.coverage && coverage != nullptr) {
    result.has_coverage = true;
    result.coverage = coverage->Coverage();
  }
  return result;
}

}  // namespace rulecheck::properties
