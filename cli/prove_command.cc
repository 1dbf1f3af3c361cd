// The `prove` subcommand (see prove_command.h).
#include "cli/prove_command.h"

#include <string>

#include "CLI/CLI.hpp"
#include "cli/answer_command.h"
#include "cli/app.h"
#include "cli/flag_checks.h"
#include "solver/solver.h"

namespace rulecheck::cli {

CLI::App* AddProveCommand(CLI::App& app, ProveFlags& flags) {
  CLI::App* prove = app.add_subcommand(
      "prove",
      "Prove the file's invariants for every depth: by listing every reachable state where they "
      "are few enough, else by k-induction with Z3");
  AddInputFlags(*prove, flags, "The .rules file");
  prove->add_option("--invariant", flags.invariant, "Prove only this invariant")->type_name("NAME");
  prove->add_option("--k", flags.k, "Try induction depths 1..K")
      ->type_name("K")
      ->check(WholeNumber(1, 100000))
      ->capture_default_str();
  prove->add_option("--timeout", flags.timeout, "Seconds per invariant (0: none)")
      ->type_name("S")
      ->check(Seconds(1e9));
  AddMemoryFlag(*prove, flags,
                "Memory for Z3, e.g. 4G (default: most of the available memory); past it an "
                "invariant ends unknown");
  AddReportFlags(*prove, flags);
  AddQuietFlag(*prove, flags);
  return prove;
}

int RunProve(const ProveFlags& flags, std::ostream& out, std::ostream& err) {
  return RunAnswers(flags, out, err, [&](const model::Model& model, const AnswerEnv& env) {
    // Not an error (the answer, that nothing fails, is true), but rarely what was meant.
    if (model.program.invariants.empty()) {
      err << "note: " << flags.file << " declares no invariant: there is nothing to prove\n";
    }
    solver::ProveOptions options;
    options.max_k = flags.k;
    options.invariant = flags.invariant;
    options.timeout_seconds = flags.timeout;
    options.progress = env.progress;
    options.cancel = env.cancel;
    options.memory_bytes = env.memory_bytes;
    return solver::Prove(model, options);
  });
}

}  // namespace rulecheck::cli
