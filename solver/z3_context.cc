// ContextHolder (see z3_context.h).
#include "solver/z3_context.h"

#include <mutex>
#include <vector>

namespace rulecheck::solver::internal {
namespace {

// Never destroyed: the parked contexts stay reachable from here until the process exits.
std::vector<z3::context*>& Parked() {
  static auto* parked = new std::vector<z3::context*>();
  return *parked;
}
std::mutex& ParkedMutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}

}  // namespace

ContextHolder::ContextHolder()
    : ctx_(new z3::context()), allocated_at_start_(Z3_get_estimated_alloc_size()) {}

ContextHolder::~ContextHolder() {
  // The estimate is process-wide; a concurrent run only makes parking more likely.
  const uint64_t now = Z3_get_estimated_alloc_size();
  const bool large = now > allocated_at_start_ && now - allocated_at_start_ > kParkBytes;
  if (large || park_.load(std::memory_order_relaxed)) {
    std::lock_guard<std::mutex> lock(ParkedMutex());
    Parked().push_back(ctx_);
    return;
  }
  delete ctx_;
}

}  // namespace rulecheck::solver::internal
