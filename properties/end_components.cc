// FindEndComponents (see end_components.h), by the usual refinement: start from the whole set
// as one part; then, over and over, drop the states that cannot stay in their part (no choice
// keeps every roll's outcomes in it), split the parts into the strongly connected components
// of the moves that stay, and drop the states alone in a component with no move to
// themselves, until nothing changes. What is left is a union of end components.
#include "properties/end_components.h"

#include <cstdint>
#include <utility>

#include "properties/strong_components.h"

namespace rulecheck::properties {
namespace {

using Kind = ChanceNode::Kind;
using explorer::Ordinal;

constexpr uint32_t kOutside = ~uint32_t{0};

class Refinement {
 public:
  Refinement(const ChanceGraph& trees, const std::vector<Ordinal>& states)
      : trees_(trees),
        states_(states),
        local_(trees.root.size(), kOutside),
        alive_(states.size(), true),
        part_(states.size(), 0) {
    for (uint32_t i = 0; i < states.size(); ++i) local_[states[i]] = i;
  }

  EndComponents Run() {
    for (bool changed = true; changed;) {
      changed = DropLeavers();
      changed = Split() || changed;
    }
    EndComponents found;
    std::vector<uint32_t> leaves;
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (!alive_[i]) continue;
      leaves.clear();
      Staying(i, trees_.root[states_[i]], leaves);
      std::vector<uint32_t> successors;
      for (uint32_t leaf : leaves) successors.push_back(trees_.nodes[leaf].owner);
      found.states.push_back(states_[i]);
      found.staying.push_back(std::move(successors));
    }
    return found;
  }

 private:
  // Whether the play can stay in state i's part from `node` of its tree.
  bool Stays(uint32_t i, uint32_t node) const {
    const ChanceNode& n = trees_.nodes[node];
    switch (n.kind) {
      case Kind::kLeaf: {
        const uint32_t j = local_[n.first];
        return j != kOutside && alive_[j] && part_[j] == part_[i];
      }
      case Kind::kChance:
        for (uint32_t c = n.first; c < n.first + n.count; ++c) {
          if (!Stays(i, trees_.child[c])) return false;
        }
        return true;
      case Kind::kChoice:
      case Kind::kSeats:
        for (uint32_t c = n.first; c < n.first + n.count; ++c) {
          if (Stays(i, trees_.child[c])) return true;
        }
        return false;
    }
    return false;
  }

  // The leaves the moves that stay end in (REQUIRES: Stays(i, node)).
  void Staying(uint32_t i, uint32_t node, std::vector<uint32_t>& out) const {
    const ChanceNode& n = trees_.nodes[node];
    if (n.kind == Kind::kLeaf) {
      out.push_back(node);
      return;
    }
    for (uint32_t c = n.first; c < n.first + n.count; ++c) {
      const uint32_t child = trees_.child[c];
      if (n.kind == Kind::kChance || Stays(i, child)) Staying(i, child, out);
    }
  }

  bool CanStay(uint32_t i) const {
    const uint32_t root = trees_.root[states_[i]];
    return root != ChanceGraph::kNoTree && Stays(i, root);
  }

  bool DropLeavers() {
    bool dropped = false;
    // Dropping a state can make others leave: repeat until none does.
    for (bool again = true; again;) {
      again = false;
      for (uint32_t i = 0; i < states_.size(); ++i) {
        if (alive_[i] && !CanStay(i)) {
          alive_[i] = false;
          again = dropped = true;
        }
      }
    }
    return dropped;
  }

  // Splits the parts into strongly connected components of the staying moves; whether any
  // part split or any state was dropped.
  bool Split() {
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    std::vector<bool> self_loop(states_.size(), false);
    std::vector<uint32_t> leaves;
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (!alive_[i]) continue;
      leaves.clear();
      Staying(i, trees_.root[states_[i]], leaves);
      for (uint32_t leaf : leaves) {
        const uint32_t j = local_[trees_.nodes[leaf].first];
        if (j == i) self_loop[i] = true;
        edges.emplace_back(i, j);
      }
    }
    std::vector<int> component;
    StrongComponents(states_.size(), edges, component);
    std::vector<uint32_t> size(states_.size(), 0);
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (alive_[i]) ++size[component[i]];
    }
    bool changed = false;
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (alive_[i] && size[component[i]] == 1 && !self_loop[i]) {
        alive_[i] = false;
        changed = true;
      }
    }
    // The staying moves never leave a part, so each component lies in one part: a part split
    // when it holds more than one.
    std::vector<uint32_t> components_per_part(states_.size(), 0);
    std::vector<bool> counted(states_.size(), false);
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (!alive_[i] || counted[component[i]]) continue;
      counted[component[i]] = true;
      if (++components_per_part[part_[i]] > 1) changed = true;
    }
    for (uint32_t i = 0; i < states_.size(); ++i) {
      if (alive_[i]) part_[i] = static_cast<uint32_t>(component[i]);
    }
    return changed;
  }

  const ChanceGraph& trees_;
  const std::vector<Ordinal>& states_;
  std::vector<uint32_t> local_;  // ordinal -> index into states_, or kOutside
  std::vector<bool> alive_;      // per state: not yet shown to leave
  std::vector<uint32_t> part_;   // per state: its part (live states only)
};

}  // namespace

EndComponents FindEndComponents(const ChanceGraph& trees, const std::vector<Ordinal>& states) {
  if (states.empty()) return {};
  return Refinement(trees, states).Run();
}

}  // namespace rulecheck::properties
