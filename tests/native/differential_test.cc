// The compiled engine against the interpreter (issue 18: same meaning, same messages) on every
// model it can compile among games/ and the test models under tests/: the whole check report
// (states, transitions, findings with their messages, locations and traces) must be the same
// apart from times, and in every state the search stored, the two expanders must give the
// same successors (words, moves) and failures (kind, location, message, move), in the same
// order (both_ways.h). The benchmark games must compile. model_errors_test.cc does the same
// for small models with model errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "tests/native/both_ways.h"
#include "tests/shared/sanitizers.h"

namespace rulecheck::native {
namespace {

std::unique_ptr<model::Model> LoadFile(const std::string& path,
                                       const std::vector<model::ConstOverride>& consts = {}) {
  absl::StatusOr<std::unique_ptr<model::Model>> model = model::LoadModel(path, consts);
  return model.ok() ? *std::move(model) : nullptr;
}

TEST(DifferentialTest, BenchmarkGamesCompileAndAgree) {
  const std::string root = RULECHECK_SOURCE_DIR;
  struct Game {
    std::string file;
    std::vector<model::ConstOverride> consts;
    uint64_t max_states;
  };
  for (const Game& game :
       {Game{"games/puzzle8.rules", {}, 0}, Game{"games/hanoi.rules", {}, 0},
        Game{"games/tictactoe.rules", {}, 0}, Game{"games/puzzle11.rules", {}, 30000}}) {
    SCOPED_TRACE(game.file);
    std::unique_ptr<model::Model> model = LoadFile(root + "/" + game.file, game.consts);
    ASSERT_NE(model, nullptr);
    std::string why;
    EXPECT_TRUE(RunBothWays(*model, game.max_states, why)) << why;
  }
}

// Where the generated code leaves a state to the interpreter without an error: a choice of
// more candidates than it lists (kMaxRangeCandidates, 256), and a loop that forks nested
// deeper than kMaxNest (256) calls. Worked by hand: `pick` gives n = 1..300 (301 states);
// `run` goes through 300 iterations and forks at the last (3 states: x false or true).
TEST(DifferentialTest, ForksPastTheGeneratedLimitsAgree) {
  struct Case {
    const char* text;
    uint64_t states;
  };
  for (const Case& c : {Case{"game \"g\"\nstate { n: 0..300 }\n"
                             "action pick when n == 0 { choose k in 1..300 { n := k } }\n"
                             "terminal when n > 0\n",
                             301},
                        Case{"game \"g\"\nstate { c: 0..300\n x: bool\n done: bool }\n"
                             "action run when not done {\n  for i in 1..300 {\n"
                             "    if i == 300 { may { x := true } }\n    c := i\n  }\n"
                             "  done := true\n}\nterminal when done\n",
                             3}}) {
    absl::StatusOr<std::unique_ptr<model::Model>> model =
        model::LoadModelFromText("limits.rules", c.text, {});
    ASSERT_TRUE(model.ok()) << model.status();
    std::string why;
    EXPECT_TRUE(RunBothWays(**model, 0, why)) << why;
    EXPECT_EQ(Report(**model, nullptr, 0)["states"], c.states);
  }
}

// Every other model under games/ and tests/ that loads: compared when it compiles, on its
// first 20,000 states (2,000 under a sanitizer, where the interpreter's side is slow).
TEST(DifferentialTest, EveryModelThatCompilesAgrees) {
  const uint64_t max_states = testing_support::kSanitized ? 2000 : 20000;
  const std::string root = RULECHECK_SOURCE_DIR;
  int compiled = 0, not_compiled = 0;
  for (const char* folder : {"games", "tests"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root + "/" + folder)) {
      if (entry.path().extension() != ".rules") continue;
      std::unique_ptr<model::Model> model = LoadFile(entry.path().string());
      if (model == nullptr) continue;  // a bad input: nothing to run
      SCOPED_TRACE(entry.path().string());
      std::string why;
      if (RunBothWays(*model, max_states, why)) {
        ++compiled;
      } else {
        ++not_compiled;
        EXPECT_NE(why.find(" is not compiled yet"), std::string::npos) << why;
      }
    }
  }
  // The four benchmark games at least; the count of the others follows the language subset.
  EXPECT_GE(compiled, 4);
  std::cout << compiled << " models compiled and agree, " << not_compiled << " not compiled\n";
}

}  // namespace
}  // namespace rulecheck::native
