// Progress lines on stderr while a search runs: on a terminal one line redrawn in place,
// otherwise (a CI log, a file) a plain line every few seconds. The explorer's monitor thread
// calls Print about once a second; runs shorter than that print nothing.
#ifndef RULECHECK_CLI_PROGRESS_PRINTER_H_
#define RULECHECK_CLI_PROGRESS_PRINTER_H_

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

#include "explorer/progress.h"

namespace rulecheck::cli {

class ProgressPrinter {
 public:
  // Writes to `out`; redraws in place when `out` is a terminal.
  explicit ProgressPrinter(std::FILE* out);
  ProgressPrinter(const ProgressPrinter&) = delete;
  ProgressPrinter& operator=(const ProgressPrinter&) = delete;

  // Thread-safe.
  void Print(const explorer::Progress& progress);
  // The same for any other progress `line`, `seconds` into the run (e.g. of `simulate`).
  // Thread-safe.
  void PrintLine(double seconds, const std::string& line);
  // Says that a post-search analysis starts: "analysis: looking for ...", on a line of its
  // own (after any line drawn in place). Thread-safe.
  void Phase(const std::string& what);
  // Writes `line` on a line of its own (after any line drawn in place), whatever the time.
  // Thread-safe.
  void Note(const std::string& line);
  // Ends a line drawn in place, so that what follows starts on its own line. Thread-safe.
  void Finish();

  // "12.0 s  5,478 states  1.2M states/s  level 7 (40% of 1,234)  memory 3.1 MiB of 18 GiB"
  static std::string Line(const explorer::Progress& progress);

 private:
  std::FILE* out_;
  bool terminal_;
  std::mutex mutex_;
  double last_plain_ = -1e9;  // when the last plain line was written
  bool drawn_ = false;        // a line is on the terminal without its newline
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_PROGRESS_PRINTER_H_
