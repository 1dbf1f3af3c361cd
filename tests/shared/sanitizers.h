// Whether the tests run under AddressSanitizer or ThreadSanitizer, whose shadow memory,
// quarantine and slower code change a run's memory and times: tests that measure those, or
// that would take many minutes instrumented, make their runs smaller there. (GCC defines the
// __SANITIZE_*__ macros; clang answers __has_feature.)
#ifndef RULECHECK_TESTS_SHARED_SANITIZERS_H_
#define RULECHECK_TESTS_SHARED_SANITIZERS_H_

namespace rulecheck::testing_support {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace rulecheck::testing_support

#endif  // RULECHECK_TESTS_SHARED_SANITIZERS_H_
