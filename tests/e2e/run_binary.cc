// fork/execv of the rulecheck binary with stdout and stderr on two pipes. Both pipes are drained
// with poll() as data arrives: reading one to the end before the other would deadlock as soon
// as the child fills the other pipe's buffer (a long JSON report, or many diagnostics). A third
// pipe, closed on exec, tells the parent whether execv itself failed.
#include "tests/e2e/run_binary.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>

#include "gtest/gtest.h"

namespace rulecheck::e2e {
namespace {

// Both ends of a pipe, closed on destruction unless released.
struct Pipe {
  int read_end = -1;
  int write_end = -1;

  bool Open() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return false;
    read_end = fds[0];
    write_end = fds[1];
    return true;
  }
  void CloseRead() { CloseFd(read_end); }
  void CloseWrite() { CloseFd(write_end); }
  ~Pipe() {
    CloseRead();
    CloseWrite();
  }

 private:
  static void CloseFd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
  }
};

// In the child: wire up the descriptors and exec; never returns. Only async-signal-safe calls.
[[noreturn]] void ExecChild(const std::vector<char*>& argv, Pipe& out, Pipe& err,
                            Pipe& exec_error) {
  int null_fd = open("/dev/null", O_RDONLY);
  if (null_fd < 0 || dup2(null_fd, STDIN_FILENO) < 0 || dup2(out.write_end, STDOUT_FILENO) < 0 ||
      dup2(err.write_end, STDERR_FILENO) < 0 || chdir(RULECHECK_SOURCE_DIR) != 0) {
    int error = errno;
    (void)!write(exec_error.write_end, &error, sizeof(error));
    _exit(127);
  }
  execv(argv[0], argv.data());
  int error = errno;
  (void)!write(exec_error.write_end, &error, sizeof(error));
  _exit(127);
}

// Appends what is available on `fd` to `sink`; returns false at end of file or on an error.
bool Drain(int fd, std::string& sink) {
  char buffer[65536];
  while (true) {
    ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n > 0) {
      sink.append(buffer, static_cast<size_t>(n));
      return true;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return false;
  }
}

// Waits for `pid` to end and returns its exit code; its peak memory goes to `max_rss_kib`.
int WaitForExit(pid_t pid, long& max_rss_kib) {
  int status = 0;
  struct rusage usage = {};
  while (wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) return -1;
  }
  max_rss_kib = usage.ru_maxrss;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

std::string CommandLine(const std::string& program, const std::vector<std::string>& args) {
  std::string line = program;
  for (const std::string& arg : args) line += " " + arg;
  return line;
}

// Whether process `pid` has a handler of its own for `signal` (the SigCgt mask of
// /proc/PID/status). Until it has, the signal would take its default action: a test that
// means to exercise the handler waits for this, or a slow start (a sanitizer's, say) races it.
bool CatchesSignal(pid_t pid, int signal) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigCgt:", 0) != 0) continue;
    const uint64_t mask = std::stoull(line.substr(7), nullptr, 16);
    return ((mask >> (signal - 1)) & 1) != 0;
  }
  return false;
}

}  // namespace

std::string SourcePath(const std::string& relative) {
  return std::string(RULECHECK_SOURCE_DIR) + "/" + relative;
}

RunResult RunRulecheck(const std::vector<std::string>& args, std::chrono::milliseconds timeout) {
  return RunRulecheckAndSignal(args, 0, {}, timeout);
}

RunResult RunRulecheckAndSignal(const std::vector<std::string>& args, int signal,
                                std::chrono::milliseconds signal_after,
                                std::chrono::milliseconds timeout) {
  return RunProgramAndSignal(RULECHECK_BINARY, args, signal, signal_after, timeout);
}

RunResult RunProgram(const std::string& program, const std::vector<std::string>& args,
                     std::chrono::milliseconds timeout) {
  return RunProgramAndSignal(program, args, 0, {}, timeout);
}

RunResult RunProgramAndSignal(const std::string& program, const std::vector<std::string>& args,
                              int signal, std::chrono::milliseconds signal_after,
                              std::chrono::milliseconds timeout) {
  RunResult result;
  std::string binary = program;
  std::vector<char*> argv;
  argv.push_back(binary.data());
  std::vector<std::string> owned = args;  // execv wants mutable strings
  for (std::string& arg : owned) argv.push_back(arg.data());
  argv.push_back(nullptr);

  Pipe out, err, exec_error;
  if (!out.Open() || !err.Open() || !exec_error.Open()) {
    ADD_FAILURE() << "pipe2 failed: " << std::strerror(errno);
    return result;
  }
  pid_t pid = fork();
  if (pid < 0) {
    ADD_FAILURE() << "fork failed: " << std::strerror(errno);
    return result;
  }
  if (pid == 0) ExecChild(argv, out, err, exec_error);

  out.CloseWrite();
  err.CloseWrite();
  exec_error.CloseWrite();

  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + timeout;
  bool signal_pending = signal != 0;
  // A signal the child can catch is timed from when its handler is in place.
  bool waiting_for_handler = signal_pending && signal != SIGKILL && signal != SIGSTOP;
  auto signal_clock = start;
  std::optional<std::chrono::steady_clock::time_point> signal_sent;
  constexpr std::chrono::milliseconds kHandlerPoll{2};
  pollfd fds[2] = {{out.read_end, POLLIN, 0}, {err.read_end, POLLIN, 0}};
  std::string* sinks[2] = {&result.stdout_text, &result.stderr_text};
  int open_fds = 2;
  while (open_fds > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    if (waiting_for_handler && CatchesSignal(pid, signal)) {
      waiting_for_handler = false;
      signal_clock = std::chrono::steady_clock::now();
    }
    if (waiting_for_handler) {
      left = std::min(left, kHandlerPoll);
    } else if (signal_pending) {
      auto until_signal = std::chrono::duration_cast<std::chrono::milliseconds>(
          signal_clock + signal_after - std::chrono::steady_clock::now());
      if (until_signal.count() <= 0) {
        kill(pid, signal);
        signal_sent = std::chrono::steady_clock::now();
        signal_pending = false;
      } else {
        left = std::min(left, until_signal);
      }
    }
    int ready = poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno != EINTR) break;
    for (int i = 0; i < 2 && ready > 0; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      if (!Drain(fds[i].fd, *sinks[i])) {
        fds[i].fd = -1;  // poll ignores negative descriptors
        --open_fds;
      }
    }
  }
  result.exit_code = WaitForExit(pid, result.max_rss_kib);
  if (signal_sent.has_value()) {
    result.seconds_after_signal =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - *signal_sent).count();
  }

  int exec_errno = 0;
  if (read(exec_error.read_end, &exec_errno, sizeof(exec_errno)) ==
      static_cast<ssize_t>(sizeof(exec_errno))) {
    ADD_FAILURE() << "could not start " << binary << " in " << RULECHECK_SOURCE_DIR << ": "
                  << std::strerror(exec_errno);
    result.exit_code = -1;
  }
  if (result.timed_out) {
    ADD_FAILURE() << "`" << CommandLine(program, args) << "` did not finish within "
                  << static_cast<double>(timeout.count()) / 1000 << " s and was killed";
  }
  return result;
}

}  // namespace rulecheck::e2e
