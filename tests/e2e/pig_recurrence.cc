// Pig's recurrence (see pig_recurrence.h).
#include "tests/e2e/pig_recurrence.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rulecheck::e2e {

double PigFirstWins(int goal, int hold) {
  const int turn_max = goal + 6;
  auto at = [&](int i, int j, int k) { return (i * goal + j) * turn_max + k; };
  std::vector<double> p(static_cast<size_t>(goal) * goal * turn_max, 0.0);
  for (double change = 1; change > 1e-15;) {
    change = 0;
    for (int i = 0; i < goal; ++i) {
      for (int j = 0; j < goal; ++j) {
        for (int k = 0; k < turn_max; ++k) {
          double v;
          if (i + k >= goal) {
            v = 1;
          } else if (k >= hold) {
            v = 1 - p[at(j, i + k, 0)];
          } else {
            v = (1 - p[at(j, i, 0)]) / 6;
            for (int d = 2; d <= 6; ++d) v += (k + d < turn_max ? p[at(i, j, k + d)] : 1) / 6;
          }
          change = std::max(change, std::abs(v - p[at(i, j, k)]));
          p[at(i, j, k)] = v;
        }
      }
    }
  }
  return p[at(0, 0, 0)];
}

}  // namespace rulecheck::e2e
