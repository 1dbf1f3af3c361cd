// Reaction chains and non-termination by strongly connected components (see cycle_check.h).
//
// The subgraph an analysis looks at is given by a node filter: its nodes are renumbered
// densely in ordinal order and handed to StrongComponents (Boost.Graph's Tarjan) as a
// compressed sparse row graph (8 bytes a node and 4 an edge on top of the StateGraph). A
// component has a cycle when it has two or more states or a state with a move to itself.
// The lasso's cycle is found by a breadth-first search inside the component from its first
// state back to that state, so it is a shortest cycle through it.
#include "properties/cycle_check.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/cancel_flag.h"
#include "base/counts.h"
#include "properties/chance_graph.h"
#include "properties/end_components.h"
#include "properties/strong_components.h"

namespace rulecheck::properties {
namespace {

using base::Cancelled;
using explorer::Ordinal;
using explorer::StateGraph;

// A subgraph's strongly connected components.
struct Components {
  std::vector<Ordinal> nodes;      // dense node -> ordinal, ascending
  std::vector<int> component;      // dense node -> component
  std::vector<bool> cyclic;        // component -> has a cycle
  std::vector<uint32_t> first;     // component -> its smallest dense node
  std::vector<uint32_t> dense_of;  // ordinal -> dense node (~0: not in the subgraph)
};

template <typename InSubgraph>
Components FindComponents(const StateGraph& graph, InSubgraph in_subgraph) {
  Components c;
  const uint64_t n = graph.states();
  c.dense_of.assign(n, ~uint32_t{0});
  for (uint64_t s = 0; s < n; ++s) {
    if (!in_subgraph(s)) continue;
    c.dense_of[s] = static_cast<uint32_t>(c.nodes.size());
    c.nodes.push_back(static_cast<Ordinal>(s));
  }
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  std::vector<bool> self_loop(c.nodes.size(), false);
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    const Ordinal s = c.nodes[u];
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint32_t v = c.dense_of[graph.target[e]];
      if (v == ~uint32_t{0}) continue;
      if (v == u) self_loop[u] = true;
      edges.emplace_back(u, v);
    }
  }
  // Sources ascend already: edges are in ordinal order of their source.
  const int count = StrongComponents(c.nodes.size(), edges, c.component);
  edges = {};
  std::vector<uint32_t> size(count, 0);
  c.first.assign(count, ~uint32_t{0});
  c.cyclic.assign(count, false);
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    const int k = c.component[u];
    ++size[k];
    c.first[k] = std::min(c.first[k], u);
    if (self_loop[u]) c.cyclic[k] = true;
  }
  for (int k = 0; k < count; ++k) c.cyclic[k] = c.cyclic[k] || size[k] > 1;
  return c;
}

// The cyclic components, by their first state in canonical order.
std::vector<int> CyclicByFirst(const Components& c) {
  std::vector<int> cyclic;
  for (int k = 0; k < static_cast<int>(c.cyclic.size()); ++k) {
    if (c.cyclic[k]) cyclic.push_back(k);
  }
  std::sort(cyclic.begin(), cyclic.end(), [&](int a, int b) { return c.first[a] < c.first[b]; });
  return cyclic;
}

// A shortest cycle through `start`, a state of component k, as the edges taken, over the
// edges `usable(e)` allows, that takes at least one edge `marked(e)` picks (a search over
// (state, whether a marked edge was taken)); none when there is no such cycle.
template <typename Usable, typename Marked>
std::vector<uint64_t> ShortestCycle(const StateGraph& graph, const Components& c, int k,
                                    Ordinal start, const Usable& usable, const Marked& marked) {
  using Node = std::pair<Ordinal, bool>;
  std::map<Node, std::pair<uint64_t, bool>> via;  // node -> (the edge that first reached it,
                                                  // the mark before that edge)
  std::deque<Node> queue{{start, false}};
  while (!queue.empty()) {
    const auto [s, was_marked] = queue.front();
    queue.pop_front();
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const Ordinal t = graph.target[e];
      const uint32_t dense = c.dense_of[t];
      if (dense == ~uint32_t{0} || c.component[dense] != k || !usable(e)) continue;
      const bool now_marked = was_marked || marked(e);
      if (t == start && now_marked) {
        std::vector<uint64_t> cycle{e};
        for (Node at{s, was_marked}; at != Node{start, false};) {
          const auto [back, before] = via.at(at);
          cycle.push_back(back);
          // The source of edge `back`: the state whose edge range holds it.
          at = {graph.Source(back), before};
        }
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      const Node next{t, now_marked};
      if (next != Node{start, false} && via.emplace(next, std::pair{e, was_marked}).second) {
        queue.push_back(next);
      }
    }
  }
  return {};
}

// A shortest cycle through `start`, a state of component k, over the edges `usable(e)`
// allows.
template <typename Usable>
std::vector<uint64_t> ShortestCycle(const StateGraph& graph, const Components& c, int k,
                                    Ordinal start, const Usable& usable) {
  return ShortestCycle(graph, c, k, start, usable, [](uint64_t) { return true; });
}

// Adds to `out` the edges of state s that a choice picks among others (a seat's, the rules'
// or the draw of which seat moves, with two or more children), whatever rolls lie on the way.
void AddChosenEdges(const ChanceGraph& trees, const StateGraph& graph, Ordinal s,
                    std::vector<bool>& out) {
  if (trees.root[s] == ChanceGraph::kNoTree) return;
  std::vector<std::pair<uint32_t, bool>> stack{{trees.root[s], false}};
  while (!stack.empty()) {
    const auto [index, chosen] = stack.back();
    stack.pop_back();
    const ChanceNode& node = trees.nodes[index];
    if (node.kind == ChanceNode::Kind::kLeaf) {
      if (chosen) out[graph.edge_start[s] + node.owner] = true;
      continue;
    }
    const bool choice = node.kind != ChanceNode::Kind::kChance && node.count > 1;
    for (uint32_t i = node.first; i < node.first + node.count; ++i) {
      stack.emplace_back(trees.child[i], chosen || choice);
    }
  }
}

// The lasso of a cycle: a shortest trace to the state it starts from, then the cycle. Fills
// the finding's trace and cycle_start; returns the triggers the cycle resolves, in order of
// first use.
std::vector<std::string> BuildLasso(const model::Model& model,
                                    const explorer::Exploration& exploration,
                                    const StateGraph& graph, const std::vector<uint64_t>& cycle,
                                    results::Finding& finding) {
  const auto [depth, pos] = graph.Where(graph.Source(cycle.front()));
  finding.trace = exploration.TraceTo(depth, pos);
  finding.cycle_start = static_cast<int>(finding.trace.size()) - 1;
  std::vector<std::string> triggers;
  for (uint64_t e : cycle) {
    results::TraceStep step = explorer::StepTo(exploration.space(), finding.trace.back().state,
                                               graph.successor(graph.Source(e), e));
    if (step.move.kind == ir::Move::Kind::kTrigger) {
      const std::string& name = model.program.triggers[step.move.index].name;
      if (std::find(triggers.begin(), triggers.end(), name) == triggers.end()) {
        triggers.push_back(name);
      }
    }
    finding.trace.push_back(std::move(step));
  }
  return triggers;
}

// Per component, whether no move from one of its states leaves it: one pass over the edges
// (a pass per component took time quadratic in their number: 30 s for 160,000 of them).
std::vector<bool> ForcedComponents(const StateGraph& graph, const Components& c) {
  std::vector<bool> forced(c.cyclic.size(), true);
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    const int k = c.component[u];
    if (!forced[k]) continue;
    const Ordinal s = c.nodes[u];
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint32_t v = c.dense_of[graph.target[e]];
      if (v == ~uint32_t{0} || c.component[v] != k) {
        forced[k] = false;
        break;
      }
    }
  }
  return forced;
}

// The triggers that resolve in component k's states, in declaration order: a forced chain
// traps the play among all of them, which may be more than its shortest cycle shows.
std::vector<std::string> ComponentTriggers(const model::Model& model,
                                           const explorer::Exploration& exploration,
                                           const StateGraph& graph, const Components& c, int k) {
  std::vector<bool> seen(model.program.triggers.size(), false);
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    if (c.component[u] != k) continue;
    const std::vector<uint32_t> words = exploration.StateWords(graph.id[c.nodes[u]]);
    seen[static_cast<size_t>(model.layout.PendingTrigger(words.data(), 0))] = true;
  }
  std::vector<std::string> names;
  for (size_t t = 0; t < seen.size(); ++t) {
    if (seen[t]) names.push_back(model.program.triggers[t].name);
  }
  return names;
}

std::string Quoted(const std::vector<std::string>& names) {
  std::vector<std::string> quoted;
  for (const std::string& name : names) quoted.push_back(absl::StrCat("`", name, "`"));
  return absl::StrJoin(quoted, ", ");
}

// How the play goes round a cyclic component.
struct Round {
  bool forced = false;          // no move from its states leads out of it
  bool known = true;            // false: not forced, and who decides could not be looked at
  bool kept = true;             // the choices can keep the play in it for ever
  bool leads_to_kept = false;   // not kept, but a way out of it leads where the play can stay
  std::vector<uint64_t> cycle;  // a shortest cycle (edges) the lasso shows
};

// Per dense node of the subgraph, whether it can reach one of the nodes `targets` marks,
// along the subgraph's edges (by a search backwards from them).
std::vector<bool> Reaching(const StateGraph& graph, const Components& c,
                           const std::vector<bool>& targets) {
  const size_t n = c.nodes.size();
  std::vector<uint32_t> start(n + 1, 0);  // predecessors of v: pred[start[v] .. start[v + 1])
  for (uint32_t u = 0; u < n; ++u) {
    const Ordinal s = c.nodes[u];
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint32_t v = c.dense_of[graph.target[e]];
      if (v != ~uint32_t{0}) ++start[v + 1];
    }
  }
  for (size_t v = 0; v < n; ++v) start[v + 1] += start[v];
  std::vector<uint32_t> pred(start[n]);
  std::vector<uint32_t> fill(start.begin(), start.end() - 1);
  for (uint32_t u = 0; u < n; ++u) {
    const Ordinal s = c.nodes[u];
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint32_t v = c.dense_of[graph.target[e]];
      if (v != ~uint32_t{0}) pred[fill[v]++] = u;
    }
  }
  std::vector<bool> reaching = targets;
  std::deque<uint32_t> queue;
  for (uint32_t v = 0; v < n; ++v) {
    if (targets[v]) queue.push_back(v);
  }
  while (!queue.empty()) {
    const uint32_t v = queue.front();
    queue.pop_front();
    for (uint32_t i = start[v]; i < start[v + 1]; ++i) {
      if (!reaching[pred[i]]) {
        reaching[pred[i]] = true;
        queue.push_back(pred[i]);
      }
    }
  }
  return reaching;
}

// How the play goes round each of the cyclic components `ks` of the subgraph `c` (indexed by
// component). Where the choices can keep the play in one (an end component among its states,
// end_components.h), its cycle is one they keep going, through the first such state; else a
// shortest cycle through the component's first state, which only rolls repeat, and whether a
// way out of it leads (within the subgraph) to where the play can stay for ever. A forced
// component is kept: nothing leads out. For the others the trees of who decides are built for
// their states; where that fails (the memory budget; Cancelled once `cancel` is set) `status`
// says so, and only the forced components are known.
std::vector<Round> Rounds(const explorer::Exploration& exploration, const StateGraph& graph,
                          const Components& c, const std::vector<int>& ks,
                          const std::atomic<bool>* cancel, absl::Status& status) {
  std::vector<Round> rounds(c.cyclic.size());
  const auto any_edge = [](uint64_t) { return true; };
  std::vector<bool> open(c.cyclic.size(), false);
  const std::vector<bool> forced = ForcedComponents(graph, c);
  for (int k : ks) {
    rounds[k].forced = forced[k];
    open[k] = !rounds[k].forced;
  }
  // Stopped: only the forced components are known, as where the trees cannot be built.
  const auto stopped = [&] {
    status = absl::CancelledError("");
    for (int k : ks) rounds[k].known = !open[k];
    return rounds;
  };
  for (int k : ks) {
    if (Cancelled(cancel)) return stopped();
    rounds[k].cycle = ShortestCycle(graph, c, k, c.nodes[c.first[k]], any_edge);
  }
  // The states of the open components, ascending: an end component is strongly connected, so
  // it lies inside one of them, and one search over them all finds every one.
  std::vector<bool> wanted(graph.states(), false);
  std::vector<Ordinal> states;
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    if (!open[c.component[u]]) continue;
    wanted[c.nodes[u]] = true;
    states.push_back(c.nodes[u]);
  }
  if (states.empty()) return rounds;
  absl::StatusOr<ChanceGraph> trees = BuildChanceTrees(exploration, graph, wanted, cancel);
  if (!trees.ok()) {
    status = trees.status();
    for (int k : ks) rounds[k].known = !open[k];
    return rounds;
  }
  const EndComponents ends = FindEndComponents(*trees, states);
  for (int k : ks) rounds[k].kept = !open[k];
  // Where the play can stay for ever: the forced components and the end components.
  std::vector<bool> staying_states(c.nodes.size(), false);
  for (uint32_t u = 0; u < c.nodes.size(); ++u) {
    const int k = c.component[u];
    staying_states[u] = c.cyclic[k] && !open[k] && rounds[k].kept;
  }
  // Per component, the edges its end components' staying moves take (and which of them a
  // choice takes), and where its lasso starts: its first state in one.
  // By edge (an edge belongs to its source's component): a set per component cost 100 bytes
  // or more a component where most are one small cycle.
  std::vector<bool> staying(graph.edges(), false);
  std::vector<bool> chosen(graph.edges(), false);
  std::vector<bool> any_staying(c.cyclic.size(), false);
  std::vector<Ordinal> start(c.cyclic.size(), 0);
  for (size_t i = 0; i < ends.states.size(); ++i) {
    const Ordinal s = ends.states[i];
    staying_states[c.dense_of[s]] = true;
    const int k = c.component[c.dense_of[s]];
    if (!rounds[k].kept) start[k] = s;
    rounds[k].kept = true;
    for (uint32_t successor : ends.staying[i]) {
      staying[graph.edge_start[s] + successor] = true;
      any_staying[k] = true;
    }
    AddChosenEdges(*trees, graph, s, chosen);
  }
  const std::vector<bool> reaching = Reaching(graph, c, staying_states);
  for (int k : ks) {
    if (Cancelled(cancel)) return stopped();
    if (!rounds[k].kept) rounds[k].leads_to_kept = reaching[c.first[k]];
    if (!open[k] || !any_staying[k]) continue;
    // A cycle through a choice shows what keeps the play going; one that only rolls repeat,
    // even among states the choices can keep it in, reads as chance.
    const auto stays = [&](uint64_t e) { return staying[e]; };
    rounds[k].cycle =
        ShortestCycle(graph, c, k, start[k], stays, [&](uint64_t e) { return chosen[e]; });
    if (rounds[k].cycle.empty()) rounds[k].cycle = ShortestCycle(graph, c, k, start[k], stays);
  }
  return rounds;
}

}  // namespace

absl::Status CheckReactionChains(const model::Model& model,
                                 const explorer::Exploration& exploration, const StateGraph& graph,
                                 const std::atomic<bool>* cancel, FindingCollector& collector) {
  // The trigger-resolution subgraph: states with pending triggers (the graph may have
  // expanded every state, for non-termination).
  std::vector<bool> pending(graph.states(), false);
  for (uint64_t s = 0; s < graph.states(); ++s) {
    if (!graph.expanded[s]) continue;
    const std::vector<uint32_t> words = exploration.StateWords(graph.id[s]);
    pending[s] = model.layout.PendingLength(words.data()) > 0;
  }
  const Components c = FindComponents(graph, [&](uint64_t s) { return pending[s]; });
  const std::vector<int> cyclic = CyclicByFirst(c);
  absl::Status status;
  const std::vector<Round> rounds = Rounds(exploration, graph, c, cyclic, cancel, status);
  // One finding per set of triggers on the cycle and per whether choices can keep it going;
  // the first component in canonical order shows it, and the message counts the others.
  struct Chain {
    results::Finding finding;
    int components = 0;
    std::vector<std::string> trapped;  // forced: every trigger resolving among the trap's states
    bool leads_on = false;  // chance: a way out leads into a chain that can go on for ever
  };
  // (forced, optional or chance, triggers): a forced chain and an optional one of the same
  // triggers are two findings, each of its own kind.
  using Key = std::pair<std::string, std::set<std::string>>;
  std::map<Key, Chain> chains;
  std::vector<const Key*> order;
  for (int k : cyclic) {
    const Round& round = rounds[k];
    // Without the trees, only the forced chains are known (the status says why).
    if (!round.known) continue;
    const bool forced = round.forced;
    // Every move out of a state with pending triggers resolves the first of them, so the
    // cycle's triggers are read off its states without running any rule.
    const std::vector<uint64_t>& cycle = round.cycle;
    const bool kept = round.kept;
    Key key{forced ? "forced" : kept ? "optional" : "chance", {}};
    for (uint64_t e : cycle) {
      const std::vector<uint32_t> words = exploration.StateWords(graph.id[graph.Source(e)]);
      key.second.insert(model.program.triggers[model.layout.PendingTrigger(words.data(), 0)].name);
    }
    auto [it, inserted] = chains.try_emplace(key);
    ++it->second.components;
    if (!inserted) continue;
    results::Finding finding;
    finding.kind = results::FindingKind::kReactionChain;
    std::vector<std::string> triggers = BuildLasso(model, exploration, graph, cycle, finding);
    order.push_back(&it->first);
    it->second.leads_on = round.leads_to_kept;
    if (forced) it->second.trapped = ComponentTriggers(model, exploration, graph, c, k);
    finding.severity = kept ? results::Severity::kError : results::Severity::kWarning;
    finding.chain = key.first;
    finding.triggers = triggers;
    finding.name = absl::StrJoin(triggers, ", ");
    const ir::Trigger& first =
        model.program.triggers[finding.trace[finding.cycle_start + 1].move.index];
    finding.location = first.loc;
    it->second.finding = std::move(finding);
  }
  for (const Key* key : order) {
    Chain& chain = chains.at(*key);
    results::Finding& finding = chain.finding;
    const int cycle = static_cast<int>(finding.trace.size()) - 1 - finding.cycle_start;
    const std::string around =
        absl::StrCat("trigger", finding.triggers.size() == 1 ? " " : "s ", Quoted(finding.triggers),
                     " can resolve ", finding.chain == "chance" ? "again and again" : "forever",
                     ", around a cycle of ", base::CountOf(cycle, "move", "moves"));
    const std::string others = chain.components > 1
                                   ? absl::StrCat(" (", base::GroupThousands(chain.components),
                                                  " such cycles among reachable states)")
                                   : "";
    if (finding.chain == "chance" && chain.leads_on) {
      finding.message = absl::StrCat(
          "reaction chain that only rolls repeat: ", around,
          ", but each time around a roll can lead out of it whatever anyone chooses; the way out "
          "can lead into reactions that go on for ever (reported on their own)",
          others);
    } else if (finding.chain == "chance") {
      finding.message = absl::StrCat(
          "reaction chain that only rolls repeat: ", around,
          ", but each time around a roll can lead out whatever anyone chooses, so the chain "
          "ends with probability 1 (with no bound on its length)",
          others);
    } else {
      finding.message = absl::StrCat(
          "infinite reaction chain (", finding.chain, "): ", around,
          finding.chain == "forced"
              ? (chain.trapped.size() > finding.triggers.size()
                     ? absl::StrCat(", and no choice leads out of the reactions it is part of (",
                                    Quoted(chain.trapped), " resolve among them)")
                     : std::string(", and no choice on it leads out"))
              : std::string("; some choice on it leads out"),
          others);
    }
    collector.AddBuilt(std::move(finding));
  }
  return status;
}

absl::Status CheckNonTermination(const model::Model& model,
                                 const explorer::Exploration& exploration, const StateGraph& graph,
                                 const std::atomic<bool>* cancel, FindingCollector& collector) {
  const Components c = FindComponents(graph, [](uint64_t) { return true; });
  const std::vector<int> cyclic = CyclicByFirst(c);
  if (cyclic.empty()) return absl::OkStatus();
  uint64_t on_cycles = 0;
  for (uint32_t u = 0; u < c.nodes.size(); ++u) on_cycles += c.cyclic[c.component[u]] ? 1 : 0;
  // A component with no way out is one the play cannot leave: no need to look further.
  int forced = -1;
  const std::vector<bool> forced_components = ForcedComponents(graph, c);
  for (int k : cyclic) {
    if (forced_components[k]) {
      forced = k;
      break;
    }
  }
  std::vector<uint64_t> cycle_edges;
  bool kept = true;
  if (forced >= 0) {
    cycle_edges =
        ShortestCycle(graph, c, forced, c.nodes[c.first[forced]], [](uint64_t) { return true; });
  } else {
    // The lasso goes round the first component the choices can keep the play in, if any.
    absl::Status status;
    const std::vector<Round> rounds = Rounds(exploration, graph, c, cyclic, cancel, status);
    if (!status.ok()) return status;
    int shown = -1;
    for (int k : cyclic) {
      if (rounds[k].kept) {
        shown = k;
        break;
      }
    }
    kept = shown >= 0;
    cycle_edges = rounds[kept ? shown : cyclic.front()].cycle;
  }
  results::Finding finding;
  finding.kind = results::FindingKind::kNonTermination;
  finding.severity = kept ? results::Severity::kError : results::Severity::kWarning;
  finding.name = "terminates";
  finding.location = *model.program.terminates;
  finding.triggers = BuildLasso(model, exploration, graph, cycle_edges, finding);
  const int cycle = static_cast<int>(finding.trace.size()) - 1 - finding.cycle_start;
  const std::string counts =
      absl::StrCat(" (", base::CountOf(on_cycles, "state lies", "states lie"), " on cycles, in ",
                   base::CountOf(cyclic.size(), "cycle component", "cycle components"), ")");
  if (kept) {
    finding.message = absl::StrCat("the game need not end: a reachable cycle of ",
                                   base::CountOf(cycle, "move", "moves"),
                                   " comes back to the same state", counts);
  } else {
    finding.message = absl::StrCat(
        "the game ends with probability 1 but has no bound on its length: a reachable cycle of ",
        base::CountOf(cycle, "move", "moves"),
        " comes back to the same state, and only rolls repeat it (each time around, a roll can "
        "lead out whatever anyone chooses)",
        counts);
  }
  collector.AddBuilt(std::move(finding));
  return absl::OkStatus();
}

}  // namespace rulecheck::properties
