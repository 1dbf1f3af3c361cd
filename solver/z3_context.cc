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

// A new context, or null when Z3 cannot make one. z3::context's constructor uses the context
// Z3_mk_context_rc gives without looking at it, and that is null once Z3's memory budget is
// spent (the run crashed there): a context made and deleted first through the C API tells.
z3::context* NewContext() {
  Z3_config config = Z3_mk_config();
  Z3_context probe = Z3_mk_context_rc(config);
  Z3_del_config(config);
  if (probe == nullptr) return nullptr;
  Z3_del_context(probe);
  return new z3::context();
}

}  // namespace

ContextHolder::ContextHolder() : allocated_before_(Z3_get_estimated_alloc_size()) {
  ctx_ = NewContext();
  allocated_at_start_ = Z3_get_estimated_alloc_size();
}

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
  if (ctx_ == nullptr) return;
  // The estimate is process-wide; a concurrent run only makes parking more likely.
  const uint64_t now = Z3_get_estimated_alloc_size();
  // What the run built (which decides whether deleting would be slow), and what keeping the
  // context holds: that and the context itself, about 17 MB of Z3's estimate from the start.
  const uint64_t bytes = now > allocated_at_start_ ? now - allocated_at_start_ : 0;
  const uint64_t held = now > allocated_before_ ? now - allocated_before_ : 0;
  const bool large = bytes > kParkBytes;
  {
    std::lock_guard<std::mutex> lock(ParkedMutex());
    const bool kept = !large && keep_all.load(std::memory_order_relaxed) &&
                      kept_small_bytes + held < keep_at_most;
    if (large || kept || park_.load(std::memory_order_relaxed)) {
      if (kept) kept_small_bytes += held;
      ParkedContexts().push_back(ctx_);
      return;
    }
  }
  delete ctx_;
}

}  // namespace rulecheck::solver::internal
