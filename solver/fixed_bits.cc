// FindFixedBits (see fixed_bits.h).
#include "solver/fixed_bits.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "ir/bits.h"
#include "model/successors.h"
#include "solver/control_slice.h"
#include "solver/incremental_solver.h"
#include "solver/listed_invariants.h"
#include "solver/listed_states.h"
#include "solver/reachable_best.h"
#include "solver/step_stats.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {
namespace {

// The most states the levels of FixedBits::at_depth list in all.
constexpr size_t kByDepthStates = 1000000;

// "fixed-bit pass: by depth: 1324 1290 ..." (the stats line).
std::string DepthBitsLine(const StateFacts& facts) {
  std::string line = "fixed-bit pass: bits fixed at each depth:";
  for (const FixedBits& f : facts.at_depth) absl::StrAppend(&line, " ", f.count());
  absl::StrAppend(&line, "; rules with a move at each depth:");
  for (const std::vector<bool>& r : facts.rules_at_depth) {
    absl::StrAppend(&line, " ", std::count(r.begin(), r.end(), true));
  }
  if (facts.levels_period > 0) {
    absl::StrAppend(&line, " (repeating from depth ", facts.levels_loop_start, ", period ",
                    facts.levels_period, ")");
  }
  return line;
}

// The bits of every root of `s`, by root then bit (an empty vector for a width-0 root).
std::vector<std::vector<z3::expr>> BitsOf(const SymState& s) {
  std::vector<std::vector<z3::expr>> out;
  auto add = [&out](const Bits& b) {
    out.emplace_back();
    for (uint32_t i = 0; i < b.width; ++i) out.back().push_back(*ExtractBits(b, i, 1).e);
  };
  for (const Bits& b : s.vars) add(b);
  add(s.pending);
  return out;
}

int8_t BitIn(const z3::model& m, const z3::expr& bit) {
  return static_cast<int8_t>(m.eval(bit, true).get_numeral_uint64());
}

// Some candidate bit of `bits` differs from its value.
z3::expr AnyDiffers(z3::context& ctx, const FixedBits& cand,
                    const std::vector<std::vector<z3::expr>>& bits) {
  z3::expr_vector differs(ctx);
  for (size_t r = 0; r < cand.roots.size(); ++r) {
    for (size_t i = 0; i < cand.roots[r].size(); ++i) {
      if (cand.roots[r][i] < 0) continue;
      differs.push_back(bits[r][i] != ctx.bv_val(cand.roots[r][i], 1));
    }
  }
  return differs.empty() ? ctx.bool_val(false) : z3::mk_or(differs);
}

// Drops the candidate bits that differ from their values in `m`.
void DropDiffering(const z3::model& m, const std::vector<std::vector<z3::expr>>& bits,
                   FixedBits& cand) {
  for (size_t r = 0; r < cand.roots.size(); ++r) {
    for (size_t i = 0; i < cand.roots[r].size(); ++i) {
      if (cand.roots[r][i] >= 0 && BitIn(m, bits[r][i]) != cand.roots[r][i]) {
        cand.roots[r][i] = -1;
      }
    }
  }
}

// The bits that every state added has the same: the AND and the OR of their words.
class BitMasks {
 public:
  explicit BitMasks(size_t words) : all_(words, ~uint32_t{0}), any_(words, 0) {}
  void Add(const uint32_t* state) {
    for (size_t w = 0; w < all_.size(); ++w) {
      all_[w] &= state[w];
      any_[w] |= state[w];
    }
  }
  // `none`'s shape with each bit that is the same in every state added at its value (the
  // roots start at `offsets`). REQUIRES: some state was added.
  FixedBits Candidates(const FixedBits& none, const std::vector<uint64_t>& offsets) const {
    FixedBits out = none;
    for (size_t r = 0; r < out.roots.size(); ++r) {
      for (size_t i = 0; i < out.roots[r].size(); ++i) {
        const uint64_t all = ir::bits::Read(all_.data(), offsets[r] + i, 1);
        const uint64_t any = ir::bits::Read(any_.data(), offsets[r] + i, 1);
        out.roots[r][i] = all == any ? static_cast<int8_t>(all) : -1;
      }
    }
    return out;
  }

 private:
  std::vector<uint32_t> all_, any_;
};

// Runs the explicit successor generator to drop candidates cheaply, as hardware checkers
// simulate before they prove: a bit dropped here saves a check.
class Simulator {
 public:
  // `stop` is asked before each state is expanded; once it says so, sampling ends early (fewer
  // candidates are dropped, which is always sound). `cancel` (may be null), once set, stops the
  // expansion of a state part-way, and the sampling with it.
  Simulator(const model::Model& model, std::function<bool()> stop, const std::atomic<bool>* cancel)
      : model_(model), gen_(model), stop_(std::move(stop)), offsets_(RootOffsets(model)) {
    gen_.set_cancel(cancel);
  }

  // The candidates left by a sample of reachable states: the bits of the first initial state
  // that no sampled state has otherwise (none without an initial state). The sample is the
  // states of a breadth-first search, and when that search ends before it has seen every
  // reachable state, random plays (a fixed seed: the same sample every run). The search goes
  // on while `more_search` says so, up to `search_states` states, and lists them in `listed`
  // with their moves. `exhaustive`: the search saw every reachable state (then `listed` holds
  // them all, each expanded), so the candidates are exactly the fixed bits. `longest_play`:
  // the most moves of a play, exact when exhaustive (ListedStates::kEndless where plays never
  // end), else of a sampled play. `failure_seen`: some move of a state the search expanded
  // failed. `visit` is given every state the search expands (all of them when it is
  // exhaustive), with its depth (the level where the search first reached it).
  // `first_deadlock`: the least depth of an expanded state that is not terminal and has no
  // move, failing or not (StateFacts::kNeverReached for none; nullopt where some state's
  // `terminal when` could not be evaluated, which the symbolic engine may count otherwise), and
  // `deadlock_index` that state's index in `listed`.
  FixedBits Sample(const FixedBits& none, size_t search_states,
                   const std::function<bool()>& more_search, int* longest_play, bool* exhaustive,
                   bool* failure_seen, std::optional<int>* first_deadlock, uint32_t* deadlock_index,
                   const std::function<void(const uint32_t*, int)>& visit, ListedStates& listed) {
    *longest_play = 0;
    *exhaustive = false;
    *failure_seen = false;
    *first_deadlock = StateFacts::kNeverReached;
    constexpr size_t kSampleStates = 10000, kWalks = 200, kWalkLength = 200;
    const size_t words = model_.layout.words();
    SuccessorCollector initial(words);
    gen_.Initial(initial);
    if (!initial.failures.empty()) *failure_seen = true;
    if (initial.states.empty()) return none;
    BitMasks masks(words);
    masks.Add(initial.states[0].data());
    std::vector<uint32_t> level;
    for (const std::vector<uint32_t>& s : initial.states) {
      bool added = false;
      const uint32_t i = listed.Intern(s, &added);
      if (added) level.push_back(i);
    }
    listed.SetInitial(level);
    bool cut = false;  // some state of the search was not expanded
    size_t expanded = 0;
    std::vector<bool> fired(NumRules(model_.program));
    std::vector<uint32_t> to;
    for (int depth = 0; !level.empty() && !cut; ++depth) {
      std::vector<uint32_t> next;
      for (const uint32_t i : level) {
        // Past `search_states` the search cannot end with every state seen: the level is
        // expanded only as far as the sample's first kSampleStates states (on a large game more
        // would only cost time), and what it reaches is no longer listed.
        if (listed.size() > search_states) {
          cut = true;
          if (expanded >= kSampleStates) break;
        }
        if (!more_search()) {
          cut = true;
          break;
        }
        if (stop_()) return masks.Candidates(none, offsets_);
        const std::vector<uint32_t> s = listed.state(i);  // a copy: listing moves the states
        masks.Add(s.data());
        visit(s.data(), depth);
        std::fill(fired.begin(), fired.end(), false);
        SuccessorCollector out(words, model_.program, fired);
        if (!gen_.Successors(s.data(), out)) return masks.Candidates(none, offsets_);
        if (!out.failures.empty()) *failure_seen = true;
        if (out.states.empty() && out.failures.empty() && first_deadlock->has_value()) {
          ir::StepFailure failure;
          const bool terminal = gen_.IsTerminal(s.data(), &failure);
          if (failure.loc.valid() || !failure.message.empty()) {
            first_deadlock->reset();
          } else if (!terminal && **first_deadlock == StateFacts::kNeverReached) {
            *first_deadlock = depth;
            *deadlock_index = i;
          }
        }
        ++expanded;
        *longest_play = std::max(*longest_play, depth);
        if (cut) continue;
        to.clear();
        for (const std::vector<uint32_t>& t : out.states) {
          bool added = false;
          to.push_back(listed.Intern(t, &added));
          if (added) next.push_back(to.back());
        }
        listed.AddMoves(to, fired);
      }
      level = std::move(next);
    }
    *exhaustive = !cut;
    if (*exhaustive) {
      *longest_play = listed.LongestPlay();
      return masks.Candidates(none, offsets_);
    }
    std::mt19937_64 random(20261123);
    for (size_t w = 0; w < kWalks; ++w) {
      std::vector<uint32_t> s = initial.states[w % initial.states.size()];
      for (size_t step = 0; step < kWalkLength; ++step) {
        if (stop_()) return masks.Candidates(none, offsets_);
        SuccessorCollector next(words);
        if (!gen_.Successors(s.data(), next)) return masks.Candidates(none, offsets_);
        if (next.states.empty()) break;
        s = std::move(next.states[random() % next.states.size()]);
        masks.Add(s.data());
        *longest_play = std::max(*longest_play, static_cast<int>(step) + 1);
      }
    }
    return masks.Candidates(none, offsets_);
  }

  // For d = 0, 1, ...: the bits every state reached in exactly d moves has, from the states and
  // moves `listed` holds (every reachable state, each expanded). Ends before a level that would
  // take the levels past `max_states` states in all, at an empty level (no play is that long),
  // at a level whose states are those of an earlier one (each level follows from the one
  // before, so from there they repeat: `*loop_start` and `*period` say how), or when stopped.
  // `rules`: entry d, by rule (actions, then triggers), whether some state of level d has a
  // move of it, failing or not.
  std::vector<FixedBits> ByDepth(const ListedStates& listed, const FixedBits& none,
                                 size_t max_states, std::vector<std::vector<bool>>* rules,
                                 int* loop_start, int* period) {
    std::vector<FixedBits> by_depth;
    rules->clear();
    *loop_start = 0;
    *period = 0;
    // Each level's states, sorted, by depth; and the depths of the levels with each hash.
    std::vector<std::vector<uint32_t>> seen_levels;
    absl::flat_hash_map<uint64_t, std::vector<int>> by_hash;
    const int num_rules = NumRules(model_.program);
    std::vector<int> on_level(listed.size(), -1);  // the last level a state was put on
    std::vector<uint32_t> level = listed.initial();
    size_t in_all = 0;
    for (int depth = 0; !level.empty() && in_all + level.size() <= max_states; ++depth) {
      if (stop_()) return by_depth;
      std::vector<uint32_t> sorted = level;
      std::sort(sorted.begin(), sorted.end());
      const uint64_t hash = absl::HashOf(sorted);
      std::vector<int>& same_hash = by_hash[hash];
      for (const int earlier : same_hash) {
        if (seen_levels[static_cast<size_t>(earlier)] == sorted) {
          *loop_start = earlier;
          *period = depth - earlier;
          return by_depth;
        }
      }
      same_hash.push_back(depth);
      seen_levels.push_back(std::move(sorted));
      in_all += level.size();
      BitMasks masks(model_.layout.words());
      std::vector<bool> fired(num_rules, false);
      std::vector<uint32_t> next;
      for (const uint32_t i : level) {
        masks.Add(listed.state(i).data());
        for (int r = 0; r < num_rules; ++r) {
          if (listed.HasMoveOf(i, r)) fired[r] = true;
        }
        for (auto [t, end] = listed.Successors(i); t != end; ++t) {
          if (on_level[*t] == depth + 1) continue;
          on_level[*t] = depth + 1;
          next.push_back(*t);
        }
      }
      by_depth.push_back(masks.Candidates(none, offsets_));
      rules->push_back(std::move(fired));
      level = std::move(next);
    }
    return by_depth;
  }

  // Drops the bits that successors of `from` (a well-formed state with every candidate, as an
  // induction counterexample is) change, and goes on from successors that still have every
  // candidate left: each step taken is from a state with every candidate.
  void From(const std::vector<uint32_t>& from, FixedBits& cand) {
    constexpr size_t kStates = 2000;
    absl::flat_hash_set<std::vector<uint32_t>> seen;
    std::vector<std::vector<uint32_t>> todo{from};
    while (!todo.empty() && seen.size() < kStates) {
      std::vector<uint32_t> s = std::move(todo.back());
      todo.pop_back();
      if (!seen.insert(s).second) continue;
      if (stop_()) return;
      SuccessorCollector next(model_.layout.words());
      // (Stopped part-way, the successors listed are real: dropping what they change is sound.)
      const bool whole = gen_.Successors(s.data(), next);
      for (const std::vector<uint32_t>& t : next.states) Drop(t, cand);
      if (!whole) return;
      for (std::vector<uint32_t>& t : next.states) {
        if (Has(t, cand)) todo.push_back(std::move(t));
      }
    }
  }

 private:
  int8_t Read(const std::vector<uint32_t>& s, size_t r, size_t i) const {
    return static_cast<int8_t>(ir::bits::Read(s.data(), offsets_[r] + i, 1));
  }
  void Drop(const std::vector<uint32_t>& s, FixedBits& cand) const {
    for (size_t r = 0; r < cand.roots.size(); ++r) {
      for (size_t i = 0; i < cand.roots[r].size(); ++i) {
        if (cand.roots[r][i] >= 0 && Read(s, r, i) != cand.roots[r][i]) cand.roots[r][i] = -1;
      }
    }
  }
  bool Has(const std::vector<uint32_t>& s, const FixedBits& cand) const {
    for (size_t r = 0; r < cand.roots.size(); ++r) {
      for (size_t i = 0; i < cand.roots[r].size(); ++i) {
        if (cand.roots[r][i] >= 0 && Read(s, r, i) != cand.roots[r][i]) return false;
      }
    }
    return true;
  }

  const model::Model& model_;
  model::SuccessorGenerator gen_;
  std::function<bool()> stop_;
  std::vector<uint64_t> offsets_;
};

// The candidates of root `r` only.
FixedBits OnlyRoot(const FixedBits& cand, size_t r) {
  FixedBits one = cand;
  for (size_t o = 0; o < one.roots.size(); ++o) {
    if (o != r) std::fill(one.roots[o].begin(), one.roots[o].end(), -1);
  }
  return one;
}

unsigned Millis(const Deadline& budget, unsigned cap) {
  const unsigned left = budget.CheckMillis();
  return left == 0 ? cap : std::min(left, cap);
}

}  // namespace

absl::StatusOr<StateFacts> FindFixedBits(StepEncoder& enc, const Deadline& deadline,
                                         const std::atomic<bool>* cancel, size_t search_states,
                                         bool list_invariants) {
  // A third of the query's time at most (a minute without a time-out): past it, the query
  // goes on without fixed bits.
  constexpr unsigned kInitAllMillis = 2000, kInitRootMillis = 1000;
  Deadline budget(deadline.seconds() > 0
                      ? std::max(0.001, (deadline.seconds() - deadline.Elapsed()) / 3)
                      : 60.0);
  z3::context& ctx = enc.ctx();
  StateFacts facts;
  const FixedBits none = enc.NoFixedBits();
  facts.fixed = none;
  enc.FixBits(none);
  InitTerms init = enc.Init();
  if (!enc.status().ok()) return enc.status();
  // The sample runs the explicit successor generator, outside Z3, where the watchdog cannot
  // interrupt it: it stops itself at the budget or on Ctrl-C.
  auto stopped = [&] {
    return budget.expired() || deadline.expired() ||
           (cancel != nullptr && cancel->load(std::memory_order_relaxed));
  };
  Simulator simulator(enc.model(), stopped, cancel);
  // The search of the sample takes up to half the budget, and then ends with the states it
  // has (they are only a sample: the induction below proves which bits are fixed); when it
  // sees every reachable state before, its candidates are the fixed bits, proved by
  // exhaustion, and neither Z3 nor induction is needed.
  const double search_seconds = budget.seconds() / 2;
  bool exhaustive = false, failure_seen = false;
  std::optional<int> first_deadlock;
  uint32_t deadlock_index = 0;
  ReachableBest values(enc.model().program);
  ListedInvariants invariants(enc.model().program);
  model::SuccessorGenerator evaluator(enc.model());
  int deepest = 0;
  ListedStates listed(NumRules(enc.model().program));
  FixedBits cand = simulator.Sample(
      none, search_states, [&] { return budget.Elapsed() < search_seconds; }, &facts.longest_play,
      &exhaustive, &failure_seen, &first_deadlock, &deadlock_index,
      [&](const uint32_t* state, int depth) {
        values.Add(evaluator, state, depth);
        if (list_invariants) invariants.Add(evaluator, state, depth);
        deepest = std::max(deepest, depth);
      },
      listed);
  // (Stopped during the plays after it, the search still saw every state.)
  if (exhaustive) {
    if (StatsEnabled()) StatsLine("fixed-bit pass: every reachable state seen");
    facts.fixed = std::move(cand);
    facts.complete = true;
    facts.every_state_seen = true;
    facts.reachable_states = values.states();
    facts.deepest_level = deepest;
    for (size_t i = 0; list_invariants && i < enc.model().program.invariants.size(); ++i) {
      facts.invariants.push_back({invariants.undecided(i), invariants.fails_at(i)});
    }
    for (size_t q = 0; q < enc.model().program.queries.size(); ++q) {
      facts.query_records.push_back(values.Records(q));
      facts.query_first_at.push_back(values.FirstAt(q));
    }
    facts.no_failing_move = !failure_seen;
    facts.deadlock_first_at = first_deadlock;
    if (first_deadlock && *first_deadlock != StateFacts::kNeverReached) {
      facts.deadlock_play = listed.PathTo(deadlock_index);
    }
    enc.FixBitsForGood(facts.fixed, facts.no_failing_move);
    facts.at_depth = simulator.ByDepth(listed, none, kByDepthStates, &facts.rules_at_depth,
                                       &facts.levels_loop_start, &facts.levels_period);
    enc.SetDepthBits(facts.at_depth);
    enc.SetDepthRules(facts.rules_at_depth);
    enc.SetDepthCycle(facts.levels_loop_start, facts.levels_period);
    if (StatsEnabled()) StatsLine(DepthBitsLine(facts));
    return facts;
  }
  if (StatsEnabled()) {
    StatsLine(absl::StrCat("fixed-bit pass: sample of ", cand.count(), " candidate bits, ",
                           budget.Elapsed(), " s"));
  }
  if (stopped()) return facts;

  // Every initial state must have the candidates. Proving that can be hard for SAT (a deal of
  // shuffled cards conserves counts, a pigeonhole argument): when the question about every bit
  // takes too long, each variable's bits are asked about on their own, and a variable whose
  // question still takes too long loses its candidates (dropping is always safe).
  const std::vector<std::vector<z3::expr>> init_bits = BitsOf(init.state);
  IncrementalSolver first(ctx);
  first.Add(init.ok);
  auto settle = [&](const FixedBits& asked, unsigned cap) -> z3::check_result {
    for (;;) {
      FixedBits part = asked;
      for (size_t r = 0; r < part.roots.size(); ++r) {
        for (size_t i = 0; i < part.roots[r].size(); ++i) {
          if (cand.roots[r][i] < 0) part.roots[r][i] = -1;
        }
      }
      const z3::check_result r =
          first.Check({AnyDiffers(ctx, part, init_bits)}, Millis(budget, cap));
      if (r != z3::sat) return r;
      DropDiffering(first.Model(), init_bits, cand);
    }
  };
  if (settle(cand, kInitAllMillis) == z3::unknown) {
    for (size_t r = 0; r < cand.roots.size() && !budget.expired(); ++r) {
      const FixedBits one = OnlyRoot(cand, r);
      if (one.count() == 0) continue;
      if (settle(one, kInitRootMillis) == z3::unknown) {
        std::fill(cand.roots[r].begin(), cand.roots[r].end(), -1);
      }
    }
    if (budget.expired()) return facts;
  }

  // The whole step, translated under the budget: on a model whose translation alone takes
  // longer, the pass gives up here, and the rules translated so far serve the queries' steps.
  if (StatsEnabled()) {
    StatsLine(absl::StrCat("fixed-bit pass: ", cand.count(),
                           " candidate bits in every initial state, ", budget.Elapsed(), " s"));
  }
  if (!enc.PrepareWholeStep(stopped)) return facts;
  if (StatsEnabled())
    StatsLine(absl::StrCat("fixed-bit pass: step translated, ", budget.Elapsed(), " s"));

  // Induction: drop the bits some step from a state with every candidate can change. Each
  // round bakes the round's candidates into the step; within a round, bits are dropped until
  // no step from such a state changes the bits still left (dropping a bit that a step from a
  // state with more candidate bits changes is sound: that state has the fewer bits too). A
  // counterexample state is also handed to the explicit engine, whose moves from it drop
  // whatever else they change.
  for (int round = 0; cand.count() > 0; ++round) {
    enc.FixBits(cand);
    const std::string tag = absl::StrCat("fixed", round);
    SymState s = enc.FreshState(tag);
    StepTerms step = enc.Step(s, tag);
    if (!enc.status().ok()) return enc.status();
    IncrementalSolver asker(ctx);
    asker.Add(enc.WellFormed(s));
    asker.Add(step.valid);
    // The next state as constants the solver holds equal to the step's: each question below
    // asks about its bits, and without them every question bit-blasted the whole next state
    // again (about 50,000 SAT variables a question on Monster Mutators' full card pool).
    SymState next = step.next;
    auto name = [&](Bits& b, const std::string& what) {
      if (b.width == 0) return;
      z3::expr v = ctx.bv_const(absl::StrCat("fixed", round, ".next.", what).c_str(), b.width);
      asker.Add(v == *b.e);
      b.e = v;
    };
    for (size_t v = 0; v < next.vars.size(); ++v) name(next.vars[v], absl::StrCat(v));
    name(next.pending, "pending");
    const std::vector<std::vector<z3::expr>> next_bits = BitsOf(next);
    const size_t before = cand.count();
    for (;;) {
      const z3::check_result r =
          budget.expired() ? z3::unknown
                           : asker.Check({AnyDiffers(ctx, cand, next_bits)}, budget.CheckMillis());
      if (r == z3::unknown) {
        enc.FixBits(none);
        return facts;
      }
      if (r == z3::unsat) break;
      DropDiffering(asker.Model(), next_bits, cand);
      simulator.From(enc.Concrete(asker.Model(), s), cand);
      if (stopped()) {
        enc.FixBits(none);
        return facts;
      }
    }
    if (cand.count() == before) break;
  }
  facts.fixed = std::move(cand);
  facts.complete = true;
  enc.FixBits(facts.fixed);
  return facts;
}

std::vector<uint64_t> RootOffsets(const model::Model& model) {
  std::vector<uint64_t> offsets;
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    offsets.push_back(model.layout.var_offset(v));
  }
  offsets.push_back(model.layout.pending_length_offset());
  return offsets;
}

absl::StatusOr<StateFacts> FixedBitsOnce(StepEncoder& enc, const Deadline& deadline,
                                         const std::atomic<bool>* cancel,
                                         std::optional<StateFacts>* cache, bool list_invariants) {
  if (cache != nullptr && cache->has_value()) {
    enc.FixBitsForGood((*cache)->fixed, (*cache)->no_failing_move);
    enc.SetDepthBits((*cache)->at_depth);
    enc.SetDepthRules((*cache)->rules_at_depth);
    enc.SetDepthCycle((*cache)->levels_loop_start, (*cache)->levels_period);
    return **cache;
  }
  const double t0 = StatsEnabled() ? CpuSeconds() : 0;
  ASSIGN_OR_RETURN(
      StateFacts facts,
      FindFixedBits(enc, deadline, cancel, list_invariants ? kProveSearchStates : kSearchStates,
                    list_invariants));
  if (StatsEnabled()) {
    StatsLine(absl::StrCat("fixed-bit pass: ", facts.fixed.count(), " of ", facts.fixed.total(),
                           " bits, ", CpuSeconds() - t0, " cpu s"));
  }
  if (cache != nullptr && facts.complete) *cache = facts;
  return facts;
}

std::optional<size_t> StateFacts::ListedIndexOf(const ir::Program& program,
                                                const ir::Query& query) const {
  if (!every_state_seen) return std::nullopt;
  for (size_t q = 0; q < program.queries.size() && q < query_records.size(); ++q) {
    if (program.queries[q].name == query.name) return q;
  }
  return std::nullopt;
}

std::optional<int64_t> StateFacts::BestOf(const ir::Program& program,
                                          const ir::Query& query) const {
  const std::optional<size_t> q = ListedIndexOf(program, query);
  if (!q || query_records[*q].empty()) return std::nullopt;
  return query_records[*q].back().value;
}

std::optional<ListedValue> StateFacts::BestWithinOf(const ir::Program& program,
                                                    const ir::Query& query, int within) const {
  const std::optional<size_t> q = ListedIndexOf(program, query);
  if (!q || *q >= query_records.size()) return std::nullopt;
  return BestWithin(query_records[*q], within);
}

std::optional<int> StateFacts::FirstReachedOf(const ir::Program& program,
                                              const ir::Query& query) const {
  const std::optional<size_t> q = ListedIndexOf(program, query);
  if (!q) return std::nullopt;
  return query_first_at[*q].value_or(kNeverReached);
}

std::string FixedBitsLine(const std::string& what, const StateFacts& facts,
                          const Deadline& deadline) {
  if (!facts.complete) {
    // Not a finding that no bit is fixed: the pass gave up (its budget is a third of the
    // query's time), and the query goes on without fixed bits.
    return absl::StrCat(what, ": the search for state bits fixed in every reachable state ",
                        "stopped before it finished; going on without them, ", deadline.Elapsed(),
                        " s");
  }
  return absl::StrCat(what, ": ", facts.fixed.count(), " of ", facts.fixed.total(),
                      " state bits are fixed in every reachable state, ", deadline.Elapsed(), " s");
}

}  // namespace rulecheck::solver::internal
