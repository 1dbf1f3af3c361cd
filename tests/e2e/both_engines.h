// `rulecheck solve FILE` with the symbolic and with the explicit engine, expecting the same
// answer line from both: the end-to-end form of the engines' agreement.
#ifndef RULECHECK_TESTS_E2E_BOTH_ENGINES_H_
#define RULECHECK_TESTS_E2E_BOTH_ENGINES_H_

#include <string>

namespace rulecheck::e2e {

// Runs `solve path` with `--engine symbolic` and `--engine explicit --threads 1`; each must
// exit 0 and print `answer` (a gtest failure names the engine otherwise).
void ExpectBothEnginesAnswer(const std::string& path, const std::string& answer);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_BOTH_ENGINES_H_
