// The version of the Z3 library rulecheck is linked against, for `rulecheck --version` and
// for the header of reports, so that a finding from the symbolic engine can be traced back to
// the solver that produced it. No Z3 type appears here: Z3 stays private to solver/.
#ifndef RULECHECK_SOLVER_Z3_VERSION_H_
#define RULECHECK_SOLVER_Z3_VERSION_H_

#include <string>

namespace rulecheck::solver {

// Returns the version of the Z3 library loaded at run time (not the headers compiled
// against), as "major.minor.build.revision", e.g. "4.8.12.0". Thread-safe.
std::string Z3Version();

}  // namespace rulecheck::solver

#endif  // RULECHECK_SOLVER_Z3_VERSION_H_
