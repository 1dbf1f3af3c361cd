// The `solve` subcommand (see solve_command.h), and the loading and report writing it shares
// with `prove` (RunAnswers).
#include "cli/solve_command.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "CLI/CLI.hpp"
#include "cli/app.h"
#include "cli/byte_size.h"
#include "cli/check_command.h"
#include "cli/flag_checks.h"
#include "cli/explicit_solve.h"
#include "cli/interrupt.h"
#include "explorer/explorer.h"
#include "reports/query_report.h"
#include "solver/solver.h"

namespace rulecheck::cli {

CLI::App* AddSolveCommand(CLI::App& app, SolveFlags& flags) {
  CLI::App* solve = app.add_subcommand(
      "solve",
      "Answer the file's queries (reachable, maximize, minimize) with Z3, or with --engine "
      "explicit by visiting every state within the bound");
  solve->add_option("FILE", flags.file, "The .rules file")->required();
  solve
      ->add_option("--engine", flags.engine,
                   "symbolic: Z3, bounded unrolling; explicit: breadth-first search over every "
                   "state within the bound, exact and usually much faster when those states "
                   "fit in memory")
      ->check(CLI::IsMember({"symbolic", "explicit"}))
      ->capture_default_str();
  solve->add_option("--const", flags.consts, "Override a constant (repeatable): NAME=VALUE")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  solve->add_option("--query", flags.query, "Answer only this query")->type_name("NAME");
  solve->add_option("--within", flags.within, "Override every query's `within` bound")
      ->type_name("N")
      ->check(CLI::Range(int64_t{0}, int64_t{1000000}));
  solve
      ->add_option("--depth", flags.depth,
                   "Symbolic engine: also check invariants, failing moves and deadlocks up "
                   "to N moves")
      ->type_name("N")
      ->check(CLI::Range(0, 1000000));
  solve->add_flag("--no-queries", flags.no_queries, "Only the checks of --depth");
  solve->add_flag("--no-deadlock", flags.no_deadlock, "With --depth: skip the deadlock check");
  solve
      ->add_option("--timeout", flags.timeout,
                   "Symbolic engine: seconds per query or check (0: none)")
      ->type_name("S")
      ->check(CLI::Range(0.0, 1e9));
  solve
      ->add_option("--memory", flags.memory,
                   "Memory for Z3 or the explicit engine's state store, e.g. 4G (default: most "
                   "of the available memory); past it a query ends unknown")
      ->type_name("SIZE");
  solve
      ->add_option("--threads", flags.threads,
                   "Explicit engine: worker threads (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1, 1024));
  solve
      ->add_option("--max-states", flags.max_states,
                   "Explicit engine: stop after this many states, answering unknown where the "
                   "states within the bound were not all visited (0: no limit)")
      ->type_name("N")
      ->check(NotNegative());
  solve
      ->add_option("--method", flags.method,
                   "Symbolic engine: how maximize/minimize search for the best value")
      ->check(CLI::IsMember({"binary", "optimizer"}))
      ->capture_default_str();
  solve->add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  solve->add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE");
  solve->add_flag("--quiet,-q", flags.quiet, "No progress lines on stderr");
  return solve;
}

int RunAnswers(const AnswerRun& run, std::ostream& out, std::ostream& err, const AnswerFn& fn) {
  const std::optional<reports::Format> format = reports::ParseFormat(run.format);
  if (!format.has_value()) {
    err << "rulecheck: unknown report format '" << run.format << "' (text or json)\n";
    return kExitUsage;
  }
  uint64_t memory = explorer::DefaultMemoryBudget();
  if (!run.memory.empty()) {
    absl::StatusOr<uint64_t> parsed = ParseByteSize(run.memory);
    if (!parsed.ok()) {
      err << "rulecheck: --memory: " << parsed.status().message() << "\n";
      return kExitUsage;
    }
    memory = *parsed;
  }
  absl::StatusOr<std::vector<model::ConstOverride>> overrides = ParseConstOverrides(run.consts);
  if (!overrides.ok()) {
    err << "rulecheck: " << overrides.status().message() << "\n";
    return kExitUsage;
  }
  absl::StatusOr<std::unique_ptr<model::Model>> model = model::LoadModel(run.file, *overrides);
  if (!model.ok()) {
    const std::string message(model.status().message());
    err << message;
    if (message.empty() || message.back() != '\n') err << "\n";
    return kExitUsage;
  }
  std::ofstream file;
  if (!run.output.empty()) {
    file.open(run.output, std::ios::out | std::ios::trunc);
    if (!file) {
      err << "rulecheck: cannot write " << run.output << "\n";
      return kExitUsage;
    }
  }
  AnswerEnv env;
  if (!run.quiet) env.progress = [&err](const std::string& line) { err << line << "\n"; };
  env.memory_bytes = memory;
  ScopedInterruptHandler interrupt;
  env.cancel = ScopedInterruptHandler::flag();
  absl::StatusOr<std::vector<results::Answer>> answers = fn(**model, env);
  if (!answers.ok()) {
    err << "rulecheck: " << answers.status().message() << "\n";
    return answers.status().code() == absl::StatusCode::kInternal ? kExitFindings : kExitUsage;
  }
  std::ostream& report = run.output.empty() ? out : file;
  reports::WriteQueryReport(*format, **model, *answers, report);
  report.flush();
  if (!report) {
    err << "rulecheck: cannot write the report\n";
    return kExitUsage;
  }
  bool unknown = false;
  for (const results::Answer& answer : *answers) {
    if (results::IsViolation(answer)) return kExitFindings;
    unknown = unknown || answer.verdict == results::Verdict::kUnknown;
  }
  return unknown ? kExitIncomplete : kExitOk;
}

namespace {

// The flags that only one engine reads, given to the other: a message, else empty.
std::string EngineMismatch(const SolveFlags& flags) {
  if (flags.engine == "explicit") {
    if (flags.depth > 0 || flags.no_queries || flags.no_deadlock) {
      return "--depth, --no-queries and --no-deadlock are for --engine symbolic; `rulecheck "
             "check` checks every state with the explicit engine";
    }
    if (flags.timeout > 0) {
      return "--timeout is for --engine symbolic; bound the explicit engine with --max-states "
             "or --memory (Ctrl-C also stops it with the answers so far)";
    }
    if (flags.method != "binary") return "--method is for --engine symbolic";
    return "";
  }
  if (flags.threads != 0 || flags.max_states != 0) {
    return "--threads and --max-states are for --engine explicit";
  }
  return "";
}

}  // namespace

int RunSolve(const SolveFlags& flags, std::ostream& out, std::ostream& err) {
  if (const std::string mismatch = EngineMismatch(flags); !mismatch.empty()) {
    err << "rulecheck: " << mismatch << "\n";
    return kExitUsage;
  }
  AnswerRun run{flags.file, flags.consts, flags.format, flags.output, flags.quiet, flags.memory};
  if (flags.engine == "explicit") {
    return RunAnswers(run, out, err, [&flags](const model::Model& model, const AnswerEnv& env) {
      return SolveExplicit(model, flags, env);
    });
  }
  return RunAnswers(run, out, err, [&flags](const model::Model& model, const AnswerEnv& env) {
    solver::SolveOptions options;
    options.query = flags.query;
    if (flags.within >= 0) options.within = flags.within;
    options.queries = !flags.no_queries;
    options.check_depth = flags.depth;
    options.deadlocks = !flags.no_deadlock;
    options.timeout_seconds = flags.timeout;
    options.method = flags.method == "optimizer" ? solver::OptimizeMethod::kOptimizer
                                                 : solver::OptimizeMethod::kBinarySearch;
    options.progress = env.progress;
    options.cancel = env.cancel;
    options.memory_bytes = env.memory_bytes;
    return solver::Solve(model, options);
  });
}

}  // namespace rulecheck::cli
