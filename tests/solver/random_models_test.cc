// A model-based random tester (after CaDiCaL's): small rules programs are generated from a
// fixed state schema and random action bodies drawn from a pool of well-typed statement
// templates (every collection primitive, choose/roll/may, require/assert, emit with triggers,
// statements that can fail with a model error), and the symbolic engine's answers are compared
// with the explicit engine's on every one: each query's value and depth, the depth of the
// first failing move, and of the first deadlock. The seeds are fixed, so a failure reproduces;
// the failing program's text is printed.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "model/model.h"
#include "solver/solver.h"
#include "tests/solver/oracle.h"

namespace rulecheck::solver {
namespace {

constexpr char kSchema[] = R"(
enum E { A, B, C }
event Ev(e: E)
state {
  x: 0..5
  y: 0..3
  f: bool
  arr: [0..2] 0..3
  b: bag<E, 2>
  s: seq<E, 3>
  st: set<E>
  o: E?
}
pending 3
)";

const std::vector<std::string>& Statements() {
  static const std::vector<std::string> pool = {
      "x := (x + 1) % 6",
      "x += 1",
      "y := arr[p]",
      "arr[p] := y",
      "arr[p] += 1",
      "f := not f",
      "add(b, e)",
      "remove(b, e)",
      "push(s, e)",
      "pop(s)",
      "push_bottom(s, e)",
      "insert_at(s, p, e)",
      "remove_at(s, p)",
      "add(st, e)",
      "remove(st, e)",
      "o := e",
      "o := none",
      "if f { x := (x + 2) % 6 } elif y > 1 { y -= 1 } else { f := true }",
      "choose c in b { move c from b to s }",
      "choose k in 0..2 where arr[k] < 3 { arr[k] += 1 }",
      "may { y += 1 }",
      "require x < 5",
      "assert y < 3, \"y too big\"",
      "emit Ev(e)",
      "for i in 0..2 where i != p { arr[i] := (arr[i] + 1) % 4 }",
      "roll d in 1..2 { x := min(5, x + d) }",
      "if o != none { x := ord(o!) }",
      "move top(s) from s to b",
      "let t = size(b) + len(s)\n  y := t % 4",
      "if e in st { clear(st) } else { st := {A, e} }",
  };
  return pool;
}

const std::vector<std::string>& Guards() {
  static const std::vector<std::string> pool = {
      "",
      "when x < 4",
      "when not f",
      "when len(s) < 3",
      "when e in b or size(b) < 2",
      "when arr[p] != 3",
      "when o == none or o! != e",
      "when (count c in s: c == e) < 2",
  };
  return pool;
}

const std::vector<std::string>& Triggers() {
  static const std::vector<std::string> pool = {
      "trigger t1 on Ev(e) when e in st { y := (y + 1) % 4 }",
      "trigger t2 on Ev(e) { may { remove(st, e) } }",
      "trigger t3 on Ev(e) when x > 2 { x -= 1  emit Ev(next(e)) }",
      "trigger t4 on Ev(e) { choose k in 0..2 where arr[k] > 0 { arr[k] -= 1 } }",
  };
  return pool;
}

const std::vector<std::string>& Queries() {
  static const std::vector<std::string> pool = {
      "maximize x + 2 * y",
      "maximize size(b) * 3 + len(s)",
      "minimize sum i in 0..2: arr[i]",
      "maximize count c in s: c == B",
      "reachable o == C and f",
      "maximize if empty(st) then 0 else 5 + x",
      "reachable len(s) == 2 and top(s) == A and bottom(s) == B",
      "minimize (if o == none then 3 else ord(o!)) - y",
      "reachable b[C] == 1 and arr[1] == 2",
      "reachable x >= 2 or y >= 1",
      "reachable not empty(s) or not empty(b) or size(st) == 2",
      "reachable f or o != none",
  };
  return pool;
}

std::string Generate(uint32_t seed) {
  std::mt19937 rng(seed);
  auto pick = [&rng](size_t n) { return static_cast<size_t>(rng() % n); };
  std::string text = kSchema;
  const size_t triggers = pick(3);
  for (size_t t = 0; t < triggers; ++t) {
    std::string trigger = Triggers()[pick(Triggers().size())];
    if (text.find(trigger.substr(0, 10)) == std::string::npos) text += trigger + "\n";
  }
  const size_t actions = 1 + pick(3);
  for (size_t a = 0; a < actions; ++a) {
    text += "action a" + std::to_string(a) + "(p: 0..2, e: E) " + Guards()[pick(Guards().size())] +
            " {\n";
    const size_t stmts = 1 + pick(3);
    for (size_t i = 0; i < stmts; ++i)
      text += "  " + Statements()[pick(Statements().size())] + "\n";
    text += "}\n";
  }
  for (size_t q = 0; q < 3; ++q) {
    text += "query q" + std::to_string(q) + ": " + Queries()[pick(Queries().size())] + " within " +
            std::to_string(2 + pick(2)) + "\n";
  }
  return text;
}

// What the generated models exercised, so that the test notices when they stop doing so.
struct Coverage {
  int failures = 0, deadlocks = 0, sat = 0, optimal = 0, unsat = 0;
};

void CheckOne(uint32_t seed, Coverage& coverage) {
  const std::string text = Generate(seed);
  SCOPED_TRACE("seed " + std::to_string(seed) + ":\n" + text);
  auto loaded = model::LoadModelFromText("random.rules", text, {});
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  model::Model& model = **loaded;
  testing::Levels levels = testing::ExploreLevels(model, 3);
  SolveOptions options;
  options.check_depth = 3;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  for (const results::Answer& r : *results) {
    SCOPED_TRACE(std::string(results::AnswerKindName(r.kind)) + " " + r.name + ": " + r.message);
    coverage.failures +=
        r.kind == results::AnswerKind::kFailure && r.verdict == results::Verdict::kSat;
    coverage.deadlocks +=
        r.kind == results::AnswerKind::kDeadlock && r.verdict == results::Verdict::kSat;
    coverage.sat +=
        r.kind == results::AnswerKind::kReachable && r.verdict == results::Verdict::kSat;
    coverage.optimal += r.verdict == results::Verdict::kOptimal;
    coverage.unsat +=
        r.kind == results::AnswerKind::kReachable && r.verdict == results::Verdict::kUnsat;
    if (r.kind == results::AnswerKind::kFailure) {
      if (levels.init_fails) continue;
      EXPECT_EQ(r.verdict,
                levels.first_failure ? results::Verdict::kSat : results::Verdict::kUnsat);
      if (levels.first_failure) {
        EXPECT_EQ(r.depth, *levels.first_failure);
      }
      continue;
    }
    if (r.kind == results::AnswerKind::kDeadlock) {
      EXPECT_EQ(r.verdict,
                levels.first_deadlock ? results::Verdict::kSat : results::Verdict::kUnsat);
      if (levels.first_deadlock) {
        EXPECT_EQ(r.depth, *levels.first_deadlock);
      }
      continue;
    }
    if (r.kind == results::AnswerKind::kInvariant) continue;
    int index = std::stoi(r.name.substr(1));
    const int within = static_cast<int>(model.program.queries[index].within);
    testing::Answer expected = testing::ExplicitAnswer(model, levels, index, within);
    if (!expected.value) {
      EXPECT_EQ(r.verdict, results::Verdict::kUnsat);
      continue;
    }
    EXPECT_NE(r.verdict, results::Verdict::kUnknown);
    if (r.kind != results::AnswerKind::kReachable) {
      EXPECT_EQ(r.value, expected.value);
    }
    EXPECT_EQ(r.depth, expected.depth);
  }
}

TEST(RandomModelsTest, SymbolicAgreesWithExplicit) {
  Coverage coverage;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    CheckOne(seed, coverage);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(coverage.failures, 5);
  EXPECT_GT(coverage.deadlocks, 0);
  EXPECT_GT(coverage.sat, 3);
  EXPECT_GT(coverage.optimal, 10);
  EXPECT_GT(coverage.unsat, 0);
  std::printf("coverage: %d failures, %d deadlocks, %d sat, %d optimal, %d unsat\n",
              coverage.failures, coverage.deadlocks, coverage.sat, coverage.optimal,
              coverage.unsat);
}

}  // namespace
}  // namespace rulecheck::solver
