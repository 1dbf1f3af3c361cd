// Headless Chromium for the HTML report's tests (see chromium.h). Runs through popen: the
// arguments are the tests' own temporary paths and fixed flags, each single-quoted for the
// shell. Chromium's own chatter on stderr (D-Bus, GPU) is dropped, but for the console
// messages of the page when a test asks for them.
#include "tests/e2e/chromium.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "gtest/gtest.h"

namespace rulecheck::e2e {
namespace {

std::string Quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// Runs Chromium headless with `flags` and returns its stdout (with `log`: its stderr, the log,
// and its stdout dropped); `ok` says whether it exited with status 0 (if not, a test failure
// is added).
std::string Run(const std::vector<std::string>& flags, const std::string& profile, bool& ok,
                bool log = false) {
  std::string command = "timeout 60 " + Quote(ChromiumPath()) +
                        " --headless --disable-gpu --no-sandbox --no-first-run"
                        " --disable-extensions --user-data-dir=" +
                        Quote(profile);
  for (const std::string& flag : flags) command += " " + Quote(flag);
  command += log ? " 2>&1 >/dev/null" : " 2>/dev/null";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    ok = false;
    ADD_FAILURE() << "cannot run " << command;
    return output;
  }
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  ok = status == 0;
  if (!ok) ADD_FAILURE() << command << " exited with status " << status;
  return output;
}

}  // namespace

std::string ChromiumPath() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::vector<std::string> folders;
  std::string dir;
  while (std::getline(dirs, dir, ':')) folders.push_back(dir);
  for (const char* name : {"chromium", "chromium-browser"}) {
    for (const std::string& folder : folders) {
      const std::string candidate = folder + "/" + name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return "";
}

std::string DumpDom(const std::string& url, const std::string& profile,
                    const std::vector<std::string>& flags) {
  std::vector<std::string> all = flags;
  all.push_back("--dump-dom");
  all.push_back(url);
  bool ok = false;
  return Run(all, profile, ok);
}

std::string ConsoleMessages(const std::string& url, const std::string& profile,
                            const std::vector<std::string>& flags) {
  std::vector<std::string> all = flags;
  all.insert(all.end(), {"--enable-logging=stderr", "--v=0", "--dump-dom", url});
  bool ok = false;
  const std::string log = Run(all, profile, ok, /*log=*/true);
  // Chromium logs a console message as `[...:INFO:CONSOLE(12)] "text", source: URL (12)`.
  std::stringstream lines(log);
  std::string line, messages;
  while (std::getline(lines, line)) {
    if (line.find(":CONSOLE") != std::string::npos) messages += line + "\n";
  }
  return messages;
}

bool Screenshot(const std::string& url, const std::string& profile, int width, int height,
                const std::string& png) {
  bool ok = false;
  Run({"--hide-scrollbars", "--window-size=" + std::to_string(width) + "," + std::to_string(height),
       "--screenshot=" + png, url},
      profile, ok);
  return ok;
}

std::string FileUrl(const std::string& path) { return "file://" + path; }

}  // namespace rulecheck::e2e
