// A fixed set of worker threads that run one batch of tasks at a time: the search's levels,
// their finalisation and the last visits are each a batch of chunk tasks.
//
// The thread that calls Run is worker 0 and works too; the others sleep between batches.
// Tasks are claimed in increasing order from a shared counter, and a task once claimed always
// runs to its end, so when a batch is stopped early (RequestStop) the tasks that ran are
// exactly the ones claimed: a prefix of the batch, as the search's determinism needs.
#ifndef RULECHECK_EXPLORER_WORKER_POOL_H_
#define RULECHECK_EXPLORER_WORKER_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rulecheck::explorer {

class WorkerPool {
 public:
  using Task = std::function<void(uint64_t task, int worker)>;

  // `workers` >= 1 threads in all, counting the caller of Run.
  explicit WorkerPool(int workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int workers() const { return static_cast<int>(threads_.size()) + 1; }

  // Runs task(0..tasks-1) across the workers and returns when every claimed task is done.
  // With `parallel` false, or a single task, the caller runs them all alone (no wake-ups).
  // Not reentrant; call from one thread.
  void Run(uint64_t tasks, const Task& task, bool parallel = true);
  // Stops the current batch from claiming more tasks. Thread-safe; callable from a task.
  void RequestStop() { stop_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }

 private:
  void ThreadMain(int worker);
  void Work(int worker);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  uint64_t batch_ = 0;  // generation number of the current batch
  int busy_ = 0;        // helper threads still working on it
  bool exit_ = false;
  const Task* task_ = nullptr;
  uint64_t tasks_ = 0;
  std::atomic<uint64_t> next_{0};
  std::atomic<bool> stop_{false};
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_WORKER_POOL_H_
