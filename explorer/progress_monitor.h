// The progress monitor: a thread that, about every ExploreOptions::progress_interval seconds,
// takes a snapshot of the running search and hands it to ExploreOptions::progress. Internal
// to explorer/.
//
// The search publishes what the snapshot shows in ProgressGauges (relaxed atomics, so a
// snapshot may mix two nearby moments) and its state counts in SearchCounters; the monitor
// only reads them, and costs the search nothing when no callback is set.
#ifndef RULECHECK_EXPLORER_PROGRESS_MONITOR_H_
#define RULECHECK_EXPLORER_PROGRESS_MONITOR_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "explorer/explorer.h"
#include "explorer/memory_budget.h"
#include "explorer/progress.h"
#include "explorer/search_counters.h"

namespace rulecheck::explorer {

// Written by the search as it goes, read by the monitor.
struct ProgressGauges {
  std::atomic<int> level{0};             // the depth being processed
  std::atomic<uint64_t> level_size{0};   // its states
  std::atomic<uint64_t> level_done{0};   // of which finished chunks covered so far
  const MemoryBudget* budget = nullptr;  // the search's account of its memory
  std::atomic<bool> growing{false};      // the store is being rebuilt bigger
};

class ProgressMonitor {
 public:
  // Reports on `gauges` and `counters` with `options`' callback, interval and memory budget
  // (filled in: not 0). All three must outlive the monitor.
  ProgressMonitor(const ExploreOptions& options, const ProgressGauges& gauges,
                  const SearchCounters& counters);
  ~ProgressMonitor() { Stop(); }
  ProgressMonitor(const ProgressMonitor&) = delete;
  ProgressMonitor& operator=(const ProgressMonitor&) = delete;

  // Starts the thread, timing from `start`; nothing when there is no callback. Call once.
  void Start(std::chrono::steady_clock::time_point start);
  // Stops and joins the thread, if it runs; the callback is not called after. Idempotent.
  void Stop();

 private:
  void Loop(std::chrono::steady_clock::time_point start);
  // The search as it is now, `seconds` after its start (states_per_second left 0).
  Progress Snapshot(double seconds) const;

  const ExploreOptions& options_;
  const ProgressGauges& gauges_;
  const SearchCounters& counters_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool exit_ = false;  // guarded by mutex_
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_PROGRESS_MONITOR_H_
