// Every file in tests/e2e/bad_inputs/ holds one mistake, and its first line says where the
// front end must report it: `# expect: LINE:COL: SUBSTRING`. This test runs
// `rulecheck check PATH` on each and requires exit code 2 and, on stderr, a diagnostic that
// starts with `PATH:LINE:COL:` and contains SUBSTRING (ignoring case), followed by the quoted
// source line and a caret under column COL. The files are listed when the test binary starts,
// so adding a file adds a test named after it.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

constexpr size_t kMinimumBadInputs = 40;

std::filesystem::path BadInputDir() {
  return std::filesystem::path(RULECHECK_SOURCE_DIR) / "tests" / "e2e" / "bad_inputs";
}

// Every `*.rules` file of the folder, sorted; empty when the folder is missing.
std::vector<std::string> ListBadInputs() {
  std::vector<std::string> paths;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(BadInputDir(), error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".rules") {
      paths.push_back(entry.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

struct Expectation {
  int line = 0;
  int column = 0;
  std::string substring;
};

// Parses `# expect: LINE:COL: SUBSTRING`.
std::optional<Expectation> ParseExpectation(const std::string& first_line) {
  const std::string prefix = "# expect: ";
  if (first_line.rfind(prefix, 0) != 0) return std::nullopt;
  std::istringstream in(first_line.substr(prefix.size()));
  Expectation expectation;
  char colon1 = 0, colon2 = 0;
  if (!(in >> expectation.line >> colon1 >> expectation.column >> colon2) || colon1 != ':' ||
      colon2 != ':') {
    return std::nullopt;
  }
  std::getline(in >> std::ws, expectation.substring);
  if (expectation.line < 1 || expectation.column < 1 || expectation.substring.empty()) {
    return std::nullopt;
  }
  return expectation;
}

// The test's name: the file name without `.rules`, with anything but letters, digits and `_`
// replaced, as gtest requires.
std::string TestName(const testing::TestParamInfo<std::string>& info) {
  std::string name = std::filesystem::path(info.param).stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

class BadInputTest : public testing::TestWithParam<std::string> {};

TEST_P(BadInputTest, ReportsTheErrorWhereExpected) {
  const std::string& path = GetParam();
  std::vector<std::string> source = ReadLines(path);
  ASSERT_FALSE(source.empty()) << path << " is empty";
  std::optional<Expectation> expect = ParseExpectation(source[0]);
  ASSERT_TRUE(expect.has_value())
      << path << ": the first line must be `# expect: LINE:COL: SUBSTRING`, found: " << source[0];
  ASSERT_LE(expect->line, static_cast<int>(source.size())) << path << ": no such line";

  RunResult run = RunRulecheck({"check", path});
  EXPECT_EQ(run.exit_code, 2) << "stderr:\n" << run.stderr_text;

  // The diagnostic itself: one line starting with the position.
  const std::string position =
      path + ":" + std::to_string(expect->line) + ":" + std::to_string(expect->column) + ":";
  std::vector<std::string> lines = SplitLines(run.stderr_text);
  auto diagnostic = std::find_if(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.rfind(position, 0) == 0;
  });
  ASSERT_TRUE(diagnostic != lines.end())
      << "no diagnostic at " << position << " (expected one containing \"" << expect->substring
      << "\"); stderr:\n"
      << run.stderr_text;
  EXPECT_NE(Lowercase(*diagnostic).find(Lowercase(expect->substring)), std::string::npos)
      << "the diagnostic at " << position << " does not mention \"" << expect->substring << "\":\n"
      << *diagnostic;

  // Then the quoted source line and a caret under the column. The caret sits at the quoted
  // line's indentation plus COL - 1.
  ASSERT_GT(std::distance(diagnostic, lines.end()), 2)
      << "the diagnostic is not followed by the source line and a caret line; stderr:\n"
      << run.stderr_text;
  const std::string& quoted = *(diagnostic + 1);
  const std::string& caret = *(diagnostic + 2);
  const std::string& source_line = source[expect->line - 1];
  ASSERT_GE(quoted.size(), source_line.size());
  EXPECT_EQ(quoted.substr(quoted.size() - source_line.size()), source_line)
      << "the line after the diagnostic should quote line " << expect->line;
  size_t indent = quoted.size() - source_line.size();
  EXPECT_EQ(caret.find_first_not_of(" \t"), caret.find('^')) << "caret line: " << caret;
  EXPECT_EQ(caret.find('^'), indent + expect->column - 1)
      << "the caret is not under column " << expect->column << ":\n"
      << quoted << "\n"
      << caret;
}

INSTANTIATE_TEST_SUITE_P(Files, BadInputTest, testing::ValuesIn(ListBadInputs()), TestName);

TEST(BadInputCorpusTest, HasEnoughFiles) {
  EXPECT_GE(ListBadInputs().size(), kMinimumBadInputs) << "in " << BadInputDir();
}

}  // namespace
}  // namespace rulecheck::e2e
