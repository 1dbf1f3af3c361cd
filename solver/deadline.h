// The wall-clock budget of one driver run (internal to solver/). A Deadline starts when it is
// made; every check of the run asks it for its share of the time left, so that the run as a
// whole, not each check, keeps to the time-out (Z3's own `timeout` is per check).
#ifndef RULECHECK_SOLVER_DEADLINE_H_
#define RULECHECK_SOLVER_DEADLINE_H_

#include <chrono>

namespace rulecheck::solver::internal {

// Wall-clock deadlines and Z3's per-check timeout. Its const methods may be called from any
// thread (the watchdog reads it beside the driver).
class Deadline {
 public:
  explicit Deadline(double seconds);
  bool expired() const;
  // Milliseconds left for one check (at least 1); 0 when there is no deadline.
  unsigned CheckMillis() const;
  double Elapsed() const;
  // The time allowed (0: none).
  double seconds() const { return seconds_; }

 private:
  std::chrono::steady_clock::time_point start_;
  double seconds_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_DEADLINE_H_
