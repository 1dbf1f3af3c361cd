// A snapshot of a running search, for progress lines on stderr. The explorer fills one about
// once a second from a monitor thread and hands it to ExploreOptions::progress; how it is
// shown (redrawn in place on a terminal, plain lines in a log) is the caller's business.
#ifndef RULECHECK_EXPLORER_PROGRESS_H_
#define RULECHECK_EXPLORER_PROGRESS_H_

#include <cstdint>

namespace rulecheck::explorer {

struct Progress {
  double seconds = 0;            // since the search started
  uint64_t states = 0;           // distinct states stored so far (approximate while running)
  double states_per_second = 0;  // over the last interval
  int level = 0;                 // the depth being expanded
  uint64_t level_size = 0;       // states in that level
  uint64_t level_done = 0;       // of which expanded so far
  uint64_t memory_used = 0;      // bytes of the budget in use (explorer/memory_budget.h)
  uint64_t memory_budget = 0;
  bool growing = false;  // the store is being rebuilt bigger, from the states so far
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_PROGRESS_H_
