// Asks the linked Z3 library for its version. Z3_get_full_version() would also do, but its
// text ("Z3 4.8.12.0" plus build details on some builds) varies between releases; the four
// numbers do not.
#include "solver/z3_version.h"

#include <z3.h>

#include <string>

#include "absl/strings/str_cat.h"

namespace rulecheck::solver {

std::string Z3Version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return absl::StrCat(major, ".", minor, ".", build, ".", revision);
}

}  // namespace rulecheck::solver
