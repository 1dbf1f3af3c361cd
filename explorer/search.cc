// The level loop of the parallel search (see search.h): levels, their canonical order, and
// event delivery.
#include "explorer/search.h"

#include <algorithm>
#include <optional>
#include <thread>
#include <utility>

#include "explorer/successor_batch.h"

namespace rulecheck::explorer {
namespace {

// The options with the thread count and the memory budget filled in.
ExploreOptions Filled(ExploreOptions options) {
  if (options.threads <= 0) options.threads = std::max(1u, std::thread::hardware_concurrency());
  if (options.memory_bytes == 0) options.memory_bytes = DefaultMemoryBudget();
  return options;
}

// The initial states are batched a few at a time: they are stored once, so overlapping their
// cache misses matters little, and the batch is then part of the fixed overhead.
constexpr size_t kInitialBatchBytes = 4096;

// Collects the initial states into level 0.
class InitialSink final : public ir::SuccessorSink {
 public:
  // With `moves` not null, the move of every initial state goes there too.
  InitialSink(StateStore& store, ChargedVector<uint32_t>& level, std::vector<SearchEvent>& events,
              ChargedVector<ir::Move>* moves)
      : store_(store),
        level_(level),
        events_(events),
        moves_(moves),
        batch_(store.words(), kInitialBatchBytes) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    if (full_) return;
    if (moves_ != nullptr && !moves_->push_back(move)) {
      full_ = out_of_memory_ = true;
      return;
    }
    batch_.Add(state, 0, store_);
    if (batch_.full()) Intern();
  }
  void OnFailure(const ir::StepFailure& failure) override {
    for (const SearchEvent& event : events_) {
      if (event.failure.loc == failure.loc) return;
    }
    events_.push_back({SearchEvent::Kind::kStepFailure, 0, kNoState, failure});
  }
  // Stores what is batched; call after the expander is done.
  void Intern() {
    if (full_) return;
    const Interned outcome =
        batch_.Intern(store_, nullptr, [&](const StateStore::PutResult& put, uint64_t /*tag*/) {
          nodes_ += put.new_nodes;
          return !put.inserted || level_.push_back(static_cast<uint32_t>(put.id));
        });
    full_ = outcome != Interned::kAll;
    out_of_memory_ = outcome == Interned::kStopped;
  }
  // The store, or with out_of_memory() the budget, had no room for an initial state.
  bool full() const { return full_; }
  bool out_of_memory() const { return out_of_memory_; }
  uint64_t nodes() const { return nodes_; }

 private:
  StateStore& store_;
  ChargedVector<uint32_t>& level_;
  std::vector<SearchEvent>& events_;
  ChargedVector<ir::Move>* moves_;
  SuccessorBatch batch_;
  bool full_ = false;
  bool out_of_memory_ = false;
  uint64_t nodes_ = 0;
};

}  // namespace

Search::Search(const ir::StateSpace& space, std::span<ExplorationObserver* const> observers,
               const ExploreOptions& options)
    : space_(space),
      observers_(observers),
      options_(Filled(options)),
      budget_(std::make_shared<MemoryBudget>(options_.memory_bytes)),
      result_(space, budget_),
      pool_(std::make_unique<WorkerPool>(options_.threads)),
      sharing_(*pool_),
      store_growth_(std::max<uint32_t>(space.words(), 1), *budget_),
      counters_(options_.threads),
      limits_(options_, *pool_),
      monitor_(options_, gauges_, counters_),
      logs_charge_(budget_.get()),
      scratch_charge_(budget_.get()) {
  const uint32_t words = std::max<uint32_t>(space.words(), 1);
  gauges_.budget = budget_.get();
  // The workers' scratch first: without it there is no search at all. A small budget gets
  // small batches.
  const size_t batch_bytes =
      std::clamp<uint64_t>(options_.memory_bytes / (64 * static_cast<uint64_t>(options_.threads)),
                           4096, SuccessorBatch::kMaxBytes);
  const bool scratch = scratch_charge_.Set(static_cast<uint64_t>(options_.threads) *
                                           SuccessorBatch::MaxBytes(words, batch_bytes));
  result_.store_ = scratch ? store_growth_.FirstStore(result_.store_charge_) : nullptr;
  const bool room = result_.store_ != nullptr;
  // Without room, an empty store of one line (a few hundred bytes) for an empty result.
  if (!room) result_.store_ = std::make_unique<StateStore>(words, 8, 8);
  result_.links_ = std::make_unique<ParentLinks>(result_.store_->id_bound());
  store_ = result_.store_.get();
  links_ = result_.links_.get();
  for (ExplorationObserver* observer : observers_) {
    if (observer->wants_transitions()) transition_observers_.push_back(observer);
  }
  if (options_.record_edges) edges_ = std::make_unique<EdgeRecorder>(budget_.get());
  if (room && store_->ok() && links_->ok()) {
    const bool record_trail = !transition_observers_.empty();
    for (int w = 0; w < options_.threads; ++w) {
      std::unique_ptr<ir::Expander> expander = space.NewExpander(record_trail);
      expander->set_cancel(options_.cancel);
      workers_.push_back(std::make_unique<SearchWorker>(w, std::move(expander), words, batch_bytes,
                                                        counters_.slot(w)));
    }
  }
  ExplorationStats& stats = result_.stats_;
  stats.threads = options_.threads;
  stats.max_states = options_.max_states;
  stats.memory_budget = options_.memory_bytes;
}

Search::~Search() { monitor_.Stop(); }

Exploration Search::Run() {
  start_ = std::chrono::steady_clock::now();
  last_checkpoint_ = start_;
  if (!restored_) {
    for (ExplorationObserver* observer : observers_) observer->Begin(options_.threads);
  }
  if (workers_.empty()) {
    // The memory for the store could not be had at all.
    result_.stats_.stop_reason = StopReason::kStoreFull;
    return std::move(result_);
  }
  monitor_.Start(start_);
  int depth = first_depth_;
  StopReason reason = StopReason::kNone;
  if (restored_complete_) {
    // The snapshot is of a finished search: nothing is left to explore.
    monitor_.Stop();
    return Finish(depth, reason, depth + 1);
  }
  if (!restored_) {
    InitialLevel();
    reason = limits_.AtInitialLevel();
    if (reason != StopReason::kNone) {
      // Level 0 alone hit a limit: visit what was kept, expand nothing.
      ProcessLevel(depth, /*expand=*/false);
      Deliver(depth, 0);
    }
  }
  // A stop part-way through a level leaves it, and the levels after it, not whole.
  int whole_levels = depth;
  while (reason == StopReason::kNone) {
    // By size, not by reference: growing the store replaces the level lists.
    const uint64_t size = result_.levels_[depth].size();
    level_start_terminal_ = counters_.terminal();
    if (CheckpointDue(depth)) WriteCheckpoint(depth, /*complete=*/false);
    limits_.BeginLevel(counted_);
    const bool expand = limits_.Expands(depth);
    if (expand) PrepareLevel(depth);
    ProcessLevel(depth, expand);
    reason = limits_.PartWay();
    if (reason != StopReason::kNone) {
      // A snapshot of the level's start, which a resumed search can do again in full (with
      // more memory, when the store was full).
      if (checkpointing() && written_depth_ != depth) WriteCheckpoint(depth, /*complete=*/false);
      StopPartWay(depth, size);
      break;
    }
    std::optional<std::vector<uint32_t>> finalized = Finalize(size);
    if (!finalized.has_value()) {
      // No room for the next level's list: the search ends with this level expanded.
      reason = StopReason::kStoreFull;
      StopPartWay(depth, size);
      break;
    }
    std::vector<uint32_t> next = *std::move(finalized);
    if (limits_.max_reached()) {
      // Level `depth` was visited in full; the next one is cut (perhaps to nothing).
      reason = StopReason::kMaxStates;
      whole_levels = depth + 1;
      depth = StopAtMaxStates(depth, std::move(next));
      break;
    }
    RecordEdges(next, expand);
    Deliver(depth, size);
    whole_levels = depth + 1;
    reason = SearchLimits::AfterLevel(expand, observers_);
    if (reason != StopReason::kNone || next.empty()) break;
    level_growth_ = static_cast<double>(next.size()) / static_cast<double>(size);
    counted_ += next.size();
    result_.levels_.push_back(std::move(next));
    ++depth;
  }
  monitor_.Stop();
  if (reason == StopReason::kNone && checkpointing()) WriteCheckpoint(depth, /*complete=*/true);
  return Finish(depth, reason, whole_levels);
}

void Search::InitialLevel() {
  ChargedVector<uint32_t> level(budget_.get());
  std::vector<SearchEvent> events;
  const bool want_moves = !transition_observers_.empty();
  std::unique_ptr<ir::Expander> expander = space_.NewExpander(want_moves);
  ChargedVector<ir::Move> moves(budget_.get());
  uint64_t nodes = 0;
  bool full = false;
  while (true) {
    InitialSink sink(*store_, level, events, want_moves ? &moves : nullptr);
    expander->Initial(sink);
    sink.Intern();
    nodes = sink.nodes();
    full = sink.full();
    if (!full || sink.out_of_memory() || !store_growth_.CanGrow(*store_)) break;
    // Many initial states: start again in a bigger store.
    level.clear();
    events.clear();
    moves.clear();
    const Grown grown = Grow(StoreGrowth::RoomForInitialStates(*store_), StoreGrowth::Why::kFilled);
    if (grown == Grown::kCancelled) limits_.SetCancelled();
    if (grown != Grown::kYes) break;
  }
  counters_.Rebase(level.size(), nodes);
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
  moves.Free();
  if (full) limits_.SetStoreFull();
  std::vector<uint32_t> kept = level.Take(result_.levels_charge_);
  if (options_.max_states != 0 && kept.size() > options_.max_states) {
    kept.resize(options_.max_states);
    limits_.SetMaxReached();
  }
  for (uint32_t id : kept) links_->Settle(id);
  if (edges_ != nullptr) edges_->Number(kept, 0, store_->id_bound());
  counted_ = kept.size();
  result_.levels_.push_back(std::move(kept));
}

void Search::PrepareLevel(int depth) {
  const std::optional<StoreGrowth::Room> room =
      store_growth_.RoomForLevel(*store_, result_.levels_[depth].size(), level_growth_,
                                 counters_.inserted(), counters_.nodes(), counted_);
  // Without room the level goes on in the store as it is, which fills up further.
  if (room && Grow(*room, StoreGrowth::Why::kForecast) == Grown::kCancelled) {
    limits_.SetCancelled();
  }
}

LevelTask Search::Task(int depth, bool expand) {
  return {.depth = depth,
          .states = &result_.levels_[depth],
          .expand = expand,
          .store = store_,
          .links = links_,
          .observers = observers_,
          .transition_observers = transition_observers_,
          .growth = &store_growth_,
          .counters = &counters_,
          .limits = &limits_,
          .inserted_before = counters_.inserted(),
          .states_done = &gauges_.level_done,
          .edges = edges_ != nullptr && !edges_->dropped() ? edges_.get() : nullptr};
}

void Search::ProcessLevel(int depth, bool expand) {
  const uint64_t size = result_.levels_[depth].size();
  const uint64_t threads = static_cast<uint64_t>(pool_->workers());
  chunk_size_ = std::clamp<uint64_t>(size / (threads * 64), 16, 1024);
  const uint64_t chunks = (size + chunk_size_ - 1) / chunk_size_;
  // Without room for the logs' array the level is not expanded (its chunks stop at once).
  if (!ResizeLogs(chunks)) limits_.SetStoreFull();
  for (uint64_t c = 0; c < chunks; ++c) {
    logs_[c].Reset(c * chunk_size_, std::min(size, (c + 1) * chunk_size_));
  }
  gauges_.level.store(depth, std::memory_order_relaxed);
  gauges_.level_size.store(size, std::memory_order_relaxed);
  while (true) {
    gauges_.level_done.store(0, std::memory_order_relaxed);
    const LevelTask task = Task(depth, expand);
    const bool shared = sharing_.Shared(size);
    pool_->Run(
        chunks,
        [&](uint64_t chunk, int worker) { workers_[worker]->ProcessChunk(task, logs_[chunk]); },
        shared);
    sharing_.AfterLevel(depth, size, shared);
    if (!limits_.wants_retry() || limits_.cancelled() || limits_.store_full()) break;
    // The tables filled up: rebuild them bigger from the settled states, and do the level
    // again (its visits are not repeated).
    limits_.BeginRetry();
    if (expand) {
      for (ExplorationObserver* observer : transition_observers_) {
        observer->OnExpansionRetry(depth);
      }
    }
    // Without room for a bigger store the level is done again in this one, which then fills
    // up further (the store grows no more).
    if (Grow(StoreGrowth::RoomToRetry(*store_, counters_.inserted(), counters_.nodes()),
             StoreGrowth::Why::kFilled) == Grown::kCancelled) {
      limits_.SetCancelled();
      break;
    }
    for (ChunkLog& log : logs_) {
      const uint64_t visited = std::max(log.visited, log.visited_before);
      log.Reset(log.begin, log.end);
      log.visited_before = visited;
    }
  }
}

std::optional<std::vector<uint32_t>> Search::Finalize(uint64_t cut) {
  const uint64_t size = logs_.empty() ? 0 : logs_.back().end;
  // Each chunk keeps the entries where its parent is the state's smallest; among entries of
  // one parent the first (lowest successor index) settles the state.
  std::atomic<bool> room{true};
  pool_->Run(
      logs_.size(),
      [&](uint64_t chunk, int /*worker*/) {
        ChunkLog& log = logs_[chunk];
        constexpr size_t kPrefetchAhead = 8;  // links; the found states are far apart
        for (size_t i = 0; i < log.found.size(); ++i) {
          const Discovery& d = log.found[i];
          if (d.parent_pos >= cut) break;
          if (i + kPrefetchAhead < log.found.size()) {
            links_->Prefetch(log.found[i + kPrefetchAhead].id);
          }
          if (links_->SettleIfBest(d.id, d.parent_pos) && !log.next.push_back(d.id)) {
            room = false;
            return;
          }
        }
      },
      sharing_.Shared(size));
  uint64_t total = 0;
  for (const ChunkLog& log : logs_) total += log.next.size();
  if (!room || !result_.levels_charge_.Add(total * sizeof(uint32_t))) return std::nullopt;
  std::vector<uint32_t> next;
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

void Search::RecordEdges(const std::vector<uint32_t>& next, bool expanded) {
  if (edges_ == nullptr) return;
  if (!expanded) edges_->Drop();  // the search ends here, short of complete
  edges_->Number(next, counted_, store_->id_bound());
  edges_->AddLevel(logs_);
  DropEdgesIfShort();
}

void Search::DropEdgesIfShort() {
  // The states come first: with more than half the budget used, the record goes (and the
  // analyses expand the states again), before a level's logs find no room.
  if (edges_ != nullptr && budget_->available() < budget_->limit() / 2) edges_->Drop();
  if (edges_ != nullptr) edges_->FreeIfDropped(logs_);
}

void Search::StopPartWay(int depth, uint64_t size) {
  Deliver(depth, ExpandedPrefix());
  uint64_t visited = 0;
  for (const ChunkLog& log : logs_) visited += log.visited;
  counted_ = counted_ - size + visited;
}

int Search::StopAtMaxStates(int depth, std::vector<uint32_t> next) {
  // Keep the first states allowed, in canonical order; the expansion of every parent from
  // the one that reached the first state left out is dropped with it.
  const uint64_t allowed = limits_.new_allowed();
  const uint64_t cut = links_->ParentPos(next[allowed]);
  next.resize(allowed);
  VisitRest(depth);
  Deliver(depth, cut);
  result_.levels_.push_back(std::move(next));
  counted_ += result_.levels_.back().size();
  ProcessLevel(depth + 1, /*expand=*/false);
  Deliver(depth + 1, 0);
  return result_.levels_.back().empty() ? depth : depth + 1;
}

void Search::VisitRest(int depth) {
  // The states each chunk did not visit, as chunks of their own.
  std::vector<ChunkLog> rest;
  const uint64_t size = result_.levels_[depth].size();
  uint64_t covered = 0;
  for (const ChunkLog& log : logs_) {
    if (log.begin + log.visited < log.end) {
      rest.emplace_back(budget_.get());
      rest.back().Reset(log.begin + log.visited, log.end);
    }
    covered = std::max(covered, log.end);
  }
  for (uint64_t b = covered; b < size; b += chunk_size_) {
    rest.emplace_back(budget_.get());
    rest.back().Reset(b, std::min(size, b + chunk_size_));
  }
  const LevelTask task = Task(depth, /*expand=*/false);
  pool_->Run(
      rest.size(),
      [&](uint64_t chunk, int worker) { workers_[worker]->ProcessChunk(task, rest[chunk]); },
      sharing_.Shared(size));
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

Exploration Search::Finish(int depth, StopReason reason, int whole_levels) {
  ExplorationStats& stats = result_.stats_;
  // Levels past the last counted one (never visited) are not part of the result.
  result_.levels_.resize(depth + 1);
  stats.complete = reason == StopReason::kNone;
  stats.stop_reason = reason;
  if (edges_ != nullptr) {
    if (!stats.complete) edges_->Drop();
    result_.recorded_edges_ = edges_->Finish();
    edges_->FreeIfDropped(logs_);
  }
  stats.states = counted_;
  stats.levels = depth;
  stats.whole_levels = whole_levels;
  stats.terminal_states += counters_.terminal();
  stats.store_bytes = store_->bytes();
  stats.flat_store = store_->layout() == StateStore::Layout::kFlat;
  stats.link_bytes = links_->bytes() + counted_ * sizeof(uint32_t);
  stats.seconds = seconds_before_ +
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return std::move(result_);
}

Search::Grown Search::Grow(StoreGrowth::Room room, StoreGrowth::Why why) {
  // The rebuild copies the level lists, so that a failure leaves the search as it was.
  uint64_t copy_bytes = 0;
  for (const std::vector<uint32_t>& level : result_.levels_) {
    copy_bytes += level.size() * sizeof(uint32_t);
  }
  DropEdgesIfShort();
  MemoryCharge charge(budget_.get());
  std::unique_ptr<StateStore> store = store_growth_.Bigger(
      *store_, room, copy_bytes, charge, why,
      [&](uint64_t states) { return TreeNodesFor(*store_, result_.levels_, states, *budget_); });
  if (store == nullptr) return Grown::kNoRoom;
  auto links = std::make_unique<ParentLinks>(store->id_bound());
  if (!links->ok()) {
    store_growth_.StopGrowing();
    return Grown::kNoRoom;
  }
  gauges_.growing.store(true, std::memory_order_relaxed);
  struct Done {
    std::atomic<bool>& flag;
    ~Done() { flag.store(false, std::memory_order_relaxed); }
  } done{gauges_.growing};
  counters_.ClearSlots();
  // Every settled state goes into the new store with its link; ids change, positions do not.
  // The new ids go to new level lists, so that a failure leaves the search as it was.
  std::vector<std::vector<uint32_t>> levels = result_.levels_;
  const PutOutcome outcome = CopyStates(levels, *store_, *links_, *store, *links, *pool_, sharing_,
                                        counters_, options_.cancel);
  if (outcome != PutOutcome::kDone) {
    counters_.ClearSlots();
    if (outcome == PutOutcome::kCancelled) return Grown::kCancelled;
    store_growth_.StopGrowing();
    return Grown::kNoRoom;
  }
  charge.Set(charge.bytes() - copy_bytes);
  Adopt(std::move(store), std::move(links), std::move(charge), std::move(levels), counted_);
  if (edges_ != nullptr) edges_->Renumber(result_.levels_, store_->id_bound());
  return Grown::kYes;
}

bool Search::Adopt(std::unique_ptr<StateStore> store, std::unique_ptr<ParentLinks> links,
                   MemoryCharge charge, std::vector<std::vector<uint32_t>> levels,
                   uint64_t states) {
  result_.levels_ = std::move(levels);
  counters_.Rebase(states, counters_.nodes_in_slots());
  counters_.ClearSlots();
  result_.store_ = std::move(store);
  result_.links_ = std::move(links);
  result_.store_charge_ = std::move(charge);  // and the old store's is given back
  store_ = result_.store_.get();
  links_ = result_.links_.get();
  return ChargeLevels();
}

bool Search::ChargeLevels() {
  uint64_t bytes = 0;
  for (const std::vector<uint32_t>& level : result_.levels_) {
    bytes += level.capacity() * sizeof(uint32_t);
  }
  bytes += result_.levels_.capacity() * sizeof(std::vector<uint32_t>);
  return result_.levels_charge_.Set(bytes);
}

bool Search::ResizeLogs(uint64_t count) {
  // The logs' own array; their buffers are charged as they grow.
  const bool room =
      logs_charge_.Set(std::max<uint64_t>(logs_charge_.bytes(), count * sizeof(ChunkLog)));
  if (count < logs_.size()) logs_.erase(logs_.begin() + static_cast<int64_t>(count), logs_.end());
  logs_.reserve(count);
  while (logs_.size() < count) logs_.emplace_back(budget_.get());
  return room;
}

}  // namespace rulecheck::explorer
