// Ctrl-C after the search, during the analyses: properties::Check stops the analysis under way
// and ends the run as a stopped search ends (incomplete, interrupted), keeping the findings of
// the analyses that finished; the analysis stopped and those after it are then not
// determined. The cancel
// flag is set from the analysis announcement, so the test is exact, not timed.
#include <atomic>
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "model/model.h"
#include "properties/property.h"
#include "results/finding.h"

namespace rulecheck::properties {
namespace {

// tests/e2e/analyses/order_dependent.rules, which also declares `terminates`: `reset` starts
// over, so play never ends, and the two triggers on Hit do not commute.
constexpr char kModel[] = R"(
event Hit()
state {
  x: 0..7
  gone: bool
}
action go() when not gone {
  gone := true
  x := 1
  emit Hit()
}
action reset() when gone {
  gone := false
  x := 0
}
trigger double on Hit() { x := x * 2 }
trigger inc on Hit() { x := x + 1 }
terminates
)";

int Count(const CheckResult& result, results::FindingKind kind) {
  int n = 0;
  for (const results::Finding& f : result.findings) n += f.kind == kind;
  return n;
}

constexpr char kInterrupted[] =
    "the run was stopped (Ctrl-C or a signal) before this analysis finished";

// The kinds of the properties left undetermined, in order, space-separated.
std::string Kinds(const CheckResult& result) {
  std::string kinds;
  for (const Undetermined& property : result.undetermined) {
    kinds += (kinds.empty() ? "" : " ") + property.kind;
  }
  return kinds;
}

// Checks kModel, setting the cancel flag when an analysis whose announcement starts with
// `cancel_at` begins (never when empty).
CheckResult CheckCancellingAt(const std::string& cancel_at) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("t.rules", kModel, {});
  EXPECT_TRUE(model.ok()) << model.status();
  std::atomic<bool> cancel{false};
  CheckOptions options;
  options.explore.threads = 2;
  options.explore.memory_bytes = uint64_t{64} << 20;
  options.explore.cancel = &cancel;
  options.on_analysis = [&](const std::string& what) {
    if (!cancel_at.empty() && what.rfind(cancel_at, 0) == 0) cancel.store(true);
  };
  return Check(**model, options);
}

TEST(AnalysisCancelTest, UninterruptedRunFindsBoth) {
  const CheckResult result = CheckCancellingAt("");
  EXPECT_TRUE(result.stats.complete);
  EXPECT_EQ(Count(result, results::FindingKind::kNonTermination), 1);
  EXPECT_EQ(Count(result, results::FindingKind::kOrderDependence), 1);
  EXPECT_TRUE(result.undetermined.empty());
}

TEST(AnalysisCancelTest, CtrlCWhileBuildingTheGraphLeavesTerminationUndetermined) {
  const CheckResult result = CheckCancellingAt("building the transition graph");
  EXPECT_FALSE(result.stats.complete);
  EXPECT_EQ(result.stats.stop_reason, explorer::StopReason::kCancelled);
  EXPECT_EQ(result.stats.states, 4u);  // the search itself had finished
  EXPECT_EQ(Count(result, results::FindingKind::kNonTermination), 0);
  EXPECT_EQ(Count(result, results::FindingKind::kOrderDependence), 0);
  EXPECT_EQ(Kinds(result), "terminates reaction_chain order_dependence");
  EXPECT_EQ(result.undetermined[0].reason, kInterrupted);
}

// Stopped in the cycle search, the run once listed nothing as undetermined: it read as a run
// that found no cycle.
TEST(AnalysisCancelTest, CtrlCWhileLookingForCyclesLeavesTerminationUndetermined) {
  const CheckResult result = CheckCancellingAt("looking for cycles");
  EXPECT_FALSE(result.stats.complete);
  EXPECT_EQ(Count(result, results::FindingKind::kNonTermination), 0);
  EXPECT_EQ(Kinds(result), "terminates order_dependence");
  EXPECT_EQ(result.undetermined[0].reason, kInterrupted);
}

TEST(AnalysisCancelTest, CtrlCWhileLookingForReactionChainsLeavesTheRestUndetermined) {
  const CheckResult result = CheckCancellingAt("looking for infinite reaction chains");
  EXPECT_FALSE(result.stats.complete);
  EXPECT_EQ(Count(result, results::FindingKind::kNonTermination), 0);
  EXPECT_EQ(Kinds(result), "reaction_chain terminates order_dependence");
}

TEST(AnalysisCancelTest, CtrlCWhileComparingOrdersKeepsTheTerminationFinding) {
  const CheckResult result = CheckCancellingAt("comparing the orders");
  EXPECT_FALSE(result.stats.complete);
  EXPECT_EQ(result.stats.stop_reason, explorer::StopReason::kCancelled);
  EXPECT_EQ(Count(result, results::FindingKind::kNonTermination), 1);
  EXPECT_EQ(Count(result, results::FindingKind::kOrderDependence), 0);
  EXPECT_EQ(Kinds(result), "order_dependence");
}

}  // namespace
}  // namespace rulecheck::properties
