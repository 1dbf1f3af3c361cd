// The search's side of checkpoints (see search.h and search_snapshot.h): what a snapshot of
// the level loop holds, writing it, and loading it back into a new search.
//
// A snapshot holds the search at the start of a level d: the levels 0..d (level d found but
// not visited yet), which is every state the search counted, and each one's parent link;
// the counts of the levels before d; and the observers' states as of that moment. That is
// all the level loop needs to go on: the store is only an index of those states, so it is
// not saved but rebuilt by putting them in again (their ids change, their positions do not,
// and every result is in positions). States found while expanding level d before a stop
// are not in the lists yet and are not saved: the resumed search finds them again.
//
// The search section, after the frame of search_snapshot.h:
//   u8 complete, u32 words per state, u64 level count,
//   u64 states, transitions, terminal states, nodes (a sizing hint),
//   f64 last level growth, f64 seconds so far,
//   per level: u64 n, then the n states' words (u32 each), then their n raw parent links;
// then u64 the observer count and each observer's state as a string.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "base/status_macros.h"
#include "explorer/search.h"

namespace rulecheck::explorer {
namespace {

constexpr uint64_t kFixedBytes = 1 + 4 + 8 + 4 * 8 + 2 * 8;

}  // namespace

bool Search::CheckpointDue(int depth) const {
  if (!checkpointing() || depth == first_depth_) return false;
  const double since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint_).count();
  return since >= options_.checkpoint.every_seconds;
}

uint64_t Search::BodyBytes(int depth, const std::vector<std::string>& observer_states) const {
  const uint64_t words = store_->words();
  uint64_t bytes = kFixedBytes;
  for (int d = 0; d <= depth; ++d) bytes += 8 + result_.levels_[d].size() * (words + 1) * 4;
  bytes += 8;
  for (const std::string& state : observer_states) bytes += 8 + state.size();
  return bytes;
}

void Search::WriteBody(SnapshotWriter& writer, int depth, bool complete,
                       const std::vector<std::string>& observer_states) {
  const ExplorationStats& stats = result_.stats_;
  const uint64_t terminal =
      stats.terminal_states + (complete ? counters_.terminal() : level_start_terminal_);
  const double seconds =
      seconds_before_ +
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  ByteWriter fixed;
  fixed.U8(complete ? 1 : 0);
  fixed.U32(store_->words());
  fixed.U64(static_cast<uint64_t>(depth) + 1);
  fixed.U64(counted_);
  fixed.U64(stats.transitions);
  fixed.U64(terminal);
  fixed.U64(counters_.nodes());
  fixed.F64(level_growth_);
  fixed.F64(seconds);
  writer.Write(fixed.bytes());
  // The states' words are read back from the store on the pool (a random access each, the
  // bulk of a snapshot's work), a block at a time, and written in order.
  constexpr uint64_t kBlock = uint64_t{1} << 20;  // states per block
  constexpr uint64_t kChunk = 4096;               // states per task
  const uint32_t words = store_->words();
  std::vector<StateStore::Tree> trees(pool_->workers());
  std::vector<uint32_t> block;
  std::vector<uint32_t> links;
  for (int d = 0; d <= depth; ++d) {
    const std::vector<uint32_t>& level = result_.levels_[d];
    const uint64_t n = level.size();
    writer.Write(&n, sizeof n);
    links.resize(n);
    for (uint64_t begin = 0; begin < n; begin += kBlock) {
      const uint64_t size = std::min(kBlock, n - begin);
      block.resize(size * words);
      pool_->Run((size + kChunk - 1) / kChunk,
                 [&](uint64_t chunk, int worker) {
                   StateStore::Tree& tree = trees[worker];
                   const uint64_t from = begin + chunk * kChunk;
                   const uint64_t to = std::min(begin + size, from + kChunk);
                   for (uint64_t p = from; p < to; ++p) {
                     store_->Get(level[p], tree);
                     std::copy(tree.words.begin(), tree.words.end(),
                               block.begin() + (p - begin) * words);
                     links[p] = links_->Raw(level[p]);
                   }
                 },
                 sharing_.Shared(size));
      writer.Write(block.data(), block.size() * sizeof(uint32_t));
    }
    writer.Write(links.data(), n * sizeof(uint32_t));
  }
  ByteWriter tail;
  tail.U64(observer_states.size());
  writer.Write(tail.bytes());
  for (const std::string& state : observer_states) {
    ByteWriter framed;
    framed.String(state);
    writer.Write(framed.bytes());
  }
}

void Search::WriteCheckpoint(int depth, bool complete) {
  const auto begin = std::chrono::steady_clock::now();
  CheckpointWrite report;
  report.path = options_.checkpoint.path;
  report.depth = depth;
  report.complete = complete;
  report.states = counted_;
  report.status = [&]() -> absl::Status {
    std::vector<std::string> observer_states;
    for (const ExplorationObserver* observer : observers_) {
      if (!observer->snapshots()) {
        return absl::FailedPreconditionError(
            "a check of this search cannot save its state, so no snapshot is written");
      }
      ByteWriter out;
      observer->SaveState(complete ? depth + 1 : depth, out);
      observer_states.push_back(out.Take());
    }
    absl::StatusOr<std::unique_ptr<SnapshotWriter>> writer = SnapshotWriter::Open(
        options_.checkpoint.path, options_.checkpoint.identity, BodyBytes(depth, observer_states));
    if (!writer.ok()) return writer.status();
    WriteBody(**writer, depth, complete, observer_states);
    return (*writer)->Commit();
  }();
  const auto end = std::chrono::steady_clock::now();
  report.seconds = std::chrono::duration<double>(end - begin).count();
  // The interval runs from the end of a write: a slow disk does not make snapshots back to
  // back.
  last_checkpoint_ = end;
  if (report.status.ok()) written_depth_ = complete ? -1 : depth;
  if (options_.checkpoint.on_write) options_.checkpoint.on_write(report);
}

absl::Status Search::Restore(const Snapshot& snapshot) {
  auto corrupt = [&](const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat(snapshot.path, ": ", what));
  };
  if (workers_.empty()) {
    return absl::ResourceExhaustedError(
        absl::StrCat(snapshot.path, ": the memory budget has no room for a state store"));
  }
  // The snapshot's bytes stay in memory while its states are stored again: they are charged
  // until the caller frees them, right after this returns.
  MemoryCharge held(budget_.get());
  if (!held.Set(snapshot.bytes.capacity())) {
    return absl::ResourceExhaustedError(absl::StrCat(
        snapshot.path, ": the memory budget (--memory) of ", base::GroupThousands(budget_->limit()),
        " bytes has no room for the snapshot itself (", base::GroupThousands(snapshot.bytes.size()),
        " bytes, read whole while its states are stored again); give --memory more"));
  }
  ByteReader in(snapshot.Body());
  const bool complete = in.U8() != 0;
  const uint32_t words = in.U32();
  const uint64_t level_count = in.U64();
  const uint64_t states = in.U64();
  const uint64_t transitions = in.U64();
  const uint64_t terminal = in.U64();
  const uint64_t nodes = in.U64();
  const double growth = in.F64();
  const double seconds = in.F64();
  if (!in.ok() || words != store_->words() || level_count == 0 ||
      level_count > static_cast<uint64_t>(ParentLinks::kMaxPosition)) {
    return corrupt("its search does not fit this model (another state layout)");
  }
  const uint64_t state_bytes = (uint64_t{words} + 1) * 4;
  std::vector<std::string_view> level_bytes;
  uint64_t total = 0;
  for (uint64_t d = 0; d < level_count; ++d) {
    const uint64_t n = in.U64();
    if (!in.ok() || n > in.remaining() / state_bytes) return corrupt("its levels are malformed");
    level_bytes.push_back(in.Take(n * state_bytes));
    total += n;
  }
  if (total != states) return corrupt("its levels do not add up to its state count");
  if (options_.max_states != 0 && states > options_.max_states) {
    // A search with this limit would have stopped before the snapshot's level boundary.
    return absl::InvalidArgumentError(
        absl::StrCat(snapshot.path, " holds ", base::GroupThousands(states),
                     " states, more than --max-states ", base::GroupThousands(options_.max_states),
                     " allows: resume with a --max-states of at least that many"));
  }
  const uint64_t observer_count = in.U64();
  if (!in.ok() || observer_count != observers_.size()) {
    return corrupt("it was written by a search with other checks");
  }
  RETURN_IF_ERROR(RestoreStates(snapshot, level_bytes, nodes));
  for (ExplorationObserver* observer : observers_) {
    observer->Begin(options_.threads);
    ByteReader state(in.Take(in.U64()));
    if (!in.ok()) return corrupt("its checks' states are malformed");
    const absl::Status loaded = observer->LoadState(state);
    if (!loaded.ok()) return corrupt(std::string(loaded.message()));
    if (!state.ok() || !state.at_end()) return corrupt("a check's state is malformed");
  }
  if (!in.at_end()) return corrupt("it has bytes after its last section");
  counted_ = states;
  result_.stats_.transitions = transitions;
  result_.stats_.terminal_states = terminal;
  level_growth_ = growth;
  seconds_before_ = seconds;
  first_depth_ = static_cast<int>(level_count - 1);
  restored_ = true;
  restored_complete_ = complete;
  // The edges of the levels before the snapshot are not in it.
  if (edges_ != nullptr) {
    edges_->Drop();
    edges_->FreeIfDropped(logs_);
  }
  if (snapshot.path == options_.checkpoint.path && !complete) written_depth_ = first_depth_;
  return absl::OkStatus();
}

absl::Status Search::RestoreStates(const Snapshot& snapshot,
                                   const std::vector<std::string_view>& level_bytes,
                                   uint64_t nodes_hint) {
  const uint32_t words = store_->words();
  uint64_t total = 0;
  for (const std::string_view level : level_bytes)
    total += level.size() / ((uint64_t{words} + 1) * 4);
  // The level lists are charged before they are allocated, and the charge goes to the
  // exploration's with them (Adopt).
  MemoryCharge lists(budget_.get());
  if (!lists.Set(total * sizeof(uint32_t) + level_bytes.size() * sizeof(std::vector<uint32_t>))) {
    return absl::ResourceExhaustedError(absl::StrCat(
        snapshot.path, ": the memory budget has no room for the level lists of its ",
        base::GroupThousands(total), " states beside the snapshot; give --memory more"));
  }
  std::vector<std::vector<uint32_t>> levels(level_bytes.size());
  for (size_t d = 0; d < level_bytes.size(); ++d) {
    levels[d].resize(level_bytes[d].size() / ((uint64_t{words} + 1) * 4));
  }
  // The state at (d, p) is words at p * words, its link after the level's words.
  auto fill = [&](size_t d, uint64_t p, StateStore::Tree& tree) {
    const char* level = level_bytes[d].data();
    std::memcpy(tree.words.data(), level + p * words * 4, words * 4);
    uint32_t link = 0;
    std::memcpy(&link, level + (levels[d].size() * words + p) * 4, 4);
    return link;
  };
  StoreGrowth::Room room{total, nodes_hint};
  std::unique_ptr<StateStore> tried;  // the last store that had no room
  MemoryCharge tried_charge;
  while (true) {
    MemoryCharge charge(budget_.get());
    std::unique_ptr<StateStore> store =
        store_growth_.Bigger(tried ? *tried : *store_, room, /*extra=*/0, charge,
                             tried ? StoreGrowth::Why::kFilled : StoreGrowth::Why::kFresh);
    std::unique_ptr<ParentLinks> links =
        store == nullptr ? nullptr : std::make_unique<ParentLinks>(store->id_bound());
    if (links == nullptr || !links->ok()) {
      return absl::ResourceExhaustedError(
          absl::StrCat(snapshot.path, ": the memory budget has no room for a store of its ",
                       base::GroupThousands(total), " states; give --memory more"));
    }
    counters_.ClearSlots();
    if (PutStates(levels, *store, *links, *pool_, sharing_, counters_, /*cancel=*/nullptr, fill,
                  [](size_t, uint64_t) {}) == PutOutcome::kDone) {
      result_.levels_charge_.Absorb(std::move(lists));
      if (!Adopt(std::move(store), std::move(links), std::move(charge), std::move(levels), total)) {
        return absl::ResourceExhaustedError(
            absl::StrCat(snapshot.path,
                         ": the memory budget has no room for the level lists of "
                         "its ",
                         base::GroupThousands(total), " states; give --memory more"));
      }
      return absl::OkStatus();
    }
    if (!store_growth_.CanGrow(*store)) {
      return absl::ResourceExhaustedError(
          absl::StrCat(snapshot.path, ": the memory budget has no room for its ",
                       base::GroupThousands(total), " states; give --memory more"));
    }
    // Start again in a bigger store.
    room = StoreGrowth::RoomToRetry(*store, total, counters_.nodes_in_slots());
    tried = std::move(store);
    tried_charge = std::move(charge);
  }
}

absl::StatusOr<Exploration> ResumeExplore(const ir::StateSpace& space,
                                          std::span<ExplorationObserver* const> observers,
                                          const ExploreOptions& options, Snapshot snapshot) {
  Search search(space, observers, options);
  {
    // Freed before the search goes on: the snapshot may be as big as the store.
    const Snapshot owned = std::move(snapshot);
    RETURN_IF_ERROR(search.Restore(owned));
  }
  return search.Run();
}

}  // namespace rulecheck::explorer
