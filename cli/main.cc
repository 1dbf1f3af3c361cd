// The `rulecheck` executable. Everything but main() lives in cli/app.cc and the command files,
// where tests can reach it.
#include <iostream>

#include "cli/app.h"

int main(int argc, char** argv) {
  return rulecheck::cli::RunCommandLine(argc, argv, std::cout, std::cerr);
}
