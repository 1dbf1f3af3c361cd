// `choose h in sub(b, n)` (issue 16) in the explicit engine: each distinct sub-multiset of the
// bag is one successor, in a fixed order, the trace records it as a bag, a `where` filters
// them, and `move h from A to B` moves every copy or fails with a model error.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "model/value_format.h"

namespace rulecheck::model {
namespace {

// Each successor as `choices | hand pile`, each failure as its message.
struct Listing : ir::SuccessorSink {
  explicit Listing(const Model& m) : model(m) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    std::string line = FormatMoveChoices(move) + " |";
    for (const auto& [path, value] : FlattenState(model, state)) line += " " + value;
    lines.push_back(line);
  }
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure.message); }
  const Model& model;
  std::vector<std::string> lines;
  std::vector<std::string> failures;
};

// The successors of the initial state of `text` (the listing refers to the model it keeps).
struct SubBagMoves {
  explicit SubBagMoves(const std::string& text) {
    auto loaded = LoadModelFromText("t.rules", text, {});
    EXPECT_TRUE(loaded.ok()) << loaded.status();
    model = std::move(*loaded);
    SuccessorGenerator gen(*model);
    struct First : Listing {
      using Listing::Listing;
      void OnSuccessor(const uint32_t* s, const ir::Move&) override {
        start.assign(s, s + model.layout.words());
      }
      std::vector<uint32_t> start;
    } first(*model);
    gen.Initial(first);
    listing = std::make_unique<Listing>(*model);
    gen.Successors(first.start.data(), *listing);
  }
  std::unique_ptr<Model> model;
  std::unique_ptr<Listing> listing;
};

// {A, A, B, C} has exactly four sub-multisets of two copies: AA, AB, AC, BC; nested choices
// of one card each would give AB and BA apart (and AA twice over the same member).
TEST(SubBagRuntimeTest, EachDistinctSubMultisetIsOneSuccessor) {
  SubBagMoves run(R"(enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B, C}  pile: bag<Card, 2> }
action discard() when size(pile) == 0 { choose h in sub(hand, 2) { move h from hand to pile } }
)");
  const Listing& l = *run.listing;
  EXPECT_TRUE(l.failures.empty());
  EXPECT_EQ(l.lines, (std::vector<std::string>{
                         "h = {A: 2} | {B: 1, C: 1} {A: 2}",
                         "h = {A: 1, B: 1} | {A: 1, C: 1} {A: 1, B: 1}",
                         "h = {A: 1, C: 1} | {A: 1, B: 1} {A: 1, C: 1}",
                         "h = {B: 1, C: 1} | {A: 2} {B: 1, C: 1}",
                     }));
}

// A roll draws the same four sub-bags, each weighing its ways out of C(4, 2) = 6: two Aces
// one way, an Ace and the B (or the C) two ways, B and C one way.
TEST(SubBagRuntimeTest, ARollWeighsEachSubBagByItsWaysToBeDrawn) {
  SubBagMoves run(R"(enum Card { A, B, C }
state { deck: bag<Card, 2> = {A, A, B, C}  hand: bag<Card, 2> }
action draw() when size(hand) == 0 { roll h in sub(deck, 2) { move h from deck to hand } }
)");
  struct Weights : ir::SuccessorSink {
    void OnSuccessor(const uint32_t*, const ir::Move& move) override {
      ASSERT_EQ(move.choices.size(), 1u);
      EXPECT_EQ(move.choices[0].kind, ir::Choice::Kind::kRoll);
      lines.push_back(FormatMoveChoices(move) + " " + std::to_string(move.choices[0].weight) + "/" +
                      std::to_string(move.choices[0].total));
    }
    void OnFailure(const ir::StepFailure&) override {}
    std::vector<std::string> lines;
  } weights;
  SuccessorGenerator gen(*run.model);
  struct First : ir::SuccessorSink {
    void OnSuccessor(const uint32_t* s, const ir::Move&) override { start.assign(s, s + words); }
    void OnFailure(const ir::StepFailure&) override {}
    size_t words = 0;
    std::vector<uint32_t> start;
  } first;
  first.words = run.model->layout.words();
  gen.Initial(first);
  gen.Successors(first.start.data(), weights);
  EXPECT_EQ(weights.lines, (std::vector<std::string>{
                               "roll h = {A: 2} 1/6",
                               "roll h = {A: 1, B: 1} 2/6",
                               "roll h = {A: 1, C: 1} 2/6",
                               "roll h = {B: 1, C: 1} 1/6",
                           }));
}

// Sizes 0 and the whole bag have one sub-bag each; more copies than the bag holds, none.
// {A, A, B} with sizes 0..4: 1, 2 (A, B), 2 (AA, AB), 1 (AAB), 0.
TEST(SubBagRuntimeTest, CountsBySize) {
  SubBagMoves run(R"(enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B}  k: 0..4  done: bool }
action take(n: 0..4) when not done { choose h in sub(hand, n) { k := size(h)  done := true } }
)");
  const Listing& l = *run.listing;
  EXPECT_TRUE(l.failures.empty());
  ASSERT_EQ(l.lines.size(), 6u);
  EXPECT_EQ(l.lines[0], "h = {} | {A: 2, B: 1} 0 true");
  EXPECT_EQ(l.lines[5], "h = {A: 2, B: 1} | {A: 2, B: 1} 3 true");
}

// `where` sees the whole choice; membership and counts work on it as on any bag.
TEST(SubBagRuntimeTest, WhereFiltersTheChoices) {
  SubBagMoves run(R"(enum Card { A, B, C }
state { hand: bag<Card, 2> = {A, A, B, C}  pile: bag<Card, 2> }
action discard() when size(pile) == 0 {
  choose h in sub(hand, 2) where A in h and h[A] < 2 { move h from hand to pile }
}
)");
  const Listing& l = *run.listing;
  EXPECT_EQ(l.lines, (std::vector<std::string>{
                         "h = {A: 1, B: 1} | {A: 1, C: 1} {A: 1, B: 1}",
                         "h = {A: 1, C: 1} | {A: 1, B: 1} {A: 1, C: 1}",
                     }));
}

// Moving more copies than the destination may hold is a model error naming both places.
TEST(SubBagRuntimeTest, MovingPastTheCapacityIsAModelError) {
  SubBagMoves run(R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A, A}  pile: bag<Card, 2> = {A} }
action discard() { choose h in sub(hand, 2) { move h from hand to pile } }
)");
  const Listing& l = *run.listing;
  EXPECT_TRUE(l.lines.empty());
  ASSERT_EQ(l.failures.size(), 1u);
  EXPECT_EQ(l.failures[0],
            "move {A: 2} from hand to pile: pile would hold 3 A, over its capacity 2");
}

// Moving a choice out of a bag that holds fewer copies of a member is a model error.
TEST(SubBagRuntimeTest, MovingWhatTheSourceLacksIsAModelError) {
  SubBagMoves run(R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A, B}  pile: bag<Card, 2> = {B}  out: bag<Card, 2> }
action discard() { choose h in sub(hand, 1) { move h from pile to out } }
)");
  const Listing& l = *run.listing;
  // h = {A} fails (the pile holds no A); h = {B} moves the pile's B.
  EXPECT_EQ(l.lines, (std::vector<std::string>{"h = {B: 1} | {A: 1, B: 1} {} {B: 1}"}));
  EXPECT_EQ(l.failures,
            (std::vector<std::string>{"move {A: 1} from pile to out: pile holds 0 A, not 1"}));
}

// `remove(A, h)` and `add(A, h)` take and put every copy, with the same model errors.
TEST(SubBagRuntimeTest, AddAndRemoveAWholeBag) {
  SubBagMoves run(R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A, A, B}  pile: bag<Card, 2> = {A} }
action trade() { choose h in sub(hand, 2) { remove(hand, h)  add(pile, h) } }
)");
  const Listing& l = *run.listing;
  // {A, A} would make three A in the pile; {A, B} goes.
  EXPECT_EQ(l.lines, (std::vector<std::string>{"h = {A: 1, B: 1} | {A: 1} {A: 2, B: 1}"}));
  EXPECT_EQ(
      l.failures,
      (std::vector<std::string>{"add(pile, {A: 2}): pile would hold 3 A, over its capacity 2"}));
  SubBagMoves lacking(R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A, B}  pile: bag<Card, 2> = {B} }
action drop() { choose h in sub(hand, 1) { remove(pile, h) } }
)");
  EXPECT_EQ(lacking.listing->failures,
            (std::vector<std::string>{"remove(pile, {A: 1}): pile holds 0 A, not 1"}));
  EXPECT_EQ(lacking.listing->lines, (std::vector<std::string>{"h = {B: 1} | {A: 1, B: 1} {}"}));
}

// C(100, 50) is about 1.0e29 ways, past what a roll's weights hold (2^64): a model error,
// not a wrong chance.
TEST(SubBagRuntimeTest, ARollWithMoreWaysThanChanceCanWeighIsAModelError) {
  SubBagMoves run(R"(enum Card { A, B }
state { deck: bag<Card, 100>  hand: bag<Card, 100> }
init { for i in 1..100 { add(deck, A) } }
action draw() when size(hand) == 0 { roll h in sub(deck, 50) { move h from deck to hand } }
)");
  const Listing& l = *run.listing;
  EXPECT_TRUE(l.lines.empty());
  ASSERT_EQ(l.failures.size(), 1u);
  EXPECT_EQ(l.failures[0], "`h` draws 50 of 100 copies: more ways than chance can weigh (2^64)");
}

// A negative size computed at run time is a model error at the size.
TEST(SubBagRuntimeTest, ANegativeSizeIsAModelError) {
  SubBagMoves run(R"(enum Card { A, B }
state { hand: bag<Card, 2> = {A}  k: 0..2 }
action take() { choose h in sub(hand, k - 1) { k := 1 } }
)");
  const Listing& l = *run.listing;
  EXPECT_TRUE(l.lines.empty());
  ASSERT_EQ(l.failures.size(), 1u);
  EXPECT_EQ(l.failures[0], "`sub` cannot choose -1 copies");
}

}  // namespace
}  // namespace rulecheck::model
