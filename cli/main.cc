// The `rulecheck` executable. Everything but main() lives in cli/app.cc and the command files,
// where tests can reach it.
#include <iostream>

#include "cli/app.h"
#include "solver/solver.h"

int main(int argc, char** argv) {
  // The process ends soon after its answers: Z3's contexts are left for it to free (solver.h).
  rulecheck::solver::KeepZ3ContextsUntilExit();
  return rulecheck::cli::RunCommandLine(argc, argv, std::cout, std::cerr);
}
