// The explicit engine as an oracle for the symbolic one (header-only test helper).
//
// ExploreLevels runs a breadth-first search with model::SuccessorGenerator and keeps every
// state by its shortest distance from an initial state, so "the states within N moves" are
// levels 0..N. ExplicitAnswer computes what a query must answer from those levels (the best
// value, or the first depth where a reachable query holds); FirstFailureDepth and
// FirstDeadlockDepth give the depth of the first failing move and the first deadlock.
#ifndef RULECHECK_TESTS_SOLVER_ORACLE_H_
#define RULECHECK_TESTS_SOLVER_ORACLE_H_

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "model/successors.h"
#include "results/answer.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::testing {

struct Levels {
  std::vector<std::vector<std::vector<uint32_t>>> states;  // [depth][i] -> words
  // Depth of the state a failing move is tried in, or whose `terminal when` hits a model error.
  std::optional<int> first_failure;
  std::optional<int> first_deadlock;
  bool init_fails = false;
};

inline Levels ExploreLevels(const model::Model& model, int max_depth) {
  model::SuccessorGenerator gen(model);
  Levels levels;
  std::set<std::vector<uint32_t>> seen;
  internal::SuccessorCollector init(model.layout.words());
  gen.Initial(init);
  levels.init_fails = !init.failures.empty();
  std::vector<std::vector<uint32_t>> level;
  for (auto& s : init.states) {
    if (seen.insert(s).second) level.push_back(s);
  }
  for (int d = 0; d <= max_depth && !level.empty(); ++d) {
    std::vector<std::vector<uint32_t>> next;
    for (const auto& s : level) {
      ir::StepFailure terminal_error;
      const bool terminal = gen.IsTerminal(s.data(), &terminal_error);
      internal::SuccessorCollector sink(model.layout.words());
      gen.Successors(s.data(), sink);
      if ((!sink.failures.empty() || !terminal_error.message.empty()) && !levels.first_failure) {
        levels.first_failure = d;
      }
      if (sink.states.empty() && sink.failures.empty() && !terminal && !levels.first_deadlock) {
        levels.first_deadlock = d;
      }
      for (auto& t : sink.states) {
        if (seen.insert(t).second) next.push_back(t);
      }
    }
    levels.states.push_back(std::move(level));
    level = std::move(next);
  }
  return levels;
}

struct Answer {
  std::optional<int64_t> value;  // maximize/minimize: the best; reachable: 1 when reachable
  int depth = 0;                 // where it is first reached
};

// Evaluates `query` over levels 0..within.
inline Answer ExplicitAnswer(const model::Model& model, const Levels& levels, int query_index,
                             int within) {
  const ir::Query& q = model.program.queries[query_index];
  model::SuccessorGenerator gen(model);
  Answer a;
  for (int d = 0; d <= within && d < static_cast<int>(levels.states.size()); ++d) {
    for (const auto& s : levels.states[d]) {
      model::PropertyValue v = gen.Evaluate(q, s.data());
      if (!v.ok) continue;
      if (q.kind == ir::QueryKind::kReachable) {
        if (v.value != 0 && !a.value) {
          a.value = 1;
          a.depth = d;
        }
        continue;
      }
      const bool better = !a.value || (q.kind == ir::QueryKind::kMaximize ? v.value > *a.value
                                                                          : v.value < *a.value);
      if (better) {
        a.value = v.value;
        a.depth = d;
      }
    }
  }
  return a;
}

// Where the symbolic engine's `answers` (from Solve with check_depth = the depth `levels`
// were explored to) disagree with the explicit engine's `levels`: one line for each answer that
// does not match, empty when all agree. An invariant answer is not compared (the levels keep
// no property), nor a failing move when the initial state itself fails.
inline std::vector<std::string> Disagreements(const model::Model& model, const Levels& levels,
                                              const std::vector<results::Answer>& answers) {
  std::vector<std::string> out;
  auto mismatch = [&](const results::Answer& r, const std::string& what) {
    out.push_back(std::string(results::AnswerKindName(r.kind)) + " " + r.name + " (" + r.message +
                  "): " + what);
  };
  // The expected depth of a found failure or deadlock; nullopt: none within the levels.
  auto check_depth = [&](const results::Answer& r, const std::optional<int>& expected) {
    const results::Verdict verdict = expected ? results::Verdict::kSat : results::Verdict::kUnsat;
    if (r.verdict != verdict) {
      mismatch(r, "verdict differs from the explicit engine's");
    } else if (expected && r.depth != *expected) {
      mismatch(r, "depth " + std::to_string(r.depth) + ", explicit " + std::to_string(*expected));
    }
  };
  for (const results::Answer& r : answers) {
    switch (r.kind) {
      case results::AnswerKind::kFailure:
        if (!levels.init_fails) check_depth(r, levels.first_failure);
        continue;
      case results::AnswerKind::kDeadlock:
        check_depth(r, levels.first_deadlock);
        continue;
      case results::AnswerKind::kInvariant:
        continue;
      default:
        break;
    }
    int index = -1;
    for (size_t q = 0; q < model.program.queries.size(); ++q) {
      if (model.program.queries[q].name == r.name) index = static_cast<int>(q);
    }
    if (index < 0) {
      mismatch(r, "no query of that name");
      continue;
    }
    const int within = static_cast<int>(model.program.queries[index].within);
    const Answer expected = ExplicitAnswer(model, levels, index, within);
    if (!expected.value) {
      if (r.verdict != results::Verdict::kUnsat) mismatch(r, "explicit engine finds no value");
      continue;
    }
    if (r.verdict == results::Verdict::kUnknown || r.verdict == results::Verdict::kUnsat) {
      mismatch(r, "explicit engine finds a value");
    } else if (r.kind != results::AnswerKind::kReachable && r.value != expected.value) {
      mismatch(r, "value " + (r.value ? std::to_string(*r.value) : std::string("none")) +
                      ", explicit " + std::to_string(*expected.value));
    } else if (r.depth != expected.depth) {
      mismatch(r,
               "depth " + std::to_string(r.depth) + ", explicit " + std::to_string(expected.depth));
    }
  }
  return out;
}

}  // namespace rulecheck::solver::testing

#endif  // RULECHECK_TESTS_SOLVER_ORACLE_H_
