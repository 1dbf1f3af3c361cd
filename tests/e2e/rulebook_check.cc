// Helpers for the rulebook models' end-to-end tests (see rulebook_check.h).
#include "tests/e2e/rulebook_check.h"

#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {

using json = nlohmann::json;

Report CheckModel(const std::string& path, const std::vector<std::string>& consts,
                  const std::vector<std::string>& flags, std::chrono::milliseconds timeout) {
  std::vector<std::string> args = {"check", path, "--format", "json", "-q", "--threads", "2"};
  for (const std::string& c : consts) args.insert(args.end(), {"--const", c});
  args.insert(args.end(), flags.begin(), flags.end());
  const RunResult run = RunRulecheck(args, timeout);
  Report report;
  report.exit_code = run.exit_code;
  report.body = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.body.is_discarded()) << run.stdout_text << run.stderr_text;
  if (report.body.is_discarded()) return report;
  for (const json& finding : report.body["findings"]) {
    report.names[finding["kind"]].push_back(finding["name"]);
  }
  return report;
}

const std::vector<std::string> kErrorKinds = {
    "invariant",   "assert",          "deadlock",       "model_error",
    "unreachable", "non_termination", "reaction_chain", "order_dependence"};
// order_dependence is the last of kErrorKinds.
const std::vector<std::string> kErrorKindsButOrder(kErrorKinds.begin(), kErrorKinds.end() - 1);

void ExpectComplete(const Report& r, int exit_code, int states, int transitions) {
  EXPECT_EQ(r.exit_code, exit_code);
  EXPECT_TRUE(r.body["complete"]);
  EXPECT_EQ(r.body["states"], states);
  if (transitions >= 0) {
    EXPECT_EQ(r.body["transitions"], transitions);
  }
}

void ExpectNoFindingsOf(const Report& r, const std::vector<std::string>& kinds) {
  for (const std::string& kind : kinds) {
    EXPECT_TRUE(r.names.count(kind) == 0 || r.names.at(kind).empty()) << kind;
  }
}

SolveRun SolveExplicit(const std::string& path, const std::vector<std::string>& consts,
                       const std::vector<std::string>& flags) {
  std::vector<std::string> args = {path, "--engine", "explicit", "--threads", "2"};
  args.insert(args.end(), flags.begin(), flags.end());
  for (const std::string& c : consts) args.insert(args.end(), {"--const", c});
  SolveRun solve = SolveJson(args);
  EXPECT_EQ(solve.run.exit_code, 0) << solve.run.stderr_text;
  return solve;
}

void ExpectAnswer(const SolveRun& solve, const std::string& name, const std::string& status,
                  const json& value, int depth) {
  ASSERT_EQ(solve.queries.count(name), 1u) << name;
  const json& q = solve.queries.at(name);
  EXPECT_EQ(q["status"], status) << name << ": " << q["message"];
  EXPECT_EQ(q["value"], value) << name;
  EXPECT_EQ(q["depth"], depth) << name;
}

}  // namespace rulecheck::e2e
