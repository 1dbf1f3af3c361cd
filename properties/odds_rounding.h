// Internal to properties/. Directed rounding for the odds' bounds in doubles: a lower bound is
// computed rounding every operation down, an upper bound rounding up, so that each holds the
// true value whatever rounding does (interval arithmetic on nonnegative numbers, where sums,
// products, quotients, max and min are all monotone). The file that sets the mode is compiled
// with -frounding-math (properties/CMakeLists.txt), so that the compiler does not move
// arithmetic across a change of mode.
#ifndef RULECHECK_PROPERTIES_ODDS_ROUNDING_H_
#define RULECHECK_PROPERTIES_ODDS_ROUNDING_H_

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace rulecheck::properties {

// Sets the rounding mode (FE_DOWNWARD, FE_UPWARD) for a scope and restores the one before.
class ScopedRounding {
 public:
  explicit ScopedRounding(int mode) : before_(std::fegetround()) { std::fesetround(mode); }
  ~ScopedRounding() { std::fesetround(before_); }
  ScopedRounding(const ScopedRounding&) = delete;
  ScopedRounding& operator=(const ScopedRounding&) = delete;

 private:
  int before_;
};

// `n` as a divisor of type T. Exact up to 2^53 in a double (every weight of a real game);
// above, a double rounds it against the current direction, so that a quotient by it still
// rounds the mode's way (a larger divisor gives a smaller quotient). A uint64_t is exact in a
// long double, which compares them.
template <typename T>
T Divisor(uint64_t n) {
  T d = T(static_cast<unsigned long>(n));
  if constexpr (std::is_floating_point_v<T>) {
    const long double exact = static_cast<long double>(n);
    const int mode = std::fegetround();
    if (mode == FE_DOWNWARD && static_cast<long double>(d) < exact) {
      d = std::nextafter(d, std::numeric_limits<T>::infinity());
    } else if (mode == FE_UPWARD && static_cast<long double>(d) > exact) {
      d = std::nextafter(d, T(0));
    }
  }
  return d;
}

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_ROUNDING_H_
