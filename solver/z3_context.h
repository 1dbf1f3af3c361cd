// The Z3 context of one driver run (internal to solver/).
//
// Z3 4.8's Z3_del_context can take far longer than building and solving the formula did: on a
// model whose unrolling allocated 87 MB, deleting the context took over a minute after a
// 1.7 s solve. A context whose run allocated more than kParkBytes is therefore not deleted
// but parked until the process ends (it stays reachable, so leak checkers do not flag it);
// small ones, such as the tests' thousands of little runs, are deleted as usual. A context
// that was interrupted (a time-out or Ctrl-C) is parked too, whatever its size: deleting a
// context whose check was interrupted early took from 17 s to over 6 minutes on Monster
// Mutators (`solve --timeout 0.2`), long after the answer was ready. And once KeepAll() is
// called (the command line, solver.h's KeepZ3ContextsUntilExit), every context is parked, up to
// kKeepAllBytes of small ones in all: deleting a small one can still take seconds.
#ifndef RULECHECK_SOLVER_Z3_CONTEXT_H_
#define RULECHECK_SOLVER_Z3_CONTEXT_H_

#include <z3++.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace rulecheck::solver::internal {

class ContextHolder {
 public:
  static constexpr uint64_t kParkBytes = uint64_t{16} << 20;
  static constexpr uint64_t kKeepAllBytes = uint64_t{512} << 20;

  // From now on every holder parks its context (see above); `keep` false goes back to parking
  // only large and interrupted ones. Thread-safe.
  static void KeepAll(bool keep = true);
  // Keeps less than `bytes` of small contexts under KeepAll (kKeepAllBytes by default): parked
  // contexts count against Z3's memory budget (`memory_max_size`) too. Thread-safe.
  static void LimitKeptBytes(uint64_t bytes);
  // How many contexts are parked (for tests).
  static size_t Parked();

  ContextHolder();
  ~ContextHolder();
  ContextHolder(const ContextHolder&) = delete;
  ContextHolder& operator=(const ContextHolder&) = delete;

  // False when Z3 could not make a context: its memory budget (`memory_max_size`) is spent.
  // Check before get().
  bool ok() const { return ctx_ != nullptr; }
  z3::context& get() { return *ctx_; }
  // Parks the context when the holder goes, whatever its size (see above). Thread-safe.
  void ParkWhenReleased() { park_.store(true, std::memory_order_relaxed); }

 private:
  uint64_t allocated_before_;  // Z3's estimate before the context was made
  z3::context* ctx_ = nullptr;
  uint64_t allocated_at_start_ = 0;  // and once it was made
  std::atomic<bool> park_{false};
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_CONTEXT_H_
