// BuildStateGraph: a second pass of expansion over the states an analysis needs,
// with every successor looked up (never inserted) in the finished store.
//
// Each thread takes a contiguous range of ordinals and builds its edges in order; the ranges
// are joined in ordinal order afterwards, so the graph is the same for any thread count.
#include "explorer/state_graph.h"

#include <algorithm>
#include <cassert>
#include <memory>
#include <thread>

namespace rulecheck::explorer {
namespace {

// Collects the ordinals of a state's successors.
class EdgeSink final : public ir::SuccessorSink {
 public:
  EdgeSink(const Exploration& exploration, const std::vector<Ordinal>& ordinal_of_id,
           uint32_t words)
      : targets(&exploration.budget()),
        successors(&exploration.budget()),
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
    if (found) {
      out_of_memory = !targets.push_back(ordinal_of_id_[id]) || !successors.push_back(index_);
    }
    ++index_;
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  void Reset() { index_ = 0; }

  ChargedVector<Ordinal> targets;
  ChargedVector<uint32_t> successors;
  bool out_of_memory = false;  // the budget had no room for an edge

 private:
  const Exploration& exploration_;
  const std::vector<Ordinal>& ordinal_of_id_;
  std::vector<uint32_t> words_;
  uint32_t index_ = 0;
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
  const auto no_room = [] {
    return absl::ResourceExhaustedError(
        "the transition graph needs more memory than the --memory budget has left");
  };
  StateGraph graph;
  graph.charge = MemoryCharge(&budget);
  uint64_t n = 0;
  for (int d = 0; d < exploration.level_count(); ++d) n += exploration.Level(d).size();
  // The map from ids to ordinals lives while the graph is built; the rest is the graph's.
  MemoryCharge map_charge(&budget);
  if (!map_charge.Set(exploration.id_bound() * sizeof(Ordinal)) ||
      !graph.charge.Set((exploration.level_count() + 1) * sizeof(uint64_t) + n * sizeof(StateId))) {
    return no_room();
  }
  graph.level_start.push_back(0);
  for (int d = 0; d < exploration.level_count(); ++d) {
    graph.level_start.push_back(graph.level_start.back() + exploration.Level(d).size());
  }
  std::vector<Ordinal> ordinal_of_id(exploration.id_bound(), ~Ordinal{0});
  std::vector<StateId>& id_of = graph.id;
  id_of.resize(n);
  for (int d = 0; d < exploration.level_count(); ++d) {
    const std::vector<uint32_t>& level = exploration.Level(d);
    for (uint64_t p = 0; p < level.size(); ++p) {
      const uint64_t ordinal = graph.level_start[d] + p;
      ordinal_of_id[level[p]] = static_cast<Ordinal>(ordinal);
      id_of[ordinal] = level[p];
    }
  }

  struct Part {
    explicit Part(MemoryBudget* budget) : counts(budget), expanded(budget) {}
    ChargedVector<uint64_t> counts;  // edges per state of the range
    ChargedVector<Ordinal> targets{nullptr};
    ChargedVector<uint32_t> successors{nullptr};
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
    EdgeSink sink(exploration, ordinal_of_id, exploration.space().words());
    for (uint64_t s = begin; s < end && !sink.out_of_memory; ++s) {
      if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return;
      const std::vector<uint32_t> words = exploration.StateWords(id_of[s]);
      const bool wanted = expand(words.data());
      const size_t before = sink.targets.size();
      if (wanted) {
        sink.Reset();
        expander->Successors(words.data(), sink);
      }
      if (!part.expanded.push_back(wanted ? 1 : 0) ||
          !part.counts.push_back(sink.targets.size() - before)) {
        sink.out_of_memory = true;
      }
    }
    part.out_of_memory = sink.out_of_memory;
    part.targets = std::move(sink.targets);
    part.successors = std::move(sink.successors);
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
    if (part.out_of_memory) return no_room();
    edges += part.targets.size();
  }
  // The joined arrays, charged before they are made; each part is freed once joined.
  if (!graph.charge.Add((n + 1) * sizeof(uint64_t) + (n + 7) / 8 +
                        edges * (sizeof(Ordinal) + sizeof(uint32_t)))) {
    return no_room();
  }
  graph.edge_start.reserve(n + 1);
  graph.edge_start.push_back(0);
  graph.expanded.reserve(n);
  graph.target.reserve(edges);
  graph.successor.reserve(edges);
  for (Part& part : parts) {
    for (size_t i = 0; i < part.counts.size(); ++i) {
      graph.edge_start.push_back(graph.edge_start.back() + part.counts[i]);
      graph.expanded.push_back(part.expanded[i] != 0);
    }
    graph.target.insert(graph.target.end(), part.targets.begin(), part.targets.end());
    graph.successor.insert(graph.successor.end(), part.successors.begin(), part.successors.end());
    part.counts.Free();
    part.targets.Free();
    part.successors.Free();
    part.expanded.Free();
  }
  return graph;
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
