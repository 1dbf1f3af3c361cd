// The level loop's threading policy (see level_sharing.h).
#include "explorer/level_sharing.h"

namespace rulecheck::explorer {
namespace {

// Below this many states a level is processed by the calling thread alone: handing it out
// costs more than it saves (the Tower of Hanoi has thousands of small levels). When idle
// workers spin, a hand-over is cheap and the bar is low; when they sleep, waking them is not.
constexpr uint64_t kParallelLevelSpinning = 48;
constexpr uint64_t kParallelLevelSleeping = 1024;
// A small level was held up by a preempted worker when its caller waited at least this long
// (a time slice, not the imbalance of the last chunk) and more than it worked; small levels
// then stay on one thread for a while.
constexpr double kHeldUpSeconds = 1e-3;
constexpr int kSerialLevelsAfterWait = 64;

}  // namespace

LevelSharing::LevelSharing(const WorkerPool& pool)
    : pool_(pool),
      parallel_level_(pool.spins() ? kParallelLevelSpinning : kParallelLevelSleeping) {}

void LevelSharing::AfterLevel(int depth, uint64_t states, bool shared) {
  if (!pool_.spins()) return;
  const double wait = pool_.last_wait_seconds();
  if (shared && states < kParallelLevelSleeping && wait > kHeldUpSeconds &&
      wait > 0.5 * pool_.last_seconds()) {
    // A small level waited mostly for a worker that did not get to run: the machine is busy.
    // Keep small levels on this thread for a while, then try sharing them again.
    parallel_level_ = kParallelLevelSleeping;
    share_again_at_ = depth + kSerialLevelsAfterWait;
  } else if (parallel_level_ != kParallelLevelSpinning && depth >= share_again_at_) {
    parallel_level_ = kParallelLevelSpinning;
  }
}

}  // namespace rulecheck::explorer
