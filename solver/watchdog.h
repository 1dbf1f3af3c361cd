// Stops Z3 from the outside (internal to solver/). Z3's own `timeout` parameter is not
// honoured everywhere: a solver built from the bit-blasting tactic can spend minutes in
// preprocessing without looking at it. A Watchdog runs a thread beside the driver that calls
// z3::context::interrupt() once the deadline has passed or the cancel flag (Ctrl-C) is set (and
// again every tick after, until the driver is done);
// every Z3 call in progress then returns `unknown` (or throws), and the driver reports how far
// it got. Polls every 50 ms, so a run stops within about a tenth of a second.
#ifndef RULECHECK_SOLVER_WATCHDOG_H_
#define RULECHECK_SOLVER_WATCHDOG_H_

#include <z3++.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "solver/deadline.h"
#include "solver/solver.h"
#include "solver/z3_context.h"

namespace rulecheck::solver::internal {

class Watchdog {
 public:
  // `deadline` and `cancel` (may be null) must outlive the watchdog; so must `holder`, whose
  // context is parked, not deleted, once the watchdog has interrupted it or the deadline or
  // the cancel flag had fired by the time the watchdog goes (z3_context.h).
  Watchdog(ContextHolder& holder, const Deadline& deadline, const std::atomic<bool>* cancel);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Why Z3 was stopped: "timed out", "interrupted", or empty when it was not. Thread-safe.
  std::string reason() const;
  // Set once the watchdog fires (the deadline passed or the cancel flag was set), for the
  // explicit engine's expansions the driver runs (SuccessorGenerator::set_cancel): one state
  // whose moves take minutes to list otherwise held a time-out or Ctrl-C as long.
  const std::atomic<bool>* fired() const { return &fired_; }

 private:
  ContextHolder& holder_;
  const Deadline& deadline_;
  const std::atomic<bool>* cancel_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool exit_ = false;
  std::string reason_;
  std::atomic<bool> fired_{false};
  std::thread thread_;
};

// The message of a result that stopped early: "timed out at depth 3 after 60.0 s", or the
// same with "interrupted", or `otherwise` when the watchdog did not fire.
std::string StopMessage(const Watchdog& watchdog, int depth, const Deadline& deadline,
                        const std::string& otherwise);

// What a driver returns for a z3::exception: `result` marked unknown, with the reason, when
// the watchdog stopped Z3 or Z3 ran out of memory; InternalError otherwise.
absl::StatusOr<results::Answer> Z3Failure(const z3::exception& e, const Watchdog& watchdog,
                                          const Deadline& deadline, results::Answer result);

// `result` marked unknown because Z3 ran out of memory (the --memory budget), as Z3Failure
// marks it.
results::Answer OutOfMemoryAnswer(const Deadline& deadline, results::Answer result);

// Whether a z3::exception says Z3 ran out of memory (its `memory_max_size` budget).
bool IsOutOfMemory(const z3::exception& e);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_WATCHDOG_H_
