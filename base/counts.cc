// Numbers in text for people (see counts.h).
#include "base/counts.h"

#include "absl/strings/str_cat.h"

namespace rulecheck::base {

std::string GroupThousands(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string grouped;
  const size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  grouped.append(digits, 0, first);
  for (size_t i = first; i < digits.size(); i += 3) {
    grouped.push_back(',');
    grouped.append(digits, i, 3);
  }
  return grouped;
}

std::string CountOf(uint64_t n, const std::string& singular, const std::string& plural) {
  return absl::StrCat(GroupThousands(n), " ", n == 1 ? singular : plural);
}

}  // namespace rulecheck::base
