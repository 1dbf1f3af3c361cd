// BuildStateGraph: a second pass of expansion over the states an analysis needs,
// with every successor looked up (never inserted) in the finished store.
//
// Each thread takes a contiguous range of ordinals and builds its edges in order; the ranges
// are joined in ordinal order afterwards, so the graph is the same for any thread count.
//
// StateGraphFromRecord: the search's record, already in that form, with the edges of the
// states an analysis does not ask for taken out.
#include "explorer/state_graph.h"

#include <algorithm>
#include <cassert>
#include <memory>
#include <optional>
#include <thread>

namespace rulecheck::explorer {
namespace {

absl::Status NoRoom() {
  return absl::ResourceExhaustedError(
      "the transition graph needs more memory than the --memory budget has left");
}

// Charges and fills the graph's level starts and ids.
absl::Status NumberStates(const Exploration& exploration, StateGraph& graph) {
  graph.charge = MemoryCharge(&exploration.budget());
  uint64_t n = 0;
  for (int d = 0; d < exploration.level_count(); ++d) n += exploration.Level(d).size();
  if (!graph.charge.Set((exploration.level_count() + 1) * sizeof(uint64_t) + n * sizeof(StateId))) {
    return NoRoom();
  }
  graph.level_start.push_back(0);
  graph.id.reserve(n);
  for (int d = 0; d < exploration.level_count(); ++d) {
    const std::vector<uint32_t>& level = exploration.Level(d);
    graph.level_start.push_back(graph.level_start.back() + level.size());
    graph.id.insert(graph.id.end(), level.begin(), level.end());
  }
  return absl::OkStatus();
}

// Collects the ordinals of a state's successors.
class EdgeSink final : public ir::SuccessorSink {
 public:
  EdgeSink(const Exploration& exploration, const std::vector<Ordinal>& ordinal_of_id,
           uint32_t words)
      : targets(&exploration.budget()),
        exploration_(exploration),
        ordinal_of_id_(ordinal_of_id),
        words_(words) {}

  void OnSuccessor(const uint32_t* state, const ir::Move& /*move*/) override {
    if (out_of_memory) return;
    words_.assign(state, state + words_.size());
    StateId id = kNoState;
    const bool found = exploration_.Find(words_, id);
    // A complete search stored every successor of every state it counted.
    assert(found);
    if (found) out_of_memory = !targets.push_back(ordinal_of_id_[id]);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}

  ChargedVector<Ordinal> targets;
  bool out_of_memory = false;  // the budget had no room for an edge

 private:
  const Exploration& exploration_;
  const std::vector<Ordinal>& ordinal_of_id_;
  std::vector<uint32_t> words_;
};

// Keeps the k-th successor.
class NthSink final : public ir::SuccessorSink {
 public:
  NthSink(uint32_t n, uint32_t words) : n_(n), words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    if (index_++ != n_) return;
    step.move = move;
    step.state.assign(state, state + words_);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  results::TraceStep step;

 private:
  uint32_t n_;
  uint32_t words_;
  uint32_t index_ = 0;
};

}  // namespace

std::pair<int, uint64_t> StateGraph::Where(Ordinal state) const {
  auto after = std::upper_bound(level_start.begin(), level_start.end(), uint64_t{state});
  const int depth = static_cast<int>(after - level_start.begin()) - 1;
  return {depth, state - level_start[depth]};
}

Ordinal StateGraph::Source(uint64_t e) const {
  return static_cast<Ordinal>(std::upper_bound(edge_start.begin(), edge_start.end(), e) -
                              edge_start.begin() - 1);
}

absl::StatusOr<StateGraph> BuildStateGraph(const Exploration& exploration,
                                           const std::function<bool(const uint32_t*)>& expand,
                                           int threads, const std::atomic<bool>* cancel) {
  MemoryBudget& budget = exploration.budget();
  StateGraph graph;
  // The map from ids to ordinals lives while the graph is built; the rest is the graph's.
  MemoryCharge map_charge(&budget);
  if (!map_charge.Set(exploration.id_bound() * sizeof(Ordinal))) return NoRoom();
  if (absl::Status numbered = NumberStates(exploration, graph); !numbered.ok()) return numbered;
  const uint64_t n = graph.states();
  const std::vector<StateId>& id_of = graph.id;
  std::vector<Ordinal> ordinal_of_id(exploration.id_bound(), ~Ordinal{0});
  for (uint64_t s = 0; s < n; ++s) ordinal_of_id[id_of[s]] = static_cast<Ordinal>(s);

  struct Part {
    explicit Part(MemoryBudget* budget) : counts(budget), expanded(budget) {}
    ChargedVector<uint64_t> counts;  // edges per state of the range
    ChargedVector<Ordinal> targets{nullptr};
    ChargedVector<uint8_t> expanded;
    bool out_of_memory = false;
  };
  threads = std::max(1, threads);
  std::vector<Part> parts;
  for (int t = 0; t < threads; ++t) parts.emplace_back(&budget);
  const uint64_t per = (n + threads - 1) / threads;
  auto work = [&](int t) {
    const uint64_t begin = std::min(n, per * t), end = std::min(n, begin + per);
    Part& part = parts[t];
    const std::unique_ptr<ir::Expander> expander =
        exploration.space().NewExpander(/*record_trail=*/false);
    expander->set_cancel(cancel);
    EdgeSink sink(exploration, ordinal_of_id, exploration.space().words());
    for (uint64_t s = begin; s < end && !sink.out_of_memory; ++s) {
      if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return;
      const std::vector<uint32_t> words = exploration.StateWords(id_of[s]);
      const bool wanted = expand == nullptr || expand(words.data());
      const size_t before = sink.targets.size();
      // Given up part-way only when cancelled: the graph is then not used.
      if (wanted && !expander->Successors(words.data(), sink)) return;
      if (!part.expanded.push_back(wanted ? 1 : 0) ||
          !part.counts.push_back(sink.targets.size() - before)) {
        sink.out_of_memory = true;
      }
    }
    part.out_of_memory = sink.out_of_memory;
    part.targets = std::move(sink.targets);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
    return absl::CancelledError("interrupted");
  }
  uint64_t edges = 0;
  for (const Part& part : parts) {
    if (part.out_of_memory) return NoRoom();
    edges += part.targets.size();
  }
  // The joined arrays, charged before they are made; each part is freed once joined.
  if (!graph.charge.Add((n + 1) * sizeof(uint64_t) + (n + 7) / 8 + edges * sizeof(Ordinal))) {
    return NoRoom();
  }
  graph.edge_start.reserve(n + 1);
  graph.edge_start.push_back(0);
  graph.expanded.reserve(n);
  graph.target.reserve(edges);
  for (Part& part : parts) {
    for (size_t i = 0; i < part.counts.size(); ++i) {
      graph.edge_start.push_back(graph.edge_start.back() + part.counts[i]);
      graph.expanded.push_back(part.expanded[i] != 0);
    }
    graph.target.insert(graph.target.end(), part.targets.begin(), part.targets.end());
    part.counts.Free();
    part.targets.Free();
    part.expanded.Free();
  }
  return graph;
}

absl::StatusOr<StateGraph> StateGraphFromRecord(
    const Exploration& exploration, RecordedEdges record,
    const std::function<bool(const uint32_t*)>& expand) {
  StateGraph graph;
  if (absl::Status numbered = NumberStates(exploration, graph); !numbered.ok()) return numbered;
  const uint64_t n = graph.states();
  assert(record.edge_start.size() == n + 1);
  if (!graph.charge.Add((n + 7) / 8)) return NoRoom();
  graph.expanded.assign(n, true);
  if (expand != nullptr) {
    // Takes out the edges of the states not asked for, in place.
    uint64_t kept = 0;
    for (uint64_t s = 0; s < n; ++s) {
      const uint64_t begin = record.edge_start[s], end = record.edge_start[s + 1];
      record.edge_start[s] = kept;
      graph.expanded[s] = expand(exploration.StateWords(graph.id[s]).data());
      if (!graph.expanded[s]) continue;
      std::copy(record.target.begin() + static_cast<int64_t>(begin),
                record.target.begin() + static_cast<int64_t>(end),
                record.target.begin() + static_cast<int64_t>(kept));
      kept += end - begin;
    }
    record.edge_start[n] = kept;
    record.target.resize(kept);  // its buffer, and the charge for it, stay as they were
  }
  graph.edge_start = std::move(record.edge_start);
  graph.target = std::move(record.target);
  graph.charge.Absorb(std::move(record.charge));
  return graph;
}

absl::StatusOr<StateGraph> TakeStateGraph(Exploration& exploration,
                                          const std::function<bool(const uint32_t*)>& expand,
                                          int threads, const std::atomic<bool>* cancel) {
  std::optional<RecordedEdges> record = exploration.TakeRecordedEdges();
  if (record.has_value()) return StateGraphFromRecord(exploration, *std::move(record), expand);
  return BuildStateGraph(exploration, expand, threads, cancel);
}

results::TraceStep StepTo(const ir::StateSpace& space, const std::vector<uint32_t>& words,
                          uint32_t successor) {
  const std::unique_ptr<ir::Expander> expander = space.NewExpander(/*record_trail=*/false);
  NthSink sink(successor, space.words());
  expander->Successors(words.data(), sink);
  assert(!sink.step.state.empty());
  return std::move(sink.step);
}

}  // namespace rulecheck::explorer
