// A fixed set of worker threads that run one batch of tasks at a time: the search's levels,
// their finalisation and the last visits are each a batch of chunk tasks.
//
// The thread that calls Run is worker 0 and works too. Between batches the others first spin
// for a short while and only then sleep: a game like the Tower of Hanoi has tens of thousands
// of levels of a few hundred states each, and waking a sleeping thread (tens of microseconds)
// would cost more than such a level's work, while a spinning one picks the next batch up in
// well under a microsecond.
//
// The caller waits at the end of a batch only for the helpers that joined it in time: a
// helper that was asleep and wakes after every task was claimed finds the batch closed.
//
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
  // Whether idle workers spin (every worker has a core): then handing out even a small batch
  // costs about a microsecond, and otherwise a wake-up.
  bool spins() const { return spin_; }

  // Runs task(0..tasks-1) across the workers and returns when every claimed task is done.
  // With `parallel` false, or a single task, the caller runs them all alone (no wake-ups).
  // Not reentrant; call from one thread.
  void Run(uint64_t tasks, const Task& task, bool parallel = true);
  // Stops the current batch from claiming more tasks. Thread-safe; callable from a task.
  void RequestStop() { stop_.store(true, std::memory_order_relaxed); }
  // Of the last Run: its wall-clock seconds, and how many of them the caller spent waiting
  // for the other workers after its own share was done (high on a busy machine, where a
  // preempted worker holds up the batch).
  double last_seconds() const { return last_seconds_; }
  double last_wait_seconds() const { return last_wait_seconds_; }
  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }

 private:
  void ThreadMain(int worker);
  void Work(int worker);
  // Waits until `ready()` holds: spins for a while, then sleeps on `cv` (whose notifier
  // changes the condition under mutex_).
  template <typename Ready>
  void Await(std::condition_variable& cv, Ready ready);

  std::vector<std::thread> threads_;
  // Spinning pays only while every worker has a core of its own.
  bool spin_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::atomic<uint64_t> batch_{0};  // generation number of the current batch
  // The last generation closed to helpers: once the caller has run out of tasks it closes
  // the batch, so a helper that wakes late does not hold it up.
  std::atomic<uint64_t> closed_{0};
  std::atomic<int> active_{0};  // helper threads inside the current batch
  std::atomic<bool> exit_{false};
  const Task* task_ = nullptr;
  uint64_t tasks_ = 0;
  std::atomic<uint64_t> next_{0};
  std::atomic<bool> stop_{false};
  double last_seconds_ = 0;
  double last_wait_seconds_ = 0;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_WORKER_POOL_H_
