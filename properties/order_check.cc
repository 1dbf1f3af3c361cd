// Order dependence (see order_check.h).
//
// The settled states of an order are found by a breadth-first search from the state's
// successors in that order, following the generator (first-in first-out) through states with
// pending triggers and stopping at states without. The search keeps, for each state, the move
// and predecessor that first reached it, so the way to any settled state can be narrated.
// States are split over threads in contiguous ranges of the canonical order; each range keeps
// its first witness per pair of triggers, and the ranges are merged in order, so the result
// is the same for any thread count.
#include "properties/order_check.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/bits.h"
#include "model/successors.h"

namespace rulecheck::properties {
namespace {

using Words = std::vector<uint32_t>;

// Collects a state's successors with their moves.
class CollectSink final : public ir::SuccessorSink {
 public:
  explicit CollectSink(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    out.emplace_back(Words(state, state + words_), move);
  }
  void OnFailure(const ir::StepFailure& /*failure*/) override {}
  std::vector<std::pair<Words, ir::Move>> out;

 private:
  uint32_t words_;
};

// Where the chain from one state goes in one order.
struct Settling {
  struct Node {
    int parent = -1;  // index into nodes; -1: reached by the first move from the start
    ir::Move move;
  };
  std::vector<Words> states;  // discovery order
  std::vector<Node> nodes;
  absl::flat_hash_map<Words, int> index;
  std::vector<int> settled;  // indices of settled states, discovery order
  // The settled states as compared between orders: without the hidden `moved` markers, which
  // record which trigger resolved last and so always differ between two orders. `views[k]`
  // is that of `settled[k]`. Both are empty when the model has no hidden variable.
  std::vector<Words> views;
  absl::flat_hash_set<Words> settled_views;

  // The moves from the start to state i.
  results::Trace PathTo(int i) const {
    results::Trace steps;
    for (int at = i; at >= 0; at = nodes[at].parent) {
      steps.push_back(results::TraceStep{nodes[at].move, states[at], false, ""});
    }
    std::reverse(steps.begin(), steps.end());
    return steps;
  }
};

// Plays the chain out from `start` (whose first pending entry resolves first) to where it
// settles, first-in first-out after the first move.
Settling Settle(const model::Model& model, model::SuccessorGenerator& generator,
                const Words& start) {
  Settling settling;
  const uint32_t width = model.layout.words();
  std::deque<int> queue;
  auto visit = [&](Words words, const ir::Move& move, int parent) {
    auto [it, inserted] = settling.index.try_emplace(words, settling.states.size());
    if (!inserted) return;
    settling.states.push_back(std::move(words));
    settling.nodes.push_back({parent, move});
    queue.push_back(it->second);
  };
  {
    CollectSink sink(width);
    generator.Successors(start.data(), sink);
    for (auto& [words, move] : sink.out) visit(std::move(words), move, -1);
  }
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    const Words current = settling.states[i];
    if (model.layout.PendingLength(current.data()) == 0) {
      settling.settled.push_back(i);
      continue;
    }
    CollectSink sink(width);
    generator.Successors(current.data(), sink);
    // A pending trigger that cannot resolve (or a terminal state) ends the chain too.
    if (sink.out.empty()) settling.settled.push_back(i);
    for (auto& [words, move] : sink.out) visit(std::move(words), move, i);
  }
  std::sort(settling.settled.begin(), settling.settled.end());
  std::vector<int> hidden;
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    if (model.program.state[v].hidden) hidden.push_back(static_cast<int>(v));
  }
  if (hidden.empty()) return settling;
  for (int i : settling.settled) {
    Words view = settling.states[i];
    for (int v : hidden) {
      ir::bits::Clear(view.data(), model.layout.var_offset(v), model.program.state[v].type->width);
    }
    settling.settled_views.insert(view);
    settling.views.push_back(std::move(view));
  }
  return settling;
}

// The first settled state of `a` that `b` does not have (apart from hidden markers), or -1.
int FirstMissing(const Settling& a, const Settling& b) {
  if (!a.views.empty() || !b.views.empty()) {
    for (size_t k = 0; k < a.views.size(); ++k) {
      if (b.settled_views.count(a.views[k]) == 0) return a.settled[k];
    }
    return -1;
  }
  for (int i : a.settled) {
    auto it = b.index.find(a.states[i]);
    if (it == b.index.end() ||
        !std::binary_search(b.settled.begin(), b.settled.end(), it->second)) {
      return i;
    }
  }
  return -1;
}

struct Witness {
  int depth = 0;
  uint64_t pos = 0;
  uint64_t states = 0;  // states where this pair's order matters (in this range)
  results::Finding finding;
};

using PairKey = std::pair<int, int>;  // the two triggers, smaller index first

// Checks state (depth, pos); adds what it finds to `found`.
void CheckState(const model::Model& model, model::SuccessorGenerator& generator, const Words& state,
                int depth, uint64_t pos, std::map<PairKey, Witness>& found) {
  const ir::StateLayout& layout = model.layout;
  const int64_t length = layout.PendingLength(state.data());
  if (length < 2) return;
  std::optional<Settling> fifo;
  std::set<PairKey> counted;  // pairs already counted for this state
  const int first = layout.PendingTrigger(state.data(), 0);
  for (int64_t i = 1; i < length; ++i) {
    Words swapped = state;
    layout.MovePendingToFront(swapped.data(), i);
    if (swapped == state) continue;  // the same entry twice: no choice of order
    const int other = layout.PendingTrigger(state.data(), i);
    const PairKey key{std::min(first, other), std::max(first, other)};
    if (!fifo.has_value()) fifo = Settle(model, generator, state);
    const Settling alternative = Settle(model, generator, swapped);
    const int only_default = FirstMissing(*fifo, alternative);
    const int only_other = FirstMissing(alternative, *fifo);
    if (only_default < 0 && only_other < 0) continue;  // they commute here
    if (!counted.insert(key).second) continue;
    auto [it, inserted] = found.try_emplace(key);
    ++it->second.states;
    if (!inserted) continue;
    Witness& witness = it->second;
    witness.depth = depth;
    witness.pos = pos;
    results::Finding& finding = witness.finding;
    const std::string& a = model.program.triggers[first].name;
    const std::string& b = model.program.triggers[other].name;
    finding.triggers = {a, b};
    // Show what only one order reaches; where an order reaches nothing the other does not,
    // its first settled state (none: it never settles, and its way is left empty).
    auto shown = [](int only, const Settling& settling) {
      if (only >= 0) return settling.PathTo(only);
      if (settling.settled.empty()) return results::Trace{};
      return settling.PathTo(settling.settled.front());
    };
    finding.outcomes.push_back(
        {absl::StrCat("`", a, "` first (the default order)"), shown(only_default, *fifo)});
    finding.outcomes.push_back({absl::StrCat("`", b, "` first"), shown(only_other, alternative)});
  }
}

}  // namespace

bool CheckOrderDependence(const model::Model& model, const explorer::Exploration& exploration,
                          int threads, const std::atomic<bool>* cancel,
                          FindingCollector& collector) {
  if (!model.layout.has_triggers()) return true;
  auto cancelled = [cancel] {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
  };
  // Every state as (depth, pos), in canonical order.
  std::vector<std::pair<int, uint64_t>> all;
  for (int d = 0; d < exploration.level_count(); ++d) {
    for (uint64_t p = 0; p < exploration.Level(d).size(); ++p) all.emplace_back(d, p);
  }
  threads = std::max(1, threads);
  std::vector<std::map<PairKey, Witness>> parts(threads);
  const size_t per = (all.size() + threads - 1) / threads;
  auto work = [&](int t) {
    model::SuccessorGenerator generator(model);
    const size_t begin = std::min(all.size(), per * t), end = std::min(all.size(), begin + per);
    for (size_t i = begin; i < end; ++i) {
      if (cancelled()) return;
      const auto [depth, pos] = all[i];
      const Words words = exploration.StateWords(exploration.Level(depth)[pos]);
      if (model.layout.PendingLength(words.data()) < 2) continue;
      CheckState(model, generator, words, depth, pos, parts[t]);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  if (cancelled()) return false;

  // The first witness of each pair over all ranges; counts add up.
  std::map<PairKey, Witness> merged;
  for (auto& part : parts) {
    for (auto& [key, witness] : part) {
      auto [it, inserted] = merged.try_emplace(key);
      if (inserted) {
        it->second = std::move(witness);
      } else {
        it->second.states += witness.states;
      }
    }
  }
  std::vector<Witness*> ordered;
  for (auto& [key, witness] : merged) ordered.push_back(&witness);
  std::sort(ordered.begin(), ordered.end(), [](const Witness* x, const Witness* y) {
    return std::pair(x->depth, x->pos) < std::pair(y->depth, y->pos);
  });
  for (Witness* witness : ordered) {
    results::Finding& finding = witness->finding;
    finding.kind = results::FindingKind::kOrderDependence;
    finding.severity = results::Severity::kWarning;
    finding.name = absl::StrCat(finding.triggers[0], ", ", finding.triggers[1]);
    for (const ir::Trigger& trigger : model.program.triggers) {
      if (trigger.name == finding.triggers[1]) finding.location = trigger.loc;
    }
    finding.message = absl::StrCat(
        "the order of pending triggers `", finding.triggers[0], "` and `", finding.triggers[1],
        "` changes where the chain of reactions can end (", witness->states,
        witness->states == 1 ? " reachable state" : " reachable states",
        " with both pending); the rulebook must say which resolves first");
    finding.trace = exploration.TraceTo(witness->depth, witness->pos);
    collector.AddBuilt(std::move(finding));
  }
  return true;
}

}  // namespace rulecheck::properties
