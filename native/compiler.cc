// BuildLibrary (see compiler.h). The compiler runs as a child process (posix_spawnp, no
// shell, so a CXX with spaces is split into words, not interpreted), with its output in a
// file so that a failure can be quoted. The cache key is a 128-bit hash, two FNV-1a passes
// with different seeds: not cryptographic, but the inputs are the user's own files, and a
// collision would need two models whose texts collide in both passes.
#include "native/compiler.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "base/version.h"
#include "native/left_build_lock.h"

extern char** environ;

namespace rulecheck::native {
namespace {

// The niceness of a background build (as `nice -n 10`): against a busy thread of normal
// priority it gets about a tenth of a core, so a search that keeps every core busy is hardly
// slowed, and a build still ends in bounded time on a loaded machine.
constexpr int kBackgroundNice = 10;

uint64_t Fnv1a(const std::string& text, uint64_t hash) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string HexKey(const std::string& text) {
  char key[33];
  std::snprintf(key, sizeof key, "%016llx%016llx",
                static_cast<unsigned long long>(Fnv1a(text, 0xcbf29ce484222325ULL)),
                static_cast<unsigned long long>(Fnv1a(text, 0x84222325cbf29ce4ULL ^ text.size())));
  return key;
}

// The compiler command's words: CXX split at spaces, else `c++`.
std::vector<std::string> CompilerWords() {
  const char* cxx = std::getenv("CXX");
  std::vector<std::string> words;
  if (cxx != nullptr) words = absl::StrSplit(cxx, ' ', absl::SkipEmpty());
  if (words.empty()) words.push_back("c++");
  return words;
}

// The full path of `program` (as posix_spawnp would find it), or empty.
std::string FindProgram(const std::string& program) {
  if (program.find('/') != std::string::npos) {
    return access(program.c_str(), X_OK) == 0 ? program : "";
  }
  const char* path = std::getenv("PATH");
  for (const auto& dir : absl::StrSplit(path != nullptr ? path : "/usr/bin:/bin", ':')) {
    std::string candidate = absl::StrCat(dir.empty() ? "." : dir, "/", program);
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A file name no other thread or process uses at the same time.
std::string UniqueName(const std::string& dir, const std::string& stem, const char* suffix) {
  static std::atomic<uint64_t> counter{0};
  return absl::StrCat(dir, "/", stem, ".", getpid(), "-", counter.fetch_add(1), suffix);
}

struct RunOptions {
  BuildCancel* cancel = nullptr;
  bool background = false;
  int release_lock = -1;  // an open file the process gets as its descriptor 3 (see SetRunning)
  std::string key;        // the library's cache key, for SetRunning
};

// Runs `argv` with stdin from /dev/null and stdout and stderr into `output`; its exit status.
// In a process group of its own, which `options.cancel` (when set) can kill: the compiler
// driver's own children (cc1plus, as, ld) go with it; with `background`, the group runs at a
// low CPU priority (the driver's children inherit it).
absl::StatusOr<int> Run(const std::vector<std::string>& argv, const std::string& output,
                        const RunOptions& options = {}) {
  BuildCancel* cancel = options.cancel;
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  // No other descriptor of ours: a released build outlives this process and must hold none of
  // its files, pipes or locks (but the lock that is its own).
  int first_closed = 3;
  if (options.release_lock >= 0) {
    posix_spawn_file_actions_adddup2(&actions, options.release_lock, first_closed++);
  }
  posix_spawn_file_actions_addclosefrom_np(&actions, first_closed);
  std::vector<char*> args;
  for (const std::string& word : argv) args.push_back(const_cast<char*>(word.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot run the compiler `", argv[0], "`: ", std::strerror(error)));
  }
  if (cancel != nullptr && !cancel->SetRunning(pid, options.release_lock, options.key)) {
    kill(-pid, SIGKILL);
  }
  // A failure only leaves the priority as it was.
  if (options.background) setpriority(PRIO_PGRP, static_cast<id_t>(pid), kBackgroundNice);
  int status = 0;
  if (cancel == nullptr) {
    while (waitpid(pid, &status, 0) < 0) {
      if (errno != EINTR) return absl::InternalError("lost the compiler process");
    }
  } else {
    // Looked at every 10 ms, which is nothing beside a compile, so that a release is seen.
    for (;;) {
      const pid_t ended = waitpid(pid, &status, WNOHANG);
      if (ended == pid) break;
      if (ended < 0 && errno != EINTR) return absl::InternalError("lost the compiler process");
      if (cancel->released()) {
        cancel->SetRunning(0);
        return absl::CancelledError("the build goes on without this run");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    cancel->SetRunning(0);
    if (cancel->cancelled()) return absl::CancelledError("the build was stopped");
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The shell script that runs the compiler (its words follow the script's first five
// arguments) and then puts the library and its source in their places in the cache, or, when
// the compiler fails, removes them. It leaves the compiler's output (the log) only on a
// failure, for the caller to quote. Its exit status is the compiler's.
// On failure the log stays for rulecheck to read and remove, unless rulecheck has exited
// (the build was released: nobody reads it then, so it would stay in the cache for good).
constexpr char kBuildScript[] = R"(lib=$1 final=$2 src=$3 keep=$4 log=$5
shift 5
orphan_log() { kill -0 "$PPID" 2>/dev/null || rm -f "$log"; }
"$@" || { status=$?; rm -f "$lib" "$src"; orphan_log; exit $status; }
if mv -f "$lib" "$final"; then mv -f "$src" "$keep"; rm -f "$log"; else rm -f "$lib" "$src"; orphan_log; fi
)";

// Creates `dir` and its parents.
bool MakeDirs(const std::string& dir) {
  for (size_t at = 1; at <= dir.size(); ++at) {
    if (at == dir.size() || dir[at] == '/') {
      const std::string prefix = dir.substr(0, at);
      if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
  }
  struct stat info;
  return stat(dir.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// The compiler's identity: its path and the first line of its `--version`; computed once
// per process and command.
absl::StatusOr<std::string> CompilerIdentity(const std::vector<std::string>& words,
                                             const std::string& dir) {
  static std::mutex mutex;
  static std::string known_command, known_identity;
  const std::string command = absl::StrJoin(words, " ");
  std::lock_guard<std::mutex> lock(mutex);
  if (command == known_command) return known_identity;
  const std::string output = UniqueName(dir, "version", ".txt");
  std::vector<std::string> argv = words;
  argv.push_back("--version");
  absl::StatusOr<int> status = Run(argv, output);
  std::string text = ReadFile(output);
  std::remove(output.c_str());
  if (!status.ok()) return status.status();
  if (*status != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("the compiler `", command, " --version` failed"));
  }
  known_command = command;
  known_identity = absl::StrCat(FindProgram(words[0]), "\n", text.substr(0, text.find('\n')));
  return known_identity;
}

// Closes a descriptor (when there is one) as it goes.
struct ClosedAtEnd {
  int fd;
  ~ClosedAtEnd() {
    if (fd >= 0) close(fd);
  }
};

// Waits while the build another run left running makes the library at `path` (its cache
// key `key`): true once the library is there, false when that build ended without it;
// Cancelled when `cancel` stops or releases the wait.
absl::StatusOr<bool> AwaitLeftBuild(int lock, const std::string& key, const std::string& path,
                                    BuildCancel* cancel) {
  if (cancel != nullptr) cancel->SetWaiting(true);
  for (;;) {
    if (access(path.c_str(), R_OK) == 0) break;
    if (LeftBuildKey(lock) != key) break;
    if (cancel != nullptr && (cancel->cancelled() || cancel->released())) {
      return absl::CancelledError("the build another run left running goes on");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (cancel != nullptr) cancel->SetWaiting(false);
  return access(path.c_str(), R_OK) == 0;
}

}  // namespace

void BuildCancel::Cancel() {
  std::lock_guard<std::mutex> lock(mutex_);
  cancelled_ = true;
  if (group_ > 0) kill(-group_, SIGKILL);
}

bool BuildCancel::Release() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (cancelled_ || released_) return false;
  if (!waiting_ && (group_ <= 0 || release_lock_ < 0 || !TakeLeftBuildLock(release_lock_, key_))) {
    return false;
  }
  released_ = true;
  return true;
}

void BuildCancel::SetWaiting(bool waiting) {
  std::lock_guard<std::mutex> lock(mutex_);
  waiting_ = waiting;
}

bool BuildCancel::released() {
  std::lock_guard<std::mutex> lock(mutex_);
  return released_;
}

bool BuildCancel::running() {
  std::lock_guard<std::mutex> lock(mutex_);
  return group_ > 0 && !cancelled_;
}

bool BuildCancel::SetRunning(pid_t group, int release_lock, const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  group_ = cancelled_ ? 0 : group;
  release_lock_ = group_ > 0 ? release_lock : -1;
  key_ = key;
  return !cancelled_;
}

bool BuildCancel::cancelled() {
  std::lock_guard<std::mutex> lock(mutex_);
  return cancelled_;
}

std::string DefaultCacheDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') return absl::StrCat(xdg, "/rulecheck");
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return absl::StrCat(home, "/.cache/rulecheck");
  return "";
}

absl::StatusOr<BuiltLibrary> BuildLibrary(const BuildRequest& request) {
  const std::vector<std::string> words = CompilerWords();
  if (FindProgram(words[0]).empty()) {
    return absl::FailedPreconditionError(
        std::getenv("CXX") != nullptr
            ? absl::StrCat("no C++ compiler: CXX names `", words[0], "`, which is not found")
            : "no C++ compiler: CXX is not set and `c++` is not on PATH");
  }
  const std::string dir = request.cache_dir.empty() ? DefaultCacheDir() : request.cache_dir;
  if (dir.empty() || !MakeDirs(dir)) {
    return absl::FailedPreconditionError(
        dir.empty() ? std::string("no cache directory: neither XDG_CACHE_HOME nor HOME is set")
                    : absl::StrCat("cannot create the cache directory ", dir));
  }
  absl::StatusOr<std::string> compiler = CompilerIdentity(words, dir);
  if (!compiler.ok()) return compiler.status();
  const std::string key = HexKey(absl::StrCat(base::kRulecheckVersion, "\n", *compiler, "\n",
                                              request.identity, "\n", request.source));
  BuiltLibrary built;
  built.path = absl::StrCat(dir, "/model-", key, ".so");
  if (access(built.path.c_str(), R_OK) == 0) {
    built.cached = true;
    return built;
  }
  if (request.only_cached) return absl::NotFoundError("the library is not in the cache yet");
  const ClosedAtEnd lock{OpenLeftBuildLock(dir)};
  if (lock.fd >= 0 && LeftBuildKey(lock.fd) == key) {
    absl::StatusOr<bool> ready = AwaitLeftBuild(lock.fd, key, built.path, request.cancel);
    if (!ready.ok()) return ready.status();
    if (*ready) {
      built.cached = true;
      return built;
    }
  }
  // Compile into files of our own, then rename the library into place.
  const std::string stem = absl::StrCat("model-", key);
  const std::string source = UniqueName(dir, stem, ".cc");
  const std::string library = UniqueName(dir, stem, ".so.tmp");
  const std::string output = UniqueName(dir, stem, ".log");
  {
    std::ofstream out(source, std::ios::binary | std::ios::trunc);
    out << request.source;
    if (!out.flush()) {
      std::remove(source.c_str());
      return absl::FailedPreconditionError(absl::StrCat("cannot write ", source));
    }
  }
  // The source stays beside its library, for whoever wants to read what was compiled.
  std::vector<std::string> argv = {
      "/bin/sh", "-c",       kBuildScript, "rulecheck-build",
      library,   built.path, source,       absl::StrCat(dir, "/", stem, ".cc"),
      output};
  argv.insert(argv.end(), words.begin(), words.end());
  for (const char* flag : {"-std=c++17", "-O2", "-shared", "-fPIC", "-o"}) argv.push_back(flag);
  argv.push_back(library);
  argv.push_back(source);
  // Only a build that can be stopped can be released.
  absl::StatusOr<int> status =
      Run(argv, output,
          {request.cancel, request.background, request.cancel != nullptr ? lock.fd : -1, key});
  // Released: the build's files are the shell's now.
  if (absl::IsCancelled(status.status()) && request.cancel->released()) return status.status();
  const std::string log = ReadFile(output);
  std::remove(output.c_str());
  if (status.ok() && *status == 0 && access(built.path.c_str(), R_OK) == 0) return built;
  std::remove(library.c_str());
  std::remove(source.c_str());
  if (!status.ok()) return status.status();
  if (*status == 0) {
    return absl::InternalError(
        absl::StrCat("cannot put the library into the cache: ", log.substr(0, 400)));
  }
  return absl::InternalError(absl::StrCat("the compiler `", absl::StrJoin(words, " "),
                                          "` failed on the generated code (exit ", *status,
                                          "): ", log.substr(0, 400)));
}

}  // namespace rulecheck::native
