// The `solve` subcommand (see solve_command.h).
#include "cli/solve_command.h"

#include <string>

#include "CLI/CLI.hpp"
#include "cli/answer_command.h"
#include "cli/app.h"
#include "cli/explicit_solve.h"
#include "cli/flag_checks.h"
#include "solver/solver.h"

namespace rulecheck::cli {

CLI::App* AddSolveCommand(CLI::App& app, SolveFlags& flags) {
  CLI::App* solve = app.add_subcommand(
      "solve",
      "Answer the file's queries (reachable, maximize, minimize) with Z3, or with --engine "
      "explicit by visiting every state within the bound");
  AddInputFlags(*solve, flags, "The .rules file");
  solve
      ->add_option("--engine", flags.engine,
                   "symbolic: Z3, bounded unrolling; explicit: breadth-first search over every "
                   "state within the bound, exact and usually much faster when those states "
                   "fit in memory, on the model compiled to native code when it can be (else "
                   "interpreted, with a note); compiled or interpreted: explicit, on that one")
      ->check(CLI::IsMember({"symbolic", "explicit", "compiled", "interpreted"}))
      ->capture_default_str();
  solve->add_option("--query", flags.query, "Answer only this query")->type_name("NAME");
  solve->add_option("--within", flags.within, "Override every query's `within` bound")
      ->type_name("N")
      ->check(WholeNumber(0, 1000000));
  solve
      ->add_option("--depth", flags.depth,
                   "Symbolic engine: also check invariants, failing moves and deadlocks up "
                   "to N moves")
      ->type_name("N")
      ->check(WholeNumber(0, 1000000));
  solve->add_flag("--no-queries", flags.no_queries, "Only the checks of --depth");
  solve->add_flag("--no-deadlock", flags.no_deadlock, "With --depth: skip the deadlock check");
  solve
      ->add_option("--timeout", flags.timeout,
                   "Symbolic engine: seconds per query or check, and as many again for each "
                   "--prove-optimal proof (0: none)")
      ->type_name("S")
      ->check(Seconds(1e9));
  AddMemoryFlag(*solve, flags,
                "Memory for Z3 or the explicit engine's state store, e.g. 4G (default: most of "
                "the available memory); past it a query ends unknown");
  solve
      ->add_option("--threads", flags.threads,
                   "Explicit engine: worker threads (default: one per core)")
      ->type_name("N")
      ->check(WholeNumber(1, 1024));
  solve
      ->add_option("--max-states", flags.max_states,
                   "Explicit engine: stop after this many states, answering unknown where the "
                   "states within the bound were not all visited (0: no limit)")
      ->type_name("N")
      ->check(UnsignedCount());
  solve
      ->add_option("--method", flags.method,
                   "Symbolic engine: how maximize/minimize search for the best value")
      ->check(CLI::IsMember({"binary", "optimizer"}))
      ->capture_default_str();
  solve->add_flag("--prove-optimal", flags.prove_optimal,
                  "Symbolic engine: after each maximize/minimize answer B, try to prove that no "
                  "state at any depth does better than B (by every reachable state where the "
                  "explicit engine lists them all, else by k-induction with invariants it "
                  "discovers); its own --timeout");
  solve->add_option("--max-k", flags.max_k, "With --prove-optimal: the largest k of the induction")
      ->type_name("K")
      ->check(WholeNumber(1, 1000))
      ->capture_default_str();
  AddReportFlags(*solve, flags);
  AddQuietFlag(*solve, flags);
  return solve;
}

namespace {

// The flags that only one engine reads, given to the other: a message, else empty.
std::string EngineMismatch(const SolveFlags& flags) {
  if (flags.engine != "symbolic") {
    if (flags.depth >= 0 || flags.no_queries || flags.no_deadlock) {
      return "--depth, --no-queries and --no-deadlock are for --engine symbolic; `rulecheck "
             "check` checks every state with the explicit engine";
    }
    if (flags.timeout > 0) {
      return "--timeout is for --engine symbolic; bound the explicit engine with --max-states "
             "or --memory (Ctrl-C also stops it with the answers so far)";
    }
    if (flags.method != "binary") return "--method is for --engine symbolic";
    if (flags.prove_optimal) return "--prove-optimal is for --engine symbolic";
    return "";
  }
  if (flags.threads != 0 || flags.max_states != 0) {
    return "--threads and --max-states are for --engine explicit";
  }
  return "";
}

// Not an error (no answer is wrong), but rarely what was meant: say so, as `prove` does.
void NoteNothingToAnswer(const model::Model& model, const SolveFlags& flags, std::ostream& err) {
  const bool queries = !flags.no_queries && !model.program.queries.empty();
  if (queries || (flags.engine == "symbolic" && flags.depth >= 0)) return;
  err << "note: " << flags.file
      << (model.program.queries.empty() ? " declares no query" : ": --no-queries")
      << ": there is nothing to answer";
  if (flags.engine == "symbolic") {
    err << " (--depth N checks its invariants, failed moves and deadlocks up to N moves)";
  }
  err << "\n";
}

}  // namespace

int RunSolve(const SolveFlags& flags, std::ostream& out, std::ostream& err) {
  if (const std::string mismatch = EngineMismatch(flags); !mismatch.empty()) {
    err << "rulecheck: " << mismatch << "\n";
    return kExitUsage;
  }
  if (flags.engine != "symbolic") {
    return RunAnswers(flags, out, err,
                      [&flags, &err](const model::Model& model, const AnswerEnv& env) {
                        NoteNothingToAnswer(model, flags, err);
                        return SolveExplicit(model, flags, env, err);
                      });
  }
  return RunAnswers(flags, out, err, [&](const model::Model& model, const AnswerEnv& env) {
    NoteNothingToAnswer(model, flags, err);
    solver::SolveOptions options;
    options.query = flags.query;
    if (flags.within >= 0) options.within = flags.within;
    options.queries = !flags.no_queries;
    options.check_depth = flags.depth;
    options.deadlocks = !flags.no_deadlock;
    options.timeout_seconds = flags.timeout;
    options.method = flags.method == "optimizer" ? solver::OptimizeMethod::kOptimizer
                                                 : solver::OptimizeMethod::kBinarySearch;
    options.prove_optimal = flags.prove_optimal;
    options.prove_max_k = flags.max_k;
    options.progress = env.progress;
    options.cancel = env.cancel;
    options.memory_bytes = env.memory_bytes;
    return solver::Solve(model, options);
  });
}

}  // namespace rulecheck::cli
