// The worker pool (see worker_pool.h). The hand-over of a batch is a release store of its
// generation number (batch_) after task_ and tasks_ are set, and its end is the caller closing
// it (closed_) and then seeing no helper inside (active_ at zero). batch_ and the last
// helper's leaving are also changed under mutex_, so that a thread that went to sleep on the
// condition variables is always woken.
#include "explorer/worker_pool.h"

#include <chrono>

namespace rulecheck::explorer {
namespace {

// How long a waiting worker spins before it sleeps: longer than the serial work between two
// levels of a small level's search, far shorter than a person notices.
constexpr auto kSpinTime = std::chrono::microseconds(200);

void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace

WorkerPool::WorkerPool(int workers) {
  spin_ = workers > 1 && static_cast<unsigned>(workers) <= std::thread::hardware_concurrency();
  for (int w = 1; w < workers; ++w) threads_.emplace_back([this, w] { ThreadMain(w); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    exit_.store(true, std::memory_order_release);
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

template <typename Ready>
void WorkerPool::Await(std::condition_variable& cv, Ready ready) {
  if (spin_) {
    const auto deadline = std::chrono::steady_clock::now() + kSpinTime;
    // Pause only: yielding to the kernel in the loop costs a system call a turn, which made
    // the short batches of a level's finalisation ten times slower.
    for (uint32_t i = 1;; ++i) {
      if (ready()) return;
      CpuRelax();
      if (i % 64 == 0 && std::chrono::steady_clock::now() > deadline) break;
    }
  }
  std::unique_lock<std::mutex> lock(mutex_);
  cv.wait(lock, ready);
}

void WorkerPool::Work(int worker) {
  while (!stop_.load(std::memory_order_relaxed)) {
    const uint64_t task = next_.fetch_add(1, std::memory_order_relaxed);
    if (task >= tasks_) break;
    (*task_)(task, worker);
  }
}

void WorkerPool::ThreadMain(int worker) {
  uint64_t seen = 0;
  while (true) {
    Await(wake_, [&] {
      return exit_.load(std::memory_order_acquire) ||
             batch_.load(std::memory_order_acquire) != seen;
    });
    if (exit_.load(std::memory_order_acquire)) return;
    seen = batch_.load(std::memory_order_acquire);
    // Join, then look whether the caller closed the batch meanwhile (both sequentially
    // consistent: either this thread sees the close, or the caller sees it active).
    active_.fetch_add(1, std::memory_order_seq_cst);
    if (closed_.load(std::memory_order_seq_cst) != seen) Work(worker);
    if (active_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      // The caller may be asleep: change-and-notify under the mutex so it cannot miss it.
      std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_one();
    }
  }
}

void WorkerPool::Run(uint64_t tasks, const Task& task, bool parallel) {
  using Clock = std::chrono::steady_clock;
  stop_.store(false, std::memory_order_relaxed);
  next_.store(0, std::memory_order_relaxed);
  task_ = &task;
  tasks_ = tasks;
  const auto start = Clock::now();
  last_wait_seconds_ = 0;
  if (!parallel || tasks <= 1 || threads_.empty()) {
    Work(0);
    last_seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
    return;
  }
  uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    generation = batch_.fetch_add(1, std::memory_order_release) + 1;
  }
  wake_.notify_all();
  Work(0);
  const auto done = Clock::now();
  closed_.store(generation, std::memory_order_seq_cst);
  Await(done_, [&] { return active_.load(std::memory_order_seq_cst) == 0; });
  const auto end = Clock::now();
  last_seconds_ = std::chrono::duration<double>(end - start).count();
  last_wait_seconds_ = std::chrono::duration<double>(end - done).count();
}

}  // namespace rulecheck::explorer
