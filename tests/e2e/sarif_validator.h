// Microsoft's SARIF validator for the end-to-end tests of SARIF reports (`sarif-multitool
// validate`, installed by scripts/install-deps.sh into build-tools/sarif): validates sample
// logs and adds a test failure for every error or warning it reports.
//
//   ValidateSarif({dir + "/a.sarif", dir + "/b.sarif"}, dir + "/validation.sarif");
#ifndef RULECHECK_TESTS_E2E_SARIF_VALIDATOR_H_
#define RULECHECK_TESTS_E2E_SARIF_VALIDATOR_H_

#include <string>
#include <vector>

namespace rulecheck::e2e {

// Validates `samples` (paths of SARIF logs), writing the validator's own log to `output`;
// fails the test (fatally when the validator is missing or fails to run) on any error or
// warning it finds.
void ValidateSarif(const std::vector<std::string>& samples, const std::string& output);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_SARIF_VALIDATOR_H_
