// `solve --engine explicit` (see explicit_solve.h): options from the flags, progress lines,
// and the explicit answers in the symbolic engine's result format.
#include "cli/explicit_solve.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/progress_printer.h"
#include "reports/format_util.h"

namespace rulecheck::cli {
namespace {

using ir::QueryKind;

// The kind as the symbolic engine's results spell it.
const char* KindName(QueryKind kind) {
  if (kind == QueryKind::kReachable) return "reachable";
  return kind == QueryKind::kMaximize ? "maximize" : "minimize";
}

std::vector<solver::TraceStep> ToTraceSteps(const explorer::Trace& trace) {
  std::vector<solver::TraceStep> steps;
  steps.reserve(trace.size());
  for (const explorer::TraceStep& step : trace) {
    solver::TraceStep& s = steps.emplace_back();
    s.move = step.move;
    s.state = step.state;
  }
  return steps;
}

// "level 3 visited: 1,234 states in all, 0.4 s; most_points best 1, quickest_win not yet".
std::string LevelLine(const properties::QueryLevel& level, double seconds) {
  std::string line = absl::StrFormat("level %d visited: %s in all, %.1f s;", level.depth,
                                     reports::CountOf(level.visited, "state", "states"), seconds);
  for (size_t i = 0; i < level.answers.size(); ++i) {
    const properties::QueryAnswer& a = level.answers[i];
    absl::StrAppend(&line, i == 0 ? " " : ", ", a.name);
    if (a.kind == QueryKind::kReachable) {
      absl::StrAppend(&line, a.found ? absl::StrCat(" holds at depth ", a.depth) : " not yet");
    } else {
      absl::StrAppend(&line, a.found ? absl::StrCat(" best ", a.value) : " no value yet");
    }
  }
  return line;
}

// Why an answer is unknown: how the search ended and how far it got.
std::string Incomplete(const properties::QueryRun& run, const properties::QueryAnswer& answer) {
  const std::string reach = run.levels_done < 0
                                ? "not even the initial states were all visited"
                                : absl::StrCat("every state within ", run.levels_done, " of the ",
                                               answer.within, " moves was visited");
  return absl::StrCat("incomplete search (", reports::StopDescription(run.stats), "): ", reach);
}

solver::QueryResult ToQueryResult(const properties::QueryRun& run,
                                  const properties::QueryAnswer& answer) {
  solver::QueryResult r;
  r.name = answer.name;
  r.kind = KindName(answer.kind);
  r.trace = ToTraceSteps(answer.trace);
  r.depth = answer.depth;
  if (answer.kind == QueryKind::kReachable) {
    if (answer.found) {
      r.status = solver::Status::kSat;
      r.message = absl::StrCat(answer.name, " is reachable in ", answer.depth, " moves");
    } else if (answer.exact) {
      r.status = solver::Status::kUnsat;
      r.depth = answer.within;
      r.message = absl::StrCat(answer.name, " is not reachable within ", answer.within, " moves");
    }
  } else {
    if (answer.found) r.value = answer.value;
    const char* what = answer.kind == QueryKind::kMaximize ? "maximum" : "minimum";
    if (answer.exact && answer.found) {
      r.status = solver::Status::kOptimal;
      r.message = absl::StrCat("the ", what, " of ", answer.name, " within ", answer.within,
                               " moves is ", answer.value, ", reached in ", answer.depth, " moves");
    } else if (answer.exact) {
      r.status = solver::Status::kUnsat;
      r.depth = answer.within;
      r.message = absl::StrCat(answer.name, " has no value within ", answer.within, " moves");
    }
  }
  if (r.message.empty()) {
    r.status = solver::Status::kUnknown;
    r.depth = std::min(run.levels_done, answer.within);
    r.message = Incomplete(run, answer);
    if (answer.found && answer.kind != QueryKind::kReachable) {
      absl::StrAppend(&r.message, "; best found: ", answer.value, " (in ", answer.depth, " moves)");
    }
  }
  if (answer.errors > 0) {
    absl::StrAppend(&r.message, "; ", reports::CountOf(answer.errors, "state", "states"),
                    " where the expression hit a model error ", answer.errors == 1 ? "does" : "do",
                    " not count (first: ", answer.first_error, ")");
  }
  return r;
}

}  // namespace

std::vector<solver::QueryResult> ToQueryResults(const properties::QueryRun& run) {
  std::vector<solver::QueryResult> results;
  for (const properties::QueryAnswer& answer : run.answers) {
    results.push_back(ToQueryResult(run, answer));
  }
  // In the order the answers were settled, each gets the search time since the one before.
  std::vector<size_t> order(results.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&run](size_t a, size_t b) {
    return run.answers[a].seconds < run.answers[b].seconds;
  });
  double before = 0;
  for (size_t i : order) {
    results[i].seconds = run.answers[i].seconds - before;
    before = run.answers[i].seconds;
  }
  return results;
}

absl::StatusOr<std::vector<solver::QueryResult>> SolveExplicit(const model::Model& model,
                                                               const SolveFlags& flags,
                                                               const AnswerEnv& env) {
  properties::QueryOptions options;
  options.query = flags.query;
  if (flags.within >= 0) options.within = flags.within;
  options.explore.threads = flags.threads;
  options.explore.max_states = flags.max_states;
  options.explore.memory_bytes = env.memory_bytes;
  options.explore.cancel = env.cancel;
  ProgressPrinter printer(stderr);
  const auto start = std::chrono::steady_clock::now();
  if (!flags.quiet) {
    options.explore.progress = [&printer](const explorer::Progress& p) { printer.Print(p); };
    options.on_level = [&printer, start](const properties::QueryLevel& level) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      printer.Note(LevelLine(level, elapsed.count()));
    };
  }
  absl::StatusOr<properties::QueryRun> run = properties::AnswerQueries(model, options);
  printer.Finish();
  if (!run.ok()) return run.status();
  return ToQueryResults(*run);
}

}  // namespace rulecheck::cli
