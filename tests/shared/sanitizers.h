// Whether the tests run under AddressSanitizer or ThreadSanitizer, whose shadow memory,
// quarantine and slower code change a run's memory and times: tests that measure those, or
// that would take many minutes instrumented, make their runs smaller there. (GCC defines the
// __SANITIZE_*__ macros; clang answers __has_feature.)
#ifndef RULECHECK_TESTS_SHARED_SANITIZERS_H_
#define RULECHECK_TESTS_SHARED_SANITIZERS_H_

#if defined(__SANITIZE_ADDRESS__)
#define RULECHECK_ADDRESS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RULECHECK_ADDRESS_SANITIZED 1
#endif
#endif
#ifdef RULECHECK_ADDRESS_SANITIZED
#include <sanitizer/lsan_interface.h>
#endif

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

// While one lives, LeakSanitizer does not report what is allocated: for a test that drives a
// library into a failure path that leaks by the library's own design (Z3 keeps what it had
// allocated for a context it could not finish). Elsewhere it does nothing.
class LeaksIgnored {
 public:
#ifdef RULECHECK_ADDRESS_SANITIZED
  LeaksIgnored() { __lsan_disable(); }
  ~LeaksIgnored() { __lsan_enable(); }
#else
  LeaksIgnored() {}   // user-provided, so that a guard variable is not "unused"
  ~LeaksIgnored() {}  // NOLINT(modernize-use-equals-default): the same
#endif
  LeaksIgnored(const LeaksIgnored&) = delete;
  LeaksIgnored& operator=(const LeaksIgnored&) = delete;
};

}  // namespace rulecheck::testing_support

// Skips, under a sanitizer only, a test that checks a rulebook's large preset or a refusal that
// needs a million translation steps: 20 to 200 s of CPU each when instrumented, and no code of
// rulecheck's that the smaller presets' tests do not run under the sanitizers too. The normal
// build runs them. (A macro: GTEST_SKIP returns from the test body.)
#define RULECHECK_SKIP_WHEN_SANITIZED()                                         \
  if (::rulecheck::testing_support::kSanitized)                                 \
  GTEST_SKIP() << "long under a sanitizer: the normal build runs it; the same " \
                  "code runs here in the smaller tests"

#endif  // RULECHECK_TESTS_SHARED_SANITIZERS_H_
