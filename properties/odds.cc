// AnswerOdds (see odds.h): the search, the chance graph, each query's fixed values, and one
// solve per query and play.
#include "properties/odds.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "explorer/explorer.h"
#include "model/model_state_space.h"
#include "model/successors.h"
#include "properties/chance_graph.h"
#include "properties/odds_values.h"
#include "properties/policies.h"
#include "properties/policy_state_space.h"

namespace rulecheck::properties {
namespace {

// The first state, in the search's canonical order, where `terminal when` hit a model error:
// whether the game is over there is not known, so no answer is.
class TerminalErrorWatch : public explorer::ExplorationObserver {
 public:
  void OnTerminalError(const explorer::StateRef& /*state*/,
                       const ir::StepFailure& failure) override {
    if (!first) first = failure;
  }
  std::optional<ir::StepFailure> first;
};

using results::OddsPlay;
using results::OddsValue;

// The plays every answer lists: random, best for each seat a policy does not govern (one that
// does makes no choice of its own), then the two extremes.
std::vector<OddsPlay> Plays(const std::vector<std::string>& owners,
                            const std::vector<bool>& governed = {}) {
  std::vector<OddsPlay> plays;
  plays.push_back({OddsPlay::Kind::kRandom, "", {}});
  for (size_t o = 1; o < owners.size(); ++o) {
    if (o < governed.size() && governed[o]) continue;
    plays.push_back({OddsPlay::Kind::kBest, owners[o], {}});
  }
  plays.push_back({OddsPlay::Kind::kMax, "", {}});
  plays.push_back({OddsPlay::Kind::kMin, "", {}});
  return plays;
}

results::OddsAnswer Unanswered(const ir::ChanceQuery& q, const std::vector<std::string>& owners,
                               const std::vector<bool>& governed = {}) {
  results::OddsAnswer a;
  a.name = q.name;
  a.loc = q.loc;
  a.expect = q.kind == ir::ChanceKind::kExpect;
  a.plays = Plays(owners, governed);
  return a;
}

// Every play of `answer` without a number, for `reason`.
void MakeUndefined(results::OddsAnswer& answer, const std::string& reason) {
  for (OddsPlay& play : answer.plays) {
    play.value.kind = OddsValue::Kind::kUndefined;
    play.value.reason = reason;
  }
}

// Why `q` has no values: the model error `v` hit evaluating it in state `s`.
std::string ModelErrorReason(const model::Model& model, const ChanceGraph& g, uint64_t s,
                             const model::PropertyValue& v) {
  const auto [depth, pos] = g.graph.Where(static_cast<explorer::Ordinal>(s));
  // The place as the file (or the command-line flag) spells it: `--probability:1:3`.
  const auto [source, at] = model.Resolve(v.failure.loc);
  return absl::StrCat("evaluating it hit a model error at ",
                      source != nullptr ? source->path() + ":" : "line ", at.line,
                      source != nullptr ? ":" : ", column ", at.column, " (", v.failure.message,
                      ") in a state ", depth, depth == 1 ? " move" : " moves", " from the start");
}

// The first state, in canonical order, of those marked `failed` that the game can reach
// before a state where the probability's condition holds (value 1 in `question`): the first
// such state settles the question, so what lies only beyond one does not matter.
std::optional<uint64_t> FirstFailureThatMatters(const ChanceGraph& g,
                                                const std::vector<bool>& failed,
                                                const OddsQuestion& question) {
  const explorer::StateGraph& graph = g.graph;
  const uint64_t n = graph.states();
  std::vector<bool> reached(n, false);
  std::deque<uint64_t> queue;
  for (uint64_t s = graph.level_start[0]; s < graph.level_start[1]; ++s) {
    reached[s] = true;
    queue.push_back(s);
  }
  std::optional<uint64_t> first;
  while (!queue.empty()) {
    const uint64_t s = queue.front();
    queue.pop_front();
    if (failed[s]) {
      if (!first || s < *first) first = s;
      continue;
    }
    if (question.value[s] != 0) continue;
    for (uint64_t e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) {
      const uint64_t t = graph.target[e];
      if (!reached[t]) {
        reached[t] = true;
        queue.push_back(t);
      }
    }
  }
  return first;
}

// The fixed values of `q` in every state, or why there are none (a model error while
// evaluating it in some state where it is needed: for `expect`, an end; for `probability`,
// a state the game reaches before its condition first holds).
std::optional<std::string> FixQuestion(const model::Model& model,
                                       const explorer::Exploration& exploration,
                                       const ChanceGraph& g, const ir::ChanceQuery& q,
                                       OddsQuestion& question) {
  model::SuccessorGenerator generator(model);
  const uint64_t n = g.root.size();
  question.expect = q.kind == ir::ChanceKind::kExpect;
  question.fixed.assign(n, false);
  question.value.assign(n, 0);
  std::vector<bool> failed;  // probability: where evaluating it hit a model error
  if (!question.expect) failed.assign(n, false);
  bool any_failed = false;
  for (uint64_t s = 0; s < n; ++s) {
    const bool end = g.root[s] == ChanceGraph::kNoTree;
    if (question.expect && !end) continue;
    const std::vector<uint32_t> words = exploration.StateWords(g.graph.id[s]);
    model::PropertyValue v = generator.Evaluate(q, words.data());
    if (!v.ok && question.expect) return ModelErrorReason(model, g, s, v);
    if (!v.ok) {
      // Whether it matters is known once every state is: see below. Meanwhile an end of the
      // question, so that nothing is read from beyond it.
      failed[s] = true;
      any_failed = true;
      question.fixed[s] = true;
      continue;
    }
    if (question.expect) {
      question.fixed[s] = true;
      question.value[s] = v.value;
    } else {
      question.fixed[s] = end || v.value != 0;
      question.value[s] = v.value != 0 ? 1 : 0;
    }
  }
  if (any_failed) {
    if (std::optional<uint64_t> s = FirstFailureThatMatters(g, failed, question)) {
      const std::vector<uint32_t> words = exploration.StateWords(g.graph.id[*s]);
      return ModelErrorReason(model, g, *s, generator.Evaluate(q, words.data()));
    }
  }
  return std::nullopt;
}

}  // namespace

absl::StatusOr<results::OddsResult> AnswerOdds(const model::Model& model,
                                               const OddsOptions& options) {
  std::vector<const ir::ChanceQuery*> queries;
  bool named_found = false;
  for (const ir::ChanceQuery& q : model.program.chance_queries) {
    // `query` picks among the file's own; those of the command line are always answered.
    const bool from_file = model.Resolve(q.loc).first == model.source.get();
    named_found = named_found || (from_file && q.name == options.query);
    if (options.query.empty() || !from_file || q.name == options.query) queries.push_back(&q);
  }
  if (!options.query.empty() && !named_found) {
    // A query of `solve` by that name: say what it is rather than that it does not exist.
    for (const ir::Query& q : model.program.queries) {
      if (q.name != options.query) continue;
      return absl::NotFoundError(absl::StrCat(
          "`", options.query, "` is a ",
          q.kind == ir::QueryKind::kReachable  ? "reachable"
          : q.kind == ir::QueryKind::kMaximize ? "maximize"
                                               : "minimize",
          " query, which `rulecheck solve` answers; `odds` answers probability and expect "
          "queries"));
    }
    std::string known;
    for (const ir::ChanceQuery& q : model.program.chance_queries) {
      absl::StrAppend(&known, known.empty() ? "" : ", ", "`", q.name, "`");
    }
    return absl::NotFoundError(absl::StrCat(
        "no chance query named `", options.query, "`",
        known.empty() ? " (the file declares none)" : absl::StrCat(" (it has ", known, ")")));
  }
  if (queries.empty()) {
    return absl::InvalidArgumentError(
        "the model has no chance query: declare `query NAME: probability EXPR` or `query NAME: "
        "expect EXPR`, or give --probability EXPR or --expect EXPR");
  }
  absl::StatusOr<PolicySet> policies = PolicySet::Choose(model.program, options.policies);
  if (!policies.ok()) return policies.status();
  const auto start = std::chrono::steady_clock::now();
  results::OddsResult result;
  result.precision = options.precision;
  result.policies = policies->Followed();
  auto finish = [&result, &start] {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    result.seconds = elapsed.count();
  };
  auto unknown = [&](std::string reason, const std::vector<std::string>& owners) {
    result.complete = false;
    result.stop_reason = std::move(reason);
    result.answers.clear();
    for (const ir::ChanceQuery* q : queries) result.answers.push_back(Unanswered(*q, owners));
    finish();
    return result;
  };
  // Every question without a number, for `reason`.
  auto undefined = [&](const std::string& reason, const std::vector<std::string>& owners,
                       const std::vector<bool>& governed) {
    for (const ir::ChanceQuery* q : queries) {
      results::OddsAnswer answer = Unanswered(*q, owners, governed);
      MakeUndefined(answer, reason);
      result.answers.push_back(std::move(answer));
    }
    finish();
    return result;
  };

  // With policies, only the moves they allow are successors: the search and the graph hold
  // just the states the governed seats let the game reach.
  const model::ModelStateSpace model_space(model);
  const PolicyStateSpace policy_space(model, *policies);
  const ir::StateSpace& space =
      policies->empty() ? static_cast<const ir::StateSpace&>(model_space) : policy_space;
  // The search keeps its edges for the chance graph, which then expands each state once more
  // rather than twice.
  explorer::ExploreOptions explore = options.explore;
  explore.record_edges = true;
  TerminalErrorWatch terminal_errors;
  explorer::ExplorationObserver* const observers[] = {&terminal_errors};
  explorer::Exploration exploration = explorer::Explore(space, observers, explore);
  result.graph.states = exploration.stats().states;
  result.graph.transitions = exploration.stats().transitions;
  if (!exploration.stats().complete) {
    return unknown(std::string(explorer::StopReasonName(exploration.stats().stop_reason)),
                   {"the rules"});
  }
  // The search expanded every state the policies let the game reach.
  result.policies = policies->Followed(/*with_use=*/true);
  const std::atomic<bool>* cancel = options.explore.cancel;
  auto phase = [&options](const std::string& what) {
    if (options.on_phase) options.on_phase(what);
  };
  phase("building the chance graph");
  if (std::optional<std::string> error = policy_space.error()) {
    // A policy's condition failed: no play that follows it has a number.
    return undefined(*error, {"the rules"}, {});
  }
  absl::StatusOr<ChanceGraph> g =
      BuildChanceGraph(exploration, exploration.stats().threads, cancel, &*policies);
  if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
    g = absl::CancelledError("interrupted");
  }
  if (!g.ok()) {
    // The search had seen every state: what was stopped is the work on them.
    result.stopped_solving = true;
    return unknown(g.status().code() == absl::StatusCode::kCancelled ? "cancelled" : "store_full",
                   {"the rules"});
  }
  if (const std::optional<ir::StepFailure>& limit = g->limit_failure) {
    // Leaving a failed move out conditions the odds on the rules' own failures not happening
    // (docs/odds.md); a move the engine could not finish is no such event, and leaving it out
    // would give a wrong number that looks exact.
    result.graph.failed_moves = g->failed_moves;
    result.graph.limit_failed = true;
    return undefined(absl::StrCat("a move hit one of the engine's limits at line ", limit->loc.line,
                                  ", column ", limit->loc.column, " (", limit->message,
                                  "): the odds cannot leave its outcomes out"),
                     g->owners, g->governed);
  }
  if (const std::optional<ir::StepFailure>& terminal = terminal_errors.first) {
    return undefined(absl::StrCat("`terminal when` hit a model error at line ", terminal->loc.line,
                                  ", column ", terminal->loc.column, " (", terminal->message,
                                  "), so where the game ends is not known: run `rulecheck "
                                  "check` on the file for a trace"),
                     g->owners, g->governed);
  }
  absl::StatusOr<OddsComponents> found = FindOddsComponents(*g, &exploration.budget());
  if (!found.ok()) return unknown(kNoRoomReason, g->owners);
  const OddsComponents& components = *found;
  results::OddsGraph& info = result.graph;
  const explorer::StateGraph& sg = g->graph;
  for (uint64_t s = 0; s < sg.states(); ++s) {
    for (uint64_t e = sg.edge_start[s]; e < sg.edge_start[s + 1]; ++e) {
      if (sg.target[e] == s) {
        ++info.self_loop_states;
        break;
      }
    }
  }
  for (size_t k = 0; k + 1 < components.start.size(); ++k) {
    const uint32_t size = components.start[k + 1] - components.start[k];
    if (size > 1) {
      info.acyclic = false;
      info.cyclic_states += size;
    }
  }
  info.analysed = true;
  info.seat_draw_states = g->seat_draw_states;
  info.conditioned_rolls = g->conditioned_rolls;
  info.failed_moves = g->failed_moves;
  if (const std::optional<ir::StepFailure>& first = g->first_failure) {
    const auto [source, loc] = model.Resolve(first->loc);
    if (source != nullptr && loc.valid()) {
      info.first_failure_place = absl::StrCat(source->path(), ":", loc.line, ":", loc.column);
    }
    info.first_failure_message = first->message;
  }
  info.dead_states = g->dead_states;
  info.failed_ends = g->failed_ends;
  info.seats.assign(g->owners.begin() + 1, g->owners.end());
  // With nothing to choose anywhere (every seat has one move wherever it moves), every play
  // is the same game: one is solved and the others take its value.
  bool choiceless = true;
  for (const ChanceNode& node : g->nodes) {
    info.rules_choose =
        info.rules_choose || (node.kind == ChanceNode::Kind::kChoice && node.owner == 0);
    choiceless = choiceless && node.kind != ChanceNode::Kind::kChoice &&
                 node.kind != ChanceNode::Kind::kSeats;
  }

  for (const ir::ChanceQuery* q : queries) {
    results::OddsAnswer answer = Unanswered(*q, g->owners, g->governed);
    phase(absl::StrCat("solving ", q->name));
    OddsQuestion question;
    explorer::MemoryCharge question_charge(&exploration.budget());
    if (!question_charge.Set(g->root.size() * (sizeof(int64_t) + 1))) {
      return unknown(kNoRoomReason, g->owners);
    }
    if (std::optional<std::string> error = FixQuestion(model, exploration, *g, *q, question)) {
      MakeUndefined(answer, *error);
      result.answers.push_back(std::move(answer));
      continue;
    }
    bool exact_too_large = false;
    for (size_t p = 0; p < answer.plays.size(); ++p) {
      OddsPlay& play = answer.plays[p];
      // The seat of a kBest play: the owner of that name (Plays takes them from owners).
      uint32_t seat = 0;
      if (play.kind == OddsPlay::Kind::kBest) {
        seat = static_cast<uint32_t>(std::find(g->owners.begin(), g->owners.end(), play.seat) -
                                     g->owners.begin());
      }
      if (choiceless && p > 0) {
        play.value = answer.plays[0].value;
        continue;
      }
      play.value = SolveOdds(*g, components, question, play.kind, seat, options.precision, cancel,
                             &exploration.budget(), &exact_too_large);
      if (play.value.kind == OddsValue::Kind::kUnknown) {
        result.stopped_solving = true;
        return unknown(play.value.reason.empty() ? "cancelled" : play.value.reason, g->owners);
      }
    }
    result.answers.push_back(std::move(answer));
  }
  finish();
  return result;
}

}  // namespace rulecheck::properties
