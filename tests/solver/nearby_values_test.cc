// Tests for solver/nearby_values.h on a model worked out by hand: from x = 1, `up` adds 1 and
// `twice` doubles x while it is below 5, so the best x reached in exactly 1, 2, 3 moves from
// x = 1 is 2, 4 and 8 (1 -> 2 -> 4 -> 8), and 12 / (x - 4) is a model error at x = 4.
#include "solver/nearby_values.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "solver/successor_collector.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver::internal {
namespace {

constexpr char kDoubling[] = R"(
state { x: 0..15 = 1 }
action up() when x < 15 { x += 1 }
action twice() when x < 5 { x := 2 * x }
query most: maximize x within 3
query least: minimize 0 - x within 3
query ratio: maximize 12 / (x - 4) within 3
)";

struct Doubling {
  Doubling() : model(test_models::LoadTestModel(kDoubling)) {
    model::SuccessorGenerator gen(*model);
    SuccessorCollector initial(model->layout.words());
    gen.Initial(initial);
    start = initial.states;
  }
  // The value of x in each state of `play`.
  std::vector<int64_t> Xs(const std::vector<std::vector<uint32_t>>& play) const {
    model::SuccessorGenerator gen(*model);
    std::vector<int64_t> xs;
    for (const std::vector<uint32_t>& s : play) {
      xs.push_back(gen.Evaluate(model->program.queries[0], s.data()).value);
    }
    return xs;
  }
  std::unique_ptr<model::Model> model;
  std::vector<std::vector<uint32_t>> start;  // the one initial state, x = 1
};

const auto kNeverStop = [] { return false; };

TEST(NearbyValuesTest, TheBestValueAtEachDepthWithItsPlay) {
  Doubling d;
  ASSERT_EQ(d.start.size(), 1u);
  NearbyValues nearby(*d.model, d.model->program.queries[0], true, 3, nullptr);
  nearby.SearchFrom(d.start, 1000, kNeverStop);
  EXPECT_EQ(nearby.At(0), nullptr);  // the search lists the states after the play's last
  ASSERT_NE(nearby.At(1), nullptr);
  EXPECT_EQ(nearby.At(1)->objective, 2);
  ASSERT_NE(nearby.At(3), nullptr);
  EXPECT_EQ(nearby.At(3)->objective, 8);
  EXPECT_EQ(d.Xs(nearby.At(3)->play()), (std::vector<int64_t>{1, 2, 4, 8}));
  EXPECT_EQ(nearby.At(4), nullptr);  // deeper than `within`
}

TEST(NearbyValuesTest, AMinimizeQueryIsKeptComplemented) {
  Doubling d;
  NearbyValues nearby(*d.model, d.model->program.queries[1], false, 3, nullptr);
  nearby.SearchFrom(d.start, 1000, kNeverStop);
  ASSERT_NE(nearby.At(2), nullptr);
  // 0 - x is -4 at best, which is -1 - (-4) = 3 as an objective (objective.h).
  EXPECT_EQ(nearby.At(2)->objective, 3);
}

TEST(NearbyValuesTest, ModelErrorsDoNotCount) {
  Doubling d;
  NearbyValues nearby(*d.model, d.model->program.queries[2], true, 3, nullptr);
  nearby.SearchFrom(d.start, 1000, kNeverStop);
  // Depth 2 reaches x = 3 (12 / -1 = -12) and x = 4 (a division by zero): -12 is the best.
  ASSERT_NE(nearby.At(2), nullptr);
  EXPECT_EQ(nearby.At(2)->objective, -12);
}

TEST(NearbyValuesTest, SearchesFromEveryStateOfAPlay) {
  Doubling d;
  // The play 1 -> 2 -> 3 (`up` twice).
  std::vector<std::vector<uint32_t>> play = d.start;
  for (int step = 0; step < 2; ++step) {
    model::SuccessorGenerator gen(*d.model);
    SuccessorCollector next(d.model->layout.words());
    gen.Successors(play.back().data(), next);
    play.push_back(next.states[0]);  // `up`
  }
  ASSERT_EQ(d.Xs(play), (std::vector<int64_t>{1, 2, 3}));
  NearbyValues nearby(*d.model, d.model->program.queries[0], true, 3, nullptr);
  nearby.SearchFrom(play, 1000, kNeverStop);
  // From its last state, 3, the best at depth 3 is 6; from 2 (depth 1) the search finds 4 at
  // depth 2 and 8 at depth 3.
  ASSERT_NE(nearby.At(2), nullptr);
  EXPECT_EQ(d.Xs(nearby.At(2)->play()), (std::vector<int64_t>{1, 2, 4}));
  ASSERT_NE(nearby.At(3), nullptr);
  EXPECT_EQ(nearby.At(3)->objective, 8);
  EXPECT_EQ(d.Xs(nearby.At(3)->play()), (std::vector<int64_t>{1, 2, 4, 8}));
}

TEST(NearbyValuesTest, TheStateBudgetAndStopEndTheSearch) {
  Doubling d;
  NearbyValues small(*d.model, d.model->program.queries[0], true, 3, nullptr);
  small.SearchFrom(d.start, 3, kNeverStop);  // x = 1, then 2 and 2 (one state), then 3
  ASSERT_NE(small.At(1), nullptr);
  EXPECT_EQ(small.At(1)->objective, 2);
  ASSERT_NE(small.At(2), nullptr);
  EXPECT_EQ(small.At(2)->objective, 3);  // the budget ran out before 4 was listed
  EXPECT_EQ(small.At(3), nullptr);
  EXPECT_EQ(small.listed(), 2u);  // 2 and 3: the start is the play's own
  NearbyValues stopped(*d.model, d.model->program.queries[0], true, 3, nullptr);
  stopped.SearchFrom(d.start, 1000, [] { return true; });
  EXPECT_EQ(stopped.At(1), nullptr);
}

}  // namespace
}  // namespace rulecheck::solver::internal
