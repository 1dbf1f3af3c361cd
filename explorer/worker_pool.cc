// The worker pool (see worker_pool.h). Batches are coarse (a level at a time), so a mutex and
// two condition variables are cheap enough; the tasks themselves never lock.
#include "explorer/worker_pool.h"

namespace rulecheck::explorer {

WorkerPool::WorkerPool(int workers) {
  for (int w = 1; w < workers; ++w) threads_.emplace_back([this, w] { ThreadMain(w); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    exit_ = true;
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
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
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return exit_ || batch_ != seen; });
      if (exit_) return;
      seen = batch_;
    }
    Work(worker);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
}

void WorkerPool::Run(uint64_t tasks, const Task& task, bool parallel) {
  stop_.store(false, std::memory_order_relaxed);
  next_.store(0, std::memory_order_relaxed);
  task_ = &task;
  tasks_ = tasks;
  if (!parallel || tasks <= 1 || threads_.empty()) {
    Work(0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    busy_ = static_cast<int>(threads_.size());
    ++batch_;
  }
  wake_.notify_all();
  Work(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return busy_ == 0; });
}

}  // namespace rulecheck::explorer
