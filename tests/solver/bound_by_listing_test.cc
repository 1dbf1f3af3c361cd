// Tests for solver/bound_by_listing.h: `solve --prove-optimal` on models small enough for the
// explicit engine to list every reachable state, worked out by hand, and the function on facts
// made by hand.
#include "solver/bound_by_listing.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/ir.h"
#include "solver/fixed_bits.h"
#include "tests/solver/solve_proving.h"

namespace rulecheck::solver {
namespace {

using ::testing::HasSubstr;

// x and y move together, z ticks on its own: 6 values of x times 8 of z, 48 reachable states,
// and the best x + y is 10 (five moves). x alone reaches 3 within 3 moves but 5 later.
constexpr char kListedPair[] = R"(
state { x: 0..5  y: 0..9  z: 0..7 }
action inc() when x < 5 { x += 1  y += 1 }
action dec() when x > 0 { x -= 1  y -= 1 }
action tick() { z := if z == 7 then 0 else z + 1 }
query best: maximize x + y within 6
query least: minimize 10 - x - y within 6
query early_x: maximize x within 3
)";

results::Answer SolveListing(const std::string& query) {
  return SolveProving(kListedPair, query, 4, /*by_listing=*/true);
}

TEST(BoundByListingTest, EveryStateListedProvesTheBound) {
  for (const char* name : {"best", "least"}) {
    SCOPED_TRACE(name);
    const results::Answer answer = SolveListing(name);
    EXPECT_EQ(answer.verdict, results::Verdict::kOptimal);
    ASSERT_TRUE(answer.proof.has_value());
    EXPECT_TRUE(answer.proof->proved);
    EXPECT_EQ(answer.proof->message, "optimal for every depth (all 48 reachable states listed)");
  }
}

TEST(BoundByListingTest, ABetterStateDeeperThanTheBoundDisprovesIt) {
  const results::Answer answer = SolveListing("early_x");
  EXPECT_EQ(answer.verdict, results::Verdict::kOptimal);
  EXPECT_EQ(answer.value, 3);
  ASSERT_TRUE(answer.proof.has_value());
  EXPECT_FALSE(answer.proof->proved);
  EXPECT_EQ(answer.proof->message,
            "proved only to depth 3: a state more than 3 moves deep has the value 5 (all 48 "
            "reachable states listed)");
}

TEST(BoundByListingTest, OnlyWhereEveryStateWasSeen) {
  ir::Program program;
  ir::Query& query = program.queries.emplace_back();
  query.name = "q";
  query.kind = ir::QueryKind::kMinimize;
  internal::StateFacts facts;
  facts.query_records = {{{3, 4}}};
  facts.reachable_states = 9;
  EXPECT_FALSE(internal::BoundByListing(program, facts, query, 4, 2).has_value());
  facts.every_state_seen = true;
  // Minimize: 4 is no better than 4, but better than 5.
  ASSERT_TRUE(internal::BoundByListing(program, facts, query, 4, 2).has_value());
  EXPECT_TRUE(internal::BoundByListing(program, facts, query, 4, 2)->proved);
  EXPECT_THAT(internal::BoundByListing(program, facts, query, 5, 2)->message,
              HasSubstr("has the value 4"));
  // No state gave a value (each a model error): nothing does better.
  facts.query_records = {{}};
  EXPECT_TRUE(internal::BoundByListing(program, facts, query, 5, 2)->proved);
}

}  // namespace
}  // namespace rulecheck::solver
