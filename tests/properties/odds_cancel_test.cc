// Ctrl-C after odds' search has seen every state: the answers are unknown, and the result says
// the stop came while computing them (stopped_solving), whether it came while the chance graph
// was built or while a query was solved. The flag is set from the phase announcement, so the
// test is exact, not timed.
#include <atomic>
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "model/model.h"
#include "properties/odds.h"

namespace rulecheck::properties {
namespace {

// A fair coin flipped until heads: 2 states.
constexpr char kCoinModel[] = R"(
state { heads: bool }
action flip() when not heads {
  roll h in 0..1 { heads := h == 1 }
}
terminal when heads
query ends: probability heads
)";

results::OddsResult OddsCancellingAt(const std::string& cancel_at) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("t.rules", kCoinModel, {});
  EXPECT_TRUE(model.ok()) << model.status();
  std::atomic<bool> cancel{false};
  OddsOptions options;
  options.explore.threads = 1;
  options.explore.cancel = &cancel;
  options.on_phase = [&](const std::string& what) {
    if (!cancel_at.empty() && what.rfind(cancel_at, 0) == 0) cancel.store(true);
  };
  absl::StatusOr<results::OddsResult> result = AnswerOdds(**model, options);
  EXPECT_TRUE(result.ok()) << result.status();
  return *result;
}

TEST(OddsCancelTest, UninterruptedRunIsComplete) {
  const results::OddsResult result = OddsCancellingAt("");
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.graph.states, 2u);
}

// Stopped while the chance graph was built, the result said the search was stopped, though it
// had seen every state.
TEST(OddsCancelTest, AStopWhileBuildingTheGraphIsAStopWhileSolving) {
  for (const char* phase : {"building the chance graph", "solving ends"}) {
    const results::OddsResult result = OddsCancellingAt(phase);
    EXPECT_FALSE(result.complete) << phase;
    EXPECT_TRUE(result.stopped_solving) << phase;
    EXPECT_EQ(result.stop_reason, "cancelled") << phase;
    EXPECT_EQ(result.graph.states, 2u) << phase;
  }
}

}  // namespace
}  // namespace rulecheck::properties
