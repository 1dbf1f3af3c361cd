// A test fixture for tests that write files of their own (.rules files, a compile cache): each
// test gets a fresh folder under the system's temporary directory, removed when it ends.
#ifndef RULECHECK_TESTS_SHARED_TEMP_FOLDER_TEST_H_
#define RULECHECK_TESTS_SHARED_TEMP_FOLDER_TEST_H_

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace rulecheck::testing_support {

class TempFolderTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "rulecheck_e2e_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  // Writes `text` to `name` in the test's folder and returns the file's path.
  std::string WriteFile(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }

  // The whole text of the file at `path` (empty when it cannot be read).
  static std::string Read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  std::filesystem::path dir_;
};

}  // namespace rulecheck::testing_support

#endif  // RULECHECK_TESTS_SHARED_TEMP_FOLDER_TEST_H_
