// Deadline (see deadline.h).
#include "solver/deadline.h"

#include <algorithm>

namespace rulecheck::solver::internal {

Deadline::Deadline(double seconds) : start_(std::chrono::steady_clock::now()), seconds_(seconds) {}

double Deadline::Elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Deadline::expired() const { return seconds_ > 0 && Elapsed() >= seconds_; }

unsigned Deadline::CheckMillis() const {
  if (seconds_ <= 0) return 0;
  double left = (seconds_ - Elapsed()) * 1000;
  return static_cast<unsigned>(std::max(1.0, left));
}

}  // namespace rulecheck::solver::internal
