// Check: wires the built-in checks to one search (see property.h).
#include "properties/property.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "explorer/state_graph.h"
#include "model/model_state_space.h"
#include "properties/builtin_checks.h"
#include "properties/collector.h"
#include "properties/coverage_check.h"
#include "properties/cycle_check.h"
#include "properties/order_check.h"
#include "results/violations.h"

namespace rulecheck::properties {

int CheckResult::error_count() const {
  return static_cast<int>(std::count_if(findings.begin(), findings.end(), results::IsError));
}

int CheckResult::warning_count() const {
  return static_cast<int>(std::count_if(findings.begin(), findings.end(), [](const auto& f) {
    return f.severity == results::Severity::kWarning;
  }));
}

namespace {

void Announce(const CheckOptions& options, const std::string& what) {
  if (options.on_analysis) options.on_analysis(what);
}

// About the most memory the transition graph and the cycle searches over it take: 8 bytes an
// edge in the graph, with its buffers while it is built and the searches' sorted copy about
// 32 in all (measured: 4,000,000 edges took 128 MB more at the peak), and some 40 bytes a
// state (ordinals, edge offsets, the searches' stacks and marks). Every transition is
// counted, so this is an upper bound when only the states with pending triggers are expanded.
uint64_t GraphBytes(const explorer::ExplorationStats& stats) {
  return 32 * stats.transitions + 40 * stats.states;
}

// The cycle searches' own memory beside a graph that is built (their copy of its edges, the
// components, stacks and marks): the estimate above, less the graph's 8 bytes an edge.
uint64_t CycleSearchBytes(const explorer::StateGraph& graph) {
  return 24 * graph.edges() + 32 * graph.states();
}

// The message of an analysis the memory budget has no room for.
std::string NoRoom(const std::string& what, uint64_t bytes) {
  // To the nearest MiB, and at least 1: "about 0 MiB" for three quarters of one said nothing.
  const uint64_t mib = std::max<uint64_t>(1, (bytes + (1 << 19)) >> 20);
  return absl::StrCat(what, " needs about ", base::GroupThousands(mib),
                      " MiB, more than the --memory budget has left");
}

// Which of the analyses after the search run.
struct GraphAnalyses {
  GraphAnalyses(const model::Model& model, const CheckOptions& options)
      : chains(options.reaction_chains && model.layout.has_triggers()),
        order(options.order_dependence && model.layout.has_triggers()),
        termination(options.non_termination && model.program.terminates.has_value()) {}
  // Whether one of them follows the edges of the state graph.
  bool need_graph() const { return chains || termination; }

  bool chains;       // infinite reaction chains
  bool order;        // orders of pending triggers
  bool termination;  // `terminates`
};

// The analyses that need the transition graph, after the search (see property.h). The
// graph is made of the search's record of its edges when it kept one.
void RunGraphAnalyses(const model::Model& model, explorer::Exploration& exploration,
                      const CheckOptions& options, CheckResult& result,
                      FindingCollector& collector) {
  const ir::StateLayout& layout = model.layout;
  const GraphAnalyses analyses(model, options);
  const bool chains = analyses.chains, order = analyses.order, termination = analyses.termination;
  const bool recorded = exploration.has_recorded_edges();
  // `terminates` is not determined: the search was stopped (no reason) or `reason`.
  auto termination_undetermined = [&](std::string reason) {
    if (termination) {
      result.undetermined.push_back(
          {"terminates", "terminates", *model.program.terminates, std::move(reason)});
    }
  };
  if (!result.stats.complete) return termination_undetermined("");
  if (collector.ShouldStop()) return;  // --stop-at-first has its error
  const int threads = std::max(1, result.stats.threads);
  // Ctrl-C during an analysis ends the run as it ends a search: incomplete, with the findings
  // of the analyses that finished.
  const std::atomic<bool>* cancel = options.explore.cancel;
  auto stop_requested = [cancel] {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
  };
  auto mark_cancelled = [&] {
    result.stats.complete = false;
    result.stats.stop_reason = explorer::StopReason::kCancelled;
  };
  // The analyses that need memory the budget has not left are not determined, rather than
  // the run being killed for memory.
  auto trigger_analysis_undetermined = [&](const char* kind, const char* name,
                                           const std::string& reason) {
    result.undetermined.push_back({kind, name, model.program.triggers[0].loc, reason});
  };
  auto no_room = [&](const std::string& reason) {
    termination_undetermined(reason);
    if (chains) trigger_analysis_undetermined("reaction_chain", "reaction chains", reason);
  };
  // Ctrl-C during an analysis: it and the analyses after it are not determined (their findings
  // so far stand), so that a stopped run does not read as one that found no cycle.
  const std::string interrupted =
      "the run was stopped (Ctrl-C or a signal) before this analysis finished";
  explorer::MemoryBudget& budget = exploration.budget();
  if ((termination || chains) && !recorded && GraphBytes(result.stats) > budget.available()) {
    // Known before the graph is built: not worth building.
    no_room(NoRoom(absl::StrCat("the transition graph of ",
                                base::GroupThousands(result.stats.transitions), " transitions"),
                   GraphBytes(result.stats)));
  } else if (termination || chains) {
    Announce(options,
             absl::StrCat(termination
                              ? absl::StrCat("building the transition graph of ",
                                             base::GroupThousands(result.stats.states), " states")
                              : "building the graph of the states with pending triggers",
                          recorded ? " from the search's record" : ""));
    // Non-termination needs every edge; reaction chains only those of pending states.
    std::function<bool(const uint32_t*)> expand;
    if (!termination) {
      expand = [&](const uint32_t* words) { return layout.PendingLength(words) > 0; };
    }
    absl::StatusOr<explorer::StateGraph> graph =
        explorer::TakeStateGraph(exploration, expand, threads, cancel);
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
      graph = absl::CancelledError("interrupted");
    }
    explorer::MemoryCharge searches(&budget);
    if (graph.status().code() == absl::StatusCode::kCancelled) {
      mark_cancelled();
      no_room(interrupted);
      if (order) trigger_analysis_undetermined("order_dependence", "trigger orders", interrupted);
      return;
    }
    if (!graph.ok()) {
      // Every array of the graph is charged as it is built: the estimate was too low.
      no_room(std::string(graph.status().message()));
    } else if (!searches.Set(CycleSearchBytes(*graph))) {
      no_room(NoRoom(absl::StrCat("the cycle search over ", base::GroupThousands(graph->edges()),
                                  " transitions"),
                     CycleSearchBytes(*graph)));
    } else {
      // Where telling the cycles only rolls repeat needs more than the budget has left (or
      // Ctrl-C came, before the analysis or during it), what is known is reported and the
      // rest is not determined.
      auto undetermined = [&](auto analysis, auto mark) {
        const absl::Status status = stop_requested() ? absl::CancelledError("") : analysis();
        if (status.code() == absl::StatusCode::kCancelled) {
          mark_cancelled();
          mark(interrupted);
        } else if (!status.ok()) {
          mark(absl::StrCat("telling the cycles only rolls repeat from the others: ",
                            status.message()));
        }
      };
      if (chains) {
        Announce(options, "looking for infinite reaction chains");
        undetermined(
            [&] { return CheckReactionChains(model, exploration, *graph, cancel, collector); },
            [&](const std::string& reason) {
              trigger_analysis_undetermined("reaction_chain", "reaction chains", reason);
            });
      }
      if (termination && result.stats.complete) {
        Announce(options, absl::StrCat("looking for cycles among ",
                                       base::GroupThousands(graph->edges()), " transitions"));
        undetermined(
            [&] { return CheckNonTermination(model, exploration, *graph, cancel, collector); },
            termination_undetermined);
      } else if (termination) {
        termination_undetermined(interrupted);  // stopped while looking for reaction chains
      }
    }
  }
  if (order) {
    Announce(options, "comparing the orders of pending triggers");
    // The termination result stands: only the order comparison is cut short.
    const absl::Status status =
        stop_requested() ? absl::CancelledError("")
                         : CheckOrderDependence(model, exploration, threads, cancel, collector);
    if (status.code() == absl::StatusCode::kCancelled) {
      mark_cancelled();
      trigger_analysis_undetermined("order_dependence", "trigger orders", interrupted);
    } else if (!status.ok()) {
      trigger_analysis_undetermined("order_dependence", "trigger orders",
                                    std::string(status.message()));
    }
  }
}

// Check, or with `resume`, ResumeCheck.
absl::StatusOr<CheckResult> RunChecks(const model::Model& model, const CheckOptions& options,
                                      explorer::Snapshot* resume) {
  FindingCollector collector(model, options.stop_at_first);
  std::vector<std::unique_ptr<BuiltInCheck>> checks;
  checks.push_back(std::make_unique<FailureCheck>(model, collector));
  if (options.invariants) {
    checks.push_back(std::make_unique<InvariantCheck>(model, collector, options.space));
  }
  if (options.deadlocks) checks.push_back(std::make_unique<DeadlockCheck>(collector));
  if (options.reachables) {
    checks.push_back(std::make_unique<ReachableCheck>(model, collector, options.space));
  }
  if (options.pending_at_end && !model.program.triggers.empty()) {
    checks.push_back(std::make_unique<PendingAtEndCheck>(model, collector));
  }
  CoverageCheck* coverage = nullptr;
  if (options.dead_rules || options.coverage) {
    auto check = std::make_unique<CoverageCheck>(model, collector, options.dead_rules);
    coverage = check.get();
    checks.push_back(std::move(check));
  }

  std::vector<explorer::ExplorationObserver*> observers;
  for (const auto& check : checks) observers.push_back(check.get());
  observers.push_back(&collector);  // asks the search to stop (--stop-at-first)

  const model::ModelStateSpace interpreted(model);
  const ir::StateSpace& space = options.space != nullptr ? *options.space : interpreted;
  explorer::ExploreOptions explore = options.explore;
  // The search keeps its edges for the analyses that need them, which then expand no state
  // again.
  explore.record_edges = GraphAnalyses(model, options).need_graph();
  absl::StatusOr<explorer::Exploration> explored =
      resume == nullptr ? explorer::Explore(space, observers, explore)
                        : explorer::ResumeExplore(space, observers, explore, std::move(*resume));
  if (!explored.ok()) return explored.status();
  explorer::Exploration exploration = *std::move(explored);

  CheckResult result;
  result.stats = exploration.stats();
  for (const auto& check : checks) check->Finish(result.stats, result.undetermined);
  if (result.stats.complete && result.stats.states == 0) {
    collector.AddBuilt(results::NoInitialState(model.program.init.loc));
  }
  RunGraphAnalyses(model, exploration, options, result, collector);
  result.findings = collector.Finish(exploration);
  if (coverage != nullptr) result.switched_off = coverage->SwitchedOff();
  if (options.coverage && coverage != nullptr) {
    result.has_coverage = true;
    result.coverage = coverage->Coverage();
  }
  if (options.on_explored) options.on_explored(exploration);
  return result;
}

}  // namespace

CheckResult Check(const model::Model& model, const CheckOptions& options) {
  // Without a snapshot to read nothing can fail.
  return *RunChecks(model, options, nullptr);
}

absl::StatusOr<CheckResult> ResumeCheck(const model::Model& model, const CheckOptions& options,
                                        explorer::Snapshot snapshot) {
  return RunChecks(model, options, &snapshot);
}

}  // namespace rulecheck::properties
