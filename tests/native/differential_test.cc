// The compiled engine against the interpreter (issue 18: same meaning, same messages) on every
// model it can compile among games/ and the test models under tests/: the whole check report
// (states, transitions, findings with their messages, locations and traces) must be the same
// apart from times, and in every state the search stored, the two expanders must give the
// same successors (words, moves) and failures (kind, location, message, move), in the same
// order (both_ways.h), one test per model file. The benchmark games must compile.
// model_errors_test.cc does the same for small models with model errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
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
// more candidates than it lists (kMaxRangeCandidates, 256), of more sub-bags than it lists
// (256), and a loop that forks nested deeper than kMaxNest (256) calls. Worked by hand: `pick`
// gives n = 1..300 (301 states); `run` goes through 300 iterations and forks at the last (3
// states: x false or true); `four` picks 4 of 30 cards, 3 of each of 10 kinds: the multisets
// of 4 over 10 kinds, C(13, 4) = 715, but the 10 with four of one kind (706 states with the
// first).
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
                             3},
                        Case{"game \"g\"\nstate { b: bag<0..9, 3> = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, "
                             "3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9}\n"
                             " kept: bag<0..9, 3>\n done: bool }\n"
                             "action four when not done { choose h in sub(b, 4) { kept := h\n"
                             "  done := true } }\nterminal when done\n",
                             706}}) {
    absl::StatusOr<std::unique_ptr<model::Model>> model =
        model::LoadModelFromText("limits.rules", c.text, {});
    ASSERT_TRUE(model.ok()) << model.status();
    std::string why;
    EXPECT_TRUE(RunBothWays(**model, 0, why)) << why;
    EXPECT_EQ(Report(**model, nullptr, 0)["states"], c.states);
  }
}

// Every .rules file under games/ and tests/ but the bad inputs (which do not load), relative
// to the source tree, sorted: one test each, so that ctest spreads their compiles over the
// cores.
std::vector<std::string> ModelFiles() {
  const std::filesystem::path root = RULECHECK_SOURCE_DIR;
  std::vector<std::string> files;
  for (const char* folder : {"games", "tests"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      if (entry.path().extension() == ".rules" &&
          entry.path().parent_path().filename() != "bad_inputs") {
        files.push_back(std::filesystem::relative(entry.path(), root).string());
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class EveryModelTest : public testing::TestWithParam<std::string> {};

// A model that loads is compared on its first 20,000 states (2,000 under a sanitizer, where
// the interpreter's side is slow). Every game must compile; a test model may use a construct
// the generator leaves to the interpreter, which must then say so.
TEST_P(EveryModelTest, CompiledAgreesWithInterpreted) {
  const uint64_t max_states = testing_support::kSanitized ? 2000 : 20000;
  const std::string& file = GetParam();
  std::unique_ptr<model::Model> model = LoadFile(std::string(RULECHECK_SOURCE_DIR) + "/" + file);
  if (model == nullptr) GTEST_SKIP() << file << " is a bad input: nothing to run";
  std::string why;
  if (!RunBothWays(*model, max_states, why)) {
    EXPECT_NE(file.rfind("games/", 0), 0u) << "a game must compile: " << why;
    EXPECT_NE(why.find(" is not compiled yet"), std::string::npos) << why;
  }
}

// The test's name: the file's path with every character C++ names may not hold as `_`.
std::string FileTestName(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, info.param.size() - std::string(".rules").size());
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(DifferentialTest, EveryModelTest, testing::ValuesIn(ModelFiles()),
                         FileTestName);

}  // namespace
}  // namespace rulecheck::native
