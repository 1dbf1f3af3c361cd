// The left build's lock (see left_build_lock.h): Linux's F_OFD_SETLK and F_OFD_GETLK, which
// unlike flock can look at a lock without taking it, so that a look never makes a release
// fail.
#include "native/left_build_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include "absl/strings/str_cat.h"

namespace rulecheck::native {
namespace {

// The whole file, for writing.
struct flock WholeFile() {
  struct flock range = {};
  range.l_type = F_WRLCK;
  range.l_whence = SEEK_SET;
  return range;
}

}  // namespace

int OpenLeftBuildLock(const std::string& cache_dir) {
  return open(absl::StrCat(cache_dir, "/background-build.lock").c_str(),
              O_RDWR | O_CREAT | O_CLOEXEC, 0644);
}

bool TakeLeftBuildLock(int lock, const std::string& key) {
  struct flock range = WholeFile();
  if (fcntl(lock, F_OFD_SETLK, &range) != 0) return false;
  // A reader that comes between these calls reads no key, or part of one: a key that differs
  // from its own, so at worst it builds its library itself.
  if (ftruncate(lock, 0) != 0) return true;
  const ssize_t written = pwrite(lock, key.data(), key.size(), 0);
  (void)written;
  return true;
}

std::string LeftBuildKey(int lock) {
  struct flock range = WholeFile();
  if (fcntl(lock, F_OFD_GETLK, &range) != 0 || range.l_type == F_UNLCK) return "";
  char key[128];
  const ssize_t read = pread(lock, key, sizeof key, 0);
  return read > 0 ? std::string(key, static_cast<size_t>(read)) : "";
}

}  // namespace rulecheck::native
