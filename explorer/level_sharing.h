// Which batches of the search are shared among the worker threads and which the calling
// thread runs alone: the threading policy of the level loop. Internal to explorer/.
//
// Handing a batch out costs a hand-over (about a microsecond while idle workers spin, a
// wake-up of tens of microseconds once they sleep), so a level below a size is run by the
// caller alone; the Tower of Hanoi has thousands of levels of a few hundred states. On a busy
// machine a worker may not get to run when a small level is handed out, and the caller then
// waits a time slice for it: after such a level, small levels stay on one thread for a while.
#ifndef RULECHECK_EXPLORER_LEVEL_SHARING_H_
#define RULECHECK_EXPLORER_LEVEL_SHARING_H_

#include <cstdint>

#include "explorer/worker_pool.h"

namespace rulecheck::explorer {

// Called from the thread that runs the level loop only.
class LevelSharing {
 public:
  // The policy for batches run on `pool`, which must outlive it.
  explicit LevelSharing(const WorkerPool& pool);

  // Whether a batch over `states` states is shared among the workers.
  bool Shared(uint64_t states) const { return states >= parallel_level_; }
  // After level `depth` (of `states` states, shared or not) ran as the pool's last batch:
  // stops sharing small levels for a while when it mostly waited for a preempted worker, and
  // starts again later.
  void AfterLevel(int depth, uint64_t states, bool shared);

 private:
  const WorkerPool& pool_;
  uint64_t parallel_level_;  // batches over at least this many states are shared
  int share_again_at_ = 0;   // the depth from which small levels are shared again
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_LEVEL_SHARING_H_
