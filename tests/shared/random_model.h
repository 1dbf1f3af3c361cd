// Random rules programs for model-based testing (header-only test helper, after CaDiCaL's
// model-based tester): a fixed state schema, and actions, guards, triggers and queries drawn
// from pools of well-typed templates (every collection primitive, choose/roll/may,
// require/assert, emit with triggers, statements that can fail with a model error). Every
// program it generates type-checks. The choices come from outside, so the random tester
// (tests/solver/random_models_test.cc) draws them from a seeded generator and the fuzz target
// (tests/fuzz/model_fuzzer.cc) from the fuzzer's bytes.
#ifndef RULECHECK_TESTS_SHARED_RANDOM_MODEL_H_
#define RULECHECK_TESTS_SHARED_RANDOM_MODEL_H_

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace rulecheck::test_models::random_model {

inline constexpr char kSchema[] = R"(
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

inline const std::vector<std::string>& Statements() {
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
      "let $t = size(b) + len(s)\n  y := $t % 4",  // $t: a name of its slot (see Generate)
      "if e in st { clear(st) } else { st := {A, e} }",
  };
  return pool;
}

inline const std::vector<std::string>& Guards() {
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

inline const std::vector<std::string>& Triggers() {
  static const std::vector<std::string> pool = {
      "trigger t1 on Ev(e) when e in st { y := (y + 1) % 4 }",
      "trigger t2 on Ev(e) { may { remove(st, e) } }",
      "trigger t3 on Ev(e) when x > 2 { x -= 1  emit Ev(next(e)) }",
      "trigger t4 on Ev(e) { choose k in 0..2 where arr[k] > 0 { arr[k] -= 1 } }",
  };
  return pool;
}

inline const std::vector<std::string>& Queries() {
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

// A rules program from the pools; `pick(n)` chooses a number in 0..n-1 for each decision, in
// a fixed order, so one sequence of picks always gives one program.
inline std::string Generate(const std::function<size_t(size_t)>& pick) {
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
    for (size_t i = 0; i < stmts; ++i) {
      // A `let` named after its slot: the same statement picked twice in one body must not
      // bind one name twice (that would be a shadowing error, not a program to test).
      std::string stmt = Statements()[pick(Statements().size())];
      for (size_t at = stmt.find("$t"); at != std::string::npos; at = stmt.find("$t"))
        stmt.replace(at, 2, "tmp" + std::to_string(i));
      text += "  " + stmt + "\n";
    }
    text += "}\n";
  }
  for (size_t q = 0; q < 3; ++q) {
    const std::string& query = Queries()[pick(Queries().size())];
    const size_t within = 2 + pick(2);
    text +=
        "query q" + std::to_string(q) + ": " + query + " within " + std::to_string(within) + "\n";
  }
  return text;
}

}  // namespace rulecheck::test_models::random_model

#endif  // RULECHECK_TESTS_SHARED_RANDOM_MODEL_H_
