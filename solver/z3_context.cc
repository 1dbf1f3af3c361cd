// ContextHolder (see z3_context.h).
#include "solver/z3_context.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace rulecheck::solver::internal {
namespace {

// Never destroyed: the parked contexts stay reachable from here until the process exits.
std::vector<z3::context*>& ParkedContexts() {
  static auto* parked = new std::vector<z3::context*>();
  return *parked;
}
std::mutex& ParkedMutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}
std::atomic<bool> keep_all{false};
// The small contexts parked because of KeepAll, by Z3's estimate (guarded by ParkedMutex).
uint64_t kept_small_bytes = 0;
uint64_t keep_at_most = ContextHolder::kKeepAllBytes;

}  // namespace

ContextHolder::ContextHolder()
    : ctx_(new z3::context()), allocated_at_start_(Z3_get_estimated_alloc_size()) {}

void ContextHolder::KeepAll(bool keep) { keep_all.store(keep, std::memory_order_relaxed); }

void ContextHolder::LimitKeptBytes(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(ParkedMutex());
  keep_at_most = std::min(bytes, kKeepAllBytes);
}

size_t ContextHolder::Parked() {
  std::lock_guard<std::mutex> lock(ParkedMutex());
  return ParkedContexts().size();
}

ContextHolder::~ContextHolder() {
  // The estimate is process-wide; a concurrent run only makes parking more likely.
  const uint64_t now = Z3_get_estimated_alloc_size();
  const uint64_t bytes = now > allocated_at_start_ ? now - allocated_at_start_ : 0;
  const bool large = bytes > kParkBytes;
  {
    std::lock_guard<std::mutex> lock(ParkedMutex());
    const bool kept = !large && keep_all.load(std::memory_order_relaxed) &&
                      kept_small_bytes + bytes < keep_at_most;
    if (large || kept || park_.load(std::memory_order_relaxed)) {
      if (kept) kept_small_bytes += bytes;
      ParkedContexts().push_back(ctx_);
      return;
    }
  }
  delete ctx_;
}

}  // namespace rulecheck::solver::internal
