// Zeroed memory straight from the kernel, for the store's tables and the parent links.
//
// Anonymous pages are zero and committed only when touched, so a table costs nothing until
// states land in it. Big tables are asked for in transparent huge pages (2 MiB on x86-64):
// their accesses are random, and with 4 KiB pages nearly every one also missed the TLB,
// which cost more than the cache miss itself on tables of hundreds of megabytes.
#ifndef RULECHECK_EXPLORER_ZEROED_PAGES_H_
#define RULECHECK_EXPLORER_ZEROED_PAGES_H_

#include <cstdint>

namespace rulecheck::explorer {

// `bytes` of zeroed memory, or nullptr when the kernel refuses. Free with UnmapPages.
void* MapZeroedPages(uint64_t bytes);
void UnmapPages(void* memory, uint64_t bytes);

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_ZEROED_PAGES_H_
