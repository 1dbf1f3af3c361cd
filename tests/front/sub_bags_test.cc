// `choose h in sub(b, n)` (issue 16) in the front end: the domain it lowers to, `h` bound as a
// bag of `b`'s type, `move h from A to B` of a whole bag, and each misuse reported at the text
// at fault; and the error for a bag or set of structs, which names the `cards` form instead.
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "tests/front/check_text.h"

namespace rulecheck::front {
namespace {

// Lines 1 and 2 of every test text; the tests' own lines start at line 3.
constexpr char kSubBagHeader[] =
    "enum Card { A, B, C }\n"
    "state { hand: bag<Card, 2>  pile: bag<Card, 3>  n: 0..3  s: set<Card> }\n";

std::unique_ptr<Checked> CheckSubBagBody(const std::string& body) {
  return CheckText(std::string(kSubBagHeader) + body);
}

TEST(SubBagTest, ChooseBindsABagOfTheSourceType) {
  auto r = CheckSubBagBody(
      "action a() { choose h in sub(hand, n + 1) where h[A] < 2 { move h from hand to pile } "
      "}\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Stmt& choose = *r->program.actions[0].body.stmts[0];
  ASSERT_EQ(choose.op, ir::StmtOp::kChoose);
  EXPECT_EQ(choose.domain->kind, ir::DomainKind::kSubBag);
  EXPECT_EQ(choose.domain->elem_type->ToString(), "bag<Card, 2>");
  ASSERT_NE(choose.domain->lo, nullptr);  // the size, evaluated when the choice is made
  const ir::Stmt& move = *choose.blocks[0].stmts[0];
  ASSERT_EQ(move.op, ir::StmtOp::kMove);
  EXPECT_EQ(move.value->type->ToString(), "bag<Card, 2>");
}

TEST(SubBagTest, RollDrawsABagOfTheSourceType) {
  auto r = CheckSubBagBody("action a() { roll h in sub(pile, 2) { move h from pile to hand } }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Stmt& roll = *r->program.actions[0].body.stmts[0];
  ASSERT_EQ(roll.op, ir::StmtOp::kRoll);
  EXPECT_EQ(roll.domain->kind, ir::DomainKind::kSubBag);
  EXPECT_EQ(roll.domain->elem_type->ToString(), "bag<Card, 3>");
  // A roll takes every outcome: no `where`, for a draw as for a die.
  EXPECT_FALSE(CheckSubBagBody("action a() { roll h in sub(pile, 2) where h[A] == 0 { } }\n")
                   ->errors.empty());
}

// A literal, or a constant written as one, is the bag of its copies, as a roll's domain is
// (it was refused as a set).
TEST(SubBagTest, ALiteralOrConstantIsTheBagOfItsCopies) {
  auto r = CheckSubBagBody(
      "const D = {A, A, B, C}\n"
      "action a() { roll h in sub(D, 2) { }  choose g in sub({A, B, B}, n) { } }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Stmt& roll = *r->program.actions[0].body.stmts[0];
  EXPECT_EQ(roll.domain->kind, ir::DomainKind::kSubBag);
  EXPECT_EQ(roll.domain->elem_type->ToString(), "bag<Card, 4>");
  EXPECT_EQ(r->program.actions[0].body.stmts[1]->domain->elem_type->ToString(), "bag<Card, 3>");
}

TEST(SubBagTest, Misuse) {
  // bag<Card, 2> holds at most 2 copies of each of 3 members.
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(hand, 7) { } }\n"), 3, 36,
                         "`sub` chooses 7 copies, but bag<Card, 2> holds from 0 to 6 copies"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(hand, -1) { } }\n"), 3, 36,
                         "`sub` chooses -1 copies"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(s, 1) { } }\n"), 3, 30,
                         "`sub(b, n)` chooses copies out of a bag, found set<Card>"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(hand) { } }\n"), 3, 26,
                         "`sub` takes 2 arguments"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { for h in sub(hand, 1) { } }\n"), 3, 23,
                         "is a domain of `choose` and `roll` only"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("invariant x: all h in sub(hand, 1): size(h) == 1\n"), 3,
                         23, "is a domain of `choose` and `roll` only"));
  EXPECT_TRUE(OneErrorAt(*CheckSubBagBody("action a() { let h = sub(hand, 1) }\n"), 3, 22,
                         "written only as the domain of a `choose` or a `roll`"));
  // A whole bag moves between bags of its element type only.
  EXPECT_TRUE(
      OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(hand, 1) { move h from hand "
                                  "to s } }\n"),
                 3, 61, "so the place must be a bag of Card, found set<Card>"));
  EXPECT_TRUE(
      OneErrorAt(*CheckSubBagBody("action a() { choose h in sub(hand, 1) { remove(s, h) } }\n"), 3,
                 48, "so the place must be a bag of Card, found set<Card>"));
}

TEST(SubBagTest, AddAndRemoveTakeAWholeBag) {
  auto r = CheckSubBagBody(
      "action a() { choose h in sub(hand, 2) { remove(hand, h)  add(pile, h) } }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  const ir::Block& body = r->program.actions[0].body.stmts[0]->blocks[0];
  ASSERT_EQ(body.stmts.size(), 2u);
  EXPECT_EQ(body.stmts[0]->op, ir::StmtOp::kRemove);
  EXPECT_EQ(body.stmts[1]->op, ir::StmtOp::kAdd);
  EXPECT_EQ(body.stmts[1]->value->type->ToString(), "bag<Card, 2>");
}

TEST(SubBagTest, AFunNamedSubIsStillCalled) {
  auto r = CheckSubBagBody(
      "fun sub(b: bag<Card, 2>, k: 0..3): set<Card> = {A}\n"
      "action a() { choose c in sub(hand, 1) { n := ord(c) } }\n");
  ASSERT_TRUE(r->errors.empty()) << r->rendered;
  EXPECT_EQ(r->program.actions[0].body.stmts[0]->domain->kind, ir::DomainKind::kSet);
}

TEST(BagElementTest, AStructElementNamesTheCardsForm) {
  constexpr char kStruct[] = "struct Card { rank: 1..3 }\n";
  EXPECT_TRUE(OneErrorAt(*CheckText(std::string(kStruct) + "state { b: bag<Card, 2> }\n"), 2, 16,
                         "found Card; give the fixed properties of such an element as attributes "
                         "of a `cards` declaration and collect the cards (`cards Card(rank: "
                         "1..13) { ... }`, `bag<Card, 2>`, `c.rank`)"));
  EXPECT_TRUE(OneErrorAt(*CheckText(std::string(kStruct) + "state { s: set<Card> }\n"), 2, 16,
                         "a set's element must be of a finite type"));
  EXPECT_TRUE(OneErrorAt(*CheckText(std::string(kStruct) + "state { s: set<Card> }\n"), 2, 16,
                         "attributes of a `cards` declaration"));
  // An array's index gets no such hint: an array of a struct is the form for per-card state.
  auto r = CheckText(std::string(kStruct) + "state { a: [Card] bool }\n");
  ASSERT_EQ(r->errors.size(), 1u) << r->rendered;
  EXPECT_EQ(r->rendered.find("cards"), std::string::npos) << r->rendered;
}

}  // namespace
}  // namespace rulecheck::front
