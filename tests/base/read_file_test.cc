// Tests for base/read_file.h: a file read whole, and the refusals a user can act on.
#include "base/read_file.h"

#include <filesystem>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace rulecheck::base {
namespace {

using ::testing::HasSubstr;

TEST(ReadWholeFileTest, ReadsTheWholeText) {
  const std::string path = testing::TempDir() + "/whole.txt";
  const std::string text(200000, 'x');  // more than one piece
  std::ofstream(path, std::ios::binary) << text;
  absl::StatusOr<std::string> read = ReadWholeFile(path, "baseline", 1 << 20);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, text);
}

TEST(ReadWholeFileTest, RefusesWithTheReason) {
  absl::StatusOr<std::string> read = ReadWholeFile(testing::TempDir(), "baseline", 1 << 20);
  EXPECT_THAT(read.status().message(), HasSubstr("cannot read baseline `"));
  EXPECT_THAT(read.status().message(), HasSubstr("`: it is a directory"));
  read = ReadWholeFile(testing::TempDir() + "/no/such.json", "rules file", 1 << 20);
  EXPECT_THAT(read.status().message(), HasSubstr(": No such file or directory"));
  // /dev/zero never ends: refused past the cap.
  read = ReadWholeFile("/dev/zero", "rules file", 100000);
  EXPECT_EQ(read.status().message(),
            "cannot read rules file `/dev/zero`: it is longer than 100,000 bytes");
}

}  // namespace
}  // namespace rulecheck::base
