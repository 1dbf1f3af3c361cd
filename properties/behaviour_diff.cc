// Comparing two versions' projected state graphs (see behaviour_diff.h).
#include "properties/behaviour_diff.h"

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "explorer/state_graph.h"
#include "model/value_format.h"
#include "properties/declaration_diff.h"
#include "properties/stop_description.h"

namespace rulecheck::properties {
namespace {

using explorer::Ordinal;

// Projections of both versions, interned: equal text, equal id.
class Projections {
 public:
  uint32_t Intern(std::string text) {
    auto [it, added] = ids_.try_emplace(text, static_cast<uint32_t>(texts_.size()));
    if (added) texts_.push_back(std::move(text));
    return it->second;
  }
  const std::string& Text(uint32_t id) const { return texts_[id]; }

 private:
  absl::flat_hash_map<std::string, uint32_t> ids_;
  std::vector<std::string> texts_;
};

// A version explored, with its projected graph.
struct Version {
  const model::Model* model = nullptr;
  const explorer::Exploration* exploration = nullptr;
  std::optional<explorer::StateGraph> graph;
  std::vector<uint32_t> projection;  // per ordinal
  // Per projection: the first state (in canonical order) with it.
  absl::flat_hash_map<uint32_t, Ordinal> first_state;
  // Per projected edge (p << 32 | q, p != q): the first state with such a move, and the move's
  // index among that state's successors.
  absl::flat_hash_map<uint64_t, std::pair<Ordinal, uint32_t>> first_edge;
};

uint64_t EdgeKey(uint32_t p, uint32_t q) { return (static_cast<uint64_t>(p) << 32) | q; }

// Builds the projected graph of `version`'s exploration over the variables `vars` (indices
// into its program's state, named `names`). An empty string when done; else why not.
std::string Build(Version& version, const std::vector<int>& vars,
                  const std::vector<std::string>& names, const char* which,
                  const std::atomic<bool>* cancel, Projections& projections) {
  const model::Model& model = *version.model;
  const explorer::ExplorationStats& stats = version.exploration->stats();
  if (!stats.complete) {
    return absl::StrCat("the search of the ", which, " version stopped (", StopDescription(stats),
                        ")");
  }
  absl::StatusOr<explorer::StateGraph> graph_built = explorer::BuildStateGraph(
      *version.exploration, [](const uint32_t*) { return true; }, std::max(1, stats.threads),
      cancel);
  if (!graph_built.ok()) {
    return graph_built.status().code() == absl::StatusCode::kCancelled
               ? "interrupted"
               : absl::StrCat("the ", which, " version's ", graph_built.status().message());
  }
  version.graph = *std::move(graph_built);
  const explorer::StateGraph& graph = *version.graph;
  version.projection.resize(graph.states());
  for (uint64_t s = 0; s < graph.states(); ++s) {
    const std::vector<uint32_t> words = version.exploration->StateWords(graph.id[s]);
    std::string text;
    for (size_t i = 0; i < vars.size(); ++i) {
      const ir::StateVar& var = model.program.state[vars[i]];
      absl::StrAppend(&text, i == 0 ? "" : ", ", names[i], " = ",
                      model::FormatValue(model::DecodeValue(var.type, words.data(),
                                                            model.layout.var_offset(vars[i]))));
    }
    version.projection[s] = projections.Intern(std::move(text));
    version.first_state.try_emplace(version.projection[s], static_cast<Ordinal>(s));
  }
  for (uint64_t s = 0; s < graph.states(); ++s) {
    const uint32_t p = version.projection[s];
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint32_t q = version.projection[graph.target[e]];
      if (p == q) continue;
      version.first_edge.try_emplace(
          EdgeKey(p, q),
          std::make_pair(static_cast<Ordinal>(s), graph.successor(static_cast<Ordinal>(s), e)));
    }
  }
  return "";
}

// A difference before its trace is made: (trace length, kind, state, successor) orders them.
struct Candidate {
  size_t length = 0;
  BehaviourDifference::Kind kind = BehaviourDifference::Kind::kState;
  Ordinal state = 0;
  uint32_t successor = 0;
  uint32_t from = 0;
  uint32_t to = 0;
  auto Key() const { return std::make_tuple(length, kind, state, successor); }
};

BehaviourSide Compare(const Version& v, const Version& w, int max_traces,
                      const Projections& projections) {
  BehaviourSide side;
  std::vector<Candidate> candidates;
  const explorer::StateGraph& graph = *v.graph;
  for (const auto& [p, state] : v.first_state) {
    if (w.first_state.contains(p)) continue;
    ++side.states;
    candidates.push_back({static_cast<size_t>(graph.Where(state).first) + 1,
                          BehaviourDifference::Kind::kState, state, 0, p, p});
  }
  for (const auto& [key, first] : v.first_edge) {
    const uint32_t p = static_cast<uint32_t>(key >> 32);
    const uint32_t q = static_cast<uint32_t>(key);
    if (w.first_edge.contains(key) || !w.first_state.contains(p) || !w.first_state.contains(q)) {
      continue;
    }
    ++side.moves;
    candidates.push_back({static_cast<size_t>(graph.Where(first.first).first) + 2,
                          BehaviourDifference::Kind::kMove, first.first, first.second, p, q});
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.Key() < b.Key(); });
  if (candidates.size() > static_cast<size_t>(max_traces)) candidates.resize(max_traces);
  for (const Candidate& c : candidates) {
    BehaviourDifference difference;
    difference.kind = c.kind;
    difference.from = projections.Text(c.from);
    difference.to = projections.Text(c.to);
    const auto [depth, pos] = graph.Where(c.state);
    difference.trace = v.exploration->TraceTo(depth, pos);
    if (c.kind == BehaviourDifference::Kind::kMove) {
      difference.trace.push_back(explorer::StepTo(
          v.exploration->space(), v.exploration->StateWords(graph.id[c.state]), c.successor));
    }
    side.shown.push_back(std::move(difference));
  }
  return side;
}

}  // namespace

BehaviourDiff CompareBehaviour(const model::Model& old_model,
                               const explorer::Exploration& old_exploration,
                               const model::Model& new_model,
                               const explorer::Exploration& new_exploration, int max_traces,
                               const std::atomic<bool>* cancel) {
  BehaviourDiff diff;
  std::vector<int> old_vars;
  std::vector<int> new_vars;
  for (const auto& [old_index, new_index] : SharedVariables(old_model.program, new_model.program)) {
    old_vars.push_back(old_index);
    new_vars.push_back(new_index);
    diff.shared.push_back(old_model.program.state[old_index].name);
  }
  if (diff.shared.empty()) {
    diff.reason = "the versions share no state variable";
    return diff;
  }
  // Both searches stopped: say so of both, not of the old one only.
  const explorer::ExplorationStats& old_stats = old_exploration.stats();
  const explorer::ExplorationStats& new_stats = new_exploration.stats();
  if (!old_stats.complete && !new_stats.complete) {
    diff.reason =
        absl::StrCat("the searches of both versions stopped (old: ", StopDescription(old_stats),
                     "; new: ", StopDescription(new_stats), ")");
    return diff;
  }
  Projections projections;
  Version old_version;
  old_version.model = &old_model;
  old_version.exploration = &old_exploration;
  diff.reason = Build(old_version, old_vars, diff.shared, "old", cancel, projections);
  if (!diff.reason.empty()) return diff;
  Version new_version;
  new_version.model = &new_model;
  new_version.exploration = &new_exploration;
  diff.reason = Build(new_version, new_vars, diff.shared, "new", cancel, projections);
  if (!diff.reason.empty()) return diff;
  diff.compared = true;
  diff.only_old = Compare(old_version, new_version, max_traces, projections);
  diff.only_new = Compare(new_version, old_version, max_traces, projections);
  return diff;
}

}  // namespace rulecheck::properties
