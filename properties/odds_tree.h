// Internal to properties/. What a state's tree in a chance graph (chance_graph.h) is worth under
// a play: a roll averages its outcomes by weight, a choice takes the mean (random play), the
// greatest or the least of its children, as the play says of its owner, and a leaf is worth
// what the caller says its state is. Shared by the exact, the certified and the iterated
// solutions of properties/odds_values.h.
#ifndef RULECHECK_PROPERTIES_ODDS_TREE_H_
#define RULECHECK_PROPERTIES_ODDS_TREE_H_

#include <cstdint>

#include "properties/chance_graph.h"
#include "properties/odds_rounding.h"
#include "results/odds.h"

namespace rulecheck::properties {

enum class TreeOp { kMean, kMax, kMin };

// What a node of `kind` owned by `owner` does under `play` (`seat`: the seat that maximises
// under kBest, an index into ChanceGraph::owners).
inline TreeOp OpOf(ChanceNode::Kind kind, uint32_t owner, results::OddsPlay::Kind play,
                   uint32_t seat) {
  using Play = results::OddsPlay::Kind;
  switch (play) {
    case Play::kRandom:
      return TreeOp::kMean;
    case Play::kMax:
      return TreeOp::kMax;
    case Play::kMin:
      return TreeOp::kMin;
    case Play::kBest:
      // Which seat moves is not a seat's choice: drawn as in random play (docs/odds.md).
      if (kind == ChanceNode::Kind::kSeats) return TreeOp::kMean;
      return owner == seat && owner != 0 ? TreeOp::kMax : TreeOp::kMin;
  }
  return TreeOp::kMean;
}

// The value of node `n` given `leaf(target)`, for a number type T (mpq_class, double or long
// double). In doubles every operation rounds the current mode's way (odds_rounding.h).
template <typename T, typename Leaf>
T Eval(const ChanceGraph& g, uint32_t n, results::OddsPlay::Kind play, uint32_t seat,
       const Leaf& leaf) {
  const ChanceNode& node = g.nodes[n];
  if (node.kind == ChanceNode::Kind::kLeaf) return leaf(node.first);
  if (node.kind == ChanceNode::Kind::kChance) {
    T sum = 0;
    uint64_t total = 0;
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      sum += Eval<T>(g, g.child[i], play, seat, leaf) * T(static_cast<unsigned long>(g.weight[i]));
      total += g.weight[i];
    }
    return sum / Divisor<T>(total);
  }
  const TreeOp op = OpOf(node.kind, node.owner, play, seat);
  T acc = Eval<T>(g, g.child[node.first], play, seat, leaf);
  for (uint32_t i = node.first + 1; i < node.first + node.count; ++i) {
    const T v = Eval<T>(g, g.child[i], play, seat, leaf);
    if (op == TreeOp::kMean) {
      acc += v;
    } else if (op == TreeOp::kMax ? v > acc : v < acc) {
      acc = v;
    }
  }
  if (op == TreeOp::kMean) acc /= T(static_cast<unsigned long>(node.count));
  return acc;
}

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_ODDS_TREE_H_
