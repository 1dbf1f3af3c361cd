// One worker of the parallel search: visiting and expanding the states of a chunk (see
// search.h). This is the hot loop of every check, so it allocates nothing per state after
// warm-up: the parent's tree comes back from the store into a reused buffer, each successor is
// interned incrementally against it, and only the rare events are copied out.
#include "explorer/search_worker.h"

#include <algorithm>
#include <utility>

#include "explorer/edge_recorder.h"

namespace rulecheck::explorer {

SearchWorker::SearchWorker(int index, std::unique_ptr<ir::Expander> expander, uint32_t words,
                           size_t batch_bytes, SearchCounters::Slot& counters)
    : index_(index),
      expander_(std::move(expander)),
      counters_(counters),
      batch_(words, batch_bytes) {
  parent_.words.resize(words);
}

bool SearchWorker::SeenInChunk(SearchEvent::Kind kind, const ir::StepFailure& failure) {
  for (const auto& [k, line, column] : seen_) {
    if (k == kind && line == failure.loc.line && column == failure.loc.column) return true;
  }
  seen_.emplace_back(kind, failure.loc.line, failure.loc.column);
  return false;
}

bool SearchWorker::Visit(uint64_t pos, StateId id, bool again) {
  ir::StepFailure error;
  const bool terminal = expander_->IsTerminal(parent_.words.data(), &error);
  if ((error.loc.valid() || !error.message.empty()) &&
      !SeenInChunk(SearchEvent::Kind::kTerminalError, error)) {
    Log(log_->events.push_back({SearchEvent::Kind::kTerminalError, pos, id, std::move(error)}));
  }
  if (again) return terminal;
  if (terminal) counters_.terminal.fetch_add(1, std::memory_order_relaxed);
  const StateRef ref{id, task_->depth, pos, parent_.words.data(), index_};
  for (ExplorationObserver* observer : task_->observers) observer->OnVisit(ref, terminal);
  return terminal;
}

void SearchWorker::ProcessChunk(const LevelTask& task, ChunkLog& log) {
  task_ = &task;
  log_ = &log;
  out_of_memory_ = false;
  full_ = false;
  seen_.clear();
  const std::vector<uint32_t>& level = *task.states;
  StateStore& store = *task.store;
  // In a store without nodes (states of at most two words, or the flat layout) a state needs
  // no parent tree to be stored, so the successors of several states are interned together
  // (kGroupSuccessors at a time): their cache misses then overlap the making of the
  // successors after them. In the tree layout a state's successors are interned against its
  // tree as soon as it is expanded.
  const bool grouped = !store.has_nodes();
  constexpr uint64_t kPrefetchAhead = 4;  // states; enough to cover a miss, few to evict
  for (uint64_t pos = log.begin; pos < log.end; ++pos) {
    const StateId id = level[pos];
    if (pos + kPrefetchAhead < log.end) store.PrefetchGet(level[pos + kPrefetchAhead]);
    store.Get(id, parent_);
    const bool terminal = Visit(pos, id, pos < log.begin + log.visited_before);
    ++log.visited;
    if (!task.expand) continue;
    pos_ = pos;
    id_ = id;
    successors_ = 0;
    failures_ = 0;
    if (!terminal && !expander_->Successors(parent_.words.data(), *this)) {
      // Cancelled part-way: the state is not expanded, and the search ends.
      task.limits->PollCancel();
      return EndChunkEarly(pos);
    }
    if (!full_ && (!grouped || batch_.count() >= kGroupSuccessors)) InternSuccessors();
    if (!full_) {
      Log(log.successors.push_back(successors_));
      if (!terminal && successors_ == 0 && failures_ == 0) {
        Log(log.events.push_back({SearchEvent::Kind::kDead, pos, id, {}}));
      }
    }
    if (full_ || out_of_memory_) {
      // The budget had no room for this chunk's log: the search ends here. A full store: a
      // bigger one would have room, so rebuild and retry the level, or else the search ends
      // here.
      task.limits->StoreFull(!out_of_memory_ && task.growth->CanGrow(store));
      return EndChunkEarly(pos);
    }
    // Every state up to this one is expanded once its successors are stored.
    if (batch_.count() == 0) log.expanded = pos + 1 - log.begin;
  }
  if (task.expand && batch_.count() != 0) {
    InternSuccessors();
    if (full_ || out_of_memory_) {
      task.limits->StoreFull(!out_of_memory_ && task.growth->CanGrow(store));
      return EndChunkEarly(log.end);
    }
    log.expanded = log.end - log.begin;
  }
  task.states_done->fetch_add(log.end - log.begin, std::memory_order_relaxed);
  CheckLimits();
}

void SearchWorker::EndChunkEarly(uint64_t pos) {
  ChunkLog& log = *log_;
  // The states expanded are those before the first whose successors were not all stored: the
  // one a put or its log stopped at, else the first with successors still batched, else the
  // state at `pos`, whose own log had no room.
  uint64_t stop = pos;
  if (full_) stop = std::min(stop, batch_.stopped_tag());
  if (batch_.count() != 0) stop = std::min(stop, batch_.first_tag());
  log.expanded = stop - log.begin;
  batch_.Clear();
}

void SearchWorker::CheckLimits() {
  const LevelTask& task = *task_;
  task.limits->PollCancel();
  if (!task.expand) return;
  if (task.growth->NeedsGrowth(*task.store, task.counters->inserted(), task.counters->nodes())) {
    task.limits->TablesFilling();
  }
  if (task.limits->max_states() != 0) {
    task.limits->CountNewStates(task.counters->inserted() - task.inserted_before);
  }
}

void SearchWorker::OnSuccessor(const uint32_t* state, const ir::Move& move) {
  ++successors_;
  if (!task_->transition_observers.empty()) {
    const StateRef from{id_, task_->depth, pos_, parent_.words.data(), index_};
    for (ExplorationObserver* observer : task_->transition_observers) {
      observer->OnTransition(from, move);
    }
  }
  if (full_) return;  // the store is full: the state's expansion is void
  batch_.Add(state, pos_, *task_->store);
  // A state with more successors than a batch holds has them stored a batch at a time.
  if (batch_.full()) InternSuccessors();
}

void SearchWorker::InternSuccessors() {
  ParentLinks& links = *task_->links;
  EdgeRecorder* edges = task_->edges;
  uint64_t inserted = 0, nodes = 0;
  const Interned outcome = batch_.Intern(
      *task_->store, &parent_, [&](const StateStore::PutResult& put) { links.Prefetch(put.id); },
      [&](const StateStore::PutResult& put, uint64_t parent_pos) {
        // A record the budget has no room for is dropped; the search goes on without it.
        if (edges != nullptr && !edges->dropped() &&
            !log_->edges.push_back(static_cast<uint32_t>(put.id))) {
          edges->Drop();
        }
        nodes += put.new_nodes;
        inserted += put.inserted ? 1 : 0;
        if (links.Offer(put.id, parent_pos)) {
          return Log(log_->found.push_back(
              {static_cast<uint32_t>(put.id), static_cast<uint32_t>(parent_pos)}));
        }
        return true;
      });
  if (nodes != 0) counters_.nodes.fetch_add(nodes, std::memory_order_relaxed);
  if (inserted != 0) counters_.inserted.fetch_add(inserted, std::memory_order_relaxed);
  // Out of memory counts as full: the rest of the successors are dropped.
  if (outcome != Interned::kAll) full_ = true;
}

bool SearchWorker::Log(bool pushed) {
  if (!pushed) out_of_memory_ = true;
  return pushed;
}

void SearchWorker::OnFailure(const ir::StepFailure& failure) {
  ++failures_;
  if (full_ || SeenInChunk(SearchEvent::Kind::kStepFailure, failure)) return;
  Log(log_->events.push_back({SearchEvent::Kind::kStepFailure, pos_, id_, failure}));
}

}  // namespace rulecheck::explorer
