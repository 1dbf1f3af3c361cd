// The version of rulecheck, as `rulecheck --version` and the SARIF and JUnit reports name it.
#ifndef RULECHECK_BASE_VERSION_H_
#define RULECHECK_BASE_VERSION_H_

namespace rulecheck::base {

inline constexpr char kRulecheckVersion[] = "0.1.0";

}  // namespace rulecheck::base

#endif  // RULECHECK_BASE_VERSION_H_
