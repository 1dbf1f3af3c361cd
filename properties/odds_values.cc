// SolveOdds (see odds_values.h).
//
// Why two passes. Rationals are the only faithful answer to "what is the probability", and
// they are cheap when every value follows from values already known: an acyclic graph solved
// from its ends backwards, where a state that can repeat itself (a roll that keeps the point
// in craps) has the affine equation v = A v + B, so v = B / (1 - A). A cycle through several
// states (a turn passing back and forth) would need a linear system per component, whose
// rationals grow without bound on games like Pig; there, doubles and interval iteration
// (Haddad and Monmege's bounds from below and above) give a value with a proven error bound.
// The upper iteration converges by itself only where the fixed point is unique; where it is
// not (a maximising choice that can stay in a loop forever), the loops are deflated (Deflate
// below) to what their best way out is worth. Where that still leaves a gap, the answer says
// it did not converge rather than print a wrong number.
#include "properties/odds_values.h"

#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <deque>
#include <limits>
#include <optional>
#include <span>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "base/cancel_flag.h"
#include "properties/odds_certified.h"
#include "properties/odds_elimination.h"
#include "properties/odds_rounding.h"
#include "properties/odds_tree.h"

namespace rulecheck::properties {
namespace {

using base::Cancelled;

// The double nearest to `q`, ties to even: GMP's get_d truncates toward zero, which made 1/5
// 0.19999999999999998.
double NearestDouble(const mpq_class& q) {
  const double truncated = q.get_d();
  if (!std::isfinite(truncated)) return truncated;
  double best = truncated;
  mpq_class best_gap = abs(q - mpq_class(truncated));
  for (const double candidate :
       {std::nextafter(truncated, -HUGE_VAL), std::nextafter(truncated, HUGE_VAL)}) {
    if (!std::isfinite(candidate)) continue;
    const mpq_class gap = abs(q - mpq_class(candidate));
    const bool even = (std::bit_cast<uint64_t>(candidate) & 1) == 0;
    if (gap < best_gap || (gap == best_gap && even)) {
      best = candidate;
      best_gap = gap;
    }
  }
  return best;
}

using Kind = ChanceNode::Kind;
using Play = results::OddsPlay::Kind;

// v = a * (the state's own value) + b, or nullopt where a max or min mixes the state's own
// value with others (not affine).
struct Affine {
  mpq_class a, b;
};
std::optional<Affine> EvalAffine(const ChanceGraph& g, uint32_t n, Play play, uint32_t seat,
                                 uint32_t self, const std::vector<mpq_class>& v) {
  const ChanceNode& node = g.nodes[n];
  if (node.kind == Kind::kLeaf) {
    return node.first == self ? Affine{1, 0} : Affine{0, v[node.first]};
  }
  const TreeOp op =
      node.kind == Kind::kChance ? TreeOp::kMean : OpOf(node.kind, node.owner, play, seat);
  Affine acc{0, 0};
  uint64_t total = 0;
  bool first = true;
  for (uint32_t i = node.first; i < node.first + node.count; ++i) {
    std::optional<Affine> c = EvalAffine(g, g.child[i], play, seat, self, v);
    if (!c.has_value()) return std::nullopt;
    const uint64_t w = node.kind == Kind::kChance ? g.weight[i] : 1;
    if (op == TreeOp::kMean) {
      acc.a += c->a * mpq_class(static_cast<unsigned long>(w));
      acc.b += c->b * mpq_class(static_cast<unsigned long>(w));
      total += w;
      continue;
    }
    if (c->a != 0 || (!first && acc.a != 0)) return std::nullopt;
    if (first || (op == TreeOp::kMax ? c->b > acc.b : c->b < acc.b)) acc = *c;
    first = false;
  }
  if (op == TreeOp::kMean) {
    acc.a /= mpq_class(static_cast<unsigned long>(total));
    acc.b /= mpq_class(static_cast<unsigned long>(total));
  }
  return acc;
}

// Tarjan's algorithm without recursion over the vertices 0..n-1 for which `skip(v)` is
// false: vertex v has the edges `edge(v, i)` for i < `degree(v)` (those to a skipped vertex are
// ignored). Calls `component(members)` for each strongly connected component, sinks first:
// every edge leaves a component for one reported earlier, or stays inside it.
template <typename Degree, typename Edge, typename Skip, typename Component>
void StronglyConnected(uint32_t n, const Degree& degree, const Edge& edge, const Skip& skip,
                       const Component& component) {
  constexpr uint32_t kUnseen = ~uint32_t{0};
  std::vector<uint32_t> index(n, kUnseen), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<uint32_t> stack, members;
  std::vector<std::pair<uint32_t, uint64_t>> frames;  // vertex, next edge
  uint32_t counter = 0;
  auto enter = [&](uint32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    frames.emplace_back(v, 0);
  };
  for (uint32_t root = 0; root < n; ++root) {
    if (index[root] != kUnseen || skip(root)) continue;
    enter(root);
    while (!frames.empty()) {
      auto& [v, i] = frames.back();
      if (i < degree(v)) {
        const uint32_t t = edge(v, i++);
        if (skip(t)) continue;
        if (index[t] == kUnseen) {
          enter(t);
        } else if (on_stack[t]) {
          low[v] = std::min(low[v], index[t]);
        }
        continue;
      }
      const uint32_t done = v;
      frames.pop_back();
      if (!frames.empty()) {
        low[frames.back().first] = std::min(low[frames.back().first], low[done]);
      }
      if (low[done] != index[done]) continue;
      members.clear();
      uint32_t member;
      do {
        member = stack.back();
        stack.pop_back();
        on_stack[member] = false;
        members.push_back(member);
      } while (member != done);
      component(members);
    }
  }
}

results::OddsValue Unknown() { return results::OddsValue{}; }

// No room in the memory budget: unknown, as for a stop, with the reason the report gives.
results::OddsValue NoRoom() {
  results::OddsValue v;
  v.reason = kNoRoomReason;
  return v;
}

results::OddsValue Undefined(std::string reason) {
  results::OddsValue v;
  v.kind = results::OddsValue::Kind::kUndefined;
  v.reason = std::move(reason);
  return v;
}

// What adding a node to a row came to.
enum class RowAdded { kDone, kNotRandom, kTooLarge };

// Adds to `eq`'s row `row` what node `n` of a tree is worth with probability `p`: an unknown's
// coefficient, or a known value to the constant. kNotRandom where a choice is not taken at
// random under `play` (its max or min is not linear); kTooLarge where the products spend more
// than `budget` has.
RowAdded AddRow(const ChanceGraph& g, uint32_t n, const mpq_class& p, Play play, uint32_t seat,
                const absl::flat_hash_map<uint32_t, uint32_t>& unknown,
                const std::vector<mpq_class>& v, size_t row, EliminationBudget& budget,
                LinearEquations& eq) {
  const ChanceNode& node = g.nodes[n];
  if (node.kind == Kind::kLeaf) {
    if (auto it = unknown.find(node.first); it != unknown.end()) {
      auto& coefficients = eq.a[row];
      auto same = std::find_if(coefficients.begin(), coefficients.end(),
                               [&](const auto& entry) { return entry.first == it->second; });
      if (same == coefficients.end()) {
        coefficients.emplace_back(it->second, p);
      } else {
        same->second += p;
      }
    } else {
      if (!Spend(budget, p, v[node.first])) return RowAdded::kTooLarge;
      eq.b[row] += p * v[node.first];
    }
    return RowAdded::kDone;
  }
  if (node.kind != Kind::kChance && OpOf(node.kind, node.owner, play, seat) != TreeOp::kMean) {
    return RowAdded::kNotRandom;
  }
  uint64_t total = 0;
  for (uint32_t i = node.first; i < node.first + node.count; ++i) {
    total += node.kind == Kind::kChance ? g.weight[i] : 1;
  }
  for (uint32_t i = node.first; i < node.first + node.count; ++i) {
    const uint64_t w = node.kind == Kind::kChance ? g.weight[i] : 1;
    const mpq_class share =
        p * mpq_class(static_cast<unsigned long>(w)) / mpq_class(static_cast<unsigned long>(total));
    const RowAdded added = AddRow(g, g.child[i], share, play, seat, unknown, v, row, budget, eq);
    if (added != RowAdded::kDone) return added;
  }
  return RowAdded::kDone;
}

// The exact values of a component of several states (`members`) into `v`, where no choice in
// it is made other than at random: its fixed states are known, the others solve linear
// equations over the values already in `v` (odds_elimination.h), numbered in the search's
// order (a walk along a path then fills in little). False where a choice is not random or the
// numbers grow past `budget` (shared by the question's components; the interval iteration
// answers then, and `too_large` is set), or where `charge`'s budget has no room for the
// elimination, or once `cancel` is set (with `stopped`).
bool SolveComponent(const ChanceGraph& g, std::span<const uint32_t> members, const OddsQuestion& q,
                    Play play, uint32_t seat, const std::atomic<bool>* cancel,
                    EliminationBudget& budget, explorer::MemoryCharge& charge,
                    std::vector<mpq_class>& v, bool* stopped, bool* too_large) {
  std::vector<uint32_t> open;
  for (uint32_t s : members) {
    if (q.fixed[s]) {
      v[s] = mpq_class(static_cast<long>(q.value[s]));
    } else {
      open.push_back(s);
    }
  }
  std::sort(open.begin(), open.end());
  absl::flat_hash_map<uint32_t, uint32_t> unknown;
  for (uint32_t i = 0; i < open.size(); ++i) unknown[open[i]] = i;
  LinearEquations eq;
  eq.a.resize(open.size());
  eq.b.resize(open.size());
  uint64_t coefficients = 0;
  for (uint32_t i = 0; i < open.size(); ++i) {
    const RowAdded added =
        AddRow(g, g.root[open[i]], mpq_class(1), play, seat, unknown, v, i, budget, eq);
    if (added != RowAdded::kDone) {
      *too_large = *too_large || added == RowAdded::kTooLarge;
      return false;
    }
    std::sort(eq.a[i].begin(), eq.a[i].end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    coefficients += eq.a[i].size();
  }
  // The space a component may take: a component whose rationals explode (Pig's turn totals)
  // gives up soon, and the iteration takes over. It is charged to the memory budget while
  // the elimination runs; without room for it the iteration answers.
  budget.max_limbs = uint64_t{1} << 22;
  budget.max_entries = 16 * coefficients + 65'536;
  const uint64_t before = charge.bytes();
  if (!charge.Add(budget.max_limbs * sizeof(mp_limb_t) +
                  budget.max_entries * sizeof(std::pair<uint32_t, mpq_class>))) {
    return false;
  }
  EliminationStop why = EliminationStop::kNone;
  std::optional<std::vector<mpq_class>> x = SolveByElimination(eq, budget, cancel, why);
  charge.Set(before);
  if (why == EliminationStop::kCancelled) *stopped = true;
  if (why == EliminationStop::kTooLarge) *too_large = true;
  if (why == EliminationStop::kSingular) {
    // No way out of the component at all: under random choices it repeats for ever and never
    // reaches the event (an expectation was refused before for such a graph).
    for (uint32_t s : open) v[s] = 0;
    return true;
  }
  if (!x.has_value()) return false;
  for (uint32_t i = 0; i < open.size(); ++i) v[open[i]] = std::move((*x)[i]);
  return true;
}

// `q` to 10 significant digits in a binary float with GMP's exponent range (a probability
// below 1e-308 is not 0); a value those digits round to a whole number it is not is that
// number and the difference, so 1 - 2^-80 does not read as 1. Only where the digits spell the
// whole number exactly: 123456789012345678 + 1/3 is 1.23456789e+17, not that and 1/3.
std::string Decimal(const mpq_class& q) {
  constexpr int kBits = 128;
  const mpf_class f(q, kBits);
  char text[64];
  gmp_snprintf(text, sizeof text, "%.10Fg", f.get_mpf_t());
  const mpz_class whole(mpf_class(f + (sgn(f) < 0 ? -0.5 : 0.5), kBits));
  if (q.get_den() == 1 || mpf_class(f - mpf_class(whole, kBits), kBits) == 0) return text;
  const mpf_class rest(mpf_class(q - mpq_class(whole), kBits), kBits);
  char near[64];
  gmp_snprintf(near, sizeof near, "%.10Fg", mpf_class(whole, kBits).get_mpf_t());
  if (std::string(text) != near) return text;
  std::string digits = mpz_class(abs(whole)).get_str();
  digits.erase(digits.find_last_not_of('0') + 1);
  if (digits.size() > 10) return text;
  char difference[64];
  gmp_snprintf(difference, sizeof difference, "%.2Fe", mpf_class(abs(rest), kBits).get_mpf_t());
  return absl::StrCat(near, sgn(rest) < 0 ? " - " : " + ", difference);
}

// The exact pass: nullopt when some component is neither one state with an affine tree nor
// several where nothing is chosen but at random, with numbers of a reasonable size.
std::optional<mpq_class> SolveExact(const ChanceGraph& g, const OddsComponents& c,
                                    const OddsQuestion& q, Play play, uint32_t seat,
                                    const std::atomic<bool>* cancel, explorer::MemoryCharge& charge,
                                    bool* stopped, bool* no_room, bool* too_large) {
  // The values' fixed part up front; their digits (GMP's limbs) as they come.
  const uint64_t base = charge.bytes();
  if (!charge.Add(g.root.size() * sizeof(mpq_class))) {
    *no_room = true;
    return std::nullopt;
  }
  std::vector<mpq_class> v(g.root.size());
  uint64_t digits = 0;
  size_t largest = 0;  // limbs of the largest value so far
  auto count = [&](uint32_t s) {
    const size_t limbs = mpz_size(v[s].get_num_mpz_t()) + mpz_size(v[s].get_den_mpz_t());
    digits += limbs * sizeof(mp_limb_t);
    largest = std::max(largest, limbs);
  };
  // Once a cycle through several states has been solved, the rationals can grow without
  // bound from one component to the next (Pig's, to thousands of digits each): past these
  // budgets (the work, all values' digits, and one value of more than about 2,400 digits)
  // the iteration is the quicker way to an answer, and a more readable one. A graph whose only
  // cycles are moves back to the same state gives up only past a budget of work: each value
  // costs about its successors times the square of its limbs (a ruin with a count of its bets
  // to 8,000 took 470 s to a 12,544-digit fraction; the budget stops it after about 4 s).
  EliminationBudget elimination;
  elimination.work = uint64_t{1} << 28;
  constexpr uint64_t kCyclicDigitBytes = uint64_t{8} << 20;
  constexpr size_t kCyclicValueLimbs = 128;
  constexpr uint64_t kEvaluationWork = uint64_t{1} << 31;
  uint64_t evaluation_work = 0;
  bool eliminated = false;
  auto leaf = [&v](uint32_t t) { return v[t]; };
  for (size_t k = 0; k + 1 < c.start.size(); ++k) {
    if (k % 1024 == 0 && Cancelled(cancel)) {
      *stopped = true;
      return std::nullopt;
    }
    const std::span<const uint32_t> members(c.order.data() + c.start[k],
                                            c.start[k + 1] - c.start[k]);
    if (members.size() > 1) {
      if (!SolveComponent(g, members, q, play, seat, cancel, elimination, charge, v, stopped,
                          too_large)) {
        return std::nullopt;
      }
      eliminated = true;
    } else if (const uint32_t s = members[0]; q.fixed[s]) {
      v[s] = mpq_class(static_cast<long>(q.value[s]));
    } else if (!c.self_loop[s]) {
      v[s] = Eval<mpq_class>(g, g.root[s], play, seat, leaf);
    } else {
      std::optional<Affine> f = EvalAffine(g, g.root[s], play, seat, s, v);
      if (!f.has_value()) return std::nullopt;
      // a == 1: the state repeats itself for ever and reaches nothing (an expectation was
      // refused before for such a graph): a probability of 0.
      v[s] = f->a == 1 ? mpq_class(0) : mpq_class(f->b / (1 - f->a));
    }
    for (uint32_t s : members) count(s);
    if (members.size() == 1) {
      const uint64_t limbs =
          mpz_size(v[members[0]].get_num_mpz_t()) + mpz_size(v[members[0]].get_den_mpz_t()) + 1;
      const uint32_t s = members[0];
      evaluation_work += (g.graph.edge_start[s + 1] - g.graph.edge_start[s] + 1) * limbs * limbs;
    }
    if (evaluation_work > kEvaluationWork ||
        (eliminated && (digits > kCyclicDigitBytes || largest > kCyclicValueLimbs))) {
      *too_large = true;
      return std::nullopt;
    }
    if ((members.size() > 1 || k % 1024 == 0) &&
        !charge.Set(base + g.root.size() * sizeof(mpq_class) + digits)) {
      *no_room = true;
      return std::nullopt;
    }
  }
  return Eval<mpq_class>(g, g.initial, play, seat, leaf);
}

// `from` grown by every state that can reach one of its states along the graph's moves,
// entering only the states `enter` allows.
template <typename Enter>
std::vector<bool> ReachBack(const OddsComponents& c, std::vector<bool> from, const Enter& enter) {
  std::deque<uint32_t> queue;
  for (uint32_t s = 0; s < from.size(); ++s) {
    if (from[s]) queue.push_back(s);
  }
  while (!queue.empty()) {
    const uint32_t t = queue.front();
    queue.pop_front();
    for (uint32_t p : c.predecessors[t]) {
      if (!from[p] && enter(p)) {
        from[p] = true;
        queue.push_back(p);
      }
    }
  }
  return from;
}

// Shrinks `in` (states, with ends in it staying) to the states from which the choices can keep
// every play inside the set for ever, whatever the rolls give: a roll must keep all its
// outcomes in, and a choice one of its children, if it is one that works to stay in (a
// minimising choice, or any choice with `any_choice`), else all of them.
// `members` (may be empty: every state) lists the states that are in `in` at the start.
void KeepAway(const ChanceGraph& g, const OddsComponents& c, Play play, uint32_t seat,
              bool any_choice, std::vector<bool>& in, std::span<const uint32_t> members = {}) {
  auto can_stay = [&](auto& self, uint32_t node_index) -> bool {
    const ChanceNode& node = g.nodes[node_index];
    if (node.kind == Kind::kLeaf) return in[node.first];
    const bool all = node.kind == Kind::kChance ||
                     (!any_choice && OpOf(node.kind, node.owner, play, seat) != TreeOp::kMin);
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      if (self(self, g.child[i]) != all) return !all;
    }
    return all;
  };
  // A state leaves the set only when one of its successors did: after one pass over every
  // state, only the predecessors of the states that left are looked at again (a pass per
  // removal took quadratic time on a long walk).
  std::vector<uint32_t> pending(members.rbegin(), members.rend());
  if (members.empty()) {
    for (auto s = static_cast<uint32_t>(in.size()); s-- > 0;) pending.push_back(s);
  }
  while (!pending.empty()) {
    const uint32_t s = pending.back();
    pending.pop_back();
    if (!in[s] || g.root[s] == ChanceGraph::kNoTree || can_stay(can_stay, g.root[s])) continue;
    in[s] = false;
    for (uint32_t p : c.predecessors[s]) {
      if (in[p]) pending.push_back(p);
    }
  }
}

// The states from which the maximising choices can make the event certain whatever the
// minimising ones do, `target` being the fixed states where it holds: for one player, Baier
// and Katoen's Prob1E; for two, the nested fixpoint of de Alfaro and Henzinger's almost-sure
// reachability: the greatest set Y such that, from Y, the least set X holding the targets and
// every state with a move that stays in Y for sure and reaches X with a positive chance is Y
// again. A roll (and a choice taken at random) must keep every outcome in Y and reach X with
// one; a maximising choice needs one child that does, a minimising one all of them.
// Stopped (`cancel`), none.
std::vector<bool> SurelyReached(const ChanceGraph& g, const OddsComponents& c, Play play,
                                uint32_t seat, const std::vector<bool>& fixed,
                                const std::vector<bool>& target, const std::atomic<bool>* cancel) {
  const size_t n = g.root.size();
  std::vector<bool> y(n), x;
  for (uint32_t s = 0; s < n; ++s)
    y[s] = target[s] || (!fixed[s] && g.root[s] != ChanceGraph::kNoTree);
  // Whether the node can keep the play in Y for sure (first) and also reach X (second).
  auto step = [&](auto& self, uint32_t node_index) -> std::pair<bool, bool> {
    const ChanceNode& node = g.nodes[node_index];
    if (node.kind == Kind::kLeaf) return {y[node.first], x[node.first]};
    const TreeOp op =
        node.kind == Kind::kChance ? TreeOp::kMean : OpOf(node.kind, node.owner, play, seat);
    bool safe = op != TreeOp::kMax, reach = op == TreeOp::kMin;
    bool any_reach = false;
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      const auto [child_safe, child_reach] = self(self, g.child[i]);
      if (op == TreeOp::kMax) {
        safe = safe || child_safe;
        reach = reach || child_reach;
      } else {
        safe = safe && child_safe;
        if (op == TreeOp::kMin) reach = reach && child_reach;
        any_reach = any_reach || child_reach;
      }
    }
    if (op == TreeOp::kMean) reach = safe && any_reach;
    return {safe, reach && safe};
  };
  while (true) {
    if (Cancelled(cancel)) return std::vector<bool>(n, false);
    x = target;
    std::vector<uint32_t> pending;
    for (auto s = static_cast<uint32_t>(n); s-- > 0;) {
      if (y[s] && !x[s]) pending.push_back(s);
    }
    // A state joins X only when one of its successors did: after the first pass, only the
    // predecessors of the states that joined are looked at again.
    while (!pending.empty()) {
      const uint32_t s = pending.back();
      pending.pop_back();
      if (x[s] || !y[s] || g.root[s] == ChanceGraph::kNoTree || fixed[s]) continue;
      if (!step(step, g.root[s]).second) continue;
      x[s] = true;
      for (uint32_t p : c.predecessors[s]) {
        if (!x[p] && y[p]) pending.push_back(p);
      }
    }
    if (x == y) return x;
    y = x;
  }
}

// Whether every play ends with probability 1: under random play, when every state can reach
// an end; under the other plays, when no choices can keep the game away from an end for ever
// (no set of non-end states where choices can stay while every roll stays too).
bool EndsSurely(const ChanceGraph& g, const OddsComponents& c, Play play) {
  const size_t n = g.root.size();
  if (play == Play::kRandom) {
    std::vector<bool> ends(n);
    for (uint32_t s = 0; s < n; ++s) ends[s] = g.root[s] == ChanceGraph::kNoTree;
    const std::vector<bool> reach = ReachBack(c, std::move(ends), [](uint32_t) { return true; });
    return std::all_of(reach.begin(), reach.end(), [](bool r) { return r; });
  }
  std::vector<bool> stay(n);
  for (uint32_t s = 0; s < n; ++s) stay[s] = g.root[s] != ChanceGraph::kNoTree;
  // Every choice may keep the game going: the choices are anyone's (Play::kMax).
  KeepAway(g, c, Play::kMax, 0, /*any_choice=*/true, stay);
  return std::none_of(stay.begin(), stay.end(), [](bool s) { return s; });
}

// Deflation of end components (Kelmendi, Kretinsky, Weininger et al., "Value Iteration for
// Simple Stochastic Games", CAV 2018), on the game whose vertices are the tree nodes of the
// states `states` (one component's states that are not fixed and can reach a positive
// value): a leaf is a vertex with one move, to its state's root when that state is one of
// `states`, else out; a roll, and a choice taken at random, one move to all its children; a
// maximising choice a move to each child; a minimising choice a move to each child that is
// optimal for the lower bound `lo`. An end component is a set of vertices where the moves can
// keep the play for ever (every roll's outcomes inside). The minimiser can stay in one, so
// the most the maximiser gets there is what its best way out is worth by the upper bound
// (0 with none, staying for ever never reaches the event): its states' `hi` come down to
// that. Sound for any end component; with the maximal ones of the game restricted to the
// minimiser's optimal moves, the upper bound converges to the value. Returns whether some
// `hi` came down.
enum class Deflated { kLowered, kSame, kNoRoom };
Deflated Deflate(const ChanceGraph& g, Play play, uint32_t seat,
                 const std::vector<uint32_t>& states, const std::vector<double>& lo,
                 std::vector<double>& hi, explorer::MemoryBudget* budget) {
  // The game's vertices are the states' tree nodes: count them, and charge what each costs
  // here (its entry in the map, its moves, its flags and parts, the search's own arrays).
  uint64_t nodes = 0;
  for (uint32_t s : states) {
    if (g.root[s] == ChanceGraph::kNoTree) continue;
    std::vector<uint32_t> stack = {g.root[s]};
    while (!stack.empty()) {
      const ChanceNode& node = g.nodes[stack.back()];
      stack.pop_back();
      ++nodes;
      if (node.kind == Kind::kLeaf) continue;
      for (uint32_t i = node.first; i < node.first + node.count; ++i) stack.push_back(g.child[i]);
    }
  }
  explorer::MemoryCharge charge(budget);
  constexpr uint64_t kPerVertex = 2 * (sizeof(uint32_t) * 2 + 8) + sizeof(std::vector<uint32_t>) +
                                  2 * sizeof(uint32_t) + 4 * sizeof(uint32_t) + 1 + 64;
  if (!charge.Set(nodes * kPerVertex + states.size() * 2 * sizeof(uint32_t))) {
    return Deflated::kNoRoom;
  }
  absl::flat_hash_set<uint32_t> in(states.begin(), states.end());
  absl::flat_hash_map<uint32_t, uint32_t> vertex;  // node -> vertex
  std::vector<uint32_t> node_of;
  std::vector<uint32_t> pending;
  for (uint32_t s : states) {
    if (g.root[s] == ChanceGraph::kNoTree) continue;
    pending.push_back(g.root[s]);
    while (!pending.empty()) {
      const uint32_t n = pending.back();
      pending.pop_back();
      if (!vertex.emplace(n, static_cast<uint32_t>(node_of.size())).second) continue;
      node_of.push_back(n);
      const ChanceNode& node = g.nodes[n];
      if (node.kind == Kind::kLeaf) continue;
      for (uint32_t i = node.first; i < node.first + node.count; ++i) pending.push_back(g.child[i]);
    }
  }
  const uint32_t count = static_cast<uint32_t>(node_of.size());
  constexpr uint32_t kOut = ~uint32_t{0};
  // Each vertex's moves: `all` (one move to every successor) or one move per successor; a
  // successor kOut is outside the game.
  std::vector<bool> all(count, true), maximises(count, false);
  std::vector<std::vector<uint32_t>> next(count);
  auto lo_leaf = [&lo](uint32_t t) { return lo[t]; };
  auto hi_leaf = [&hi](uint32_t t) { return hi[t]; };
  for (uint32_t v = 0; v < count; ++v) {
    const ChanceNode& node = g.nodes[node_of[v]];
    if (node.kind == Kind::kLeaf) {
      next[v].push_back(in.contains(node.first) ? vertex.at(g.root[node.first]) : kOut);
      continue;
    }
    const TreeOp op =
        node.kind == Kind::kChance ? TreeOp::kMean : OpOf(node.kind, node.owner, play, seat);
    all[v] = op == TreeOp::kMean;
    maximises[v] = op == TreeOp::kMax;
    const double best = op == TreeOp::kMin ? Eval<double>(g, node_of[v], play, seat, lo_leaf) : 0;
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      if (op == TreeOp::kMin && Eval<double>(g, g.child[i], play, seat, lo_leaf) > best + 1e-12) {
        continue;
      }
      next[v].push_back(vertex.at(g.child[i]));
    }
  }
  // The maximal end components: drop the vertices that cannot stay in their part, split the
  // rest into strongly connected parts along the moves that stay, until nothing changes.
  std::vector<bool> alive(count, true);
  std::vector<uint32_t> part(count, 0);
  uint32_t parts = 1;
  auto stays = [&](uint32_t v, uint32_t t) { return t != kOut && alive[t] && part[t] == part[v]; };
  for (;;) {
    bool removed = false;
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t v = 0; v < count; ++v) {
        if (!alive[v]) continue;
        bool ok = all[v];
        for (uint32_t t : next[v]) {
          if (stays(v, t) != all[v]) {
            ok = !all[v];
            break;
          }
        }
        if (!ok) {
          alive[v] = false;
          changed = removed = true;
        }
      }
    }
    std::vector<uint32_t> split(count, 0);
    uint32_t split_parts = 0;
    StronglyConnected(
        count, [&](uint32_t v) { return next[v].size(); },
        [&](uint32_t v, uint64_t i) {
          const uint32_t t = next[v][i];
          return stays(v, t) ? t : v;  // a move out: a self-edge, which changes nothing
        },
        [&](uint32_t v) { return !alive[v]; },
        [&](const std::vector<uint32_t>& members) {
          for (uint32_t m : members) split[m] = split_parts;
          ++split_parts;
        });
    const bool same = !removed && split_parts == parts;
    part = std::move(split);
    parts = split_parts;
    if (same) break;
  }
  // The best way out of each part by the upper bound: a maximising choice's child outside.
  std::vector<double> exit(parts, 0);
  for (uint32_t v = 0; v < count; ++v) {
    if (!alive[v] || !maximises[v]) continue;
    const ChanceNode& node = g.nodes[node_of[v]];
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      if (stays(v, vertex.at(g.child[i]))) continue;
      ScopedRounding up(FE_UPWARD);  // an upper bound
      exit[part[v]] = std::max(exit[part[v]], Eval<double>(g, g.child[i], play, seat, hi_leaf));
    }
  }
  bool lowered = false;
  for (uint32_t s : states) {
    if (g.root[s] == ChanceGraph::kNoTree) continue;
    const uint32_t v = vertex.at(g.root[s]);
    if (!alive[v] || exit[part[v]] >= hi[s]) continue;
    // A step of rounding's size is taken but does not count: it must not keep the caller's
    // iteration going for ever.
    lowered = lowered || exit[part[v]] < hi[s] - 1e-13;
    hi[s] = std::max(lo[s], exit[part[v]]);
  }
  return lowered ? Deflated::kLowered : Deflated::kSame;
}

// Interval iteration over values normalised to [0, 1] (`norm_lo` and `norm_hi` per fixed state:
// its value rounded down and up).
results::OddsValue SolveBounds(const ChanceGraph& g, const OddsComponents& c, const OddsQuestion& q,
                               const std::vector<double>& norm_lo,
                               const std::vector<double>& norm_hi, Play play, uint32_t seat,
                               double precision, const std::atomic<bool>* cancel,
                               explorer::MemoryBudget* budget) {
  const size_t n = g.root.size();
  // States that cannot reach a fixed positive value are 0 from above too.
  std::vector<bool> targets(n);
  for (uint32_t s = 0; s < n; ++s) targets[s] = q.fixed[s] && norm_hi[s] > 0;
  std::vector<bool> positive =
      ReachBack(c, std::move(targets), [&q](uint32_t p) { return !q.fixed[p]; });
  // States where the minimising choices can keep every play away from a positive value for
  // ever are 0 too; fixing them makes the upper bound converge where only minimising choices
  // could loop (the standard precomputation for minimal reachability).
  std::vector<bool> zero(n);
  for (uint32_t s = 0; s < n; ++s) zero[s] = !(q.fixed[s] && norm_hi[s] > 0);
  KeepAway(g, c, play, seat, /*any_choice=*/false, zero);
  // And the states from which no move leads to those (nor to an end of value 0) reach the
  // event with probability 1 whatever is chosen, where no choice maximises (random play and
  // the least any choices give): they are 1 from below too. Without it the lower bound creeps
  // up for ever where the least likely play takes exponentially long to end (a walk steered
  // away from its only end), though the answer is exactly 1 (Baier and Katoen's Prob1A).
  std::vector<bool> sure;
  if (!q.expect && (play == Play::kRandom || play == Play::kMin)) {
    sure = ReachBack(c, zero, [](uint32_t) { return true; });
    sure.flip();
  } else if (!q.expect) {
    // Where choices maximise, the states where they can make the event certain are 1 as well:
    // a walk where the best play never gives up reaches its goal surely, and the lower bound
    // crept up to 0.9999999998 instead.
    std::vector<bool> target(n);
    for (uint32_t s = 0; s < n; ++s) target[s] = q.fixed[s] && norm_lo[s] >= 1;
    sure = SurelyReached(g, c, play, seat, q.fixed, target, cancel);
  }
  for (uint32_t s = 0; s < n; ++s) {
    if (zero[s] && !q.fixed[s]) positive[s] = false;
  }
  std::vector<double> lo(n, 0), hi(n, 0);
  auto lo_leaf = [&lo](uint32_t t) { return lo[t]; };
  auto hi_leaf = [&hi](uint32_t t) { return hi[t]; };
  constexpr uint64_t kMaxSweeps = 10'000'000;
  constexpr uint64_t kDeflateEvery = 1024;
  constexpr uint64_t kSolveChoicesAfter = 256;
  std::vector<bool> loops;  // scratch for the search for loops the choices can keep
  for (size_t k = 0; k + 1 < c.start.size(); ++k) {
    if (k % 256 == 0 && Cancelled(cancel)) return Unknown();
    const uint32_t* first = c.order.data() + c.start[k];
    const uint32_t* last = c.order.data() + c.start[k + 1];
    for (const uint32_t* p = first; p != last; ++p) {
      lo[*p] = q.fixed[*p] ? norm_lo[*p] : !sure.empty() && sure[*p] ? 1 : 0;
      hi[*p] = q.fixed[*p] ? norm_hi[*p] : positive[*p] ? 1 : 0;
    }
    const bool cyclic = last - first > 1 || c.self_loop[*first];
    std::vector<uint32_t> open;
    for (const uint32_t* p = first; p != last; ++p) {
      if (!q.fixed[*p] && positive[*p] && (sure.empty() || !sure[*p])) open.push_back(*p);
    }
    // A cycle through several states where nothing is chosen: bounds from a solve of its
    // equations, proven on the trees (odds_certified.h); the sweeps below then only check
    // them. Where they cannot be proven, the sweeps start from 0 and 1 as before.
    Certified certified = Certified::kNotProven;
    if (last - first > 1 && !open.empty()) {
      certified = CertifyComponent(g, open, play, seat, /*stopping=*/false, lo, hi, budget, cancel);
      if (certified == Certified::kCancelled) return Unknown();
    }
    for (uint64_t sweep = 0;; ++sweep) {
      double gap = 0, change = 0;
      // The lower bounds rounding down, the upper ones up (odds_rounding.h); each only moves
      // towards the other.
      {
        ScopedRounding down(FE_DOWNWARD);
        for (const uint32_t* p = first; p != last; ++p) {
          if (q.fixed[*p] || !positive[*p]) continue;
          const double l = Eval<double>(g, g.root[*p], play, seat, lo_leaf);
          change = std::max(change, std::abs(l - lo[*p]));
          lo[*p] = std::max(lo[*p], l);
        }
      }
      {
        ScopedRounding up(FE_UPWARD);
        for (const uint32_t* p = first; p != last; ++p) {
          if (q.fixed[*p] || !positive[*p]) continue;
          const double h = Eval<double>(g, g.root[*p], play, seat, hi_leaf);
          change = std::max(change, std::abs(h - hi[*p]));
          hi[*p] = std::min(hi[*p], h);
        }
      }
      for (const uint32_t* p = first; p != last; ++p) gap = std::max(gap, hi[*p] - lo[*p]);
      if (!cyclic || gap <= precision / 2) break;
      // A cycle with choices that the sweeps are slow to close: where no choices can keep the
      // play in it for ever, policy iteration from the bounds so far, and the same proof.
      if (certified == Certified::kNotRandom && sweep == kSolveChoicesAfter) {
        loops.resize(n, false);
        for (uint32_t s : open) loops[s] = true;
        KeepAway(g, c, play, seat, /*any_choice=*/true, loops, open);
        const bool stopping =
            std::none_of(open.begin(), open.end(), [&](uint32_t s) { return loops[s]; });
        for (uint32_t s : open) loops[s] = false;
        if (stopping) {
          certified =
              CertifyComponent(g, open, play, seat, /*stopping=*/true, lo, hi, budget, cancel);
          if (certified == Certified::kCancelled) return Unknown();
          if (certified == Certified::kDone) continue;
        }
      }
      // Where a maximising choice can loop for ever, the upper bound cannot come down by
      // itself: deflate the end components when the bounds stall, and now and then before.
      const bool stalled = change <= 1e-13;
      if (play != Play::kRandom && (stalled || sweep % kDeflateEvery == kDeflateEvery - 1)) {
        const Deflated deflated = Deflate(g, play, seat, open, lo, hi, budget);
        if (deflated == Deflated::kNoRoom) return NoRoom();
        if (deflated == Deflated::kLowered) continue;
      }
      // Still stalled: the interval is sound, if wider than asked.
      if (stalled || sweep == kMaxSweeps) break;
      if (sweep % 4096 == 0 && Cancelled(cancel)) return Unknown();
    }
  }
  results::OddsValue v;
  v.kind = results::OddsValue::Kind::kBounds;
  {
    ScopedRounding down(FE_DOWNWARD);
    v.lower = Eval<double>(g, g.initial, play, seat, lo_leaf);
  }
  {
    ScopedRounding up(FE_UPWARD);
    v.upper = Eval<double>(g, g.initial, play, seat, hi_leaf);
  }
  v.converged = v.upper - v.lower <= precision;
  return v;
}

}  // namespace

absl::StatusOr<OddsComponents> FindOddsComponents(const ChanceGraph& g,
                                                  explorer::MemoryBudget* budget) {
  // Components come out sinks first, which is the order values are computed in.
  const explorer::StateGraph& sg = g.graph;
  const uint32_t n = static_cast<uint32_t>(sg.states());
  OddsComponents c;
  // Charged before they are allocated: the components and the predecessor lists (each list
  // at most twice its edges, as it grows), and the search's own arrays while it runs.
  c.charge = explorer::MemoryCharge(budget);
  explorer::MemoryCharge scratch(budget);
  const uint64_t edges = sg.edge_start[n];
  if (!c.charge.Set(uint64_t{n} * (sizeof(std::vector<uint32_t>) + 2 * sizeof(uint32_t) + 1) +
                    2 * edges * sizeof(uint32_t)) ||
      !scratch.Set(uint64_t{n} *
                   (5 * sizeof(uint32_t) + sizeof(std::pair<uint32_t, uint64_t>) + 1))) {
    return absl::ResourceExhaustedError(
        "the chance graph's components need more memory than the --memory budget has left");
  }
  c.self_loop.assign(n, false);
  c.predecessors.resize(n);
  for (uint32_t s = 0; s < n; ++s) {
    for (uint64_t e = sg.edge_start[s]; e < sg.edge_start[s + 1]; ++e) {
      const uint32_t t = sg.target[e];
      if (t == s) c.self_loop[s] = true;
      if (c.predecessors[t].empty() || c.predecessors[t].back() != s) {
        c.predecessors[t].push_back(s);
      }
    }
  }
  c.start.push_back(0);
  StronglyConnected(
      n, [&sg](uint32_t s) { return sg.edge_start[s + 1] - sg.edge_start[s]; },
      [&sg](uint32_t s, uint64_t i) { return sg.target[sg.edge_start[s] + i]; },
      [](uint32_t) { return false; },
      [&c](const std::vector<uint32_t>& members) {
        c.order.insert(c.order.end(), members.begin(), members.end());
        c.start.push_back(static_cast<uint32_t>(c.order.size()));
      });
  return c;
}

results::OddsValue SolveOdds(const ChanceGraph& g, const OddsComponents& components,
                             const OddsQuestion& q, Play play, uint32_t seat, double precision,
                             const std::atomic<bool>* cancel, explorer::MemoryBudget* budget,
                             bool* exact_too_large) {
  // Charged before they are allocated: the flags and queue of the graph searches below, and
  // the values (GMP's rationals, then three doubles a state).
  explorer::MemoryCharge charge(budget);
  const uint64_t n = g.root.size();
  if (!charge.Set(n * (3 * sizeof(double) + sizeof(uint32_t) + 1))) return NoRoom();
  if (g.initial == ChanceGraph::kNoTree) return Undefined("the game has no initial state");
  if (q.expect && !EndsSurely(g, components, play)) {
    // Where random play does not end surely either, some state cannot reach an end at all,
    // whatever is chosen (a game with no choices says so too, not that choices keep it going).
    return Undefined(play == Play::kRandom || !EndsSurely(g, components, Play::kRandom)
                         ? "the game does not end with probability 1: some state cannot reach "
                           "an end"
                         : "choices can keep the game from ending for ever");
  }
  bool stopped = false, no_room = false, too_large = false;
  const uint64_t fixed = charge.bytes();
  std::optional<mpq_class> exact;
  if (exact_too_large == nullptr || !*exact_too_large) {
    exact =
        SolveExact(g, components, q, play, seat, cancel, charge, &stopped, &no_room, &too_large);
    if (exact_too_large != nullptr) *exact_too_large = too_large;
  }
  charge.Set(fixed);  // the rationals are freed
  if (no_room) return NoRoom();
  if (stopped) return Unknown();
  if (exact.has_value()) {
    results::OddsValue v;
    v.kind = results::OddsValue::Kind::kExact;
    exact->canonicalize();
    v.exact = exact->get_str();
    v.decimal = Decimal(*exact);
    v.lower = v.upper = NearestDouble(*exact);
    return v;
  }
  // Normalise the fixed values to [0, 1].
  int64_t low = std::numeric_limits<int64_t>::max(), high = std::numeric_limits<int64_t>::min();
  for (size_t s = 0; s < q.fixed.size(); ++s) {
    if (!q.fixed[s]) continue;
    low = std::min(low, q.value[s]);
    high = std::max(high, q.value[s]);
  }
  if (!q.expect) low = 0, high = 1;
  if (low > high) return Undefined("the game has no end");
  // Each end's distance from the least over the spread, rounded down for the lower bounds and
  // up for the upper ones (odds_rounding.h); the differences of two int64 fit a uint64.
  const uint64_t spread = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  std::vector<double> norm_lo(q.fixed.size(), 0), norm_hi(q.fixed.size(), 0);
  auto normalise = [&](std::vector<double>& norm) {
    for (size_t s = 0; s < q.fixed.size(); ++s) {
      if (q.fixed[s] && spread > 0) {
        const uint64_t above = static_cast<uint64_t>(q.value[s]) - static_cast<uint64_t>(low);
        norm[s] = static_cast<double>(above) / Divisor<double>(spread);
      }
    }
  };
  {
    ScopedRounding down(FE_DOWNWARD);
    normalise(norm_lo);
  }
  {
    ScopedRounding up(FE_UPWARD);
    normalise(norm_hi);
  }
  results::OddsValue v =
      SolveBounds(g, components, q, norm_lo, norm_hi, play, seat, precision, cancel, budget);
  if (v.kind == results::OddsValue::Kind::kBounds) {
    {
      ScopedRounding down(FE_DOWNWARD);
      v.lower = static_cast<double>(low) + static_cast<double>(spread) * v.lower;
    }
    ScopedRounding up(FE_UPWARD);
    v.upper = static_cast<double>(low) + static_cast<double>(spread) * v.upper;
  }
  return v;
}

}  // namespace rulecheck::properties
