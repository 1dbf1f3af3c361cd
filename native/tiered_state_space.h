// What `--engine auto` runs for a model whose library is not in the cache yet: the search
// starts at once on the interpreter; once it has run for half a second and expanded 20,000
// states, the library is built on a thread of its own, and each expander moves to the
// compiled code at its next state once the library is there. A short check so never waits
// for the compiler nor shares the machine with it (also where the interpreter runs slowly,
// as under a sanitizer: the count of states does not depend on the machine), and a long one
// runs compiled for most of its states. (Half a second: a check that takes that long
// interpreted, such as a rulebook preset's, is worth a library for its next run, which a
// build left running provides; the build's low priority costs the search little.) Both engines give
// the same successors in the same order (tests/native), so where the switch falls changes no state,
// finding or trace, only the time.
//
// Destroying the space stops a build still running (the compiler's process group is
// killed), so a search stopped first leaves no compiler behind; a finished build stays in
// the cache for the next run. A search that ends first can instead leave the build running
// (LeaveBuildRunning): the compiler then finishes on its own, at its low priority, and puts
// the library into the cache, so that the next run of the model starts compiled.
#ifndef RULECHECK_NATIVE_TIERED_STATE_SPACE_H_
#define RULECHECK_NATIVE_TIERED_STATE_SPACE_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "ir/state_space.h"
#include "model/model.h"
#include "model/model_state_space.h"
#include "native/compiler.h"
#include "native/native.h"

namespace rulecheck::native {

// The Model must outlive this object, and this object every expander made from it.
// Thread-safe.
class TieredStateSpace final : public ir::StateSpace {
 public:
  // Starts building after `delay` once the expanders have expanded `states` states (with
  // `options`, whose `cancel` is this space's own). `on_failure`, when set, gets the reason
  // a build failed (not a stop), on the build's thread.
  TieredStateSpace(const model::Model& model, CompileOptions options,
                   std::function<void(const absl::Status&)> on_failure,
                   std::chrono::milliseconds delay = kStartDelay, uint64_t states = kStartStates);
  static constexpr std::chrono::milliseconds kStartDelay{500};
  static constexpr uint64_t kStartStates = 20000;

  // For the expanders: `n` more states expanded.
  void AddExpanded(uint64_t n) const { expanded_.fetch_add(n, std::memory_order_relaxed); }
  ~TieredStateSpace() override;

  uint32_t words() const override { return interpreted_.words(); }
  std::unique_ptr<ir::Expander> NewExpander(bool record_trail) const override;
  std::unique_ptr<ir::PropertyEvaluator> NewPropertyEvaluator() const override;

  // The compiled space once the library is loaded, else null.
  const ir::StateSpace* compiled() const { return compiled_.load(std::memory_order_acquire); }
  // The seconds the build took, or has taken so far (0 before it starts).
  double build_seconds() const;
  // For the end of a run: a compiler that is running goes on after this space is destroyed
  // and after the process exits (unless another build is left running in the same cache
  // directory: BuildCancel::Release); true when it does. Else destroying the space stops the
  // build as ever; one not started yet never starts.
  bool LeaveBuildRunning();
  // Whether the build's compiler process is running. (A compiler that has started may not be
  // known to the space yet, for the moment between its spawn and its registration.)
  bool build_running() { return cancel_.running(); }

 private:
  const model::Model& model_;
  model::ModelStateSpace interpreted_;
  BuildCancel cancel_;
  // The wait before the build: ended early by the destructor.
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::atomic<bool> started_{false};
  mutable std::atomic<uint64_t> expanded_{0};
  std::unique_ptr<ir::StateSpace> owned_;  // set by the build's thread before compiled_
  std::atomic<const ir::StateSpace*> compiled_{nullptr};
  std::chrono::steady_clock::time_point start_;
  std::atomic<double> seconds_{-1};  // the build's time once it ended
  bool left_running_ = false;        // guarded by mutex_
  std::thread build_;
};

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_TIERED_STATE_SPACE_H_
