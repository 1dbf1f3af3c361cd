// The lock of the one build a cache directory has left running after its run
// (BuildCancel::Release, internal to native/): the file `background-build.lock` in the
// cache, write-locked by the build left running and naming the library it makes (its cache
// key). The lock is an open-file-description lock, so it belongs to the compiler's processes,
// which share the file as their descriptor 3, and ends with the last of them, even when the
// build is killed; rulecheck's own run can exit meanwhile.
#ifndef RULECHECK_NATIVE_LEFT_BUILD_LOCK_H_
#define RULECHECK_NATIVE_LEFT_BUILD_LOCK_H_

#include <string>

namespace rulecheck::native {

// The cache directory's lock file, opened for reading and writing (close-on-exec), or -1.
int OpenLeftBuildLock(const std::string& cache_dir);

// Takes the lock on `lock` (a descriptor from OpenLeftBuildLock) for the build that shares it
// and names `key` in it; false when another build holds it.
bool TakeLeftBuildLock(int lock, const std::string& key);

// The key of the library the build left running makes; empty when no build holds the lock.
std::string LeftBuildKey(int lock);

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_LEFT_BUILD_LOCK_H_
