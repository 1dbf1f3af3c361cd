// The chunk log's reuse between levels (see level_task.h).
#include "explorer/level_task.h"

namespace rulecheck::explorer {

void ChunkLog::Reset(uint64_t b, uint64_t e) {
  begin = b;
  end = e;
  visited = 0;
  visited_before = 0;
  expanded = 0;
  found.clear();
  successors.clear();
  edges.clear();
  events.clear();
  next.clear();
}

}  // namespace rulecheck::explorer
