// Sizes on the command line (`--memory 512M`): a number with an optional binary unit.
#ifndef RULECHECK_CLI_BYTE_SIZE_H_
#define RULECHECK_CLI_BYTE_SIZE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace rulecheck::cli {

// "1048576", "512K", "64M", "1.5G", "2T" (K = 1024 bytes; a trailing B or iB is allowed:
// "64MB", "64MiB"). InvalidArgument for anything else, zero, or more than 2^60 bytes.
absl::StatusOr<uint64_t> ParseByteSize(std::string_view text);
// 1536 -> "1.5 KiB", 3 << 30 -> "3.0 GiB".
std::string FormatByteSize(uint64_t bytes);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_BYTE_SIZE_H_
