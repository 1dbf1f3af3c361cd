// The progress monitor's thread and snapshot (see progress_monitor.h).
#include "explorer/progress_monitor.h"

#include <algorithm>

namespace rulecheck::explorer {

ProgressMonitor::ProgressMonitor(const ExploreOptions& options, const ProgressGauges& gauges,
                                 const SearchCounters& counters)
    : options_(options), gauges_(gauges), counters_(counters) {}

Progress ProgressMonitor::Snapshot(double seconds) const {
  Progress p;
  p.seconds = seconds;
  p.states = counters_.inserted();
  p.level = gauges_.level.load(std::memory_order_relaxed);
  p.level_size = gauges_.level_size.load(std::memory_order_relaxed);
  p.level_done = gauges_.level_done.load(std::memory_order_relaxed);
  p.memory_used = gauges_.budget != nullptr ? gauges_.budget->used() : 0;
  p.memory_budget = options_.memory_bytes;
  p.growing = gauges_.growing.load(std::memory_order_relaxed);
  return p;
}

void ProgressMonitor::Start(std::chrono::steady_clock::time_point start) {
  if (!options_.progress) return;
  thread_ = std::thread([this, start] { Loop(start); });
}

void ProgressMonitor::Loop(std::chrono::steady_clock::time_point start) {
  uint64_t last_states = 0;
  double last_seconds = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  const auto interval = std::chrono::duration<double>(options_.progress_interval);
  while (!wake_.wait_for(lock, interval, [&] { return exit_; })) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    Progress p = Snapshot(seconds);
    // While the store is rebuilt the insert counters restart: show the count reached.
    p.states = std::max(p.states, last_states);
    p.states_per_second = seconds > last_seconds ? static_cast<double>(p.states - last_states) /
                                                       (seconds - last_seconds)
                                                 : 0;
    last_states = p.states;
    last_seconds = seconds;
    options_.progress(p);
  }
}

void ProgressMonitor::Stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    exit_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace rulecheck::explorer
