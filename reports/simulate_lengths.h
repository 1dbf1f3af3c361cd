// Game lengths summed up for the simulate reports (internal to reports/): the least, mean,
// median and greatest length, and a histogram of at most kMaxBins bins of equal width, each
// bin an interval of lengths and the games whose length falls in it.
#ifndef RULECHECK_REPORTS_SIMULATE_LENGTHS_H_
#define RULECHECK_REPORTS_SIMULATE_LENGTHS_H_

#include <cstdint>
#include <map>
#include <vector>

namespace rulecheck::reports {

struct LengthBin {
  uint64_t from = 0, to = 0;  // lengths from..to, both included
  uint64_t games = 0;
};

struct LengthSummary {
  uint64_t games = 0;
  uint64_t min = 0, max = 0, median = 0;  // the median: the lower middle length
  double mean = 0;
  std::vector<LengthBin> bins;
};

inline constexpr uint64_t kMaxBins = 16;

// `games_by_length`: games by length. Empty bins between others are kept. Thread-safe.
LengthSummary SummarizeLengths(const std::map<uint64_t, uint64_t>& games_by_length);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SIMULATE_LENGTHS_H_
