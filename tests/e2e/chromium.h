// Headless Chromium for the tests of the HTML report (Debian's `chromium` package, which
// scripts/install-deps.sh installs). A test loads a page, lets its scripts run, and reads back
// the DOM as Chromium serialises it (`--dump-dom`), or takes a screenshot. Each run gets a
// profile folder of its own, so tests may run side by side, and is killed after a time limit
// (coreutils' `timeout`).
//
//   if (ChromiumPath().empty()) GTEST_SKIP() << "chromium is not installed";
//   std::string dom = DumpDom("file:///tmp/x/page.html", profile, {"--window-size=1400,900"});
#ifndef RULECHECK_TESTS_E2E_CHROMIUM_H_
#define RULECHECK_TESTS_E2E_CHROMIUM_H_

#include <string>
#include <vector>

namespace rulecheck::e2e {

// The chromium executable on PATH (`chromium`, else `chromium-browser`); empty when there is
// none.
std::string ChromiumPath();

// Loads `url` in headless Chromium with `flags` added, using `profile` (a folder) for its
// profile, and returns the DOM after the page's scripts ran and it loaded. Adds a test failure
// and returns what it got when Chromium fails or takes longer than a minute.
std::string DumpDom(const std::string& url, const std::string& profile,
                    const std::vector<std::string>& flags = {});

// Loads `url` as DumpDom does, with Chromium's log on, and returns what the page wrote to its
// console (console.log, console.error, uncaught exceptions, refused loads), one message a
// line as Chromium logs it; empty when the page wrote nothing.
std::string ConsoleMessages(const std::string& url, const std::string& profile,
                            const std::vector<std::string>& flags = {});

// Writes a screenshot of `url` at `width` x `height` to `png`. False (and a test failure) when
// Chromium fails.
bool Screenshot(const std::string& url, const std::string& profile, int width, int height,
                const std::string& png);

// `path` as a file:// URL (an absolute path).
std::string FileUrl(const std::string& path);

}  // namespace rulecheck::e2e

#endif  // RULECHECK_TESTS_E2E_CHROMIUM_H_
