// Agreement between the places that give an expression its meaning before and during a run:
// the type checker's constant evaluator (a `const` declaration, front/type_checker_const.cc
// EvalConst), its folding of IR expressions (TypeChecker::Fold, which decides whether a value
// fits the range it is stored in), and the runtime (model/evaluator.cc and the compiled
// expressions) reading the same operands from state variables. For every pair of operands
// in -7..7 and every operator constant expressions may use, the three must give the same
// value; a division by zero or an overflow must be an error in each.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {
namespace {

// Each expression over the operands `A` and `B`; `int` ones give a number, `bool` ones a truth
// value.
struct Case {
  const char* expr;
  bool is_bool;
  bool divides;  // by B: skipped when B is 0 (see DivisionByZeroIsAnErrorEverywhere)
};

constexpr Case kCases[] = {
    {"A + B", false, false},         {"A - B", false, false},
    {"A * B", false, false},         {"A / B", false, true},
    {"A % B", false, true},          {"-A", false, false},
    {"abs(A)", false, false},        {"min(A, B)", false, false},
    {"max(A, B)", false, false},     {"if A < B then A - B else B * 2", false, false},
    {"A * 3 - B / 2", false, true},  {"A == B", true, false},
    {"A != B", true, false},         {"A < B", true, false},
    {"A <= B", true, false},         {"A > B", true, false},
    {"A >= B", true, false},         {"A < 0 and B > 0", true, false},
    {"A < 0 or B > 0", true, false}, {"A < 0 => B > 0", true, false},
    {"not (A < B)", true, false},
};

class Sink : public ir::SuccessorSink {
 public:
  explicit Sink(size_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move&) override {
    states.emplace_back(state, state + words_);
  }
  void OnFailure(const ir::StepFailure& failure) override { failures.push_back(failure.message); }
  std::vector<std::vector<uint32_t>> states;
  std::vector<std::string> failures;

 private:
  size_t words_;
};

std::string Fill(const char* expr, const std::string& a, const std::string& b) {
  return absl::StrReplaceAll(expr, {{"A", a}, {"B", b}});
}

// One model with every case for the operands `a` and `b`: constant k<i> folds the expression
// over literals; state variable f<i> stores the same expression in the one-value range of
// the constant's value, so Fold must agree (or the checker rejects it) and the runtime's
// initial value must agree (or `init` fails); query q<i> evaluates it over state variables.
std::string ModelText(int a, int b) {
  const std::string la = absl::StrCat("(", a, ")"), lb = absl::StrCat("(", b, ")");
  std::string consts, vars, queries;
  for (size_t i = 0; i < std::size(kCases); ++i) {
    const Case& c = kCases[i];
    if (c.divides && b == 0) continue;
    const std::string literal = Fill(c.expr, la, lb);
    absl::StrAppend(&consts, "const k", i, " = ", literal, "\n");
    if (c.is_bool) {
      absl::StrAppend(&vars, "  f", i, ": bool = ", literal, "\n");
      absl::StrAppend(&queries, "query q", i, ": maximize if ", Fill(c.expr, "x", "y"),
                      " then 1 else 0 within 0\n");
    } else {
      absl::StrAppend(&vars, "  f", i, ": k", i, "..k", i, " = ", literal, "\n");
      absl::StrAppend(&queries, "query q", i, ": maximize ", Fill(c.expr, "x", "y"), " within 0\n");
    }
  }
  return absl::StrCat(consts, "state {\n  x: -7..7 = ", la, "\n  y: -7..7 = ", lb, "\n", vars,
                      "}\n", queries);
}

// The value of the model's first query in its one initial state.
PropertyValue FirstQueryAtStart(const Model& model) {
  SuccessorGenerator generator(model);
  Sink initial(model.layout.words());
  generator.Initial(initial);
  EXPECT_EQ(initial.states.size(), 1u);
  if (initial.states.size() != 1) return {};
  return generator.Evaluate(model.program.queries[0], initial.states[0].data());
}

int64_t ConstantValue(const Model& model, const std::string& name) {
  for (const ir::Constant& c : model.program.constants) {
    if (c.name == name) return c.value;
  }
  ADD_FAILURE() << "no constant " << name;
  return 0;
}

TEST(ConstantFoldingTest, CheckerAndRuntimeAgreeOnEveryOperator) {
  for (int a = -7; a <= 7; ++a) {
    for (int b = -7; b <= 7; ++b) {
      const std::string text = ModelText(a, b);
      absl::StatusOr<std::unique_ptr<Model>> model = LoadModelFromText("fold.rules", text, {});
      ASSERT_TRUE(model.ok()) << "a = " << a << ", b = " << b << ": " << model.status();
      SuccessorGenerator generator(**model);
      Sink initial((*model)->layout.words());
      generator.Initial(initial);
      ASSERT_TRUE(initial.failures.empty())
          << "a = " << a << ", b = " << b << ": " << initial.failures.front();
      ASSERT_EQ(initial.states.size(), 1u);
      for (const ir::Query& query : (*model)->program.queries) {
        const std::string index = query.name.substr(1);
        const int64_t folded = ConstantValue(**model, "k" + index);
        const PropertyValue run = generator.Evaluate(query, initial.states[0].data());
        ASSERT_TRUE(run.ok) << run.failure.message;
        EXPECT_EQ(run.value, folded)
            << kCases[std::stoi(index)].expr << " with A = " << a << ", B = " << b;
      }
    }
  }
}

TEST(ConstantFoldingTest, DivisionByZeroIsAnErrorEverywhere) {
  for (const char* op : {"/", "%"}) {
    absl::StatusOr<std::unique_ptr<Model>> folded =
        LoadModelFromText("zero.rules", absl::StrCat("const k = 5 ", op, " 0\n"), {});
    ASSERT_FALSE(folded.ok());
    EXPECT_NE(folded.status().message().find("zero.rules:1:"), std::string::npos);
    EXPECT_NE(folded.status().message().find("division by zero"), std::string::npos);

    absl::StatusOr<std::unique_ptr<Model>> model = LoadModelFromText(
        "zero.rules",
        absl::StrCat("state {\n  x: 0..5 = 5\n  y: 0..5 = 0\n}\nquery q: maximize x ", op,
                     " y within 0\n"),
        {});
    ASSERT_TRUE(model.ok()) << model.status();
    const PropertyValue run = FirstQueryAtStart(**model);
    EXPECT_FALSE(run.ok);
    EXPECT_NE(run.failure.message.find("by zero"), std::string::npos) << run.failure.message;
  }
}

TEST(ConstantFoldingTest, OverflowIsAnErrorEverywhere) {
  absl::StatusOr<std::unique_ptr<Model>> folded =
      LoadModelFromText("big.rules", "const k = 4611686018427387904 * 2\n", {});
  ASSERT_FALSE(folded.ok());
  EXPECT_NE(folded.status().message().find("integer overflow"), std::string::npos);

  absl::StatusOr<std::unique_ptr<Model>> model = LoadModelFromText(
      "big.rules",
      "fun times(v: int): int = v * 4611686018427387904\nstate {\n  x: 0..2 = 2\n}\n"
      "query q: maximize times(x) within 0\n",
      {});
  ASSERT_TRUE(model.ok()) << model.status();
  const PropertyValue run = FirstQueryAtStart(**model);
  EXPECT_FALSE(run.ok);
  EXPECT_NE(run.failure.message.find("integer overflow"), std::string::npos) << run.failure.message;
}

}  // namespace
}  // namespace rulecheck::model
