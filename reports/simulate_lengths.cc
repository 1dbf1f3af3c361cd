// Game lengths summed up (see simulate_lengths.h).
#include "reports/simulate_lengths.h"

namespace rulecheck::reports {

LengthSummary SummarizeLengths(const std::map<uint64_t, uint64_t>& games_by_length) {
  LengthSummary summary;
  if (games_by_length.empty()) return summary;
  double total = 0;
  for (const auto& [length, games] : games_by_length) {
    summary.games += games;
    total += static_cast<double>(length) * static_cast<double>(games);
  }
  summary.min = games_by_length.begin()->first;
  summary.max = games_by_length.rbegin()->first;
  summary.mean = total / static_cast<double>(summary.games);
  uint64_t seen = 0;
  for (const auto& [length, games] : games_by_length) {
    seen += games;
    if (2 * seen >= summary.games) {
      summary.median = length;
      break;
    }
  }
  const uint64_t span = summary.max - summary.min + 1;
  const uint64_t width = (span + kMaxBins - 1) / kMaxBins;
  for (uint64_t from = summary.min; from <= summary.max; from += width) {
    summary.bins.push_back({from, from + width - 1, 0});
    if (from + width < from) break;  // overflow: the last bin
  }
  for (const auto& [length, games] : games_by_length) {
    summary.bins[(length - summary.min) / width].games += games;
  }
  return summary;
}

}  // namespace rulecheck::reports
