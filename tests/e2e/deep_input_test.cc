// End-to-end checks that input nested deeper than the front end's bounds is an error with a
// location and exit code 2, never a stack overflow: long chains of binary operators, long
// suffix chains in types, constants and funs built on one another. Each input is generated
// here as text, written to a temporary file and checked by the binary; inputs just under the
// bounds are checked too, and must pass (the explorer, which evaluates them, runs on them).
#include <filesystem>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

// Writes `text` to a file named after the current test in the temporary directory.
std::string WriteRules(const std::string& text) {
  const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               (std::string("rulecheck_deep_") + info->name() + ".rules");
  std::ofstream(path) << text;
  return path.string();
}

// `term op term op ... term` with `terms` terms.
std::string Chain(const std::string& term, const std::string& op, int terms) {
  std::string text = term;
  for (int i = 1; i < terms; ++i) text += op + term;
  return text;
}

// Funs f0 .. f<n-1>, each calling the one before, and an invariant that calls the last.
std::string FunChain(int n) {
  std::string text = "state { n: 0..1 }\nfun f0(k: int): int = k\n";
  for (int i = 1; i < n; ++i) {
    text += "fun f" + std::to_string(i) + "(k: int): int = f" + std::to_string(i - 1) + "(k)\n";
  }
  text += "invariant i: f" + std::to_string(n - 1) + "(n) >= 0\n";
  return text;
}

// Runs `check` and requires exit code 2 and a diagnostic `PATH:LINE:COL: error: ...` at
// `line` that mentions `words`.
void ExpectTooDeep(const std::string& text, int line, const std::string& words) {
  const std::string path = WriteRules(text);
  const RunResult run = RunRulecheck({"check", path});
  EXPECT_EQ(run.exit_code, 2) << run.stderr_text.substr(0, 2000);
  EXPECT_THAT(run.stderr_text, HasSubstr(words));
  const std::string position = path + ":" + std::to_string(line) + ":";
  const size_t at = run.stderr_text.find(position);
  ASSERT_NE(at, std::string::npos) << run.stderr_text.substr(0, 2000);
  const std::string diagnostic =
      run.stderr_text.substr(at + position.size(), run.stderr_text.find('\n', at) - at);
  EXPECT_THAT(diagnostic, MatchesRegex("[0-9]+: error: .*")) << diagnostic;
}

// Runs `check` on `text` plus a terminal declaration (the single state has no moves) and
// requires a clean pass.
void ExpectChecks(const std::string& text) {
  const RunResult run = RunRulecheck({"check", WriteRules(text + "terminal when true\n")});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text.substr(0, 2000);
}

TEST(DeepInputTest, LongConstantChainIsAnError) {
  ExpectTooDeep("game \"g\"\nconst K = " + Chain("1", "+", 20000) + "\nstate { n: 0..1 }\n", 2,
                "nested too deeply");
}

TEST(DeepInputTest, LongImpliesChainIsAnError) {
  ExpectTooDeep("state { x: bool }\ninvariant i: " + Chain("x", " => ", 20000) + "\n", 2,
                "nesting too deep");
}

TEST(DeepInputTest, LongOptionSuffixIsAnError) {
  ExpectTooDeep("state {\n  x: bool" + std::string(5000, '?') + "\n}\n", 2, "nesting too deep");
}

TEST(DeepInputTest, LongPostfixChainIsAnError) {
  ExpectTooDeep("state { x: bool? }\ninvariant i: x" + std::string(20000, '!') + "\n", 2,
                "nested too deeply");
}

TEST(DeepInputTest, LongChainsInFunsAndPlacesAreAnError) {
  ExpectTooDeep("state { n: 0..1 }\nfun f(k: int): int = " + Chain("k", " + ", 20000) +
                    "\ninvariant i: f(n) >= 0\n",
                2, "nested too deeply");
  ExpectTooDeep(
      "struct S { n: 0..1 }\nstate { s: S }\naction a() { s" + Chain("", ".n", 20000) + " := 1 }\n",
      3, "nested too deeply");
}

TEST(DeepInputTest, LongFunChainIsAnError) {
  // f<k> nests 2k + 1 levels deep; the first beyond the bound is f500, declared on line 502.
  ExpectTooDeep(FunChain(3000), 502, "nested too deeply");
}

TEST(DeepInputTest, ConstantsBuiltOnLongChainsAreAnError) {
  // Each constant's chain is within the parser's bound; evaluating the first one through all
  // the others (declared after it, so none is evaluated yet) is not.
  std::string text = "state { n: 0..1 }\n";
  for (int i = 19; i > 0; --i) {
    text += "const c" + std::to_string(i) + " = c" + std::to_string(i - 1) + " + " +
            Chain("0", " + ", 200) + "\n";
  }
  text += "const c0 = 1\n";
  ExpectTooDeep(text, 6, "nested too deeply");
}

TEST(DeepInputTest, InputsJustUnderTheBoundsCheck) {
  ExpectChecks("const K = " + Chain("1", "+", 250) + "\nstate { n: 0..1 }\ninvariant i: K > 0\n");
  ExpectChecks("state { x: bool }\ninvariant i: " + Chain("x", " => ", 250) + "\n");
  ExpectChecks("state { n: 0..1 }\ninvariant i: " + Chain("n", " + ", 250) + " >= 0\n");
  ExpectChecks(FunChain(450));
}

}  // namespace
}  // namespace rulecheck::e2e
