// Progress lines (see progress_printer.h).
#include "cli/progress_printer.h"

#include <unistd.h>

#include <chrono>

#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "cli/byte_size.h"

namespace rulecheck::cli {
namespace {

// Plain lines (not a terminal) come this often, in seconds.
constexpr double kPlainInterval = 5.0;

std::string Rate(double per_second) {
  if (per_second >= 1e6) return absl::StrFormat("%.2fM", per_second / 1e6);
  if (per_second >= 1e3) return absl::StrFormat("%.1fK", per_second / 1e3);
  return absl::StrFormat("%.0f", per_second);
}

}  // namespace

ProgressPrinter::ProgressPrinter(std::FILE* out) : out_(out), terminal_(isatty(fileno(out)) != 0) {}

std::string ProgressPrinter::Line(const explorer::Progress& p) {
  const int percent = p.level_size == 0 ? 0 : static_cast<int>(100 * p.level_done / p.level_size);
  return absl::StrFormat("%.0f s  %s states  %s states/s  level %d (%d%% of %s)  memory %s of %s",
                         p.seconds, base::GroupThousands(p.states), Rate(p.states_per_second),
                         p.level, percent, base::GroupThousands(p.level_size),
                         FormatByteSize(p.memory_used), FormatByteSize(p.memory_budget)) +
         (p.growing ? "  (growing the store)" : "");
}

void ProgressPrinter::Print(const explorer::Progress& progress) {
  PrintLine(progress.seconds, Line(progress));
}

void ProgressPrinter::PrintLine(double seconds, const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (terminal_) {
    // \r to the line's start, the text, then erase what a longer earlier line left.
    std::fprintf(out_, "\r%s\033[K", line.c_str());
    drawn_ = true;
  } else if (seconds - last_plain_ >= kPlainInterval) {
    std::fprintf(out_, "progress: %s\n", line.c_str());
    last_plain_ = seconds;
  }
  std::fflush(out_);
}

void ProgressPrinter::Phase(const std::string& what) {
  // Like the progress lines, only for runs that have taken a second already.
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (seconds < 1.0) return;
  Note(absl::StrFormat("analysis: %s (%.0f s)", what, seconds));
}

void ProgressPrinter::Note(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (drawn_) std::fprintf(out_, "\n");
  drawn_ = false;
  std::fprintf(out_, "%s\n", line.c_str());
  std::fflush(out_);
}

void ProgressPrinter::Finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (drawn_) std::fprintf(out_, "\n");
  drawn_ = false;
  std::fflush(out_);
}

}  // namespace rulecheck::cli
