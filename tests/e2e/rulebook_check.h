// Running `rulecheck check` and `rulecheck solve --engine explicit` on a rulebook model in
// games/ from an end-to-end test, and reading the findings and answers its README claims.
#ifndef RULECHECK_TESTS_E2E_RULEBOOK_CHECK_H_
#define RULECHECK_TESTS_E2E_RULEBOOK_CHECK_H_

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/e2e/solve_json.h"

namespace rulecheck::e2e {

// A `check --format json` report.
struct Report {
  int exit_code = -1;
  nlohmann::json body;
  // kind -> names, in report order.
  std::map<std::string, std::vector<std::string>> names;
};

// `check path --format json -q --threads 2` with --const `consts` and then `flags`, killed
// after `timeout`; a report that is not JSON is a test failure.
Report CheckModel(const std::string& path, const std::vector<std::string>& consts,
                  const std::vector<std::string>& flags = {},
                  std::chrono::milliseconds timeout = kDefaultTimeout);

// The Mutagen model, which several test files check.
inline constexpr char kMutagen[] = "games/mutagen/mutagen.rules";

// The kinds of finding that would mean a broken rule or a broken model.
extern const std::vector<std::string> kErrorKinds;
// kErrorKinds but order_dependence: for presets where an order the rulebook leaves open is
// itself a finding.
extern const std::vector<std::string> kErrorKindsButOrder;

// The check ran to the end with this exit code and this many states (and transitions, when
// given).
void ExpectComplete(const Report& r, int exit_code, int states, int transitions = -1);

// No finding of any of `kinds` in `r`.
void ExpectNoFindingsOf(const Report& r, const std::vector<std::string>& kinds);

// No finding of any of kErrorKinds in `r`.
inline void ExpectNoErrors(const Report& r) { ExpectNoFindingsOf(r, kErrorKinds); }

// `solve --engine explicit` on `path` with `flags` and --const `consts`; an exit code other
// than 0 is a test failure.
SolveRun SolveExplicit(const std::string& path, const std::vector<std::string>& consts,
                       const std::vector<std::string>& flags = {});

// The query `name` of `solve` has this status, value (null: none) and depth.
void ExpectAnswer(const SolveRun& solve, const std::string& name, const std::string& status,
                  const nlohmann::json& value, int depth);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_RULEBOOK_CHECK_H_
