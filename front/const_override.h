// A `--const NAME=VALUE` override: the type checker applies it before any type that depends
// on the constant is built (type_checker.h), and LoadModel (model/model.h) takes a list of
// them from the command line.
#ifndef RULECHECK_FRONT_CONST_OVERRIDE_H_
#define RULECHECK_FRONT_CONST_OVERRIDE_H_

#include <string>

namespace rulecheck::front {

// VALUE is an integer or true/false, as the user wrote it; the checker validates it.
struct ConstOverride {
  std::string name;
  std::string value;
};

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_CONST_OVERRIDE_H_
