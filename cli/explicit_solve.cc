// `solve --engine explicit` (see explicit_solve.h): options from the flags, and progress lines.
#include "cli/explicit_solve.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "cli/engine_choice.h"
#include "cli/progress_printer.h"
#include "properties/query_answers.h"
#include "properties/query_check.h"

namespace rulecheck::cli {
namespace {

using ir::QueryKind;

// "level 3 visited: 1,234 states in all, 0.4 s; most_points best 1, quickest_win not yet".
std::string LevelLine(const properties::QueryLevel& level, double seconds) {
  std::string line = absl::StrFormat("level %d visited: %s in all, %.1f s;", level.depth,
                                     base::CountOf(level.visited, "state", "states"), seconds);
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

}  // namespace

absl::StatusOr<std::vector<results::Answer>> SolveExplicit(const model::Model& model,
                                                           const SolveFlags& flags,
                                                           const AnswerEnv& env,
                                                           std::ostream& err) {
  absl::StatusOr<EngineChoice> engine = ChooseEngine(
      model, flags.engine == "explicit" ? "auto" : flags.engine, EngineNotes(flags.quiet, err));
  if (!engine.ok()) return engine.status();
  properties::QueryOptions options;
  options.space = engine->space.get();
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
  engine->EndOfRun(env.cancel == nullptr || !env.cancel->load());
  if (!run.ok()) return run.status();
  return properties::ToAnswers(*run);
}

}  // namespace rulecheck::cli
