// CertifyComponent (see odds_certified.h).
//
// The elimination is the same row-by-row scheme as odds_elimination.cc, in long double, with
// its multipliers kept so that it can solve for several right-hand sides, after the unknowns
// are renumbered by reverse Cuthill-McKee (a breadth-first order from a far state), which keeps the
// fill of a walk or a grid near its band. (I - A) is an M-matrix, so no pivoting is needed: every
// pivot stays positive.
#include "properties/odds_certified.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "properties/odds_tree.h"

namespace rulecheck::properties {
namespace {

using Real = long double;
using Play = results::OddsPlay::Kind;

// The right-hand sides: from the lower bounds outside, and from the upper ones.
constexpr int kLo = 0, kHi = 1;

struct SparseRow {
  std::vector<std::pair<uint32_t, Real>> a;  // coefficients of unknowns, by unknown
  std::array<Real, 2> b{};
};

// What the elimination may do: its multiply-adds, and the coefficients it keeps.
constexpr uint64_t kMaxWork = uint64_t{1} << 31;
constexpr uint64_t kMaxEntries = uint64_t{1} << 26;
constexpr uint64_t kEntryBytes = sizeof(std::pair<uint32_t, Real>);
// Rounds of policy iteration before giving up (each solves the component once).
constexpr int kPolicyRounds = 32;

// For each choice that is not taken at random under the play, in the trees of a component's
// states, the child it takes (its index among the node's children).
using Policy = absl::flat_hash_map<uint32_t, uint32_t>;

// Adds node `n` of a tree, reached with probability `p`, to `row`. A choice that is not taken
// at random under `play` takes the child `policy` names; false where it names none.
bool AddToRow(const ChanceGraph& g, uint32_t n, Real p, Play play, uint32_t seat,
              const Policy* policy, const absl::flat_hash_map<uint32_t, uint32_t>& unknown,
              const std::vector<double>& lo, const std::vector<double>& hi, SparseRow& row) {
  const ChanceNode& node = g.nodes[n];
  if (node.kind == ChanceNode::Kind::kLeaf) {
    if (auto it = unknown.find(node.first); it != unknown.end()) {
      row.a.emplace_back(it->second, p);
    } else {
      row.b[kLo] += p * lo[node.first];
      row.b[kHi] += p * hi[node.first];
    }
    return true;
  }
  if (node.kind != ChanceNode::Kind::kChance &&
      OpOf(node.kind, node.owner, play, seat) != TreeOp::kMean) {
    if (policy == nullptr) return false;
    const auto pick = policy->find(n);
    if (pick == policy->end()) return false;
    return AddToRow(g, g.child[node.first + pick->second], p, play, seat, policy, unknown, lo, hi,
                    row);
  }
  uint64_t total = 0;
  for (uint32_t i = node.first; i < node.first + node.count; ++i) {
    total += node.kind == ChanceNode::Kind::kChance ? g.weight[i] : 1;
  }
  for (uint32_t i = node.first; i < node.first + node.count; ++i) {
    const uint64_t w = node.kind == ChanceNode::Kind::kChance ? g.weight[i] : 1;
    const Real share = p * static_cast<Real>(w) / static_cast<Real>(total);
    if (!AddToRow(g, g.child[i], share, play, seat, policy, unknown, lo, hi, row)) return false;
  }
  return true;
}

// Picks, at each choice in `root`'s tree that is not taken at random under `play`, the child
// best by `leaf` (the greatest for a maximising choice, the least for a minimising one),
// keeping the earlier pick unless another is better by more than a relative 1e-12 (so that
// ties do not make the picks go round); returns whether a pick changed.
template <typename Leaf>
bool Improve(const ChanceGraph& g, uint32_t root, Play play, uint32_t seat, const Leaf& leaf,
             Policy& policy) {
  bool changed = false;
  auto walk = [&](auto& self, uint32_t n) -> void {
    const ChanceNode& node = g.nodes[n];
    if (node.kind == ChanceNode::Kind::kLeaf) return;
    const TreeOp op = node.kind == ChanceNode::Kind::kChance
                          ? TreeOp::kMean
                          : OpOf(node.kind, node.owner, play, seat);
    if (op == TreeOp::kMean) {
      for (uint32_t i = node.first; i < node.first + node.count; ++i) self(self, g.child[i]);
      return;
    }
    const auto old = policy.find(n);
    uint32_t best = old != policy.end() ? old->second : 0;
    Real best_value = Eval<Real>(g, g.child[node.first + best], play, seat, leaf);
    for (uint32_t i = 0; i < node.count; ++i) {
      const Real v = Eval<Real>(g, g.child[node.first + i], play, seat, leaf);
      const Real step = 1e-12L * std::max(std::abs(v), std::abs(best_value));
      if (op == TreeOp::kMax ? v > best_value + step : v < best_value - step) {
        best = i;
        best_value = v;
      }
    }
    if (old == policy.end() || old->second != best) changed = true;
    policy[n] = best;
    self(self, g.child[node.first + best]);
  };
  walk(walk, root);
  return changed;
}

// The nodes of the tree under `root`.
uint64_t TreeSize(const ChanceGraph& g, uint32_t root) {
  uint64_t nodes = 0;
  std::vector<uint32_t> stack = {root};
  while (!stack.empty()) {
    const ChanceNode& node = g.nodes[stack.back()];
    stack.pop_back();
    ++nodes;
    if (node.kind == ChanceNode::Kind::kLeaf) continue;
    for (uint32_t i = node.first; i < node.first + node.count; ++i) stack.push_back(g.child[i]);
  }
  return nodes;
}

// Sorts a row's coefficients by unknown and merges repeats (two outcomes to one state).
void MergeRepeats(std::vector<std::pair<uint32_t, Real>>& a) {
  std::sort(a.begin(), a.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  size_t out = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (out > 0 && a[out - 1].first == a[i].first) {
      a[out - 1].second += a[i].second;
    } else {
      a[out++] = a[i];
    }
  }
  a.resize(out);
}

// Reverse Cuthill-McKee over the rows' (symmetrised) pattern: new number of each unknown.
std::vector<uint32_t> BandOrder(const std::vector<SparseRow>& rows) {
  const uint32_t n = static_cast<uint32_t>(rows.size());
  std::vector<std::vector<uint32_t>> adjacent(n);
  for (uint32_t i = 0; i < n; ++i) {
    for (const auto& [j, a] : rows[i].a) {
      if (j == i) continue;
      adjacent[i].push_back(j);
      adjacent[j].push_back(i);
    }
  }
  for (auto& list : adjacent) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  std::vector<uint32_t> order;
  order.reserve(n);
  std::vector<bool> seen(n, false);
  std::vector<uint32_t> depth(n, 0);
  // A breadth-first search from `root` over the unseen part; returns the last state reached.
  auto far_end = [&](uint32_t root) {
    std::vector<bool> visited(n, false);
    std::deque<uint32_t> queue = {root};
    visited[root] = true;
    uint32_t last = root;
    while (!queue.empty()) {
      last = queue.front();
      queue.pop_front();
      for (uint32_t t : adjacent[last]) {
        if (!visited[t] && !seen[t]) {
          visited[t] = true;
          queue.push_back(t);
        }
      }
    }
    return last;
  };
  for (uint32_t start = 0; start < n; ++start) {
    if (seen[start]) continue;
    const uint32_t root = far_end(far_end(start));  // a far state: the band is then narrow
    std::deque<uint32_t> queue = {root};
    seen[root] = true;
    while (!queue.empty()) {
      const uint32_t v = queue.front();
      queue.pop_front();
      order.push_back(v);
      std::vector<uint32_t> next;
      for (uint32_t t : adjacent[v]) {
        if (!seen[t]) {
          seen[t] = true;
          next.push_back(t);
        }
      }
      std::sort(next.begin(), next.end(), [&](uint32_t x, uint32_t y) {
        return adjacent[x].size() != adjacent[y].size() ? adjacent[x].size() < adjacent[y].size()
                                                        : x < y;
      });
      queue.insert(queue.end(), next.begin(), next.end());
    }
  }
  std::vector<uint32_t> number(n);
  for (uint32_t k = 0; k < n; ++k) number[order[n - 1 - k]] = k;
  return number;
}

// The factors of (I - A), in the band order, from the same row-by-row elimination as
// odds_elimination.cc: row k's earlier unknowns replaced, lowest first, by what the rows
// before it say (`lower`: each replaced unknown and its multiplier), its own coefficient
// divided out (`pivot`), leaving x_k = sum of upper[l] x_l (l > k) + c_k.
class Factors {
 public:
  // False when the budgets run out, a pivot is not positive, or `cancel` is set (then
  // `cancelled`).
  bool Factor(const std::vector<SparseRow>& rows, explorer::MemoryCharge& charge,
              const std::atomic<bool>* cancel, bool& cancelled);
  // The solution of x = A x + b.
  std::vector<Real> Solve(const std::vector<Real>& b) const;

 private:
  struct Factored {
    std::vector<std::pair<uint32_t, Real>> lower, upper;
    Real pivot = 1;
  };
  std::vector<Factored> rows_;
};

bool Factors::Factor(const std::vector<SparseRow>& rows, explorer::MemoryCharge& charge,
                     const std::atomic<bool>* cancel, bool& cancelled) {
  const uint32_t n = static_cast<uint32_t>(rows.size());
  rows_.assign(n, Factored{});
  std::vector<Real> acc(n, 0);
  std::vector<bool> present(n, false);
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> earlier;
  std::vector<uint32_t> later;
  uint64_t work = 0, entries = 0;
  const uint64_t base = charge.bytes();
  auto touch = [&](uint32_t j, uint32_t k) {
    if (present[j]) return;
    present[j] = true;
    if (j < k) {
      earlier.push(j);
    } else {
      later.push_back(j);
    }
  };
  for (uint32_t k = 0; k < n; ++k) {
    if (k % 256 == 0 && cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
      cancelled = true;
      return false;
    }
    Factored& f = rows_[k];
    later.clear();
    for (const auto& [j, a] : rows[k].a) {
      acc[j] += a;
      touch(j, k);
    }
    while (!earlier.empty()) {
      const uint32_t j = earlier.top();
      earlier.pop();
      const Real a = acc[j];
      acc[j] = 0;
      present[j] = false;
      f.lower.emplace_back(j, a);
      for (const auto& [l, u] : rows_[j].upper) {
        acc[l] += a * u;
        touch(l, k);
      }
      work += rows_[j].upper.size() + 1;
    }
    for (uint32_t l : later) {
      if (l == k) f.pivot -= acc[l];
    }
    if (!(f.pivot > 0)) return false;
    std::sort(later.begin(), later.end());
    for (uint32_t l : later) {
      if (l != k && acc[l] != 0) f.upper.emplace_back(l, acc[l] / f.pivot);
      acc[l] = 0;
      present[l] = false;
    }
    entries += f.lower.size() + f.upper.size();
    if (work > kMaxWork || entries > kMaxEntries) return false;
    if (k % 1024 == 0 && !charge.Set(base + entries * kEntryBytes)) return false;
  }
  return charge.Set(base + entries * kEntryBytes);
}

std::vector<Real> Factors::Solve(const std::vector<Real>& b) const {
  const size_t n = rows_.size();
  std::vector<Real> x(n);
  for (size_t k = 0; k < n; ++k) {
    Real c = b[k];
    for (const auto& [j, a] : rows_[k].lower) c += a * x[j];
    x[k] = c / rows_[k].pivot;
  }
  for (size_t k = n; k-- > 0;) {
    for (const auto& [l, u] : rows_[k].upper) x[k] += u * x[l];
  }
  return x;
}

// Rounds `v` to a double no greater (`down`) or no less than it.
double Outward(Real v, bool down) {
  double d = static_cast<double>(v);
  if (down && static_cast<Real>(d) > v) d = std::nextafter(d, -HUGE_VAL);
  if (!down && static_cast<Real>(d) < v) d = std::nextafter(d, HUGE_VAL);
  return d;
}

}  // namespace

Certified CertifyComponent(const ChanceGraph& g, std::span<const uint32_t> open, Play play,
                           uint32_t seat, bool stopping, std::vector<double>& lo,
                           std::vector<double>& hi, explorer::MemoryBudget* budget,
                           const std::atomic<bool>* cancel) {
  const uint32_t n = static_cast<uint32_t>(open.size());
  explorer::MemoryCharge charge(budget);
  absl::flat_hash_map<uint32_t, uint32_t> index;  // state -> unknown
  for (uint32_t i = 0; i < n; ++i) index[open[i]] = i;
  std::vector<uint32_t> tree_size(n);
  for (uint32_t i = 0; i < n; ++i) {
    tree_size[i] = static_cast<uint32_t>(std::min(TreeSize(g, g.root[open[i]]), uint64_t{1} << 31));
  }
  // The equations under `policy` (null: every choice is taken at random), in the band order,
  // factored.
  std::vector<SparseRow> rows;
  std::vector<uint32_t> number;
  Factors factors;
  auto build = [&](const Policy* policy) -> Certified {
    rows.assign(n, SparseRow{});
    uint64_t coefficients = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (!AddToRow(g, g.root[open[i]], 1, play, seat, policy, index, lo, hi, rows[i])) {
        return Certified::kNotRandom;
      }
      MergeRepeats(rows[i].a);
      coefficients += rows[i].a.size();
      // The rows, and their copy in the band order below.
      if (i % 1024 == 0 &&
          !charge.Set(2 * ((coefficients + n) * kEntryBytes + n * sizeof(SparseRow)))) {
        return Certified::kTooLarge;
      }
    }
    number = BandOrder(rows);
    std::vector<SparseRow> ordered(n);
    for (uint32_t i = 0; i < n; ++i) {
      SparseRow& r = ordered[number[i]];
      for (const auto& [j, a] : rows[i].a) r.a.emplace_back(number[j], a);
      std::sort(r.a.begin(), r.a.end(),
                [](const auto& x, const auto& y) { return x.first < y.first; });
    }
    bool cancelled = false;
    if (!factors.Factor(ordered, charge, cancel, cancelled)) {
      return cancelled ? Certified::kCancelled : Certified::kTooLarge;
    }
    return Certified::kDone;
  };
  // Solves x = A x + b for b given per unknown, in the unknowns' own numbering.
  auto solve = [&](const std::vector<Real>& b) {
    std::vector<Real> permuted(n);
    for (uint32_t i = 0; i < n; ++i) permuted[number[i]] = b[i];
    const std::vector<Real> x = factors.Solve(permuted);
    std::vector<Real> out(n);
    for (uint32_t i = 0; i < n; ++i) out[i] = x[number[i]];
    return out;
  };
  // The equations: as they are where nothing is chosen; else, for a component no choices can
  // keep the play in, under the choices policy iteration settles on, starting from the
  // middle of the bounds so far. The checks below are on the trees, with every choice's max
  // or min, so a policy that is not the best only makes them fail.
  if (const Certified built = build(nullptr); built != Certified::kDone) {
    if (built != Certified::kNotRandom || !stopping) return built;
    std::vector<Real> guess(n);
    for (uint32_t i = 0; i < n; ++i) guess[i] = (Real(lo[open[i]]) + Real(hi[open[i]])) / 2;
    auto leaf = [&](uint32_t t) -> Real {
      if (auto it = index.find(t); it != index.end()) return guess[it->second];
      return (Real(lo[t]) + Real(hi[t])) / 2;
    };
    Policy policy;
    for (int round = 0;; ++round) {
      bool changed = false;
      for (uint32_t i = 0; i < n; ++i) {
        changed = Improve(g, g.root[open[i]], play, seat, leaf, policy) || changed;
      }
      if (round > 0 && !changed) break;
      if (round == kPolicyRounds) return Certified::kNotProven;
      if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
        return Certified::kCancelled;
      }
      if (const Certified c = build(&policy); c != Certified::kDone) return c;
      std::vector<Real> b_lo(n), b_hi(n);
      for (uint32_t i = 0; i < n; ++i) {
        b_lo[i] = rows[i].b[kLo];
        b_hi[i] = rows[i].b[kHi];
      }
      const std::vector<Real> x_lo = solve(b_lo), x_hi = solve(b_hi);
      for (uint32_t i = 0; i < n; ++i) guess[i] = (x_lo[i] + x_hi[i]) / 2;
    }
  }
  // F(v)_i, the equations' right side on state i's tree, with `outside` for the states not
  // in `open`; and the margin a check must clear. Every term is nonnegative and each node
  // rounds its sum, its products and its division once each, so over m nodes the value is
  // off by less than about 2 (m + 2) units of rounding (half the epsilon) of the largest
  // value it reads; the margin is twice that.
  constexpr Real kUnit = std::numeric_limits<Real>::epsilon();
  constexpr Real kTiny = std::numeric_limits<Real>::min() * (uint64_t{1} << 40);
  auto apply = [&](uint32_t i, const std::vector<Real>& v, const std::vector<double>& outside,
                   Real& margin) {
    Real largest = 0;
    auto leaf = [&](uint32_t t) -> Real {
      auto it = index.find(t);
      const Real value = it != index.end() ? v[it->second] : Real(outside[t]);
      largest = std::max(largest, value);
      return value;
    };
    const Real value = Eval<Real>(g, g.root[open[i]], play, seat, leaf);
    margin = 2 * kUnit * static_cast<Real>(tree_size[i] + 2) * largest + kTiny;
    return value;
  };
  // One side: `down` for the lower bound. The bound is x -/+ z, where z solves
  // (I - A) z = s for a slack s per state that covers the residual of x and the rounding of
  // the check: then F(x - z) - (x - z) = (b - (I - A) x) + s, which the check finds
  // nonnegative by its margin. A state whose check fails gets a larger slack, up to 8 times.
  auto bound = [&](const std::vector<double>& outside, bool down,
                   std::vector<Real>& out) -> Certified {
    std::vector<Real> b(n);
    for (uint32_t i = 0; i < n; ++i) b[i] = down ? rows[i].b[kLo] : rows[i].b[kHi];
    const std::vector<Real> x = solve(b);
    std::vector<Real> slack(n);
    Real margin = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (!std::isfinite(x[i])) return Certified::kNotProven;
      const Real residual = std::abs(apply(i, x, outside, margin) - x[i]);
      slack[i] = 2 * (residual + 2 * margin);
    }
    for (int round = 0; round < 8; ++round) {
      if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
        return Certified::kCancelled;
      }
      const std::vector<Real> z = solve(slack);
      for (uint32_t i = 0; i < n; ++i) {
        out[i] = down ? std::max(Real(0), x[i] - z[i]) : std::min(Real(1), x[i] + z[i]);
      }
      bool proven = true;
      for (uint32_t i = 0; i < n; ++i) {
        // A bound clipped to 0 or 1 holds by itself: every value lies in [0, 1].
        if (out[i] == (down ? 0 : 1)) continue;
        const Real gain = down ? apply(i, out, outside, margin) - out[i]
                               : out[i] - apply(i, out, outside, margin);
        if (gain < margin || !std::isfinite(gain)) {
          proven = false;
          slack[i] *= 16;
        }
      }
      if (proven) return Certified::kDone;
    }
    return Certified::kNotProven;
  };
  std::vector<Real> lower(n), upper(n);
  if (const Certified c = bound(lo, /*down=*/true, lower); c != Certified::kDone) return c;
  if (const Certified c = bound(hi, /*down=*/false, upper); c != Certified::kDone) return c;
  for (uint32_t i = 0; i < n; ++i) {
    lo[open[i]] = std::max(lo[open[i]], Outward(lower[i], /*down=*/true));
    hi[open[i]] = std::min(hi[open[i]], Outward(upper[i], /*down=*/false));
  }
  return Certified::kDone;
}

}  // namespace rulecheck::properties
