// Reading `rulecheck odds --format json` in end-to-end tests: running it, and picking one
// answer's value under one play.
#ifndef RULECHECK_TESTS_E2E_ODDS_JSON_H_
#define RULECHECK_TESTS_E2E_ODDS_JSON_H_

#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {

// The JSON report `run` printed (an object; a gtest failure when it is not JSON).
nlohmann::json JsonReport(const RunResult& run);

// Runs `odds --format json -q ARGS...`, expecting `exit_code`; returns its report.
nlohmann::json Odds(const std::vector<std::string>& args, int exit_code = 0);

// The value of `play` ("random", "max", "min", or a seat's name for best play) of the
// answer named `name` (a gtest failure and an empty object when there is none).
nlohmann::json Value(const nlohmann::json& report, const std::string& name,
                     const std::string& play);

// Whether `report` lists a play `play` for the answer `name`.
bool HasPlay(const nlohmann::json& report, const std::string& name, const std::string& play);

// `value` is exact and is `exact` ("7/24").
void ExpectExact(const nlohmann::json& value, const std::string& exact);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_ODDS_JSON_H_
