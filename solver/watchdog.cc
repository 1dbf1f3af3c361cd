// Watchdog (see watchdog.h).
#include "solver/watchdog.h"

#include <chrono>
#include <string_view>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace rulecheck::solver::internal {

Watchdog::Watchdog(ContextHolder& holder, const Deadline& deadline, const std::atomic<bool>* cancel)
    : holder_(holder), deadline_(deadline), cancel_(cancel) {
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(50), [this] { return exit_; })) {
      const bool cancelled = cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
      if (!cancelled && !deadline_.expired()) continue;
      if (reason_.empty()) {
        reason_ = cancelled ? "interrupted" : "timed out";
        holder_.ParkWhenReleased();
        fired_.store(true, std::memory_order_relaxed);
      }
      // Again every tick until the driver is done: an interrupt that comes while no Z3 call is
      // running (the driver is encoding, or sampling states) would otherwise be lost.
      holder_.get().interrupt();
    }
  });
}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    exit_ = true;
  }
  wake_.notify_all();
  thread_.join();
  // Z3's own `timeout` parameter may have stopped a check before the first tick saw the
  // deadline (a time-out of 0.1 s): that context is as slow to delete as an interrupted one.
  const bool cancelled = cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
  if (cancelled || deadline_.expired()) holder_.ParkWhenReleased();
}

std::string Watchdog::reason() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reason_;
}

std::string StopMessage(const Watchdog& watchdog, int depth, const Deadline& deadline,
                        const std::string& otherwise) {
  const std::string reason = watchdog.reason();
  if (reason.empty()) return otherwise;
  return absl::StrFormat("%s at depth %d after %.1f s", reason, depth, deadline.Elapsed());
}

absl::StatusOr<results::Answer> Z3Failure(const z3::exception& e, const Watchdog& watchdog,
                                          const Deadline& deadline, results::Answer result) {
  const bool stopped = !watchdog.reason().empty();
  if (!stopped && !IsOutOfMemory(e)) return absl::InternalError(absl::StrCat("Z3: ", e.msg()));
  if (!stopped) return OutOfMemoryAnswer(deadline, std::move(result));
  result.verdict = results::Verdict::kUnknown;
  result.seconds = deadline.Elapsed();
  result.trace.clear();
  result.trace_from_any_state = false;
  result.finding.reset();
  result.message = StopMessage(watchdog, result.depth, deadline, "");
  return result;
}

results::Answer OutOfMemoryAnswer(const Deadline& deadline, results::Answer result) {
  result.verdict = results::Verdict::kUnknown;
  result.seconds = deadline.Elapsed();
  result.trace.clear();
  result.trace_from_any_state = false;
  result.finding.reset();
  result.message = absl::StrCat("Z3 ran out of memory (the --memory budget) after ",
                                absl::StrFormat("%.1f", deadline.Elapsed()), " s");
  return result;
}

bool IsOutOfMemory(const z3::exception& e) {
  const std::string message = absl::AsciiStrToLower(e.msg());
  return message.find("out of memory") != std::string::npos ||
         message.find("memory exceeded") != std::string::npos ||
         message.find("memout") != std::string::npos;
}

}  // namespace rulecheck::solver::internal
