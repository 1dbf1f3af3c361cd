// One worker of the parallel search: visiting and expanding the states of a chunk (see
// search.h). This is the hot loop of every check, so it allocates nothing per state after
// warm-up: the parent's tree comes back from the store into a reused buffer, each successor is
// interned incrementally against it, and only the rare events are copied out.
#include "explorer/search_worker.h"

#include <algorithm>

namespace rulecheck::explorer {

void ChunkLog::Reset(uint64_t b, uint64_t e) {
  begin = b;
  end = e;
  visited = 0;
  visited_before = 0;
  expanded = 0;
  found.clear();
  successors.clear();
  events.clear();
  next.clear();
}

Search::Worker::Worker(Search& search, int index)
    : search_(search), index_(index), generator_(search.model_) {
  generator_.set_record_trail(!search.transition_observers_.empty());
  parent_.words.resize(search.store_->words());
  child_.words.resize(search.store_->words());
}

bool Search::Worker::SeenInChunk(SearchEvent::Kind kind, const ir::StepFailure& failure) {
  for (const auto& [k, line, column] : seen_) {
    if (k == kind && line == failure.loc.line && column == failure.loc.column) return true;
  }
  seen_.emplace_back(kind, failure.loc.line, failure.loc.column);
  return false;
}

bool Search::Worker::Rebuild(std::vector<uint32_t>& level, uint64_t begin, uint64_t end,
                             const TreeStore& from, const ParentLinks& from_links, TreeStore& to,
                             ParentLinks& to_links) {
  for (uint64_t pos = begin; pos < end; ++pos) {
    from.Get(level[pos], child_);
    const TreeStore::PutResult put = to.Put(child_, nullptr);
    if (put.full) return false;
    nodes_.fetch_add(put.new_nodes, std::memory_order_relaxed);
    to_links.SetRaw(put.id, from_links.Raw(level[pos]));
    level[pos] = static_cast<uint32_t>(put.id);
  }
  return true;
}

bool Search::Worker::Visit(int depth, uint64_t pos, StateId id, bool again) {
  ir::StepFailure error;
  const bool terminal = generator_.IsTerminal(parent_.words.data(), &error);
  if ((error.loc.valid() || !error.message.empty()) &&
      !SeenInChunk(SearchEvent::Kind::kTerminalError, error)) {
    log_->events.push_back({SearchEvent::Kind::kTerminalError, pos, id, std::move(error)});
  }
  if (again) return terminal;
  if (terminal) terminal_.fetch_add(1, std::memory_order_relaxed);
  const StateRef ref{id, depth, pos, parent_.words.data(), index_};
  for (ExplorationObserver* observer : search_.observers_) observer->OnVisit(ref, terminal);
  return terminal;
}

void Search::Worker::ProcessChunk(int depth, ChunkLog& log, bool expand) {
  log_ = &log;
  seen_.clear();
  const std::vector<uint32_t>& level = search_.result_.levels_[depth];
  constexpr uint64_t kPrefetchAhead = 4;  // states; enough to cover a miss, few to evict
  for (uint64_t pos = log.begin; pos < log.end; ++pos) {
    const StateId id = level[pos];
    if (pos + kPrefetchAhead < log.end) search_.store_->PrefetchGet(level[pos + kPrefetchAhead]);
    search_.store_->Get(id, parent_);
    const bool terminal = Visit(depth, pos, id, pos < log.begin + log.visited_before);
    ++log.visited;
    if (!expand) continue;
    pos_ = pos;
    depth_ = depth;
    id_ = id;
    successors_ = 0;
    failures_ = 0;
    full_ = false;
    if (!terminal) {
      generator_.Successors(parent_.words.data(), *this);
      InternSuccessors();
    }
    if (full_) {
      // A bigger store would have room: rebuild and retry the level. Otherwise the search
      // ends here.
      (search_.CanGrow() ? search_.grow_ : search_.store_full_)
          .store(true, std::memory_order_relaxed);
      search_.pool_->RequestStop();
      return;
    }
    log.successors.push_back(successors_);
    if (!terminal && successors_ == 0 && failures_ == 0) {
      log.events.push_back({SearchEvent::Kind::kDead, pos, id, {}});
    }
    ++log.expanded;
  }
  search_.states_done_.fetch_add(log.end - log.begin, std::memory_order_relaxed);
  if (search_.options_.cancel != nullptr &&
      search_.options_.cancel->load(std::memory_order_relaxed)) {
    search_.cancelled_.store(true, std::memory_order_relaxed);
    search_.pool_->RequestStop();
  }
  if (expand && search_.NeedsGrowth()) {
    search_.grow_.store(true, std::memory_order_relaxed);
    search_.pool_->RequestStop();
  }
  if (expand && search_.options_.max_states != 0 &&
      search_.InsertedThisLevel() > search_.new_allowed_) {
    search_.max_reached_.store(true, std::memory_order_relaxed);
    search_.pool_->RequestStop();
  }
}

void Search::Worker::OnSuccessor(const uint32_t* state, const ir::Move& move) {
  ++successors_;
  if (!search_.transition_observers_.empty()) {
    const StateRef from{id_, depth_, pos_, parent_.words.data(), index_};
    for (ExplorationObserver* observer : search_.transition_observers_) {
      observer->OnTransition(from, move);
    }
  }
  const size_t words = child_.words.size();
  if (batch_.size() < (batched_ + 1) * words) batch_.resize((batched_ + 1) * words);
  std::copy(state, state + words, batch_.begin() + batched_ * words);
  ++batched_;
}

void Search::Worker::InternSuccessors() {
  const size_t words = child_.words.size();
  if (!TreeStore::HasNodes(static_cast<uint32_t>(words))) {
    // Each Put is one root-table access whose slot is known now: start all the misses.
    for (uint32_t i = 0; i < batched_; ++i) search_.store_->PrefetchSmallPut(&batch_[i * words]);
  }
  for (uint32_t i = 0; i < batched_ && !full_; ++i) {
    std::copy(batch_.begin() + i * words, batch_.begin() + (i + 1) * words, child_.words.begin());
    const TreeStore::PutResult put = search_.store_->Put(child_, &parent_);
    if (put.full) {
      full_ = true;
      break;
    }
    if (put.new_nodes != 0) nodes_.fetch_add(put.new_nodes, std::memory_order_relaxed);
    if (put.inserted) inserted_.fetch_add(1, std::memory_order_relaxed);
    if (search_.links_->Offer(put.id, pos_)) {
      log_->found.push_back({static_cast<uint32_t>(put.id), static_cast<uint32_t>(pos_)});
    }
  }
  batched_ = 0;
}

void Search::Worker::OnFailure(const ir::StepFailure& failure) {
  ++failures_;
  if (full_ || SeenInChunk(SearchEvent::Kind::kStepFailure, failure)) return;
  log_->events.push_back({SearchEvent::Kind::kStepFailure, pos_, id_, failure});
}

}  // namespace rulecheck::explorer
