// Running `rulecheck solve` from an end-to-end test and reading its JSON report
// (docs/symbolic.md): the report's `queries` by name.
#ifndef RULECHECK_TESTS_E2E_SOLVE_JSON_H_
#define RULECHECK_TESTS_E2E_SOLVE_JSON_H_

#include <map>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {

struct SolveRun {
  RunResult run;
  std::map<std::string, nlohmann::json> queries;  // by name; empty when the report is bad
};

// Runs `rulecheck solve ARGS... --format json -q` and parses the report; a report that is not
// JSON is a test failure.
SolveRun SolveJson(const std::vector<std::string>& args);

// The moves of a query's trace: "init", "jump()", ...
std::vector<std::string> TraceMoves(const nlohmann::json& query);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_SOLVE_JSON_H_
