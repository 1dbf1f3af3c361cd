// `rulecheck solve --engine explicit` end to end: the hand-worked answers of
// tests/e2e/symbolic/hand_worked.rules from both engines, a --max-states cut that leaves
// answers unknown (exit code 3), progress lines, and flags that are refused.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/e2e/solve_json.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using json = nlohmann::json;

constexpr char kHandWorked[] = "tests/e2e/symbolic/hand_worked.rules";

struct Expected {
  const char* name;
  const char* status;
  json value;  // null for reachable and unsat
  int depth;
};

// The answers worked out in the model's header comment.
const Expected kAnswers[] = {
    {"farthest", "optimal", 60, 3},   {"centred", "optimal", 0, 2},
    {"two_coins", "sat", nullptr, 3}, {"rich_end", "unsat", nullptr, 4},
    {"ratio", "optimal", 12, 2},      {"broken", "unsat", nullptr, 1},
};

void ExpectHandWorkedAnswers(const std::vector<std::string>& engine) {
  std::vector<std::string> args = {kHandWorked};
  args.insert(args.end(), engine.begin(), engine.end());
  const SolveRun solve = SolveJson(args);
  EXPECT_EQ(solve.run.exit_code, 0) << solve.run.stderr_text;
  ASSERT_EQ(solve.queries.size(), 6u);
  for (const Expected& e : kAnswers) {
    SCOPED_TRACE(e.name);
    const json& q = solve.queries.at(e.name);
    EXPECT_EQ(q["status"], e.status) << q["message"];
    EXPECT_EQ(q["value"], e.value);
    EXPECT_EQ(q["depth"], e.depth);
  }
}

TEST(ExplicitSolveTest, HandWorkedAnswersFromBothEngines) {
  ExpectHandWorkedAnswers({});
  ExpectHandWorkedAnswers({"--engine", "explicit"});
  ExpectHandWorkedAnswers({"--engine", "explicit", "--threads", "2"});
}

TEST(ExplicitSolveTest, HandWorkedWitnessesAreTheFirstInCanonicalOrder) {
  const SolveRun solve = SolveJson({kHandWorked, "--engine", "explicit"});
  ASSERT_EQ(solve.queries.size(), 6u);
  EXPECT_THAT(TraceMoves(solve.queries.at("farthest")),
              ElementsAre("init", "jump()", "jump()", "jump()"));
  EXPECT_THAT(TraceMoves(solve.queries.at("centred")), ElementsAre("init", "step()", "jump()"));
  EXPECT_THAT(TraceMoves(solve.queries.at("two_coins")),
              ElementsAre("init", "step()", "grab()", "grab()"));
  EXPECT_TRUE(solve.queries.at("rich_end")["trace"].empty());
  EXPECT_THAT(solve.queries.at("ratio").value("message", ""),
              HasSubstr("1 state where the expression hit a model error does not count"));
}

// `broken` errs in every state within its bound: both engines say why it has no value.
TEST(ExplicitSolveTest, ANoValueAnswerSaysTheExpressionErredEverywhere) {
  const SolveRun symbolic = SolveJson({kHandWorked, "--query", "broken"});
  EXPECT_EQ(symbolic.queries.at("broken").value("message", ""),
            "broken has no value within 1 move; its expression hits a model error in every "
            "reachable state within 1 move");
  const SolveRun explicit_engine =
      SolveJson({kHandWorked, "--query", "broken", "--engine", "explicit"});
  EXPECT_THAT(explicit_engine.queries.at("broken").value("message", ""),
              HasSubstr("3 states where the expression hit a model error do not count (first: "
                        "division by zero in 0 / 0 (line 42))"));
}

TEST(ExplicitSolveTest, WithinOverridesTheBound) {
  const SolveRun solve =
      SolveJson({kHandWorked, "--engine", "explicit", "--query", "rich_end", "--within", "5"});
  EXPECT_EQ(solve.run.exit_code, 0);
  ASSERT_EQ(solve.queries.size(), 1u);
  EXPECT_EQ(solve.queries.at("rich_end")["status"], "sat");
  EXPECT_EQ(solve.queries.at("rich_end")["depth"], 5);
}

TEST(ExplicitSolveTest, MaxStatesCutsTheSearchShort) {
  // Levels 0 and 1 hold 3 states; the cut keeps 2 of level 2's 3: (3,0) and (1,1).
  const SolveRun solve = SolveJson({kHandWorked, "--engine", "explicit", "--max-states", "5"});
  EXPECT_EQ(solve.run.exit_code, 3) << solve.run.stderr_text;
  ASSERT_EQ(solve.queries.size(), 6u);
  const json& farthest = solve.queries.at("farthest");
  EXPECT_EQ(farthest["status"], "unknown");
  EXPECT_EQ(farthest["value"], 30);  // the best found, (3,0)
  EXPECT_EQ(farthest["depth"], 1);   // levels 0 and 1 were visited whole
  EXPECT_THAT(farthest.value("message", ""), HasSubstr("--max-states 5"));
  EXPECT_THAT(TraceMoves(farthest), ElementsAre("init", "step()", "jump()"));
  EXPECT_EQ(solve.queries.at("two_coins")["status"], "unknown");
  EXPECT_EQ(solve.queries.at("rich_end")["status"], "unknown");
  // Its bound is 1: answered in full before the cut.
  EXPECT_EQ(solve.queries.at("broken")["status"], "unsat");
}

TEST(ExplicitSolveTest, ProgressLinesUnlessQuiet) {
  const RunResult loud = RunRulecheck({"solve", kHandWorked, "--engine", "explicit"});
  EXPECT_EQ(loud.exit_code, 0);
  EXPECT_THAT(loud.stderr_text, HasSubstr("level 0 visited: 1 state in all"));
  EXPECT_THAT(loud.stderr_text, HasSubstr("level 4 visited: 16 states in all"));
  EXPECT_THAT(loud.stderr_text, HasSubstr("two_coins holds at depth 3"));
  const RunResult quiet = RunRulecheck({"solve", kHandWorked, "--engine", "explicit", "-q"});
  EXPECT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.stderr_text, "");
  for (const RunResult* run : {&loud, &quiet}) {
    EXPECT_THAT(run->stdout_text, HasSubstr("maximize farthest: optimal, value 60, depth 3"));
  }
}

TEST(ExplicitSolveTest, BadFlagsAreUsageErrors) {
  struct Case {
    std::vector<std::string> flags;
    const char* message;
  };
  const Case cases[] = {
      {{"--engine", "fast"}, "--engine"},
      {{"--engine", "explicit", "--threads", "0"}, "--threads"},
      {{"--engine", "explicit", "--max-states", "-3"}, "--max-states: must not be negative"},
      {{"--engine", "explicit", "--max-states", "many"}, "--max-states"},
      {{"--engine", "explicit", "--memory", "lots"}, "--memory"},
      {{"--engine", "explicit", "--timeout", "5"}, "--timeout is for --engine symbolic"},
      {{"--engine", "explicit", "--depth", "3"}, "are for --engine symbolic"},
      {{"--engine", "explicit", "--no-queries"}, "are for --engine symbolic"},
      {{"--engine", "explicit", "--method", "optimizer"}, "--method is for --engine symbolic"},
      {{"--threads", "2"}, "are for --engine explicit"},
      {{"--max-states", "100"}, "are for --engine explicit"},
      {{"--engine", "explicit", "--query", "nope"}, "no query named 'nope'"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"solve", kHandWorked};
    args.insert(args.end(), c.flags.begin(), c.flags.end());
    const RunResult run = RunRulecheck(args);
    SCOPED_TRACE(c.flags.back());
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_THAT(run.stderr_text, HasSubstr(c.message));
  }
}

}  // namespace
}  // namespace rulecheck::e2e
