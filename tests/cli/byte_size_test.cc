// Sizes given to --memory.
#include "cli/byte_size.h"

#include <gtest/gtest.h>

namespace rulecheck::cli {
namespace {

TEST(ByteSizeTest, ParsesNumbersAndBinaryUnits) {
  EXPECT_EQ(*ParseByteSize("4096"), 4096u);
  EXPECT_EQ(*ParseByteSize("512K"), 512u * 1024);
  EXPECT_EQ(*ParseByteSize("64M"), 64u << 20);
  EXPECT_EQ(*ParseByteSize("64mb"), 64u << 20);
  EXPECT_EQ(*ParseByteSize("64MiB"), 64u << 20);
  EXPECT_EQ(*ParseByteSize("1.5G"), 3ull << 29);
  EXPECT_EQ(*ParseByteSize("2T"), 2ull << 40);
}

TEST(ByteSizeTest, RejectsWhatIsNotASize) {
  for (const char* bad : {"", "M", "-1G", "0", "0.1", "12Q", "1e400", "1GG", "nan", "G1"}) {
    absl::StatusOr<uint64_t> parsed = ParseByteSize(bad);
    EXPECT_FALSE(parsed.ok()) << bad;
    if (!parsed.ok()) {
      EXPECT_NE(parsed.status().message().find(bad), std::string::npos);
    }
  }
}

TEST(ByteSizeTest, FormatsWithBinaryUnits) {
  EXPECT_EQ(FormatByteSize(512), "512 B");
  EXPECT_EQ(FormatByteSize(1536), "1.5 KiB");
  EXPECT_EQ(FormatByteSize(3ull << 30), "3.0 GiB");
}

}  // namespace
}  // namespace rulecheck::cli
