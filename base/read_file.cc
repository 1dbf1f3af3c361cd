// ReadWholeFile (see read_file.h).
#include "base/read_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/counts.h"

namespace rulecheck::base {

absl::StatusOr<std::string> ReadWholeFile(const std::string& path, std::string_view what,
                                          uint64_t max_bytes) {
  const std::string named = absl::StrCat("cannot read ", std::string(what), " `", path, "`");
  std::error_code error;
  if (std::filesystem::is_directory(std::filesystem::status(path, error))) {
    return absl::InvalidArgumentError(absl::StrCat(named, ": it is a directory"));
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  auto cannot_read = [&named](int why) {
    return absl::NotFoundError(
        absl::StrCat(named, why != 0 ? absl::StrCat(": ", std::strerror(why)) : ""));
  };
  if (!in) return cannot_read(errno);
  std::string text;
  std::vector<char> piece(1 << 16);
  while (in) {
    in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    text.append(piece.data(), static_cast<size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      return absl::InvalidArgumentError(
          absl::StrCat(named, ": it is longer than ", GroupThousands(max_bytes), " bytes"));
    }
  }
  if (in.bad()) return cannot_read(errno);
  return text;
}

}  // namespace rulecheck::base
