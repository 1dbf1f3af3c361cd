// Helpers for the JSON report of `rulecheck odds` (see odds_json.h).
#include "tests/e2e/odds_json.h"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

namespace rulecheck::e2e {

using json = nlohmann::json;

json JsonReport(const RunResult& run) {
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::object() : report;
}

json Odds(const std::vector<std::string>& args, int exit_code) {
  std::vector<std::string> full = {"odds", "--format", "json", "-q"};
  full.insert(full.end(), args.begin(), args.end());
  const RunResult run = RunRulecheck(full);
  EXPECT_EQ(run.exit_code, exit_code) << run.stdout_text << run.stderr_text;
  return JsonReport(run);
}

namespace {

const json* FindPlay(const json& report, const std::string& name, const std::string& play) {
  if (!report.contains("answers")) return nullptr;
  for (const json& answer : report["answers"]) {
    if (answer["name"] != name) continue;
    for (const json& p : answer["plays"]) {
      if (p["play"] == play || (p["play"] == "best" && p["seat"] == play)) return &p;
    }
  }
  return nullptr;
}

}  // namespace

json Value(const json& report, const std::string& name, const std::string& play) {
  const json* p = FindPlay(report, name, play);
  if (p != nullptr) return (*p)["value"];
  ADD_FAILURE() << "no " << play << " value for " << name << " in " << report.dump();
  return json::object();
}

bool HasPlay(const json& report, const std::string& name, const std::string& play) {
  return FindPlay(report, name, play) != nullptr;
}

void ExpectExact(const json& value, const std::string& exact) {
  EXPECT_EQ(value["kind"], "exact") << value.dump();
  EXPECT_EQ(value["exact"], exact) << value.dump();
  // `value` is the double nearest the fraction: for numerator and denominator below 2^53 that
  // is their quotient, which IEEE division rounds correctly (1/5 is 0.2, not 0.19999999999999998).
  const size_t slash = exact.find('/');
  const int64_t num = std::stoll(exact.substr(0, slash));
  const int64_t den = slash == std::string::npos ? 1 : std::stoll(exact.substr(slash + 1));
  constexpr int64_t kExactDoubles = int64_t{1} << 53;
  if (std::llabs(num) < kExactDoubles && den < kExactDoubles) {
    EXPECT_EQ(value["value"].get<double>(), static_cast<double>(num) / static_cast<double>(den))
        << value.dump();
  }
}

}  // namespace rulecheck::e2e
