// Tests for model/constant_tables.h: which arrays the loader works out once, and that one whose
// evaluation fails is left to fail where it is used.
#include "model/constant_tables.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ir/expr_walk.h"
#include "ir/successor_sink.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {
namespace {

// Keeps the failures a state's moves meet.
struct FailureSink : ir::SuccessorSink {
  void OnSuccessor(const uint32_t* /*state*/, const ir::Move& /*move*/) override {}
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure); }
  std::vector<ir::StepFailure> failures;
};

// The tables of the outermost kArrayOf nodes of `text`'s program: for each, whether it has
// one.
std::vector<bool> Tables(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Model>> model = LoadModelFromText("t.rules", text, {});
  EXPECT_TRUE(model.ok()) << model.status();
  std::vector<bool> tables;
  if (!model.ok()) return tables;
  ir::VisitExprs((*model)->program, [&tables](ir::Expr& e) {
    if (e.op != ir::ExprOp::kArrayOf) return true;
    tables.push_back(!e.table.empty());
    return false;
  });
  return tables;
}

TEST(ConstantTablesTest, ListsAndGridsOfConstantsAreTables) {
  EXPECT_EQ(Tables("const T = [3, 1, 4, 1, 5]\nstate { i: 0..4 }\n"
                   "action a() when T[i] > 1 { i := (i + 1) % 5 }\n"),
            std::vector<bool>{true});
  EXPECT_EQ(Tables("const G = [[1, 2], [3, 4]]\nstate { i: 0..1 }\n"
                   "invariant g: G[i][1 - i] >= 2\n"),
            std::vector<bool>{true});
  EXPECT_EQ(Tables("state { i: 0..3 }\ninvariant sq: [k in 0..3: k * k][i] >= 0\n"),
            std::vector<bool>{true});
}

TEST(ConstantTablesTest, AnArrayThatReadsTheStateIsNot) {
  EXPECT_EQ(Tables("state { i: 0..3 }\ninvariant s: [k in 0..3: k + i][0] >= 0\n"),
            std::vector<bool>{false});
}

// 4 / (k - 2) fails at k = 2: the array stays a comprehension, and its use is a model error
// as before (whatever index is read).
TEST(ConstantTablesTest, AnArrayWhoseValueFailsIsLeftToFailWhereItIsUsed) {
  const std::string text =
      "state { i: 0..3 }\naction a() when [k in 0..3: 4 / (k - 2)][0] < 0 { i := 1 }\n";
  EXPECT_EQ(Tables(text), std::vector<bool>{false});
  absl::StatusOr<std::unique_ptr<Model>> model = LoadModelFromText("t.rules", text, {});
  ASSERT_TRUE(model.ok());
  SuccessorGenerator generator(**model);
  std::vector<uint32_t> state((*model)->layout.words(), 0);
  FailureSink sink;
  generator.Successors(state.data(), sink);
  ASSERT_EQ(sink.failures.size(), 1u);
  EXPECT_NE(sink.failures[0].message.find("division by zero"), std::string::npos)
      << sink.failures[0].message;
}

}  // namespace
}  // namespace rulecheck::model
