// The level loop of the parallel search (see search.h): levels, their canonical order,
// limits, and event delivery.
#include "explorer/search.h"

#include <algorithm>
#include <thread>
#include <utility>

#include "explorer/search_worker.h"

namespace rulecheck::explorer {
namespace {

// Below this many states a level is processed by the calling thread alone: handing it out
// costs more than it saves (the Tower of Hanoi has thousands of small levels). When idle
// workers spin, a hand-over is cheap and the bar is low; when they sleep, waking them is not.
constexpr uint64_t kParallelLevelSpinning = 48;
constexpr uint64_t kParallelLevelSleeping = 1024;
// A small level was held up by a preempted worker when its caller waited at least this long
// (a time slice, not the imbalance of the last chunk) and more than it worked; small levels
// then stay on one thread for a while.
constexpr double kHeldUpSeconds = 1e-3;
constexpr int kSerialLevelsAfterWait = 64;

// The load a table may reach while the store can still grow; past it a level is retried in a
// bigger store. Small tables are kept sparse, for short probes; big ones dense, because then
// memory is what limits the search (and a linear probe that starts in its cache line stays
// cheap up to about 90%). At the budget's limit they fill up further, as far as probing goes.
constexpr double kSparseLoad = 0.5;
constexpr double kDenseLoad = 0.9;
constexpr uint64_t kDenseSlots = uint64_t{1} << 24;
double TargetLoad(uint64_t slots) { return slots >= kDenseSlots ? kDenseLoad : kSparseLoad; }
// The first tables: small, so that a small game touches little memory.
constexpr uint64_t kInitialRoots = uint64_t{1} << 16;
// Growing rebuilds the store from every state found so far, which costs about as much as
// finding them did (hanoi with 12 discs took twice as long with doubling from 2^14 slots as
// with tables big enough from the start). So while tables are small they grow to eight
// times what the next level needs, up to kHeadroomSlots root slots (32 MiB, and twice that
// in nodes: touched only where states land); beyond, they double as they fill.
constexpr double kHeadroom = 8.0;
constexpr uint64_t kHeadroomSlots = uint64_t{1} << 22;

// The largest power of two not above n (at least 8).
uint64_t FloorPow2(uint64_t n) {
  uint64_t p = 8;
  while (p * 2 <= n) p *= 2;
  return p;
}

// The smallest power-of-two table that holds `n` keys within its target load.
uint64_t Capacity(uint64_t n) {
  uint64_t p = 8;
  while (static_cast<double>(n) > TargetLoad(p) * static_cast<double>(p)) p *= 2;
  return p;
}

// Collects the initial states into level 0.
class InitialSink final : public model::SuccessorSink {
 public:
  // With `moves` not null, the move of every initial state goes there too.
  InitialSink(TreeStore& store, std::vector<uint32_t>& level, std::vector<SearchEvent>& events,
              std::vector<ir::Move>* moves)
      : store_(store), level_(level), events_(events), moves_(moves) {
    tree_.words.resize(store.words());
  }
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    if (full_) return;
    if (moves_ != nullptr) moves_->push_back(move);
    std::copy(state, state + tree_.words.size(), tree_.words.begin());
    const TreeStore::PutResult put = store_.Put(tree_, nullptr);
    if (put.full) {
      full_ = true;
      return;
    }
    nodes_ += put.new_nodes;
    if (put.inserted) level_.push_back(static_cast<uint32_t>(put.id));
  }
  void OnFailure(const ir::StepFailure& failure) override {
    for (const SearchEvent& event : events_) {
      if (event.failure.loc == failure.loc) return;
    }
    events_.push_back({SearchEvent::Kind::kStepFailure, 0, kNoState, failure});
  }
  bool full() const { return full_; }
  uint64_t nodes() const { return nodes_; }

 private:
  TreeStore& store_;
  std::vector<uint32_t>& level_;
  std::vector<SearchEvent>& events_;
  std::vector<ir::Move>* moves_;
  TreeStore::Tree tree_;
  bool full_ = false;
  uint64_t nodes_ = 0;
};

}  // namespace

Search::Search(const model::Model& model, std::span<ExplorationObserver* const> observers,
               const ExploreOptions& options)
    : model_(model), observers_(observers), options_(options), result_(model) {
  if (options_.threads <= 0) {
    options_.threads = std::max(1u, std::thread::hardware_concurrency());
  }
  if (options_.memory_bytes == 0) options_.memory_bytes = DefaultMemoryBudget();
  words_ = std::max<uint32_t>(model.layout.words(), 1);
  // Per root slot: 8 bytes of slot, 4 of parent link, 4 of level list; with more than two
  // words, two node slots (16 bytes) more.
  if (TreeStore::HasNodes(words_)) {
    max_roots_ = FloorPow2(options_.memory_bytes / 32);
    max_nodes_ = std::min(2 * max_roots_, uint64_t{1} << 31);
  } else {
    max_roots_ = FloorPow2(options_.memory_bytes / 16);
  }
  const uint64_t roots = std::min(max_roots_, kInitialRoots);
  result_.store_ = std::make_unique<TreeStore>(words_, roots, std::min(max_nodes_, 2 * roots));
  result_.links_ = std::make_unique<ParentLinks>(result_.store_->id_bound());
  store_ = result_.store_.get();
  links_ = result_.links_.get();
  table_bytes_ = store_->bytes() + links_->bytes();
  pool_ = std::make_unique<WorkerPool>(options_.threads);
  parallel_level_ = pool_->spins() ? kParallelLevelSpinning : kParallelLevelSleeping;
  for (ExplorationObserver* observer : observers_) {
    if (observer->wants_transitions()) transition_observers_.push_back(observer);
  }
  if (store_->ok() && links_->ok()) {
    for (int w = 0; w < options_.threads; ++w) {
      workers_.push_back(std::make_unique<Worker>(*this, w));
    }
  }
  ExplorationStats& stats = result_.stats_;
  stats.threads = options_.threads;
  stats.max_states = options_.max_states;
  stats.memory_budget = options_.memory_bytes;
}

Search::~Search() { StopMonitor(); }

uint64_t Search::Inserted() const {
  uint64_t total = roots_base_;
  for (const auto& worker : workers_) total += worker->inserted();
  return total;
}

uint64_t Search::NodesStored() const {
  uint64_t total = nodes_base_;
  for (const auto& worker : workers_) total += worker->nodes();
  return total;
}

bool Search::CanGrow() const {
  return store_->root_capacity() < max_roots_ || store_->node_capacity() < max_nodes_;
}

bool Search::NeedsGrowth() const {
  const uint64_t roots = store_->root_capacity();
  const uint64_t nodes = store_->node_capacity();
  return (roots < max_roots_ &&
          static_cast<double>(Inserted()) > TargetLoad(roots) * static_cast<double>(roots)) ||
         (nodes < max_nodes_ &&
          static_cast<double>(NodesStored()) > TargetLoad(nodes) * static_cast<double>(nodes));
}

bool Search::Grow(uint64_t roots, uint64_t nodes) {
  const uint64_t root_capacity = std::min(max_roots_, Capacity(roots));
  const uint64_t node_capacity = std::min(max_nodes_, Capacity(nodes));
  auto store = std::make_unique<TreeStore>(
      words_, std::max(root_capacity, store_->root_capacity()),
      std::max(node_capacity, store_->node_capacity()));
  if (!store->ok()) return false;
  auto links = std::make_unique<ParentLinks>(store->id_bound());
  if (!links->ok()) return false;
  growing_.store(true, std::memory_order_relaxed);
  struct Done {
    std::atomic<bool>& flag;
    ~Done() { flag.store(false, std::memory_order_relaxed); }
  } done{growing_};
  for (const auto& worker : workers_) worker->ResetCounters();
  // Every settled state goes into the new store with its link; ids change, positions do not.
  // The new ids go to new level lists, so that a failure leaves the search as it was.
  std::vector<std::vector<uint32_t>> levels = result_.levels_;
  std::atomic<bool> ok{true};
  for (std::vector<uint32_t>& level : levels) {
    const uint64_t chunks = (level.size() + 1023) / 1024;
    pool_->Run(
        chunks,
        [&](uint64_t chunk, int worker) {
          const uint64_t begin = chunk * 1024;
          const uint64_t end = std::min<uint64_t>(level.size(), begin + 1024);
          if (!workers_[worker]->Rebuild(level, begin, end, *store_, *links_, *store, *links)) {
            ok = false;
          }
        },
        level.size() >= parallel_level_);
  }
  if (!ok) return false;
  result_.levels_ = std::move(levels);
  nodes_base_ = 0;
  nodes_base_ = NodesStored();
  for (const auto& worker : workers_) worker->ResetCounters();
  roots_base_ = counted_.load();
  result_.store_ = std::move(store);
  result_.links_ = std::move(links);
  store_ = result_.store_.get();
  links_ = result_.links_.get();
  table_bytes_ = store_->bytes() + links_->bytes();
  return true;
}

void Search::PrepareLevel(int depth) {
  const double level = static_cast<double>(result_.levels_[depth].size());
  const double next = level * std::max(growth_, 0.5) * 1.2;
  const double roots = static_cast<double>(Inserted()) + next;
  const double per_state =
      counted_ == 0 ? 4.0 : static_cast<double>(NodesStored()) / static_cast<double>(counted_);
  const double nodes = static_cast<double>(NodesStored()) + next * per_state;
  const uint64_t root_slots = store_->root_capacity();
  const uint64_t node_slots = store_->node_capacity();
  if ((roots > TargetLoad(root_slots) * static_cast<double>(root_slots) &&
       root_slots < max_roots_) ||
      (nodes > TargetLoad(node_slots) * static_cast<double>(node_slots) &&
       node_slots < max_nodes_)) {
    const double headroom = std::clamp(
        static_cast<double>(kHeadroomSlots) * TargetLoad(kHeadroomSlots) / roots, 1.0, kHeadroom);
    Grow(static_cast<uint64_t>(roots * headroom), static_cast<uint64_t>(nodes * headroom));
  }
}

void Search::InitialLevel() {
  std::vector<uint32_t> level;
  std::vector<SearchEvent> events;
  model::SuccessorGenerator generator(model_);
  const bool want_moves = !transition_observers_.empty();
  generator.set_record_trail(want_moves);
  std::vector<ir::Move> moves;
  uint64_t nodes = 0;
  bool full = false;
  while (true) {
    InitialSink sink(*store_, level, events, want_moves ? &moves : nullptr);
    generator.Initial(sink);
    nodes = sink.nodes();
    full = sink.full();
    if (!full || !CanGrow()) break;
    // Many initial states: start again in a bigger store.
    level.clear();
    events.clear();
    moves.clear();
    if (!Grow(4 * store_->root_capacity(), 4 * store_->node_capacity())) break;
  }
  roots_base_ = level.size();
  nodes_base_ = nodes;
  for (const SearchEvent& event : events) {
    for (ExplorationObserver* observer : observers_) {
      observer->OnStepFailure(StateRef{kNoState, 0, 0, nullptr, 0}, event.failure);
    }
  }
  for (const ir::Move& move : moves) {
    for (ExplorationObserver* observer : transition_observers_) {
      observer->OnTransition(StateRef{kNoState, 0, 0, nullptr, 0}, move);
    }
  }
  if (full) store_full_ = true;
  if (options_.max_states != 0 && level.size() > options_.max_states) {
    level.resize(options_.max_states);
    max_reached_ = true;
  }
  for (uint32_t id : level) links_->Settle(id);
  counted_ = level.size();
  result_.levels_.push_back(std::move(level));
}

void Search::ProcessLevel(int depth, bool expand) {
  const uint64_t size = result_.levels_[depth].size();
  const uint64_t threads = static_cast<uint64_t>(pool_->workers());
  chunk_size_ = std::clamp<uint64_t>(size / (threads * 64), 16, 1024);
  const uint64_t chunks = (size + chunk_size_ - 1) / chunk_size_;
  logs_.resize(std::max<uint64_t>(logs_.size(), chunks));
  for (uint64_t c = 0; c < chunks; ++c) {
    logs_[c].Reset(c * chunk_size_, std::min(size, (c + 1) * chunk_size_));
  }
  level_.store(depth, std::memory_order_relaxed);
  level_size_.store(size, std::memory_order_relaxed);
  logs_.resize(chunks);
  while (true) {
    states_done_.store(0, std::memory_order_relaxed);
    inserted_base_ = Inserted();
    const bool parallel = size >= parallel_level_;
    pool_->Run(
        chunks,
        [&](uint64_t chunk, int worker) {
          workers_[worker]->ProcessChunk(depth, logs_[chunk], expand);
        },
        parallel);
    AdaptParallelLevel(depth, size, parallel);
    if (!grow_ || cancelled_ || store_full_) break;
    // The tables filled up: rebuild them bigger from the settled states, and do the level
    // again (its visits are not repeated).
    grow_ = false;
    if (expand) {
      for (ExplorationObserver* observer : transition_observers_) {
        observer->OnExpansionRetry(depth);
      }
    }
    max_reached_ = false;
    if (!Grow(2 * std::max(Inserted(), store_->root_capacity() / 2),
              2 * std::max(NodesStored(), store_->node_capacity() / 2))) {
      store_full_ = true;
      break;
    }
    for (ChunkLog& log : logs_) {
      const uint64_t visited = std::max(log.visited, log.visited_before);
      log.Reset(log.begin, log.end);
      log.visited_before = visited;
    }
  }
}

void Search::AdaptParallelLevel(int depth, uint64_t size, bool parallel) {
  if (!pool_->spins()) return;
  const double wait = pool_->last_wait_seconds();
  if (parallel && size < kParallelLevelSleeping && wait > kHeldUpSeconds &&
      wait > 0.5 * pool_->last_seconds()) {
    // A small level waited mostly for a worker that did not get to run: the machine is busy.
    // Keep small levels on this thread for a while, then try sharing them again.
    parallel_level_ = kParallelLevelSleeping;
    share_again_at_ = depth + kSerialLevelsAfterWait;
  } else if (parallel_level_ != kParallelLevelSpinning && depth >= share_again_at_) {
    parallel_level_ = kParallelLevelSpinning;
  }
}

void Search::VisitRest(int depth) {
  // The states each chunk did not visit, as chunks of their own.
  std::vector<ChunkLog> rest;
  const uint64_t size = result_.levels_[depth].size();
  uint64_t covered = 0;
  for (const ChunkLog& log : logs_) {
    if (log.begin + log.visited < log.end) {
      rest.emplace_back();
      rest.back().Reset(log.begin + log.visited, log.end);
    }
    covered = std::max(covered, log.end);
  }
  for (uint64_t b = covered; b < size; b += chunk_size_) {
    rest.emplace_back();
    rest.back().Reset(b, std::min(size, b + chunk_size_));
  }
  pool_->Run(
      rest.size(),
      [&](uint64_t chunk, int worker) {
        workers_[worker]->ProcessChunk(depth, rest[chunk], /*expand=*/false);
      },
      size >= parallel_level_);
  // Terminal-state errors met on the way are events of this level too.
  for (ChunkLog& log : rest) logs_.push_back(std::move(log));
  std::stable_sort(logs_.begin(), logs_.end(),
                   [](const ChunkLog& a, const ChunkLog& b) { return a.begin < b.begin; });
}

uint64_t Search::ExpandedPrefix() const {
  for (const ChunkLog& log : logs_) {
    if (log.begin + log.expanded < log.end) return log.begin + log.expanded;
  }
  return logs_.empty() ? 0 : logs_.back().end;
}

std::vector<uint32_t> Search::Finalize(uint64_t cut) {
  const uint64_t size = logs_.empty() ? 0 : logs_.back().end;
  // Each chunk keeps the entries where its parent is the state's smallest; among entries of
  // one parent the first (lowest successor index) settles the state.
  pool_->Run(
      logs_.size(),
      [&](uint64_t chunk, int /*worker*/) {
        ChunkLog& log = logs_[chunk];
        for (const Discovery& d : log.found) {
          if (d.parent_pos >= cut) break;
          if (links_->SettleIfBest(d.id, d.parent_pos)) log.next.push_back(d.id);
        }
      },
      size >= parallel_level_);
  std::vector<uint32_t> next;
  uint64_t total = 0;
  for (const ChunkLog& log : logs_) total += log.next.size();
  next.reserve(total);
  for (const ChunkLog& log : logs_) next.insert(next.end(), log.next.begin(), log.next.end());
  return next;
}

void Search::Deliver(int depth, uint64_t cut) {
  ExplorationStats& stats = result_.stats_;
  for (const ChunkLog& log : logs_) {
    for (uint64_t i = 0; i < log.successors.size() && log.begin + i < cut; ++i) {
      stats.transitions += log.successors[i];
    }
    for (const SearchEvent& event : log.events) {
      const bool visit_event = event.kind == SearchEvent::Kind::kTerminalError;
      if (!visit_event && event.pos >= cut) continue;
      const StateRef ref{event.id, depth, event.pos, nullptr, 0};
      for (ExplorationObserver* observer : observers_) {
        switch (event.kind) {
          case SearchEvent::Kind::kStepFailure:
            observer->OnStepFailure(ref, event.failure);
            break;
          case SearchEvent::Kind::kTerminalError:
            observer->OnTerminalError(ref, event.failure);
            break;
          case SearchEvent::Kind::kDead:
            observer->OnDeadState(ref);
            break;
        }
      }
    }
  }
}

Exploration Search::Run() {
  start_ = std::chrono::steady_clock::now();
  ExplorationStats& stats = result_.stats_;
  for (ExplorationObserver* observer : observers_) observer->Begin(options_.threads);
  if (workers_.empty()) {
    // The memory for the store could not be had at all.
    stats.stop_reason = StopReason::kStoreFull;
    return std::move(result_);
  }
  StartMonitor();
  InitialLevel();
  int depth = 0;
  StopReason reason = StopReason::kNone;
  while (true) {
    // By size, not by reference: growing the store replaces the level lists.
    const uint64_t level_size = result_.levels_[depth].size();
    if (max_reached_ || store_full_) {
      // Level 0 alone hit a limit: visit what was kept, expand nothing.
      ProcessLevel(depth, /*expand=*/false);
      Deliver(depth, 0);
      reason = max_reached_ ? StopReason::kMaxStates : StopReason::kStoreFull;
      break;
    }
    new_allowed_ = options_.max_states == 0 ? ~uint64_t{0} : options_.max_states - counted_;
    // At ExploreOptions::max_depth the level is visited, not expanded.
    const bool expand = options_.max_depth < 0 || depth < options_.max_depth;
    if (expand) PrepareLevel(depth);
    ProcessLevel(depth, expand);
    if (cancelled_ || store_full_) {
      Deliver(depth, ExpandedPrefix());
      uint64_t visited = 0;
      for (const ChunkLog& log : logs_) visited += log.visited;
      counted_ = counted_ - level_size + visited;
      reason = cancelled_ ? StopReason::kCancelled : StopReason::kStoreFull;
      break;
    }
    std::vector<uint32_t> next = Finalize(level_size);
    if (max_reached_) {
      // Keep the first states allowed, in canonical order; the expansion of every parent
      // from the one that reached the first state left out is dropped with it.
      const uint64_t cut = links_->ParentPos(next[new_allowed_]);
      next.resize(new_allowed_);
      VisitRest(depth);
      Deliver(depth, cut);
      result_.levels_.push_back(std::move(next));
      counted_ += result_.levels_.back().size();
      ProcessLevel(depth + 1, /*expand=*/false);
      Deliver(depth + 1, 0);
      reason = StopReason::kMaxStates;
      if (!result_.levels_.back().empty()) ++depth;
      break;
    }
    Deliver(depth, level_size);
    bool stop = false;
    for (const ExplorationObserver* observer : observers_) stop = stop || observer->ShouldStop();
    if (!expand) {
      reason = StopReason::kMaxDepth;
      break;
    }
    if (stop) {
      reason = StopReason::kStoppedByObserver;
      break;
    }
    if (next.empty()) break;
    growth_ = static_cast<double>(next.size()) / static_cast<double>(level_size);
    counted_ += next.size();
    result_.levels_.push_back(std::move(next));
    ++depth;
  }
  StopMonitor();
  // Levels past the last counted one (never visited) are not part of the result.
  result_.levels_.resize(depth + 1);
  stats.complete = reason == StopReason::kNone;
  stats.stop_reason = reason;
  stats.states = counted_;
  stats.levels = depth;
  for (const auto& worker : workers_) stats.terminal_states += worker->terminal();
  stats.store_bytes = store_->bytes();
  stats.link_bytes = links_->bytes() + counted_ * sizeof(uint32_t);
  stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return std::move(result_);
}

Progress Search::Snapshot(double seconds) const {
  Progress p;
  p.seconds = seconds;
  p.states = Inserted();
  p.level = level_.load(std::memory_order_relaxed);
  p.level_size = level_size_.load(std::memory_order_relaxed);
  p.level_done = states_done_.load(std::memory_order_relaxed);
  p.memory_used = table_bytes_.load(std::memory_order_relaxed) + p.states * sizeof(uint32_t);
  p.memory_budget = options_.memory_bytes;
  p.growing = growing_.load(std::memory_order_relaxed);
  return p;
}

void Search::StartMonitor() {
  if (!options_.progress) return;
  monitor_ = std::thread([this] {
    uint64_t last_states = 0;
    double last_seconds = 0;
    std::unique_lock<std::mutex> lock(monitor_mutex_);
    const auto interval = std::chrono::duration<double>(options_.progress_interval);
    while (!monitor_wake_.wait_for(lock, interval, [&] { return monitor_exit_; })) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      Progress p = Snapshot(seconds);
      // While the store is rebuilt the insert counters restart: show the count reached.
      p.states = std::max(p.states, last_states);
      p.states_per_second = seconds > last_seconds
                                ? static_cast<double>(p.states - last_states) /
                                      (seconds - last_seconds)
                                : 0;
      last_states = p.states;
      last_seconds = seconds;
      options_.progress(p);
    }
  });
}

void Search::StopMonitor() {
  if (!monitor_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(monitor_mutex_);
    monitor_exit_ = true;
  }
  monitor_wake_.notify_all();
  monitor_.join();
}

}  // namespace rulecheck::explorer
