// End-to-end checks of what `rulecheck check` finds in small models written by each test into
// a fresh temporary folder. Every model is small enough to work out by hand, and the expected
// counts, trace lengths and moves are derived in a comment beside it: one test per kind of
// finding (invariant, deadlock, assert, model error, unreachable), `--stop-at-first`, state
// counts through choose, may and roll, `--output`, and the text report.
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;

class FindingsTest : public testing_support::TempFolderTest {
 protected:
  std::string ReadFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream contents;
    contents << in.rdbuf();
    return contents.str();
  }

  // `rulecheck check PATH ARGS... --format json`, with stdout parsed.
  json CheckJson(const std::string& path, const std::vector<std::string>& args = {}) {
    std::vector<std::string> full = {"check", path};
    full.insert(full.end(), args.begin(), args.end());
    full.insert(full.end(), {"--format", "json"});
    run_ = RunRulecheck(full);
    json report = json::parse(run_.stdout_text, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(report.is_discarded()) << "stdout is not JSON:\n"
                                        << run_.stdout_text << "\nstderr:\n"
                                        << run_.stderr_text;
    return report.is_discarded() ? json::object() : report;
  }

  static std::vector<json> FindingsOfKind(const json& report, const std::string& kind) {
    std::vector<json> found;
    for (const json& finding : report.value("findings", json::array())) {
      if (finding.value("kind", "") == kind) found.push_back(finding);
    }
    return found;
  }

  static std::vector<std::string> Moves(const json& finding) {
    std::vector<std::string> moves;
    for (const json& step : finding.value("trace", json::array())) {
      moves.push_back(step.value("move", ""));
    }
    return moves;
  }

  RunResult run_;
};

// x counts up from 0 and stops at 5; `small` fails first at x = 2, two moves in: the trace is
// the initial state and two `inc()` moves.
constexpr char kInvariantModel[] = R"(state {
  x: 0..5
}
action inc() when x < 5 { x += 1 }
terminal when x == 5
invariant small: x < 2
)";

TEST_F(FindingsTest, InvariantViolationWithShortestTrace) {
  std::string path = WriteFile("invariant.rules", kInvariantModel);
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  EXPECT_EQ(report.value("complete", false), true);
  EXPECT_EQ(report.value("states", -1), 6);
  std::vector<json> violations = FindingsOfKind(report, "invariant");
  ASSERT_EQ(violations.size(), 1u) << report.dump(2);
  const json& finding = violations[0];
  EXPECT_EQ(finding.value("name", ""), "small");
  EXPECT_EQ(finding["location"].value("file", ""), path);
  EXPECT_EQ(finding["location"].value("line", -1), 6);
  EXPECT_THAT(Moves(finding), testing::ElementsAre("init", "inc()", "inc()"));
  ASSERT_EQ(finding["trace"].size(), 3u);
  EXPECT_EQ(finding["trace"][0]["state"]["x"], 0);
  EXPECT_EQ(finding["trace"][1]["state"]["x"], 1);
  EXPECT_EQ(finding["trace"][2]["state"]["x"], 2);
  EXPECT_TRUE(FindingsOfKind(report, "deadlock").empty()) << report.dump(2);
}

// n counts up to 3 and nothing is terminal: n = 3 has no move, a deadlock three moves in.
TEST_F(FindingsTest, DeadlockWithShortestTrace) {
  std::string path = WriteFile("deadlock.rules", R"(state {
  n: 0..3
}
action inc() when n < 3 { n += 1 }
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  EXPECT_EQ(report.value("states", -1), 4);
  std::vector<json> deadlocks = FindingsOfKind(report, "deadlock");
  ASSERT_EQ(deadlocks.size(), 1u) << report.dump(2);
  EXPECT_THAT(Moves(deadlocks[0]), testing::ElementsAre("init", "inc()", "inc()", "inc()"));
  EXPECT_EQ(deadlocks[0]["trace"].back()["state"]["n"], 3);
}

// x jumps from 0 to any of 1..2000, each a state with no move: 2,000 deadlocks, counted with
// the thousands grouped as every other count of the report is.
TEST_F(FindingsTest, DeadlockCountIsGroupedInThousands) {
  std::string path = WriteFile("deadlocks.rules", R"(state {
  x: 0..2000
}
action jump(v: 1..2000) when x == 0 { x := v }
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  std::vector<json> deadlocks = FindingsOfKind(report, "deadlock");
  ASSERT_EQ(deadlocks.size(), 1u) << report.dump(2);
  EXPECT_THAT(deadlocks[0].value("message", ""), HasSubstr("(2,000 deadlocked states in all)"));
}
// The assert fails in the move from n = 1, the second `inc()`.
TEST_F(FindingsTest, AssertFailureInsideAnAction) {
  std::string path = WriteFile("assert.rules", R"(state {
  n: 0..3
}
action inc() when n < 3 {
  n += 1
  assert n != 2, "two is not allowed"
}
terminal when n == 3
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  std::vector<json> failures = FindingsOfKind(report, "assert");
  ASSERT_EQ(failures.size(), 1u) << report.dump(2);
  EXPECT_THAT(failures[0].value("message", ""), HasSubstr("two is not allowed"));
  EXPECT_EQ(failures[0]["location"].value("line", -1), 6);
  std::vector<std::string> moves = Moves(failures[0]);
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.front(), "init");
  EXPECT_EQ(moves.back(), "inc()");
}

// From n = 3, `inc()` stores 4 into a 0..3 variable: a model error in the fourth move.
TEST_F(FindingsTest, ModelErrorWhenAValueLeavesItsRange) {
  std::string path = WriteFile("overflow.rules", R"(state {
  n: 0..3
}
action inc() { n := n + 1 }
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  std::vector<json> errors = FindingsOfKind(report, "model_error");
  ASSERT_EQ(errors.size(), 1u) << report.dump(2);
  EXPECT_EQ(errors[0]["location"].value("line", -1), 4);
  EXPECT_THAT(Moves(errors[0]), testing::ElementsAre("init", "inc()", "inc()", "inc()", "inc()"));
}

// n stops at 2, so `three` never holds.
TEST_F(FindingsTest, UnreachableProperty) {
  std::string path = WriteFile("unreachable.rules", R"(state {
  n: 0..3
}
action inc() when n < 2 { n += 1 }
terminal when n == 2
reachable three: n == 3
reachable two: n == 2
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  std::vector<json> unreachable = FindingsOfKind(report, "unreachable");
  ASSERT_EQ(unreachable.size(), 1u) << report.dump(2);
  EXPECT_EQ(unreachable[0].value("name", ""), "three");
  EXPECT_EQ(unreachable[0]["location"].value("line", -1), 6);
  std::vector<json> witnesses = FindingsOfKind(report, "witness");
  ASSERT_EQ(witnesses.size(), 1u) << report.dump(2);
  EXPECT_EQ(witnesses[0].value("name", ""), "two");
  EXPECT_THAT(Moves(witnesses[0]), testing::ElementsAre("init", "inc()", "inc()"));
}

// Two invariants fail (at n = 2 and at n = 3). Without `--stop-at-first` both are reported;
// with it, the search stops at the first (`below_two`, found one level earlier).
constexpr char kTwoInvariantsModel[] = R"(state {
  n: 0..3
}
action inc() when n < 3 { n += 1 }
terminal when n == 3
invariant below_two: n < 2
invariant below_three: n < 3
)";

TEST_F(FindingsTest, StopAtFirst) {
  std::string path = WriteFile("two.rules", kTwoInvariantsModel);
  json all = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  EXPECT_EQ(FindingsOfKind(all, "invariant").size(), 2u) << all.dump(2);

  json first = CheckJson(path, {"--stop-at-first"});
  EXPECT_EQ(run_.exit_code, 1) << run_.stderr_text;
  ASSERT_EQ(first.value("findings", json::array()).size(), 1u) << first.dump(2);
  EXPECT_EQ(first["findings"][0].value("kind", ""), "invariant");
  EXPECT_EQ(first["findings"][0].value("name", ""), "below_two");
}

// One roll of a die from the start: the initial state (d = 0, not done) and one state for
// each face (d = 1..6, done): 1 + 6 = 7 states, 6 transitions, the 6 faces terminal.
TEST_F(FindingsTest, RollGivesOneSuccessorPerOutcome) {
  std::string path = WriteFile("roll.rules", R"(state {
  d: 0..6
  done: bool
}
action throw() when not done {
  roll r in 1..6 { d := r }
  done := true
}
terminal when done
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 0) << run_.stderr_text << report.dump(2);
  EXPECT_EQ(report.value("states", -1), 7);
  EXPECT_EQ(report.value("transitions", -1), 6);
  EXPECT_EQ(report.value("terminal_states", -1), 6);
}

// choose over 0..4 without 2 has 4 candidates; each may be followed or not by setting b:
// 4 * 2 = 8 end states plus the initial one = 9 states and 8 transitions.
TEST_F(FindingsTest, ChooseAndMayMultiplySuccessors) {
  std::string path = WriteFile("choose.rules", R"(state {
  a: 0..4
  b: bool
  done: bool
}
action go() when not done {
  choose v in 0..4 where v != 2 { a := v }
  may { b := true }
  done := true
}
terminal when done
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 0) << run_.stderr_text << report.dump(2);
  EXPECT_EQ(report.value("states", -1), 9);
  EXPECT_EQ(report.value("transitions", -1), 8);
  EXPECT_EQ(report.value("terminal_states", -1), 8);
}

// A roll in `init` gives six initial states; each has one move: 12 states, 6 transitions.
TEST_F(FindingsTest, RollInInitGivesSeveralInitialStates) {
  std::string path = WriteFile("init_roll.rules", R"(state {
  d: 1..6
  moved: bool
}
init {
  roll r in 1..6 { d := r }
}
action nudge() when not moved { moved := true }
terminal when moved
)");
  json report = CheckJson(path);
  EXPECT_EQ(run_.exit_code, 0) << run_.stderr_text << report.dump(2);
  EXPECT_EQ(report.value("states", -1), 12);
  EXPECT_EQ(report.value("transitions", -1), 6);
  EXPECT_EQ(report.value("terminal_states", -1), 6);
}

TEST_F(FindingsTest, OutputFlagWritesTheReportToAFile) {
  std::string path = WriteFile("invariant.rules", kInvariantModel);
  std::string output = (dir_ / "report.json").string();
  RunResult run = RunRulecheck({"check", path, "--format", "json", "--output", output});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  ASSERT_TRUE(std::filesystem::exists(output)) << run.stderr_text;
  json report = json::parse(ReadFile(output), nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(report.is_discarded()) << ReadFile(output);
  EXPECT_EQ(report.value("states", -1), 6);
  EXPECT_EQ(FindingsOfKind(report, "invariant").size(), 1u);
  EXPECT_THAT(run.stdout_text, testing::Not(HasSubstr("\"findings\"")));
}

// A 6x6 grid walked from (0, 0) to (5, 5) one step right or up: 36 states. `near_origin`
// fails first at distance 3, three moves in.
TEST_F(FindingsTest, TextReportNamesTheCountsAndNarratesTheTrace) {
  std::string path = WriteFile("grid.rules", R"(state {
  x: 0..5
  y: 0..5
}
action go_right() when x < 5 { x += 1 }
action go_up() when y < 5 { y += 1 }
terminal when x == 5 and y == 5
invariant near_origin: x + y < 3
)");
  RunResult run = RunRulecheck({"check", path});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  const std::string& text = run.stdout_text;

  std::istringstream lines(text);
  bool summary_found = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("states") != std::string::npos &&
        std::regex_search(line, std::regex("(^|[^0-9])36([^0-9]|$)"))) {
      summary_found = true;
    }
  }
  EXPECT_TRUE(summary_found) << "no line with the state count 36:\n" << text;

  EXPECT_THAT(text, HasSubstr("near_origin"));
  const std::string location = path + ":8:";
  size_t at = text.find(location);
  EXPECT_TRUE(at != std::string::npos && at + location.size() < text.size() &&
              std::isdigit(static_cast<unsigned char>(text[at + location.size()])))
      << "no location " << location << "COL of the invariant:\n"
      << text;
  EXPECT_TRUE(text.find("go_right()") != std::string::npos ||
              text.find("go_up()") != std::string::npos)
      << "the trace's moves are not narrated:\n"
      << text;
}

}  // namespace
}  // namespace rulecheck::e2e
