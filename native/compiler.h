// Turning a generated source into a shared library on disk, through the user's cache
// (internal to native/).
//
// The compiler is the one users expect: the `CXX` environment variable (a program, possibly
// with arguments, e.g. `ccache g++`), else `c++` on PATH. A library is cached under
// `$XDG_CACHE_HOME/rulecheck` (else `~/.cache/rulecheck`) by a hash of everything that
// decides its code: the generated source (which follows from the model text and the
// constants' values), the model text and constants themselves, the compiler's path and
// `--version` output, and rulecheck's version. A second run with the same inputs finds the
// library and does not compile. Concurrent runs are safe: each compiles to a file of its own
// and renames it into place, which is atomic, so no run ever sees a partly written library.
// The rename is done by a small shell process that runs the compiler, so that a build
// released by its caller (BuildCancel::Release) still ends in the cache; a build of a library
// that such a released build is making waits for it rather than compile a second copy.
#ifndef RULECHECK_NATIVE_COMPILER_H_
#define RULECHECK_NATIVE_COMPILER_H_

#include <sys/types.h>

#include <mutex>
#include <string>

#include "absl/status/statusor.h"

namespace rulecheck::native {

// Ends a build early from another thread, in one of two ways; either makes the build end with
// Cancelled. Thread-safe.
class BuildCancel {
 public:
  // Kills the compiler (its whole process group); no file of the build is left.
  void Cancel();
  // Stops waiting for a compiler that is running and lets it run on, on its own: when it
  // ends, the library goes into the cache as after a build waited for (even after this
  // process has exited), or, when the compiler fails, its files are removed but for its
  // output (`*.log`). One build at a time is left running per cache directory
  // (left_build_lock.h): when another one is, Release leaves this one as it is (to be
  // cancelled). A build that waits for the one left running, because that one makes the same
  // library, stops waiting and leaves it as it is. True when a compiler was left running (this
  // build's or the one it waited for); false when none was running (not started yet, or
  // ended), or another build holds the lock.
  bool Release();
  // For BuildLibrary: the compiler's process group while it runs (0: none), the lock a
  // released build holds (-1: it cannot be released) and the library's cache key; false when
  // the build is cancelled already (the caller then kills the group it just started).
  bool SetRunning(pid_t group, int release_lock = -1, const std::string& key = "");
  // For BuildLibrary: whether the build waits for the one left running (see Release).
  void SetWaiting(bool waiting);
  bool cancelled();
  bool released();
  // Whether a compiler process is running for the build (SetRunning was told of it, and the
  // build was not cancelled).
  bool running();

 private:
  std::mutex mutex_;
  pid_t group_ = 0;
  int release_lock_ = -1;
  std::string key_;
  bool waiting_ = false;
  bool cancelled_ = false;
  bool released_ = false;
};

struct BuildRequest {
  std::string source;  // the generated C++
  // More text the library's identity depends on (the model text and the constants).
  std::string identity;
  std::string cache_dir;  // empty: the user's cache directory, as above
  // Only look in the cache: NotFound when the library is not there.
  bool only_cached = false;
  BuildCancel* cancel = nullptr;  // null: the build cannot be stopped
  // The build runs beside a search that goes on without it: the compiler gets a low CPU
  // priority, so that it takes mostly the time the search leaves.
  bool background = false;
};

struct BuiltLibrary {
  std::string path;     // the shared library, complete
  bool cached = false;  // found in the cache, not compiled now
};

// The library for `request`, from the cache or compiled now with `-O2 -shared -fPIC`.
// Errors: FailedPrecondition when there is no compiler (the message says which was looked
// for) or no usable cache directory; Internal when the compiler fails (the message quotes the
// start of its output); NotFound with `only_cached`; Cancelled when `cancel` stopped it.
// Thread-safe; safe across processes.
absl::StatusOr<BuiltLibrary> BuildLibrary(const BuildRequest& request);

// The cache directory BuildLibrary uses for an empty BuildRequest::cache_dir; empty when
// neither XDG_CACHE_HOME nor HOME is set.
std::string DefaultCacheDir();

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_COMPILER_H_
