// End-to-end checks of the benchmark games connect four and Lights Out (games/README.md)
// against published counts and small cases worked by hand: connect four against John Tromp's
// table of positions reachable by legal play (counting the empty board and the positions
// where a game has just ended), Lights Out against 2^(N*N - k) configurations, with k from
// OEIS A075462. The larger boards (connect four 5 x 4 and 4 x 5, Lights Out 5 x 5) take too
// long under the sanitizers; bench/run.sh measures them.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/rulebook_check.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;
using json = nlohmann::json;

constexpr char kConnectFour[] = "games/connect4.rules";
constexpr char kLightsOut[] = "games/lightsout.rules";

// The number of states on the trace of the finding of `kind` named `name` (the initial state
// and one per move); -1 when there is no such finding.
int TraceLength(const Report& report, const std::string& kind, const std::string& name) {
  for (const json& finding : report.body.value("findings", json::array())) {
    if (finding.value("kind", "") == kind && finding.value("name", "") == name) {
      return static_cast<int>(finding.value("trace", json::array()).size());
    }
  }
  return -1;
}

TEST(BenchmarkGamesTest, ConnectFourFourByFourHasTrompsCount) {
  // The invariants scan the whole board in every state, which costs more than the search:
  // ConnectFourWinAgreesWithTheBoard checks them.
  const Report report = CheckModel(kConnectFour, {}, {"--skip", "invariant"});
  EXPECT_EQ(report.exit_code, 0) << report.body.dump(2);
  EXPECT_EQ(report.body.value("complete", false), true);
  EXPECT_EQ(report.body.value("states", -1), 161029);
  EXPECT_EQ(report.names.count("deadlock"), 0u);
  EXPECT_THAT(report.names.at("witness"), ElementsAre("x_wins", "o_wins", "draw"));
  // X's quickest win is four discs in one column while O plays elsewhere: 7 moves. O needs
  // four discs: 8 moves. A draw fills the board: 16 moves.
  EXPECT_EQ(TraceLength(report, "witness", "x_wins"), 8);
  EXPECT_EQ(TraceLength(report, "witness", "o_wins"), 9);
  EXPECT_EQ(TraceLength(report, "witness", "draw"), 17);
}

TEST(BenchmarkGamesTest, ConnectFourWinAgreesWithTheBoard) {
  // The first 30,000 states take in every position of up to 9 discs (18,669 of them), so
  // both players' quickest wins; in each of them the win found around the last disc is the one a
  // scan of the whole board finds, and the heights and the turn match the discs.
  const Report report = CheckModel(kConnectFour, {}, {"--max-states", "30000"});
  EXPECT_EQ(report.exit_code, 3) << report.body.dump(2);
  EXPECT_EQ(report.body.value("complete", true), false);
  EXPECT_EQ(report.names.count("invariant"), 0u) << report.body.dump(2);
  EXPECT_EQ(TraceLength(report, "witness", "x_wins"), 8);
  EXPECT_EQ(TraceLength(report, "witness", "o_wins"), 9);
}

TEST(BenchmarkGamesTest, ConnectFourTwoByTwo) {
  // Worked by hand: no four fits, so every position with X's discs equal to O's or one more
  // that legal play can stack is reached: 1 empty, 2 with one disc, 4 with two (O cannot be
  // under X in the same column), 6 with three and 5 full boards (not O under both of X's).
  // The full boards are the terminal positions; every other one has one move per column
  // with room, 2 + 2*2 + (1 + 1 + 2 + 2) + 6*1 = 18 transitions.
  const Report report = CheckModel(kConnectFour, {"W=2", "H=2"});
  EXPECT_EQ(report.exit_code, 1) << report.body.dump(2);  // the two wins are errors
  EXPECT_EQ(report.body.value("complete", false), true);
  EXPECT_EQ(report.body.value("states", -1), 18);
  EXPECT_EQ(report.body.value("transitions", -1), 18);
  EXPECT_EQ(report.body.value("terminal_states", -1), 5);
  EXPECT_EQ(report.names.count("invariant"), 0u) << report.body.dump(2);
  EXPECT_EQ(report.names.count("deadlock"), 0u) << report.body.dump(2);
  EXPECT_THAT(report.names.at("unreachable"), ElementsAre("x_wins", "o_wins"));
  EXPECT_EQ(TraceLength(report, "witness", "draw"), 5);
}

// Lights Out on n x n: `configurations` states, each with n*n successors, all different (no
// two presses toggle the same lights, and none toggles nothing), no terminal state, and all
// lights on after `presses` presses at the fewest.
void ExpectLightsOut(int n, int configurations, int presses) {
  const Report report = CheckModel(kLightsOut, {"N=" + std::to_string(n)});
  EXPECT_EQ(report.exit_code, 0) << report.body.dump(2);
  EXPECT_EQ(report.body.value("complete", false), true);
  EXPECT_EQ(report.body.value("states", -1), configurations);
  EXPECT_EQ(report.body.value("transitions", -1), configurations * n * n);
  EXPECT_EQ(report.body.value("terminal_states", -1), 0);
  EXPECT_EQ(report.names.count("deadlock"), 0u);
  EXPECT_EQ(TraceLength(report, "witness", "all_on"), presses + 1);
}

TEST(BenchmarkGamesTest, LightsOutThreeByThree) {
  // k = 0: all 2^9 configurations. The all-on problem has exactly one solution, the corners
  // and the centre: 5 presses.
  ExpectLightsOut(3, 512, 5);
}

TEST(BenchmarkGamesTest, LightsOutFourByFour) {
  // k = 4: 2^12 configurations. All on takes 4 presses, (0,1), (1,3), (2,0) and (3,2), which
  // toggle the 16 lights once each; 3 presses toggle at most 15 lights.
  ExpectLightsOut(4, 4096, 4);
}

}  // namespace
}  // namespace rulecheck::e2e
