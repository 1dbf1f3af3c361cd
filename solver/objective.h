// A query's value as the optimiser's objective, where bigger is better (internal to solver/):
// the value itself for `maximize`, its bitwise complement -1 - value for `minimize`. Unlike
// -value, the complement is an int64 for every int64: -(-2^63) is not, and a minimum of
// exactly -2^63 was clipped to a wrong answer. The mapping is its own inverse.
#ifndef RULECHECK_SOLVER_OBJECTIVE_H_
#define RULECHECK_SOLVER_OBJECTIVE_H_

#include <cstdint>

namespace rulecheck::solver::internal {

// A value as an objective, or an objective back as the value.
inline int64_t ObjectiveOf(int64_t value, bool maximize) { return maximize ? value : -1 - value; }

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_OBJECTIVE_H_
