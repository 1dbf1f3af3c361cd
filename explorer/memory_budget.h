// The one account of the memory a search allocates, against the --memory budget.
//
// Everything the explicit search allocates that grows with the model is charged here before
// it is allocated: the state store's tables and parent links, the level lists, the chunk logs
// of the level being expanded, the workers' successor batches, the copies made while the
// store is rebuilt bigger, and after the search the analyses' transition graph. A charge the
// budget has no room for is refused, and the caller stops cleanly (the search ends with
// StopReason::kStoreFull, an analysis is not determined) instead of allocating: so the
// process never meets std::bad_alloc or the kernel's OOM killer for the search's data, and its
// peak memory stays within the budget plus a fixed overhead (the program, the model, thread
// stacks, and the allocator's own slack), which does not grow with the states.
//
// MemoryBudget is the account; MemoryCharge holds one part of it for as long as that memory
// lives and gives it back when destroyed; ChargedVector is a std::vector whose capacity is
// charged, growing geometrically like std::vector, with the old and new buffers both charged
// while it reallocates (as both are alive). Charges are taken when buffers grow, not per
// element, so accounting costs nothing in the hot loop beyond a size check.
//
//   auto budget = std::make_shared<MemoryBudget>(256 << 20);
//   ChargedVector<uint32_t> ids(budget.get());
//   if (!ids.push_back(id)) ...  // the budget is used up: stop
#ifndef RULECHECK_EXPLORER_MEMORY_BUDGET_H_
#define RULECHECK_EXPLORER_MEMORY_BUDGET_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

namespace rulecheck::explorer {

// Thread-safe.
class MemoryBudget {
 public:
  // A budget of `limit` bytes.
  explicit MemoryBudget(uint64_t limit) : limit_(limit) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  uint64_t limit() const { return limit_; }
  // Bytes charged now, and the most ever charged at once.
  uint64_t used() const { return used_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }
  // Bytes that a charge may still take.
  uint64_t available() const { return limit_ - std::min(limit_, used()); }

  // Charges `bytes` when they fit in the budget, and returns whether it did (nothing is
  // charged otherwise).
  bool TryCharge(uint64_t bytes);
  // Gives back `bytes` charged earlier.
  void Release(uint64_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }

 private:
  const uint64_t limit_;
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> peak_{0};
};

// A part of a budget held by one object, released when it is destroyed. A charge with no
// budget (null) is always granted and accounts nothing. Movable; not thread-safe (its budget
// is).
class MemoryCharge {
 public:
  MemoryCharge() = default;
  explicit MemoryCharge(MemoryBudget* budget) : budget_(budget) {}
  MemoryCharge(MemoryCharge&& other) noexcept
      : budget_(other.budget_), bytes_(std::exchange(other.bytes_, 0)) {}
  MemoryCharge& operator=(MemoryCharge&& other) noexcept {
    if (this != &other) {
      Set(0);
      budget_ = other.budget_;
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  ~MemoryCharge() { Set(0); }

  MemoryBudget* budget() const { return budget_; }
  uint64_t bytes() const { return bytes_; }
  // Makes the charge `bytes`: takes the increase from the budget (false, and the charge is
  // unchanged, when it has no room) or gives back the decrease.
  bool Set(uint64_t bytes) {
    // No change touches no budget: a moved-from charge (0 bytes) may outlive its budget, as
    // when an Exploration moved out of a StatusOr is destroyed after the one it moved to.
    if (bytes == bytes_) return true;
    if (budget_ != nullptr) {
      if (bytes > bytes_) {
        if (!budget_->TryCharge(bytes - bytes_)) return false;
      } else {
        budget_->Release(bytes_ - bytes);
      }
    }
    bytes_ = bytes;
    return true;
  }
  // Adds `bytes` to the charge; false (unchanged) when the budget has no room.
  bool Add(uint64_t bytes) { return Set(bytes_ + bytes); }
  // Takes over `other`'s bytes (of the same budget).
  void Absorb(MemoryCharge&& other) { bytes_ += std::exchange(other.bytes_, 0); }

 private:
  MemoryBudget* budget_ = nullptr;
  uint64_t bytes_ = 0;
};

// A vector whose capacity is charged to a budget. Not thread-safe.
template <typename T>
class ChargedVector {
 public:
  explicit ChargedVector(MemoryBudget* budget = nullptr) : charge_(budget) {}

  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T& operator[](size_t i) const { return items_[i]; }
  T& operator[](size_t i) { return items_[i]; }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  const T& back() const { return items_.back(); }
  const std::vector<T>& items() const { return items_; }

  // Appends `item`; false (nothing appended) when the budget has no room for the bigger
  // buffer.
  bool push_back(T item) {
    if (items_.size() == items_.capacity() && !Reserve(std::max<size_t>(16, 2 * items_.size()))) {
      return false;
    }
    items_.push_back(std::move(item));
    return true;
  }
  // Makes room for `n` items; false (unchanged) when the budget has no room.
  bool Reserve(size_t n) {
    if (n <= items_.capacity()) return true;
    // Both buffers are alive while the items move.
    if (!charge_.Add(n * sizeof(T))) return false;
    items_.reserve(n);  // exactly n (libstdc++), so the old buffer's bytes are given back
    charge_.Set(items_.capacity() * sizeof(T));
    return true;
  }
  // Empties the vector, keeping (and still charging) its buffer.
  void clear() { items_.clear(); }
  // Empties the vector and frees its buffer.
  void Free() {
    std::vector<T>().swap(items_);
    charge_.Set(0);
  }
  // Moves the items out, and their charge into `charge` (of the same budget).
  std::vector<T> Take(MemoryCharge& charge) {
    charge.Absorb(std::move(charge_));
    return std::exchange(items_, {});
  }

 private:
  std::vector<T> items_;
  MemoryCharge charge_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_MEMORY_BUDGET_H_
