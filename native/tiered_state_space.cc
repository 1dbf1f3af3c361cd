// TieredStateSpace (see tiered_state_space.h). An expander asks for the compiled space
// before each state (one atomic load) until it has it; a property evaluator likewise.
#include "native/tiered_state_space.h"

#include <utility>

namespace rulecheck::native {
namespace {

class TieredExpander final : public ir::Expander {
 public:
  TieredExpander(const TieredStateSpace& space, std::unique_ptr<ir::Expander> interpreted,
                 bool record_trail)
      : space_(space), current_(std::move(interpreted)), record_trail_(record_trail) {}

  void Initial(ir::SuccessorSink& sink) override { Current().Initial(sink); }
  bool Successors(const uint32_t* state, ir::SuccessorSink& sink) override {
    // Counted in batches, to keep the threads off one shared counter.
    if (!switched_ && ++unreported_ == kBatch) {
      space_.AddExpanded(unreported_);
      unreported_ = 0;
    }
    return Current().Successors(state, sink);
  }
  void set_cancel(const std::atomic<bool>* cancel) override {
    cancel_ = cancel;
    current_->set_cancel(cancel);
  }
  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure) override {
    return Current().IsTerminal(state, failure);
  }

 private:
  ir::Expander& Current() {
    if (!switched_) {
      if (const ir::StateSpace* compiled = space_.compiled()) {
        current_ = compiled->NewExpander(record_trail_);
        current_->set_cancel(cancel_);
        switched_ = true;
      }
    }
    return *current_;
  }

  static constexpr uint64_t kBatch = 256;
  const TieredStateSpace& space_;
  std::unique_ptr<ir::Expander> current_;
  const bool record_trail_;
  bool switched_ = false;
  uint64_t unreported_ = 0;
  const std::atomic<bool>* cancel_ = nullptr;
};

// The interpreter has no property evaluator of its own: false (ask the interpreter) until
// the compiled one is there.
class TieredPropertyEvaluator final : public ir::PropertyEvaluator {
 public:
  explicit TieredPropertyEvaluator(const TieredStateSpace& space) : space_(space) {}
  bool Evaluate(int index, const uint32_t* state, int64_t* value) override {
    if (compiled_ == nullptr) {
      const ir::StateSpace* space = space_.compiled();
      if (space == nullptr) return false;
      compiled_ = space->NewPropertyEvaluator();
      if (compiled_ == nullptr) return false;
    }
    return compiled_->Evaluate(index, state, value);
  }

 private:
  const TieredStateSpace& space_;
  std::unique_ptr<ir::PropertyEvaluator> compiled_;
};

}  // namespace

TieredStateSpace::TieredStateSpace(const model::Model& model, CompileOptions options,
                                   std::function<void(const absl::Status&)> on_failure,
                                   std::chrono::milliseconds delay, uint64_t states)
    : model_(model), interpreted_(model) {
  options.cancel = &cancel_;
  options.only_cached = false;
  // The search goes on while the library is built: the build takes only the CPU it leaves.
  options.background = true;
  build_ = std::thread([this, options, delay, states, on_failure = std::move(on_failure)] {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (wake_.wait_for(lock, delay, [this] { return stopping_; })) return;
      // Then the count of states, looked at ten times a second.
      while (expanded_.load(std::memory_order_relaxed) < states) {
        if (wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) {
          return;
        }
      }
      start_ = std::chrono::steady_clock::now();
      started_.store(true);
    }
    absl::StatusOr<CompiledModel> built = CompileModel(model_, options);
    seconds_.store(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    if (built.ok()) {
      owned_ = std::move(built->space);
      compiled_.store(owned_.get(), std::memory_order_release);
    } else if (!absl::IsCancelled(built.status()) && on_failure) {
      on_failure(built.status());
    }
  });
}

TieredStateSpace::~TieredStateSpace() {
  bool left_running = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    left_running = left_running_;
  }
  wake_.notify_all();
  if (!left_running) cancel_.Cancel();
  build_.join();
}

bool TieredStateSpace::LeaveBuildRunning() {
  std::lock_guard<std::mutex> lock(mutex_);
  // stopping_ keeps a build not started yet from starting.
  stopping_ = true;
  if (!started_.load() || seconds_.load() >= 0 || !cancel_.Release()) return false;
  left_running_ = true;
  return true;
}

std::unique_ptr<ir::Expander> TieredStateSpace::NewExpander(bool record_trail) const {
  if (const ir::StateSpace* space = compiled()) return space->NewExpander(record_trail);
  return std::make_unique<TieredExpander>(*this, interpreted_.NewExpander(record_trail),
                                          record_trail);
}

std::unique_ptr<ir::PropertyEvaluator> TieredStateSpace::NewPropertyEvaluator() const {
  if (const ir::StateSpace* space = compiled()) return space->NewPropertyEvaluator();
  return std::make_unique<TieredPropertyEvaluator>(*this);
}

double TieredStateSpace::build_seconds() const {
  const double seconds = seconds_.load();
  if (seconds >= 0) return seconds;
  if (!started_.load()) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace rulecheck::native
