// `solve --prove-optimal` on a rules text in a unit test: the tests of the induction proof
// (bound_proof_test.cc) and of the proof by listing (bound_by_listing_test.cc).
#ifndef RULECHECK_TESTS_SOLVER_SOLVE_PROVING_H_
#define RULECHECK_TESTS_SOLVER_SOLVE_PROVING_H_

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "results/answer.h"
#include "solver/solver.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver {

// The answer to `query` of `text` by `solve --prove-optimal`, with its proof (a test failure
// and an empty answer when there is none). `by_listing` false: induction even where every
// reachable state is listed.
inline results::Answer SolveProving(const std::string& text, const std::string& query,
                                    int max_k = 4, bool by_listing = false) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  if (model == nullptr) return {};
  SolveOptions options;
  options.query = query;
  options.prove_optimal = true;
  options.prove_max_k = max_k;
  options.prove_by_listing = by_listing;
  absl::StatusOr<std::vector<results::Answer>> answers = Solve(*model, options);
  EXPECT_TRUE(answers.ok()) << answers.status();
  if (!answers.ok() || answers->size() != 1 || !answers->front().proof) {
    ADD_FAILURE() << "no answer with a proof";
    return {};
  }
  return answers->front();
}

}  // namespace rulecheck::solver

#endif  // RULECHECK_TESTS_SOLVER_SOLVE_PROVING_H_
