// Order dependence (see order_check.h).
//
// The settled states of an order are found by a breadth-first search from the state's
// successors in that order, following the generator (first-in first-out) through states with
// pending triggers and stopping at states without. The search keeps, for each state, the move
// and predecessor that first reached it, so the way to any settled state can be narrated.
// States are split over threads in contiguous ranges of the canonical order; each range keeps
// its first witness per pair of triggers, and the ranges are merged in order, so the result
// is the same for any thread count.
//
// Its working memory is charged to the exploration's budget before it is allocated: each
// settling's states, moves and index as it grows, and the successors of the state being
// expanded, at an estimate of what each takes (the words, the move's vectors, the slots of the
// containers with their slack for growth). When a charge finds no room, every thread stops
// and the analysis is not determined, rather than the process running out of memory. What it
// keeps besides (a witness per pair of triggers) does not grow with the states.
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
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "explorer/memory_budget.h"
#include "ir/bits.h"
#include "model/successors.h"
#include "model/value_format.h"

namespace rulecheck::properties {
namespace {

using Words = std::vector<uint32_t>;

// About what the allocator takes for a block of `bytes`: a header, rounded up to 16 bytes,
// at least 32; nothing for an empty vector.
uint64_t HeapBlock(uint64_t bytes) {
  return bytes == 0 ? 0 : std::max<uint64_t>(32, (bytes + 8 + 15) & ~uint64_t{15});
}

// About the heap a copy of `move` holds.
uint64_t MoveHeap(const ir::Move& move) {
  uint64_t bytes = HeapBlock(move.args.size() * sizeof(int64_t)) +
                   HeapBlock(move.choices.size() * sizeof(ir::Choice)) +
                   HeapBlock(move.trail.size() * sizeof(uint32_t));
  for (const ir::Choice& choice : move.choices) {
    bytes += HeapBlock(choice.words.size() * sizeof(uint32_t));
  }
  return bytes;
}

// Working memory charged in steps of this much, so the budget's atomic counter is touched
// once every few hundred states rather than at each.
constexpr uint64_t kChargeStep = uint64_t{64} << 10;

// A charge that grows by estimates as its owner allocates (see the file comment).
class WorkingMemory {
 public:
  explicit WorkingMemory(explorer::MemoryBudget* budget) : charge_(budget) {}
  // Accounts `bytes` more; false (unchanged) when the budget has no room for them.
  bool Add(uint64_t bytes) {
    const uint64_t used = used_ + bytes;
    if (used > charge_.bytes() && !charge_.Set(std::max(used, charge_.bytes() + kChargeStep)) &&
        !charge_.Set(used)) {
      return false;
    }
    used_ = used;
    return true;
  }

 private:
  explorer::MemoryCharge charge_;
  uint64_t used_ = 0;
};

// Collects a state's successors with their moves. `full` is set (and the rest are dropped)
// when the budget has no room for one.
class CollectSink final : public ir::SuccessorSink {
 public:
  CollectSink(uint32_t words, explorer::MemoryBudget* budget) : words_(words), memory_(budget) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    // The vector's slot with its slack for growth, the words and the move's vectors.
    if (full ||
        !memory_.Add(2 * sizeof(out[0]) + HeapBlock(4 * uint64_t{words_}) + MoveHeap(move))) {
      full = true;
      return;
    }
    out.emplace_back(Words(state, state + words_), move);
  }
  void OnFailure(const ir::StepFailure& failed) override {
    if (!failure.has_value()) failure = failed;
  }
  std::vector<std::pair<Words, ir::Move>> out;
  bool full = false;
  // The first move that failed, if any.
  std::optional<ir::StepFailure> failure;

 private:
  uint32_t words_;
  WorkingMemory memory_;
};

// Where the chain from one state goes in one order.
struct Settling {
  struct Node {
    int parent = -1;  // index into nodes; -1: reached by the first move from the start
    ir::Move move;
  };
  explicit Settling(explorer::MemoryBudget* budget) : memory(budget) {}

  // What the members below take, charged to the budget (given back after they are freed).
  WorkingMemory memory;
  std::vector<Words> states;  // discovery order
  std::vector<Node> nodes;
  absl::flat_hash_map<Words, int> index;
  std::vector<int> settled;  // indices of settled states, discovery order
  // Settled states (and -1, the start) where the chain ended because the trigger to resolve
  // failed (a model error, an assert): it ends there as if settled, shown by this failed step.
  absl::flat_hash_map<int, results::TraceStep> failed;
  // Where the chain ends as compared between orders, the start first (index -1) when its first
  // pending trigger failed there (it counts as settled then, in that error), then the settled
  // states: without the hidden `moved` markers, which record which
  // trigger resolved last and so always differ between two orders.
  std::vector<std::pair<int, Words>> ends;
  absl::flat_hash_set<Words> end_set;

  // The moves from the start to state i (-1: the start itself), then the move that failed
  // there if the chain ended so.
  results::Trace PathTo(int i) const {
    results::Trace steps;
    for (int at = i; at >= 0; at = nodes[at].parent) {
      steps.push_back(results::TraceStep{nodes[at].move, states[at], false, ""});
    }
    std::reverse(steps.begin(), steps.end());
    if (auto it = failed.find(i); it != failed.end()) steps.push_back(it->second);
    return steps;
  }
};

// What a state of a settling takes, as charged: its words twice (the list and the index's key)
// and twice more for a settled state's view without hidden markers (list and set), its node
// with its move, and the slots of the lists, the index, the set and the queue, with the slack
// they keep for growth (twice the slots of a vector or deque, about 2.3 times those of a hash
// table, whose load is at most 7/8 and which doubles).
uint64_t SettlingStateBytes(uint32_t width, const ir::Move& move) {
  const uint64_t words = HeapBlock(4 * uint64_t{width});
  const uint64_t slot = sizeof(std::pair<const Words, int>) + 1;
  return 4 * words + 2 * sizeof(Words) + 2 * sizeof(Settling::Node) + MoveHeap(move) +
         2 * (2 * sizeof(Words) + 2 * sizeof(int) + 2 * sizeof(int)) + 3 * 2 * slot;
}

// Plays the chain out from `start` (whose first pending entry resolves first) to where it
// settles, first-in first-out after the first move. Nothing (and every byte it took given
// back) when the budget has no room for its states.
std::optional<Settling> Settle(const model::Model& model, model::SuccessorGenerator& generator,
                               const Words& start, explorer::MemoryBudget* budget) {
  Settling settling(budget);
  const uint32_t width = model.layout.words();
  std::deque<int> queue;
  bool full = false;
  auto visit = [&](Words words, const ir::Move& move, int parent) {
    if (settling.index.contains(words)) return;
    if (!settling.memory.Add(SettlingStateBytes(width, move))) {
      full = true;
      return;
    }
    const int i = static_cast<int>(settling.states.size());
    settling.index.emplace(words, i);
    settling.states.push_back(std::move(words));
    settling.nodes.push_back({parent, move});
    queue.push_back(i);
  };
  // Adds the successors of `words` (reached as node `parent`); false when the budget had no
  // room. Sets `none` when there are none (then a move that failed there ends the chain).
  auto expand = [&](const Words& words, int parent, bool& none) {
    CollectSink sink(width, budget);
    generator.Successors(words.data(), sink);
    none = sink.out.empty() && !sink.full;
    if (none && sink.failure.has_value()) {
      settling.failed.emplace(
          parent, results::TraceStep{sink.failure->move, words, true, sink.failure->message});
    }
    for (auto& [successor, move] : sink.out) {
      visit(std::move(successor), move, parent);
      if (full) return false;
    }
    return !sink.full;
  };
  bool none = false;
  if (!expand(start, -1, none)) return std::nullopt;
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    const Words current = settling.states[i];
    if (model.layout.PendingLength(current.data()) == 0) {
      settling.settled.push_back(i);
      continue;
    }
    if (!expand(current, i, none)) return std::nullopt;
    // A pending trigger that cannot resolve (or a terminal state) ends the chain too.
    if (none) settling.settled.push_back(i);
  }
  std::sort(settling.settled.begin(), settling.settled.end());
  const ir::StateLayout& layout = model.layout;
  auto add_end = [&](int i, Words view) {
    for (size_t v = 0; v < model.program.state.size(); ++v) {
      if (!model.program.state[v].hidden) continue;
      ir::bits::Clear(view.data(), layout.var_offset(static_cast<int>(v)),
                      model.program.state[v].type->width);
    }
    // A chain that ends in a failed trigger ends in that error: two orders that fail the same
    // way in states that differ only in what else is still pending end alike. Its view is the
    // state without the pending list, and the error's text.
    const auto failed = settling.failed.find(i);
    view.push_back(failed == settling.failed.end() ? 0 : 1);
    if (failed != settling.failed.end()) {
      ir::bits::Clear(view.data(), layout.pending_length_offset(), layout.pending_length_width());
      ir::bits::Clear(
          view.data(), layout.pending_entry_offset(0),
          static_cast<uint32_t>(layout.pending_capacity()) * layout.pending_entry_width());
      for (const char c : failed->second.error) view.push_back(static_cast<unsigned char>(c));
    }
    settling.end_set.insert(view);
    settling.ends.emplace_back(i, std::move(view));
  };
  // (A start with no move and no failure, a terminal state with triggers pending, has no
  // end: the two orders' starts differ only in the order of the list.)
  if (settling.failed.contains(-1)) add_end(-1, start);
  for (int i : settling.settled) add_end(i, settling.states[i]);
  return settling;
}

// The way a chain that never settles goes from `start`: each state's first move, until a state
// comes again, as a lasso whose cycle_start is the index of that state in the steps (a walk
// back to `start` itself goes round once more, so that the cycle's first state is among the
// steps). Every state the walk meets has a move, since none of the chain's states settled.
// Nothing when the budget has no room for the walk.
std::optional<results::Finding::Outcome> NeverSettling(const model::Model& model,
                                                       model::SuccessorGenerator& generator,
                                                       const Words& start,
                                                       explorer::MemoryBudget* budget) {
  const uint32_t width = model.layout.words();
  WorkingMemory memory(budget);
  absl::flat_hash_map<Words, int> seen;  // each state of the walk: its index in the steps
  seen.emplace(start, -1);
  results::Finding::Outcome outcome;
  Words current = start;
  while (true) {
    CollectSink sink(width, budget);
    generator.Successors(current.data(), sink);
    // A state's words in the map and in its step, with the map's slack.
    if (sink.full || sink.out.empty() ||
        !memory.Add(2 * HeapBlock(4 * uint64_t{width}) + 3 * sizeof(std::pair<Words, int>) +
                    sizeof(results::TraceStep) + MoveHeap(sink.out.front().second))) {
      return std::nullopt;
    }
    auto& [next, move] = sink.out.front();
    outcome.steps.push_back(results::TraceStep{move, next, false, ""});
    const auto [it, inserted] = seen.try_emplace(next, static_cast<int>(outcome.steps.size()) - 1);
    if (!inserted) {
      if (it->second >= 0) {
        outcome.cycle_start = it->second;
      } else {
        outcome.steps.push_back(outcome.steps.front());
        outcome.cycle_start = 0;
      }
      return outcome;
    }
    current = next;
  }
}

// The first state where the chain of `a` ends (apart from hidden markers; -1: its start) that
// the chain of `b` does not end in, or nothing. Two orders that fail in the same state end
// alike: the start, where one failed at once, is where the other failed after coming back.
std::optional<int> FirstMissing(const Settling& a, const Settling& b) {
  for (const auto& [i, view] : a.ends) {
    if (!b.end_set.contains(view)) return i;
  }
  return std::nullopt;
}

struct Witness {
  int depth = 0;
  uint64_t pos = 0;
  uint64_t states = 0;  // states where this pair's order matters (in this range)
  results::Finding finding;
  // Two entries of one trigger: the two as `t(1)` and `t(2)` (else empty).
  std::string first_entry, other_entry;
};

using PairKey = std::pair<int, int>;  // the two triggers, smaller index first

// Checks state (depth, pos); adds what it finds to `found`. False (and `found` may hold part
// of this state's witnesses) when the budget has no room for its settlings.
bool CheckState(const model::Model& model, model::SuccessorGenerator& generator, const Words& state,
                int depth, uint64_t pos, explorer::MemoryBudget* budget,
                std::map<PairKey, Witness>& found) {
  const ir::StateLayout& layout = model.layout;
  const int64_t length = layout.PendingLength(state.data());
  if (length < 2) return true;
  std::set<PairKey> counted;  // pairs already counted for this state
  const int first = layout.PendingTrigger(state.data(), 0);
  for (int64_t i = 1; i < length; ++i) {
    Words swapped = state;
    layout.MovePendingToFront(swapped.data(), i);
    if (swapped == state) continue;  // the same entry twice: no choice of order
    const int other = layout.PendingTrigger(state.data(), i);
    const PairKey key{std::min(first, other), std::max(first, other)};
    // The pair alone is swapped: entry i right after the first (`a, c, b`) against entry i
    // first (`c, a, b`), the rest in their order. Entry i first against the queue's order
    // (`a, b, c`) would also swap it with the entries between, and blame the pair for them.
    // For the second entry, `paired` is the queue's order itself.
    Words paired = swapped;
    layout.MovePendingToFront(paired.data(), 1);
    const std::optional<Settling> paired_settling = Settle(model, generator, paired, budget);
    if (!paired_settling.has_value()) return false;
    const Settling& base = *paired_settling;
    const std::optional<Settling> settled = Settle(model, generator, swapped, budget);
    if (!settled.has_value()) return false;
    const Settling& alternative = *settled;
    const std::optional<int> only_default = FirstMissing(base, alternative);
    const std::optional<int> only_other = FirstMissing(alternative, base);
    if (!only_default.has_value() && !only_other.has_value()) continue;  // they commute here
    if (!counted.insert(key).second) continue;
    auto [it, inserted] = found.try_emplace(key);
    ++it->second.states;
    if (!inserted) continue;
    Witness& witness = it->second;
    witness.depth = depth;
    witness.pos = pos;
    results::Finding& finding = witness.finding;
    std::string a = model.program.triggers[first].name;
    std::string b = model.program.triggers[other].name;
    finding.triggers = {a, b};
    if (first == other) {
      // Two entries of one trigger: named by their arguments, or "`t` first" says nothing.
      const std::vector<std::string> entries = model::PendingEntries(model, state.data());
      witness.first_entry = a = entries[0];
      witness.other_entry = b = entries[static_cast<size_t>(i)];
    }
    // Show what only one order reaches; where an order reaches nothing the other does not,
    // its first settled state; where it never settles, the way into its loop.
    auto shown = [&](std::string order, std::optional<int> only, const Settling& settling,
                     const Words& start) {
      results::Finding::Outcome outcome{.order = std::move(order), .steps = {}};
      if (only.has_value()) {
        outcome.steps = settling.PathTo(*only);
      } else if (!settling.settled.empty()) {
        outcome.steps = settling.PathTo(settling.settled.front());
      } else if (settling.failed.contains(-1)) {
        outcome.steps = settling.PathTo(-1);  // the first trigger failed at once
      } else if (std::optional<results::Finding::Outcome> loop =
                     NeverSettling(model, generator, start, budget)) {
        outcome.steps = std::move(loop->steps);
        outcome.cycle_start = loop->cycle_start;
      }
      return outcome;
    };
    // With entries between the two, the default order is the queue's with the pair together.
    finding.outcomes.push_back(shown(
        i == 1 ? absl::StrCat("`", a, "` first (the default order)")
               : absl::StrCat("`", a, "` first, then `", b, "` (the default order of the two)"),
        only_default, base, paired));
    finding.outcomes.push_back(
        shown(absl::StrCat("`", b, "` first"), only_other, alternative, swapped));
  }
  return true;
}

}  // namespace

absl::Status CheckOrderDependence(const model::Model& model,
                                  const explorer::Exploration& exploration, int threads,
                                  const std::atomic<bool>* cancel, FindingCollector& collector) {
  if (!model.layout.has_triggers()) return absl::OkStatus();
  auto cancelled = [cancel] {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
  };
  std::atomic<bool> no_room{false};
  explorer::MemoryBudget* budget = &exploration.budget();
  uint64_t total = 0;
  for (int d = 0; d < exploration.level_count(); ++d) total += exploration.Level(d).size();
  threads = std::max(1, threads);
  std::vector<std::map<PairKey, Witness>> parts(threads);
  const uint64_t per = (total + threads - 1) / threads;
  auto work = [&](int t) {
    model::SuccessorGenerator generator(model);
    // A cancelled expansion gives part of a chain; the parts are dropped when cancelled.
    generator.set_cancel(cancel);
    // This thread's range of the canonical order, walked level by level.
    uint64_t skip = std::min(total, per * t), count = std::min(total - skip, per);
    for (int depth = 0; depth < exploration.level_count() && count > 0; ++depth) {
      const std::vector<uint32_t>& level = exploration.Level(depth);
      if (skip >= level.size()) {
        skip -= level.size();
        continue;
      }
      for (uint64_t pos = skip; pos < level.size() && count > 0; ++pos, --count) {
        if (cancelled() || no_room.load(std::memory_order_relaxed)) return;
        const Words words = exploration.StateWords(level[pos]);
        if (model.layout.PendingLength(words.data()) < 2) continue;
        if (!CheckState(model, generator, words, depth, pos, budget, parts[t])) {
          no_room.store(true, std::memory_order_relaxed);
          return;
        }
      }
      skip = 0;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  if (cancelled()) return absl::CancelledError("interrupted");
  if (no_room.load()) {
    return absl::ResourceExhaustedError(
        "playing out the chains of reactions from a state with pending triggers needs more "
        "memory than the --memory budget has left");
  }

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
    const std::string which =
        witness->first_entry.empty()
            ? absl::StrCat("pending triggers `", finding.triggers[0], "` and `",
                           finding.triggers[1], "`")
            : absl::StrCat("two pending entries of trigger `", finding.triggers[0], "`, `",
                           witness->first_entry, "` and `", witness->other_entry, "`,");
    finding.message = absl::StrCat(
        "the order of ", which, " changes where the chain of reactions can end (", witness->states,
        witness->states == 1 ? " reachable state" : " reachable states",
        " with both pending); the rulebook must say which resolves first");
    finding.trace = exploration.TraceTo(witness->depth, witness->pos);
    collector.AddBuilt(std::move(finding));
  }
  return absl::OkStatus();
}

}  // namespace rulecheck::properties
