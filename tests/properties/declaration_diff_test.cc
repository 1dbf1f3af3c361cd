// Unit tests of properties/declaration_diff.h and the answer comparison of version_diff.h, on
// small programs whose differences are read off their text.
#include "properties/declaration_diff.h"

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "model/model.h"
#include "properties/version_diff.h"
#include "tests/shared/load_model.h"

namespace rulecheck::properties {
namespace {

std::vector<std::string> Lines(const std::vector<DeclarationChange>& changes) {
  std::vector<std::string> lines;
  for (const DeclarationChange& c : changes) {
    lines.push_back(c.kind + " " + c.name + " " + c.change +
                    (c.detail.empty() ? "" : ": " + c.detail));
  }
  return lines;
}

constexpr char kOld[] = R"(
const LIMIT = 2
cards Deck { Ace, King }
event Hit()
state {
  x: 0..3
  hand: Deck?
  gone: bool
}
action go(n: 1..2) when x < LIMIT { x += n }
action quit() { gone := true }
trigger echo on Hit() { x := 0 }
)";

constexpr char kNew[] = R"(
const LIMIT = 3
const EXTRA = 1
cards Deck { Ace, Queen }
event Hit()
event Miss()
state {
  x: 0..5
  hand: Deck?
  score: 0..9
}
action go(n: 1..3) when x < LIMIT { x += n }
action leave() { score := 1 }
trigger echo on Hit() { x := 0 }
)";

TEST(DeclarationDiffTest, NamesAddedRemovedAndChanged) {
  const std::unique_ptr<model::Model> old_model = test_models::LoadTestModel(kOld);
  const std::unique_ptr<model::Model> new_model = test_models::LoadTestModel(kNew);
  ASSERT_NE(old_model, nullptr);
  ASSERT_NE(new_model, nullptr);
  EXPECT_EQ(Lines(CompareDeclarations(old_model->program, new_model->program)),
            (std::vector<std::string>{
                "variable x changed: 0..3 -> 0..5",
                "variable gone removed",
                "variable score added",
                "constant LIMIT changed: 2 -> 3",
                "constant EXTRA added",
                "action go changed: (n: 1..2) -> (n: 1..3)",
                "action quit removed",
                "action leave added",
                "event Miss added",
                "card Deck.King removed",
                "card Deck.Queen added",
            }));
}

// A card's attribute values and a deck's attribute types are what they read as (both were
// compared as empty text, so neither could be `changed`): Two's points, and a default that
// changes Joker's.
TEST(DeclarationDiffTest, CardsAndDecksChangeWithTheirAttributes) {
  const std::unique_ptr<model::Model> old_model = test_models::LoadTestModel(R"(
enum Suit { Red, Black }
cards Card(pts: 0..3 = 0, suit: Suit = Red, face: bool = false) { Ace(pts: 3) Two(pts: 2) Joker }
state { c: Card? }
)");
  const std::unique_ptr<model::Model> new_model = test_models::LoadTestModel(R"(
enum Suit { Red, Black }
cards Card(pts: 0..5 = 1, suit: Suit = Red, face: bool = false) {
  Ace(pts: 3) Two(pts: 1, suit: Black, face: true) Joker
}
state { c: Card? }
)");
  ASSERT_NE(old_model, nullptr);
  ASSERT_NE(new_model, nullptr);
  EXPECT_EQ(Lines(CompareDeclarations(old_model->program, new_model->program)),
            (std::vector<std::string>{
                "cards Card changed: (pts: 0..3, suit: Suit, face: bool) -> (pts: 0..5, suit: "
                "Suit, face: bool)",
                "card Card.Two changed: (pts: 2, suit: Red, face: false) -> (pts: 1, suit: "
                "Black, face: true)",
                "card Card.Joker changed: (pts: 0, suit: Red, face: false) -> (pts: 1, suit: "
                "Red, face: false)",
            }));
}

TEST(DeclarationDiffTest, IdenticalProgramsHaveNoChange) {
  const std::unique_ptr<model::Model> a = test_models::LoadTestModel(kOld);
  const std::unique_ptr<model::Model> b = test_models::LoadTestModel(kOld);
  EXPECT_TRUE(CompareDeclarations(a->program, b->program).empty());
}

// gone is only in the old version: x (whose type changed) and hand are shared, by name
// (indices 0 and 1 in both).
TEST(DeclarationDiffTest, SharedVariablesHaveTheSameName) {
  const std::unique_ptr<model::Model> old_model = test_models::LoadTestModel(kOld);
  const std::unique_ptr<model::Model> new_model = test_models::LoadTestModel(kNew);
  const std::vector<std::pair<int, int>> shared =
      SharedVariables(old_model->program, new_model->program);
  EXPECT_EQ(shared, (std::vector<std::pair<int, int>>{{0, 0}, {1, 1}}));
}

results::Answer Maximize(const std::string& name, int64_t value) {
  results::Answer answer;
  answer.name = name;
  answer.kind = results::AnswerKind::kMaximize;
  answer.verdict = results::Verdict::kOptimal;
  answer.value = value;
  answer.seconds = static_cast<double>(value);  // times never count
  return answer;
}

TEST(VersionDiffTest, AnswersThatMoved) {
  results::Answer fast;
  fast.name = "fast";
  fast.kind = results::AnswerKind::kReachable;
  fast.verdict = results::Verdict::kSat;
  fast.depth = 4;
  results::Answer slower = fast;
  slower.depth = 5;
  const std::vector<AnswerChange> changes =
      CompareAnswers({Maximize("best", 57), Maximize("same", 3), fast, Maximize("gone", 1)},
                     {Maximize("best", 60), Maximize("same", 3), slower, Maximize("added", 2)});
  ASSERT_EQ(changes.size(), 4u);
  EXPECT_EQ(changes[0].name, "best");
  EXPECT_EQ(changes[0].old_outcome, "57 (optimal)");
  EXPECT_EQ(changes[0].new_outcome, "60 (optimal)");
  EXPECT_EQ(changes[1].name, "fast");
  EXPECT_EQ(changes[1].old_outcome, "holds at depth 4");
  EXPECT_EQ(changes[1].new_outcome, "holds at depth 5");
  EXPECT_EQ(changes[2].name, "gone");
  EXPECT_EQ(changes[2].new_outcome, "");
  EXPECT_EQ(changes[3].name, "added");
  EXPECT_EQ(changes[3].old_outcome, "");
  EXPECT_EQ(changes[3].new_outcome, "2 (optimal)");
}

}  // namespace
}  // namespace rulecheck::properties
