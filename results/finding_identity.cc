// Stable finding identifiers (see finding_identity.h). The hash is FNV-1a over the key's
// bytes: fixed by its definition, so it is the same on every machine and in every version
// that keeps the key, unlike std::hash or absl::Hash, which may be seeded per process.
#include "results/finding_identity.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>

#include "absl/strings/str_cat.h"

namespace rulecheck::results {
namespace {

// `line 12` -> `line #`: messages of failed moves and dead branches may name a line.
std::string WithoutLineNumbers(std::string_view message) {
  std::string out;
  constexpr std::string_view kLine = "line ";
  size_t i = 0;
  while (i < message.size()) {
    if (message.substr(i, kLine.size()) == kLine && i + kLine.size() < message.size() &&
        std::isdigit(static_cast<unsigned char>(message[i + kLine.size()]))) {
      out += "line #";
      i += kLine.size();
      while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i]))) ++i;
      continue;
    }
    out += message[i++];
  }
  return out;
}

std::string_view Trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

uint64_t Fnv1a(std::string_view bytes) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace

std::string FindingKey(const Finding& finding, std::string_view line_text) {
  // A unit separator keeps the parts apart: no name or message holds one.
  std::string key = absl::StrCat(std::string(KindName(finding.kind)), "\x1f", finding.name);
  switch (finding.kind) {
    case FindingKind::kAssert:
    case FindingKind::kModelError:
    case FindingKind::kDeadBranch:
      absl::StrAppend(&key, "\x1f", WithoutLineNumbers(finding.message), "\x1f",
                      std::string(Trimmed(line_text)));
      break;
    case FindingKind::kReactionChain:
      // An overflow and a cycle of the same rule are different problems.
      absl::StrAppend(&key, "\x1f", finding.chain == "overflow" ? "overflow" : "cycle");
      break;
    default:
      break;
  }
  return key;
}

std::vector<std::string> FindingIds(const std::vector<std::string>& keys) {
  std::vector<std::string> ids;
  std::map<std::string, int> seen;
  for (const std::string& key : keys) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(Fnv1a(key)));
    const std::string kind = key.substr(0, key.find('\x1f'));
    std::string id = absl::StrCat(kind, ":", hex);
    const int count = ++seen[key];
    if (count > 1) absl::StrAppend(&id, "#", count);
    ids.push_back(std::move(id));
  }
  return ids;
}

}  // namespace rulecheck::results
