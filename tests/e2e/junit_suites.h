// Reading JUnit files as a CI system's consumer does, for the tests of the CI scripts: Python's
// junitparser (Debian's python3-junitparser, installed by scripts/install-deps.sh) lists each
// test suite with its number of failures.
#ifndef RULECHECK_TESTS_E2E_JUNIT_SUITES_H_
#define RULECHECK_TESTS_E2E_JUNIT_SUITES_H_

#include <string>
#include <vector>

#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {

// Runs junitparser on the JUnit files `paths`; its stdout has a line `NAME FAILURES` for each
// test suite of each file, in order.
inline RunResult JunitSuiteFailures(const std::vector<std::string>& paths) {
  std::vector<std::string> args = {
      "-c",
      "import sys\nfrom junitparser import JUnitXml\nfor p in sys.argv[1:]:\n"
      "    for s in JUnitXml.fromfile(p):\n        print(s.name, s.failures)\n"};
  args.insert(args.end(), paths.begin(), paths.end());
  return RunProgram("/usr/bin/python3", args);
}

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_JUNIT_SUITES_H_
