// Validators for command-line values that CLI11 would otherwise read wrongly.
#ifndef RULECHECK_CLI_FLAG_CHECKS_H_
#define RULECHECK_CLI_FLAG_CHECKS_H_

#include <string>

#include "CLI/CLI.hpp"

namespace rulecheck::cli {

// For a count read into an unsigned integer: CLI11 reads "-3" as 2^64 - 3, which for
// --max-states would silently mean no limit at all.
inline CLI::Validator NotNegative() {
  return CLI::Validator(
      [](const std::string& value) {
        return value.empty() || value.front() != '-' ? std::string()
                                                     : std::string("must not be negative");
      },
      "");
}

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_FLAG_CHECKS_H_
