// Chance graphs (properties/chance_graph.h) built by hand for the tests of properties/: a tree
// at a time, leaves naming their target state.
#ifndef RULECHECK_TESTS_PROPERTIES_HAND_CHANCE_GRAPH_H_
#define RULECHECK_TESTS_PROPERTIES_HAND_CHANCE_GRAPH_H_

#include <cstdint>
#include <vector>

#include "properties/chance_graph.h"

namespace rulecheck::properties::test_support {

// A chance graph over `n` states, grown a tree at a time. Leaves name the target state; a
// state's successors are numbered in the order its leaves are made.
class Trees {
 public:
  explicit Trees(uint32_t n) {
    for (uint32_t s = 0; s < n; ++s) g_.root.push_back(ChanceGraph::kNoTree);
  }
  // A leaf of the tree of the state being built.
  uint32_t Leaf(uint32_t target) {
    return Add({ChanceNode::Kind::kLeaf, next_successor_++, target, 0}, {});
  }
  uint32_t Roll(const std::vector<uint32_t>& children) {
    return Add({ChanceNode::Kind::kChance}, children);
  }
  // A roll whose child i has weight weights[i].
  uint32_t WeightedRoll(const std::vector<uint32_t>& children,
                        const std::vector<uint64_t>& weights) {
    const uint32_t node = Roll(children);
    for (size_t i = 0; i < weights.size(); ++i) g_.weight[g_.nodes[node].first + i] = weights[i];
    return node;
  }
  uint32_t Choice(const std::vector<uint32_t>& children) {
    return Add({ChanceNode::Kind::kChoice, 1}, children);
  }
  // The tree of `state` is `node`; the next leaves belong to the next state's tree.
  void Root(uint32_t state, uint32_t node) {
    g_.root[state] = node;
    next_successor_ = 0;
  }
  const ChanceGraph& graph() const { return g_; }

 private:
  uint32_t Add(ChanceNode node, const std::vector<uint32_t>& children) {
    node.first =
        node.kind == ChanceNode::Kind::kLeaf ? node.first : static_cast<uint32_t>(g_.child.size());
    node.count = static_cast<uint32_t>(children.size());
    for (uint32_t c : children) {
      g_.child.push_back(c);
      g_.weight.push_back(1);
    }
    g_.nodes.push_back(node);
    return static_cast<uint32_t>(g_.nodes.size() - 1);
  }

  ChanceGraph g_;
  uint32_t next_successor_ = 0;
};

}  // namespace rulecheck::properties::test_support

#endif  // RULECHECK_TESTS_PROPERTIES_HAND_CHANCE_GRAPH_H_
