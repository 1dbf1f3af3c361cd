// Tests for model/value_format.h: scalars by name, the flattened paths of a state (arrays and
// structs expanded, collections as one leaf, the pending list last), the decoded state tree,
// and how moves and their choices read.
#include "model/value_format.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {
namespace {

class Collect : public ir::SuccessorSink {
 public:
  explicit Collect(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    states.emplace_back(state, state + words_);
    moves.push_back(move);
  }
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure); }
  std::vector<std::vector<uint32_t>> states;
  std::vector<ir::Move> moves;
  std::vector<ir::StepFailure> failures;

 private:
  uint32_t words_;
};

constexpr char kRules[] = R"(
enum Player { P1, P2 }
enum Trait { Fat, Fast }
cards Card(might: 0..3 = 0) { Dog(might: 2)  Bird }
struct Species { animals: 0..4, traits: set<Trait>, fed: bool }
state {
  board: [0..1][1..2] 0..3
  species: [Player] Species
  hand: bag<Card, 3>
  pile: seq<Card, 3>
  owner: Player?
  score: -2..2 = -1
}
event Fed(p: Player)
init {
  board[1][2] := 3
  species[P2].fed := true
  species[P1].animals := 4
  add(species[P1].traits, Fast)
  add(hand, Dog)  add(hand, Dog)  add(hand, Bird)
  push(pile, Bird)  push(pile, Dog)
  owner := P2
}
action feed(p: Player, n: 1..2) by p when n == 2 {
  choose c in hand { roll d in 1..2 { may { emit Fed(p) } } }
}
trigger fed on Fed(p) by p { species[p].fed := true }
)";

class ValueFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = LoadModelFromText("v.rules", kRules, {});
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    model_ = std::move(*loaded);
    SuccessorGenerator gen(*model_);
    Collect initial(model_->layout.words());
    gen.Initial(initial);
    ASSERT_EQ(initial.states.size(), 1u);
    state_ = initial.states[0];
  }
  std::unique_ptr<Model> model_;
  std::vector<uint32_t> state_;
};

TEST_F(ValueFormatTest, FormatScalar) {
  const ir::Program& p = model_->program;
  const ir::Type* player = p.state[4].type;  // owner: Player?
  EXPECT_EQ(FormatScalar(player, ir::kNoneValue), "none");
  EXPECT_EQ(FormatScalar(player, 1), "P2");
  EXPECT_EQ(FormatScalar(player->elem, 0), "P1");
  EXPECT_EQ(FormatScalar(p.types->Bool(), 1), "true");
  EXPECT_EQ(FormatScalar(p.types->Bool(), 0), "false");
  EXPECT_EQ(FormatScalar(p.state[5].type, -2), "-2");
}

TEST_F(ValueFormatTest, FlattenState) {
  std::vector<std::pair<std::string, std::string>> expected = {
      {"board[0][1]", "0"},
      {"board[0][2]", "0"},
      {"board[1][1]", "0"},
      {"board[1][2]", "3"},
      {"species[P1].animals", "4"},
      {"species[P1].traits", "[Fast]"},
      {"species[P1].fed", "false"},
      {"species[P2].animals", "0"},
      {"species[P2].traits", "[]"},
      {"species[P2].fed", "true"},
      {"hand", "{Dog: 2, Bird: 1}"},
      {"pile", "[Bird, Dog]"},
      {"owner", "P2"},
      {"score", "-1"},
      {"pending", "[]"},
  };
  EXPECT_EQ(FlattenState(*model_, state_.data()), expected);
}

TEST_F(ValueFormatTest, DecodeState) {
  Value v = DecodeState(*model_, state_.data());
  EXPECT_EQ(FormatValue(v),
            "{board: [{1: 0, 2: 0}, {1: 0, 2: 3}], "
            "species: {P1: {animals: 4, traits: [Fast], fed: false}, "
            "P2: {animals: 0, traits: [], fed: true}}, "
            "hand: {Dog: 2, Bird: 1}, pile: [Bird, Dog], owner: P2, score: -1, pending: []}");
  ASSERT_EQ(v.kind, Value::Kind::kMap);
  EXPECT_EQ(v.entries[2].key, "hand");
  EXPECT_EQ(v.entries[2].value.entries[0].value.int_value, 2);
  EXPECT_EQ(v.entries[4].value.kind, Value::Kind::kName);
}

TEST_F(ValueFormatTest, MovesAndPending) {
  SuccessorGenerator gen(*model_);
  Collect next(model_->layout.words());
  gen.Successors(state_.data(), next);
  // feed(P1, 2) then feed(P2, 2); each: c in {Dog, Bird}, d in 1..2, may no/yes.
  ASSERT_EQ(next.moves.size(), 16u);
  EXPECT_EQ(FormatMoveCall(*model_, next.moves[0]), "feed(P1, 2)");
  EXPECT_EQ(FormatMovePlayer(next.moves[0]), "P1");
  EXPECT_EQ(FormatMoveChoices(next.moves[0]), "c = Dog, roll d = 1, may: no");
  EXPECT_EQ(FormatMoveChoices(next.moves[7]), "c = Bird, roll d = 2, may: yes");
  EXPECT_EQ(FormatMoveCall(*model_, next.moves[8]), "feed(P2, 2)");
  EXPECT_EQ(FlattenState(*model_, next.states[9].data()).back().second, "[fed(P2)]");
  Collect trig(model_->layout.words());
  gen.Successors(next.states[9].data(), trig);
  ASSERT_EQ(trig.moves.size(), 1u);
  EXPECT_EQ(FormatMoveCall(*model_, trig.moves[0]), "fed(P2)");
  EXPECT_EQ(FormatMovePlayer(trig.moves[0]), "P2");
  EXPECT_EQ(FormatMoveChoices(trig.moves[0]), "");
  ir::Move init;
  EXPECT_EQ(FormatMoveCall(*model_, init), "init");
}

}  // namespace
}  // namespace rulecheck::model
