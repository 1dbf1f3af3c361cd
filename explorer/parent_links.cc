// Parent links by compare-and-swap minimum (see parent_links.h).
#include "explorer/parent_links.h"

#include "explorer/zeroed_pages.h"

namespace rulecheck::explorer {

ParentLinks::ParentLinks(uint64_t id_bound) {
  bytes_ = id_bound * sizeof(uint32_t);
  links_ = static_cast<uint32_t*>(MapZeroedPages(bytes_));
}

ParentLinks::~ParentLinks() { UnmapPages(links_, bytes_); }

bool ParentLinks::Offer(uint64_t id, uint64_t parent_pos) {
  const uint32_t mine = static_cast<uint32_t>(parent_pos + 1);
  std::atomic_ref<uint32_t> link = Ref(id);
  uint32_t seen = link.load(std::memory_order_relaxed);
  while (true) {
    if ((seen & kSettled) != 0) return false;
    if (seen != 0 && seen <= mine) return true;
    if (link.compare_exchange_weak(seen, mine, std::memory_order_relaxed)) return true;
  }
}

bool ParentLinks::SettleIfBest(uint64_t id, uint64_t parent_pos) {
  uint32_t expected = static_cast<uint32_t>(parent_pos + 1);
  return Ref(id).compare_exchange_strong(expected, expected | kSettled, std::memory_order_relaxed);
}

}  // namespace rulecheck::explorer
