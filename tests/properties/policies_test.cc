// Which moves the policies of a run allow in a state (properties/policies.h), read through a
// playout step's chances (simulate_step.h): the first preference whose condition holds and
// that matches a move with a successor keeps the moves it matches, evenly; none applying
// keeps every move; a binder reads the seat choosing. And which sets of policies a run may
// follow: no unknown name, no name twice, one policy per seat (numbered seats included).
#include "properties/policies.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "properties/simulate_step.h"
#include "tests/shared/load_model.h"

namespace rulecheck::properties {
namespace {

// Three numbered seats; seat 0 moves first. `add(k)` adds k (not past 4); `pass` passes.
constexpr char kGame[] = R"(
  const N = 3
  state { seat: 0..N-1  n: 0..4 }
  action add(k: 1..3) by seat when n + k <= 4 { n += k  seat := (seat + 1) % N }
  action pass by seat when n < 4 { seat := (seat + 1) % N }
  terminal when n == 4
  policy twos by 0 { prefer add(3) when n > 0  prefer add(2) }
  policy big by 0 { prefer add(3) when n == 0  prefer pass }
  policy never by 0 { prefer add(3) when false }
  policy first_only by s: 0..N-1 { prefer pass when s == 0 }
  policy later by 1 { prefer pass }
  policy seat_two by 2 { prefer pass }
)";

// The chances of the initial state's moves (add(1), add(2), add(3), pass) under `names`.
std::vector<double> ChancesUnder(const model::Model& model, const std::vector<std::string>& names) {
  absl::StatusOr<PolicySet> policies = PolicySet::Choose(model.program, names);
  EXPECT_TRUE(policies.ok()) << policies.status();
  model::SuccessorGenerator generator(model);
  StepSampler sampler(generator, model.layout.words());
  sampler.GatherInitial();
  const std::vector<uint32_t> start(sampler.state(0), sampler.state(0) + model.layout.words());
  sampler.Gather(start.data());
  EXPECT_FALSE(sampler.Restrict(*policies, generator, start.data()).has_value());
  return sampler.Chances();
}

TEST(PoliciesTest, TheFirstPreferenceThatAppliesKeepsWhatItMatches) {
  auto model = test_models::LoadTestModel(kGame);
  ASSERT_NE(model, nullptr);
  // `add(3) when n > 0` does not hold at n = 0: `add(2)` applies.
  EXPECT_EQ(ChancesUnder(*model, {"twos"}), (std::vector<double>{0, 1, 0, 0}));
  EXPECT_EQ(ChancesUnder(*model, {"big"}), (std::vector<double>{0, 0, 1, 0}));
  // A binder reads the seat choosing: seat 0 passes.
  EXPECT_EQ(ChancesUnder(*model, {"first_only"}), (std::vector<double>{0, 0, 0, 1}));
}

TEST(PoliciesTest, WithNoPreferenceApplyingTheSeatPlaysAtRandom) {
  auto model = test_models::LoadTestModel(kGame);
  ASSERT_NE(model, nullptr);
  const std::vector<double> even = {0.25, 0.25, 0.25, 0.25};
  EXPECT_EQ(ChancesUnder(*model, {}), even);
  EXPECT_EQ(ChancesUnder(*model, {"never"}), even);
  // Policies of other seats change nothing here.
  EXPECT_EQ(ChancesUnder(*model, {"later", "seat_two"}), even);
}

TEST(PoliciesTest, APatternCountsOnlyMovesWithASuccessor) {
  // At n = 2, add(3) has no successor (n + k <= 4 fails): `twos`'s first preference holds
  // (n > 0) but matches nothing the seat can play, so its second keeps add(2). The moves are
  // add(1), add(2) and pass.
  auto model = test_models::LoadTestModel(std::string(kGame) + "init { n := 2 }\n");
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(ChancesUnder(*model, {"twos"}), (std::vector<double>{0, 1, 0}));
  EXPECT_EQ(ChancesUnder(*model, {"big"}), (std::vector<double>{0, 0, 1}));
}

TEST(PoliciesTest, OnePolicyPerSeat) {
  auto model = test_models::LoadTestModel(kGame);
  ASSERT_NE(model, nullptr);
  EXPECT_TRUE(PolicySet::Choose(model->program, {"twos", "later", "seat_two"}).ok());
  const absl::Status both = PolicySet::Choose(model->program, {"twos", "big"}).status();
  EXPECT_EQ(both.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(both.message().find("both govern 0"), std::string::npos) << both;
  // A binder over the numbered seats governs seat 1 too.
  const absl::Status binder = PolicySet::Choose(model->program, {"later", "first_only"}).status();
  EXPECT_NE(binder.message().find("--policy later and --policy first_only both govern 1"),
            std::string::npos)
      << binder;
  EXPECT_EQ(PolicySet::Choose(model->program, {"later", "later"}).status().code(),
            absl::StatusCode::kInvalidArgument);
  const absl::Status unknown = PolicySet::Choose(model->program, {"greedy"}).status();
  EXPECT_EQ(unknown.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(unknown.message().find("no policy named `greedy`"), std::string::npos) << unknown;
}

TEST(PoliciesTest, FollowedNamesTheSeats) {
  auto model = test_models::LoadTestModel(kGame);
  ASSERT_NE(model, nullptr);
  absl::StatusOr<PolicySet> set = PolicySet::Choose(model->program, {"later", "seat_two"});
  ASSERT_TRUE(set.ok());
  const std::vector<results::FollowedPolicy> followed = set->Followed();
  ASSERT_EQ(followed.size(), 2u);
  EXPECT_EQ(followed[0].seats, "1");
  EXPECT_EQ(followed[1].name, "seat_two");
  absl::StatusOr<PolicySet> every = PolicySet::Choose(model->program, {"first_only"});
  ASSERT_TRUE(every.ok());
  EXPECT_EQ(every->Followed()[0].seats, "every 0..2");
  EXPECT_EQ(every->Governing(model->program.actions[0].by->type, 2), &model->program.policies[3]);
}

// Followed(true) names the preferences that applied in no state Restrict was asked about: in
// the initial state (n = 0), `twos`'s first preference does not hold and its second applies.
TEST(PoliciesTest, FollowedNamesThePreferencesThatNeverApplied) {
  auto model = test_models::LoadTestModel(kGame);
  ASSERT_NE(model, nullptr);
  absl::StatusOr<PolicySet> policies = PolicySet::Choose(model->program, {"twos"});
  ASSERT_TRUE(policies.ok());
  const ir::Policy& twos = model->program.policies[0];
  const std::vector<results::FollowedPolicy> before = policies->Followed(/*with_use=*/true);
  EXPECT_TRUE(before[0].use_known);
  EXPECT_EQ(before[0].never_applied,
            (std::vector<ir::Location>{twos.preferences[0].loc, twos.preferences[1].loc}));
  model::SuccessorGenerator generator(*model);
  StepSampler sampler(generator, model->layout.words());
  sampler.GatherInitial();
  const std::vector<uint32_t> start(sampler.state(0), sampler.state(0) + model->layout.words());
  sampler.Gather(start.data());
  EXPECT_FALSE(sampler.Restrict(*policies, generator, start.data()).has_value());
  const std::vector<results::FollowedPolicy> after = policies->Followed(/*with_use=*/true);
  EXPECT_EQ(after[0].never_applied, (std::vector<ir::Location>{twos.preferences[0].loc}));
  // Without with_use, nothing is said about them.
  EXPECT_FALSE(policies->Followed()[0].use_known);
  EXPECT_TRUE(policies->Followed()[0].never_applied.empty());
}

}  // namespace
}  // namespace rulecheck::properties
