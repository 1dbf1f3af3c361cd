// Helpers for `rulecheck solve` end-to-end tests (see solve_json.h).
#include "tests/e2e/solve_json.h"

#include "gtest/gtest.h"

namespace rulecheck::e2e {

SolveRun SolveJson(const std::vector<std::string>& args) {
  std::vector<std::string> full = {"solve"};
  full.insert(full.end(), args.begin(), args.end());
  full.insert(full.end(), {"--format", "json", "-q"});
  SolveRun result;
  result.run = RunRulecheck(full);
  const nlohmann::json report =
      nlohmann::json::parse(result.run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << result.run.stdout_text << result.run.stderr_text;
  if (report.is_discarded()) return result;
  for (const nlohmann::json& query : report["queries"]) result.queries[query["name"]] = query;
  return result;
}

std::vector<std::string> TraceMoves(const nlohmann::json& query) {
  std::vector<std::string> moves;
  for (const nlohmann::json& step : query["trace"]) moves.push_back(step["move"]);
  return moves;
}

}  // namespace rulecheck::e2e
