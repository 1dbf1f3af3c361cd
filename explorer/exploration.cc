// What a search leaves behind: its statistics, and shortest traces rebuilt from parent links
// (see explorer.h).
//
// A trace is not stored: the parent links name each state's parent by its position in the
// previous level, so the ancestors of a state are found by walking the levels back to
// level 0. The moves are then found forwards by expanding each ancestor again and taking the
// first successor equal to the next one; successors come in a fixed order (Expander), so the
// trace is the same every time.
#include <sys/resource.h>

#include <algorithm>
#include <cassert>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "explorer/explorer.h"
#include "explorer/parent_links.h"
#include "explorer/search.h"
#include "explorer/state_store.h"

namespace rulecheck::explorer {

std::string_view StopReasonName(StopReason reason) {
  switch (reason) {
    case StopReason::kNone:
      return "none";
    case StopReason::kMaxStates:
      return "max_states";
    case StopReason::kCancelled:
      return "cancelled";
    case StopReason::kStoppedByObserver:
      return "stopped_by_observer";
    case StopReason::kStoreFull:
      return "store_full";
    case StopReason::kMaxDepth:
      return "max_depth";
  }
  return "unknown";
}

namespace {

// The number a file starts with; nothing when it cannot be read or says "max".
std::optional<uint64_t> ReadNumber(const char* path) {
  std::ifstream in(path);
  uint64_t value = 0;
  if (in >> value) return value;
  return std::nullopt;
}

// MemAvailable of /proc/meminfo, in bytes.
std::optional<uint64_t> MemAvailable() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

}  // namespace

uint64_t DefaultMemoryBudget() {
  constexpr uint64_t kMinimum = uint64_t{64} << 20;
  // Without /proc/meminfo, a guess that fits most machines.
  uint64_t room = MemAvailable().value_or(uint64_t{1} << 31);
  // A container's limit: the kernel's OOM killer ends the process past it, whatever the
  // machine has. "max" (v2) or a huge number (v1) means none.
  for (const char* path :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    if (std::optional<uint64_t> limit = ReadNumber(path)) room = std::min(room, *limit);
  }
  // An address-space limit makes allocations fail past it (the store's tables count whole).
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit limit = {};
    if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
      room = std::min<uint64_t>(room, limit.rlim_cur);
    }
  }
  // Leave a quarter (and at least 512 MiB) for the rest of the process and the machine.
  const uint64_t margin = std::max<uint64_t>(room / 4, uint64_t{512} << 20);
  return std::max(kMinimum, room > margin ? room - margin : 0);
}

Exploration::Exploration(const ir::StateSpace& space, std::shared_ptr<MemoryBudget> budget)
    : space_(&space),
      budget_(std::move(budget)),
      store_charge_(budget_.get()),
      levels_charge_(budget_.get()) {}
Exploration::Exploration(Exploration&&) noexcept = default;
Exploration& Exploration::operator=(Exploration&&) noexcept = default;
Exploration::~Exploration() = default;

std::vector<uint32_t> Exploration::StateWords(StateId id) const {
  StateStore::Tree tree;
  store_->Get(id, tree);
  return tree.words;
}

bool Exploration::Find(const std::vector<uint32_t>& words, StateId& id) const {
  return store_->Find(words, id);
}

uint64_t Exploration::id_bound() const { return store_->id_bound(); }

namespace {

// Keeps the first successor (or initial state) whose words equal `want`.
class PickState final : public ir::SuccessorSink {
 public:
  explicit PickState(const std::vector<uint32_t>& want) : want_(want) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    if (found_ || !std::equal(want_.begin(), want_.end(), state)) return;
    step_.move = move;
    step_.state = want_;
    found_ = true;
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  bool found() const { return found_; }
  results::TraceStep& step() { return step_; }

 private:
  const std::vector<uint32_t>& want_;
  bool found_ = false;
  results::TraceStep step_;
};

}  // namespace

results::Trace Exploration::TraceTo(int depth, uint64_t pos) const {
  std::vector<StateId> path(depth + 1);  // level 0 .. depth
  path[depth] = levels_[depth][pos];
  for (int d = depth; d > 0; --d) path[d - 1] = levels_[d - 1][links_->ParentPos(path[d])];

  const std::unique_ptr<ir::Expander> expander = space_->NewExpander(/*record_trail=*/false);
  results::Trace trace;
  trace.reserve(path.size());
  for (StateId at : path) {
    const std::vector<uint32_t> words = StateWords(at);
    PickState pick(words);
    if (trace.empty()) {
      expander->Initial(pick);
    } else {
      expander->Successors(trace.back().state.data(), pick);
    }
    // The parent reached this state when it was expanded, and it does so every time.
    assert(pick.found());
    trace.push_back(std::move(pick.step()));
  }
  return trace;
}

Exploration Explore(const ir::StateSpace& space, std::span<ExplorationObserver* const> observers,
                    const ExploreOptions& options) {
  return Search(space, observers, options).Run();
}

}  // namespace rulecheck::explorer
