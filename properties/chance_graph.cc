// BuildChanceGraph (see chance_graph.h): the plain state graph first (explorer/state_graph.h),
// then one more pass of successor generation, one state at a time, that keeps the moves and
// turns each state's list of successors into its tree.
//
// Why the tree is rebuilt from prefixes: the executor runs a move's body depth-first and
// records every choice on the path, so two successors whose choices agree up to some point
// ran the same statements up to it, and the next choice point is the same statement for
// both. Grouping successors by their next choice therefore gives exactly the body's decision
// tree, without the executor having to report forks as they happen (which `check` would pay
// for in its hot loop).
#include "properties/chance_graph.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "ir/move.h"
#include "ir/state_space.h"
#include "model/value_format.h"
#include "properties/move_seat.h"

namespace rulecheck::properties {
namespace {

using Kind = ChanceNode::Kind;

// The successors of one state, with their moves.
class MoveSink final : public ir::SuccessorSink {
 public:
  explicit MoveSink(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    moves.push_back(move);
    states.emplace_back(state, state + words_);
  }
  void OnFailure(const ir::StepFailure& failure) override {
    ++failures;
    if (!first) first = failure;
    if (failure.limit && !limit) limit = failure;
  }
  void Clear() {
    moves.clear();
    states.clear();
  }
  std::vector<ir::Move> moves;
  std::vector<std::vector<uint32_t>> states;
  uint64_t failures = 0;
  std::optional<ir::StepFailure> first;  // the first failure
  std::optional<ir::StepFailure> limit;  // the first failure that is an engine limit

 private:
  uint32_t words_;
};

struct Succ {
  uint32_t owner = 0;
  const ir::Move* move = nullptr;
  uint32_t target = 0;
  uint32_t index = 0;  // among the state's successors, in generator order
};

bool SameChoice(const ir::Choice& a, const ir::Choice& b) {
  return a.kind == b.kind && a.value == b.value && a.words == b.words && a.position == b.position;
}

bool SameInstance(const ir::Move& a, const ir::Move& b) {
  return a.kind == b.kind && a.index == b.index && a.args == b.args;
}

class TreeBuilder {
 public:
  TreeBuilder(ChanceGraph& g, const PolicySet* policies) : g_(g), policies_(policies) {
    g_.owners.push_back("the rules");
    g_.governed.push_back(false);
  }

  uint32_t Owner(const ir::Move& move) {
    const Seat seat = SeatOf(move);
    if (seat.rules()) return 0;
    auto [it, added] = owner_of_.try_emplace(seat, static_cast<uint32_t>(g_.owners.size()));
    if (added) {
      g_.owners.push_back(model::FormatScalar(move.player_type, move.player));
      g_.governed.push_back(policies_ != nullptr &&
                            policies_->Governing(move.player_type, move.player) != nullptr);
    }
    return it->second;
  }

  // Whether the memory budget refused to grow the trees (the last tree is then incomplete).
  bool full() const { return full_; }

  // The tree over `succs` (one state's successors, in generator order).
  uint32_t State(std::vector<Succ>& succs) {
    // Seats in the order they first move; each seat's successors keep their order.
    std::vector<uint32_t> seats;
    for (const Succ& s : succs) {
      if (std::find(seats.begin(), seats.end(), s.owner) == seats.end()) seats.push_back(s.owner);
    }
    if (seats.size() == 1) return Instances(succs);
    ++g_.seat_draw_states;
    std::stable_sort(succs.begin(), succs.end(), [&seats](const Succ& a, const Succ& b) {
      return std::find(seats.begin(), seats.end(), a.owner) <
             std::find(seats.begin(), seats.end(), b.owner);
    });
    std::vector<uint32_t> children;
    std::span<Succ> all(succs);
    for (size_t b = 0; b < all.size();) {
      size_t e = b;
      while (e < all.size() && all[e].owner == all[b].owner) ++e;
      children.push_back(Instances(all.subspan(b, e - b)));
      b = e;
    }
    return Add(Kind::kSeats, 0, children, {});
  }

 private:
  // One seat's successors: a choice among its action instances (or the one trigger).
  uint32_t Instances(std::span<Succ> succs) {
    std::vector<uint32_t> children;
    for (size_t b = 0; b < succs.size();) {
      size_t e = b;
      while (e < succs.size() && SameInstance(*succs[e].move, *succs[b].move)) ++e;
      children.push_back(Choices(succs.subspan(b, e - b), 0));
      b = e;
    }
    if (children.size() == 1) return children[0];
    return Decide(succs[0].owner, children);
  }

  // A choice of `owner`; a governed seat's is an even draw among what its policy allows.
  uint32_t Decide(uint32_t owner, const std::vector<uint32_t>& children) {
    if (g_.governed[owner]) return Add(Kind::kChance, 0, children, {});
    return Add(Kind::kChoice, owner, children, {});
  }

  // Successors of one instance that agree on their first `depth` choices.
  uint32_t Choices(std::span<Succ> succs, size_t depth) {
    if (succs.size() == 1 && succs[0].move->choices.size() == depth) {
      Room(g_.nodes.push_back({Kind::kLeaf, succs[0].index, succs[0].target, 0}));
      return static_cast<uint32_t>(g_.nodes.size() - 1);
    }
    // Equal prefixes ran the same statements, so all go on to a next choice (see the top).
    for ([[maybe_unused]] const Succ& s : succs) assert(s.move->choices.size() > depth);
    const ir::Choice& first = succs[0].move->choices[depth];
    const bool roll = first.kind == ir::Choice::Kind::kRoll;
    std::vector<uint32_t> children;
    std::vector<uint64_t> weights;
    uint64_t present = 0;
    for (size_t b = 0; b < succs.size();) {
      size_t e = b;
      const ir::Choice& c = succs[b].move->choices[depth];
      while (e < succs.size() && SameChoice(succs[e].move->choices[depth], c)) ++e;
      children.push_back(Choices(succs.subspan(b, e - b), depth + 1));
      weights.push_back(roll ? c.weight : 1);
      present += c.weight;
      b = e;
    }
    // Outcomes whose path gave no successor (a failed `require`, a model error) are left out,
    // and the others keep their proportions (docs/language.md#chance).
    if (roll && present < first.total) ++g_.conditioned_rolls;
    if (children.size() == 1) return children[0];
    if (!roll) return Decide(succs[0].owner, children);
    return Add(Kind::kChance, 0, children, weights);
  }

  uint32_t Add(Kind kind, uint32_t owner, const std::vector<uint32_t>& children,
               const std::vector<uint64_t>& weights) {
    ChanceNode node{kind, owner, static_cast<uint32_t>(g_.child.size()),
                    static_cast<uint32_t>(children.size())};
    for (size_t i = 0; i < children.size(); ++i) {
      Room(g_.child.push_back(children[i]));
      Room(g_.weight.push_back(weights.empty() ? 1 : weights[i]));
    }
    Room(g_.nodes.push_back(node));
    return static_cast<uint32_t>(g_.nodes.size() - 1);
  }

  // Notes a refused charge: the graph is then incomplete, and the caller gives up.
  void Room(bool granted) { full_ = full_ || !granted; }

  ChanceGraph& g_;
  const PolicySet* policies_;
  std::map<Seat, uint32_t> owner_of_;
  bool full_ = false;
};

absl::Status NoRoom() {
  return absl::ResourceExhaustedError(
      "the chance graph needs more memory than the --memory budget has left");
}

// Grows the trees of the states `wanted` picks (all of them when it is null) into `g`, whose
// root has an entry for every state of `sg` (the graph the trees' leaves name).
absl::Status GrowTrees(const explorer::Exploration& exploration, const explorer::StateGraph& sg,
                       const std::vector<bool>* wanted, const std::atomic<bool>* cancel,
                       TreeBuilder& builder, ChanceGraph& g) {
  const std::unique_ptr<ir::Expander> expander =
      exploration.space().NewExpander(/*record_trail=*/false);
  expander->set_cancel(cancel);
  MoveSink sink(exploration.space().words());
  std::vector<Succ> succs;
  const uint64_t n = sg.states();
  uint64_t seen = 0;
  for (uint64_t s = 0; s < n; ++s) {
    if (wanted != nullptr && !(*wanted)[s]) continue;
    if (cancel != nullptr && ++seen % 1024 == 0 && cancel->load(std::memory_order_relaxed)) {
      return absl::CancelledError("cancelled");
    }
    sink.Clear();
    const std::vector<uint32_t> words = exploration.StateWords(sg.id[s]);
    const uint64_t failures_before = sink.failures;
    if (!expander->Successors(words.data(), sink)) return absl::CancelledError("cancelled");
    if (sink.moves.empty()) {
      // An end of the game for the odds; a deadlock for `check` when the game is not over and
      // no move failed here either.
      if (!expander->IsTerminal(words.data(), nullptr)) {
        ++(sink.failures == failures_before ? g.dead_states : g.failed_ends);
      }
      continue;
    }
    succs.clear();
    for (const ir::Move& move : sink.moves) succs.push_back({builder.Owner(move), &move, 0});
    // The graph's edges of s are its successors in generator order (a complete search found
    // every one).
    assert(sg.expanded[s] && sg.edge_start[s + 1] - sg.edge_start[s] == succs.size());
    for (size_t k = 0; k < succs.size(); ++k) {
      succs[k].target = sg.target[sg.edge_start[s] + k];
      succs[k].index = static_cast<uint32_t>(k);
    }
    g.root[s] = builder.State(succs);
    if (builder.full()) return NoRoom();
  }
  g.failed_moves += sink.failures;
  if (!g.first_failure) g.first_failure = sink.first;
  if (!g.limit_failure) g.limit_failure = sink.limit;
  return absl::OkStatus();
}

// A chance graph's tree arrays, charged to the exploration's budget, and a root entry for
// each of `n` states (no tree yet).
absl::Status StartTrees(const explorer::Exploration& exploration, uint64_t n, ChanceGraph& g) {
  explorer::MemoryBudget* budget = &exploration.budget();
  g.nodes = explorer::ChargedVector<ChanceNode>(budget);
  g.child = explorer::ChargedVector<uint32_t>(budget);
  g.weight = explorer::ChargedVector<uint64_t>(budget);
  g.root = explorer::ChargedVector<uint32_t>(budget);
  if (!g.root.Reserve(n)) return NoRoom();
  for (uint64_t s = 0; s < n; ++s) g.root.push_back(ChanceGraph::kNoTree);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ChanceGraph> BuildChanceGraph(explorer::Exploration& exploration, int threads,
                                             const std::atomic<bool>* cancel,
                                             const PolicySet* policies) {
  if (policies != nullptr && policies->empty()) policies = nullptr;
  absl::StatusOr<explorer::StateGraph> graph =
      explorer::TakeStateGraph(exploration, {}, threads, cancel);
  if (!graph.ok()) return graph.status();
  ChanceGraph g;
  g.graph = std::move(*graph);
  const explorer::StateGraph& sg = g.graph;
  if (absl::Status started = StartTrees(exploration, sg.states(), g); !started.ok()) {
    return started;
  }
  TreeBuilder builder(g, policies);

  // The initial states: level 0, looked up by their words.
  {
    const std::unique_ptr<ir::Expander> expander =
        exploration.space().NewExpander(/*record_trail=*/false);
    MoveSink sink(exploration.space().words());
    expander->Initial(sink);
    std::vector<Succ> succs;
    for (const ir::Move& move : sink.moves) succs.push_back({builder.Owner(move), &move, 0});
    const uint64_t initial_count = sg.level_start.size() > 1 ? sg.level_start[1] : 0;
    std::unordered_map<explorer::StateId, uint32_t> initial_ordinal;
    for (uint64_t o = 0; o < initial_count; ++o) {
      initial_ordinal[sg.id[o]] = static_cast<uint32_t>(o);
    }
    for (size_t i = 0; i < succs.size(); ++i) {
      explorer::StateId id = explorer::kNoState;
      [[maybe_unused]] const bool found = exploration.Find(sink.states[i], id);
      assert(found);
      succs[i].target = initial_ordinal.at(id);
      succs[i].index = static_cast<uint32_t>(i);
    }
    if (!succs.empty()) g.initial = builder.State(succs);
    g.failed_moves = sink.failures;
    g.first_failure = sink.first;
    g.limit_failure = sink.limit;
    if (builder.full()) return NoRoom();
  }
  if (absl::Status grown = GrowTrees(exploration, sg, nullptr, cancel, builder, g); !grown.ok()) {
    return grown;
  }
  return g;
}

absl::StatusOr<ChanceGraph> BuildChanceTrees(const explorer::Exploration& exploration,
                                             const explorer::StateGraph& graph,
                                             const std::vector<bool>& wanted,
                                             const std::atomic<bool>* cancel) {
  ChanceGraph g;
  if (absl::Status started = StartTrees(exploration, graph.states(), g); !started.ok()) {
    return started;
  }
  TreeBuilder builder(g, nullptr);
  if (absl::Status grown = GrowTrees(exploration, graph, &wanted, cancel, builder, g);
      !grown.ok()) {
    return grown;
  }
  return g;
}

}  // namespace rulecheck::properties
