// Parsing and printing byte sizes (see byte_size.h).
#include "cli/byte_size.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace rulecheck::cli {

absl::StatusOr<uint64_t> ParseByteSize(std::string_view text) {
  const auto bad = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("expected a size such as 512M or 4G, got '", std::string(text), "'"));
  };
  std::string number(text);
  std::string unit;
  while (!number.empty() && std::isalpha(static_cast<unsigned char>(number.back()))) {
    unit.insert(unit.begin(), static_cast<char>(std::toupper(number.back())));
    number.pop_back();
  }
  if (unit.size() > 1 && unit.back() == 'B') unit.pop_back();
  if (unit.size() > 1 && unit.back() == 'I') unit.pop_back();
  double scale = 1;
  if (unit == "K") {
    scale = 1024.0;
  } else if (unit == "M") {
    scale = 1024.0 * 1024;
  } else if (unit == "G") {
    scale = 1024.0 * 1024 * 1024;
  } else if (unit == "T") {
    scale = 1024.0 * 1024 * 1024 * 1024;
  } else if (!unit.empty() && unit != "B") {
    return bad();
  }
  double value = 0;
  if (number.empty() || !absl::SimpleAtod(number, &value) || !std::isfinite(value) || value <= 0) {
    return bad();
  }
  const double bytes = value * scale;
  if (bytes < 1 || bytes > std::ldexp(1.0, 60)) return bad();
  return static_cast<uint64_t>(bytes);
}

std::string FormatByteSize(uint64_t bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  if (unit == 0) {
    std::snprintf(text, sizeof(text), "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(text, sizeof(text), "%.1f %s", value, kUnits[unit]);
  }
  return text;
}

}  // namespace rulecheck::cli
