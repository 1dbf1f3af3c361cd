// mmap with a huge-page hint (see zeroed_pages.h).
#include "explorer/zeroed_pages.h"

#include <sys/mman.h>

namespace rulecheck::explorer {
namespace {

// Below this a table fits the TLB's reach anyway, and huge pages would only round up what a
// small game touches.
constexpr uint64_t kHugePagesFrom = uint64_t{8} << 20;

}  // namespace

void* MapZeroedPages(uint64_t bytes) {
  void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) return nullptr;
  // A hint: where the kernel has no transparent huge pages, nothing changes.
  if (bytes >= kHugePagesFrom) madvise(memory, bytes, MADV_HUGEPAGE);
  return memory;
}

void UnmapPages(void* memory, uint64_t bytes) {
  if (memory != nullptr) munmap(memory, bytes);
}

}  // namespace rulecheck::explorer
