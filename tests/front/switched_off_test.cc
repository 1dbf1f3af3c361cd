// Tests of the branches constants switch off (front/type_checker_switches.cc): which branches
// of an `if` get ir::Stmt::off_by and with which constants, that a condition decided without
// its constants is not switched off, and the proc an inlined `if` came from.
#include <string>
#include <vector>

#include "front/parser.h"
#include "front/type_checker.h"
#include "gtest/gtest.h"

namespace rulecheck::front {
namespace {

using Off = std::vector<std::vector<int>>;

// The `if` statements of action `act`'s body, in order, after checking `text`.
struct Checked {
  ir::Program program;
  std::vector<const ir::Stmt*> ifs;
};

void CollectIfs(const ir::Block& block, std::vector<const ir::Stmt*>& out) {
  for (const ir::StmtPtr& stmt : block.stmts) {
    if (stmt->op == ir::StmtOp::kIf) out.push_back(stmt.get());
    for (const ir::Block& b : stmt->blocks) CollectIfs(b, out);
    if (stmt->else_block != nullptr) CollectIfs(*stmt->else_block, out);
  }
}

// `decls` (funs and procs) come before the action.
std::unique_ptr<Checked> CheckAct(const std::string& body, const std::string& decls = "") {
  const std::string text =
      "const HOUSE = false\nconst MODE = 1\nconst ON = true\nstate { x: 0..3 }\n"
      "proc bump() { if HOUSE { x := 1 } }\n" +
      decls + "action act() {\n" + body + "\n}\n";
  auto r = std::make_unique<Checked>();
  ir::SourceFile source("test.rules", text);
  Diagnostics diagnostics(&source);
  ast::File file = Parse(source, diagnostics);
  std::vector<std::string> override_errors;
  Check(file, {}, r->program, diagnostics, override_errors);
  EXPECT_FALSE(diagnostics.has_errors()) << diagnostics.Render();
  CollectIfs(r->program.actions[0].body, r->ifs);
  return r;
}

// Constants by index: HOUSE 0, MODE 1, ON 2.
TEST(SwitchedOffTest, ABoolConstant) {
  auto r = CheckAct("if HOUSE { x := 1 } else { x := 2 }");
  ASSERT_EQ(r->ifs.size(), 1u);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{0}, {}}));
}

TEST(SwitchedOffTest, AnEarlierConditionThatHoldsSwitchesOffTheRest) {
  auto r = CheckAct("if x == 0 { x := 1 } elif ON { x := 2 } elif x == 1 { } else { }");
  ASSERT_EQ(r->ifs.size(), 1u);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{}, {}, {2}, {2}}));
}

TEST(SwitchedOffTest, OneSideDecidesAndOrAndImplies) {
  auto r = CheckAct(
      "if MODE == 2 and x > 0 { } \n"
      "if x > 0 or ON { } else { }\n"
      "if ON => x > 0 { }\n"
      "if HOUSE => x > 0 { } else { }\n"
      "if MODE + 1 > x { }");
  ASSERT_EQ(r->ifs.size(), 5u);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{1}, {}}));
  EXPECT_EQ(r->ifs[1]->off_by, (Off{{}, {2}}));
  EXPECT_TRUE(r->ifs[2]->off_by.empty());  // depends on x
  EXPECT_EQ(r->ifs[3]->off_by, (Off{{}, {0}}));
  EXPECT_TRUE(r->ifs[4]->off_by.empty());
}

TEST(SwitchedOffTest, ConditionsDecidedWithoutConstantsAreNotSwitchedOff) {
  auto r = CheckAct("if 1 > 2 { } \nif HOUSE and false { } \nif ON or true { } else { }");
  ASSERT_EQ(r->ifs.size(), 3u);
  for (const ir::Stmt* stmt : r->ifs) {
    for (const std::vector<int>& branch : stmt->off_by) EXPECT_TRUE(branch.empty());
  }
}

TEST(SwitchedOffTest, EveryConstantTheConditionReads) {
  auto r = CheckAct("if MODE == 2 or (HOUSE and MODE > 0) { }");
  ASSERT_EQ(r->ifs.size(), 1u);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{1, 0}, {}}));
}

TEST(SwitchedOffTest, InlinedIfsKnowTheirProc) {
  auto r = CheckAct("bump()\nif ON { bump() }");
  ASSERT_EQ(r->program.procs, std::vector<std::string>{"bump"});
  ASSERT_EQ(r->ifs.size(), 3u);
  EXPECT_EQ(r->ifs[0]->proc, 0);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{0}, {}}));
  EXPECT_EQ(r->ifs[1]->proc, -1);
  EXPECT_EQ(r->ifs[2]->proc, 0);
}

// A constant reaches a condition through a proc's parameter, a `let` or a fun (issue 16).
TEST(SwitchedOffTest, ThroughAParameterALetOrAFun) {
  auto r = CheckAct(
      "deal(MODE)\n"
      "let m = MODE + 1\n"
      "if m == 3 { }\n"
      "if house() or x > 2 { } else { }\n"
      "if twice(MODE) == 4 { }\n"
      "deal(2)\n"
      "if twice(1) == 4 { }\n"
      "let n = x\n"
      "if n == 1 { }",
      "fun house(): bool = HOUSE\n"
      "fun twice(k: 0..3): 0..6 = k * 2\n"
      "proc deal(mode: 0..2) { if mode == 2 { x := 0 } }\n"
      "proc pass(k: 0..2) { deal(k) }\n");
  ASSERT_EQ(r->ifs.size(), 7u);
  EXPECT_EQ(r->ifs[0]->off_by, (Off{{1}, {}}));  // deal(MODE): mode == 2 is false by MODE
  EXPECT_EQ(r->ifs[1]->off_by, (Off{{1}, {}}));  // m == 3
  EXPECT_TRUE(r->ifs[2]->off_by.empty());        // house() or x > 2: depends on x
  EXPECT_EQ(r->ifs[3]->off_by, (Off{{1}, {}}));  // twice(MODE) == 4
  // deal(2), twice(1): decided by literals, for every value of the constants.
  for (int i : {4, 5}) {
    for (const std::vector<int>& branch : r->ifs[i]->off_by) EXPECT_TRUE(branch.empty()) << i;
  }
  EXPECT_TRUE(r->ifs[6]->off_by.empty());  // n is the state's x
  // Through two procs.
  auto passed = CheckAct("pass(MODE)",
                         "proc deal(mode: 0..2) { if mode == 2 { x := 0 } }\n"
                         "proc pass(k: 0..2) { deal(k) }\n");
  ASSERT_EQ(passed->ifs.size(), 1u);
  EXPECT_EQ(passed->ifs[0]->off_by, (Off{{1}, {}}));
}

}  // namespace
}  // namespace rulecheck::front
