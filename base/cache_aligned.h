// An allocator whose blocks start on a cache line and fill whole lines, for data that one
// thread writes all the time while other threads write their own copies: with the usual
// allocator two small blocks of different threads may share a line, which then bounces
// between the cores on every write (false sharing).
#ifndef RULECHECK_BASE_CACHE_ALIGNED_H_
#define RULECHECK_BASE_CACHE_ALIGNED_H_

#include <cstddef>
#include <new>

namespace rulecheck::base {

inline constexpr std::size_t kCacheLineBytes = 64;

template <typename T>
struct CacheAlignedAllocator {
  using value_type = T;

  CacheAlignedAllocator() = default;
  template <typename U>
  CacheAlignedAllocator(const CacheAlignedAllocator<U>& /*other*/) {}  // NOLINT: rebinding

  T* allocate(std::size_t n) {
    return static_cast<T*>(
        ::operator new (Rounded(n * sizeof(T)), std::align_val_t{kCacheLineBytes}));
  }
  // Unsized: clang declares the sized aligned delete only with -fsized-deallocation.
  void deallocate(T* p, std::size_t /*n*/) {
    ::operator delete (p, std::align_val_t{kCacheLineBytes});
  }

  template <typename U>
  bool operator==(const CacheAlignedAllocator<U>& /*other*/) const {
    return true;
  }

 private:
  static std::size_t Rounded(std::size_t bytes) {
    return (bytes + kCacheLineBytes - 1) / kCacheLineBytes * kCacheLineBytes;
  }
};

}  // namespace rulecheck::base

#endif  // RULECHECK_BASE_CACHE_ALIGNED_H_
