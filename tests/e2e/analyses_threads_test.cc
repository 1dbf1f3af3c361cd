// End-to-end checks of the rule analyses (dead rules, reaction chains, order dependence,
// non-termination) on the small models in tests/e2e/analyses/. Each model's answer is worked
// out by hand in the comment at its top; these tests hold `rulecheck check` to it: the kinds,
// names and locations of the findings, the lassos' moves and where their cycles start, and
// that negative cases (commuting triggers, a terminating game, a card played only deep in the
// game) report nothing. The same answers are required for 1 and 2 threads (a threads test:
// CI runs it under ThreadSanitizer too, as the analyses run on threads of their own).
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"

namespace rulecheck::e2e {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using json = nlohmann::json;

// `rulecheck check tests/e2e/analyses/NAME.rules --format json ARGS...`; the exit code too.
json Check(const std::string& name, int& exit_code, std::vector<std::string> args = {}) {
  std::vector<std::string> full = {"check", "tests/e2e/analyses/" + name + ".rules", "--format",
                                   "json", "--quiet"};
  full.insert(full.end(), args.begin(), args.end());
  const RunResult run = RunRulecheck(full);
  exit_code = run.exit_code;
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::object() : report;
}

std::vector<json> OfKind(const json& report, const std::string& kind) {
  std::vector<json> found;
  for (const json& finding : report.value("findings", json::array())) {
    if (finding.value("kind", "") == kind) found.push_back(finding);
  }
  return found;
}

// The one finding of `kind` in `report` (an empty object, and a failure, when there is not
// exactly one); held in a json that is not const, a missing key reads as null.
json OneOfKind(const json& report, const std::string& kind) {
  const std::vector<json> found = OfKind(report, kind);
  EXPECT_EQ(found.size(), 1u) << report.dump(2);
  return found.size() == 1 ? found[0] : json::object();
}

std::vector<std::string> Moves(const json& steps) {
  std::vector<std::string> moves;
  for (const json& step : steps) moves.push_back(step.value("move", ""));
  return moves;
}

class AnalysesTest : public testing::TestWithParam<int> {
 protected:
  json Run(const std::string& name, int expected_exit) {
    int exit_code = -1;
    json report = Check(name, exit_code, {"--threads", std::to_string(GetParam())});
    EXPECT_EQ(exit_code, expected_exit) << report.dump(2);
    EXPECT_TRUE(report.value("complete", false));
    return report;
  }
};

TEST_P(AnalysesTest, ForcedReactionChainIsALasso) {
  const json report = Run("forced_chain", 1);
  EXPECT_EQ(report["states"], 3);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  const json& chain = chains[0];
  EXPECT_EQ(chain["severity"], "error");
  EXPECT_EQ(chain["chain"], "forced");
  EXPECT_EQ(chain["name"], "ping, pong");
  EXPECT_EQ(chain["triggers"], json({"ping", "pong"}));
  EXPECT_EQ(chain["cycle_start"], 1);
  EXPECT_THAT(Moves(chain["trace"]), ElementsAre("init", "start()", "ping()", "pong()"));
  // The lasso closes: the last state is the state where the cycle starts.
  EXPECT_EQ(chain["trace"][3]["state"], chain["trace"][1]["state"]);
  EXPECT_EQ(report["findings"].size(), 1u);
}

TEST_P(AnalysesTest, OptionalReactionChain) {
  const json report = Run("optional_chain", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  EXPECT_EQ(chains[0]["chain"], "optional");
  EXPECT_EQ(chains[0]["name"], "echo");
  EXPECT_EQ(chains[0]["cycle_start"], 1);
  EXPECT_THAT(Moves(chains[0]["trace"]), ElementsAre("init", "start()", "echo()"));
  // The cycle through reset is among settled states, and `terminates` is not declared.
  EXPECT_TRUE(OfKind(report, "non_termination").empty());
  EXPECT_EQ(report["findings"].size(), 1u);
}

// A forced and an optional chain of one trigger are two findings, each of its own kind (they
// were one, of the first one's kind, counting "2 such cycles").
TEST_P(AnalysesTest, ForcedAndOptionalChainsOfOneTriggerAreTwoFindings) {
  const json report = Run("optional_into_forced", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 2u) << report.dump(2);
  EXPECT_EQ(chains[0]["chain"], "optional");
  EXPECT_EQ(chains[0]["cycle_start"], 1);
  EXPECT_THAT(Moves(chains[0]["trace"]), ElementsAre("init", "start()", "t()"));
  EXPECT_EQ(chains[1]["chain"], "forced");
  EXPECT_EQ(chains[1]["cycle_start"], 2);
  EXPECT_THAT(Moves(chains[1]["trace"]), ElementsAre("init", "start()", "t()", "t()"));
  for (const json& chain : chains) {
    EXPECT_THAT(chain.value("message", ""), Not(HasSubstr("such cycles")));
  }
  EXPECT_EQ(report["findings"].size(), 2u);
}

// The warning names the pair whose order matters, not the first trigger with one queued after
// the pair (tests/e2e/analyses/order_pair_apart.rules).
TEST_P(AnalysesTest, OrderDependenceNamesThePairThatConflicts) {
  const json report = Run("order_pair_apart", 0);
  json found = OneOfKind(report, "order_dependence");
  EXPECT_EQ(found["name"], "b, c");
  EXPECT_THAT(Moves(found["trace"]), ElementsAre("init", "go()", "a()"));
  EXPECT_THAT(found.value("message", ""), HasSubstr("(1 reachable state with both pending)"));
  EXPECT_EQ(report["findings"].size(), 1u);
}

// Two orders that fail in the same state with the same error end alike.
TEST_P(AnalysesTest, OrdersThatFailInTheSameStateAreNoOrderDependence) {
  const json report = Run("order_same_failure", 1);
  EXPECT_TRUE(OfKind(report, "order_dependence").empty()) << report.dump(2);
  json overflow = OneOfKind(report, "reaction_chain");
  EXPECT_EQ(overflow["chain"], "overflow");
  EXPECT_THAT(Moves(overflow["trace"]), ElementsAre("init", "start()", "ta()", "ta()"));
  EXPECT_EQ(report["findings"].size(), 2u);
}

// Two orders that end in the same error, in states that differ only in what is still
// pending, end alike (tests/e2e/analyses/order_same_error.rules).
TEST_P(AnalysesTest, OrdersThatEndInTheSameErrorAreNoOrderDependence) {
  const json report = Run("order_same_error", 1);
  EXPECT_TRUE(OfKind(report, "order_dependence").empty()) << report.dump(2);
  json error = OneOfKind(report, "model_error");
  EXPECT_THAT(Moves(error["trace"]), ElementsAre("init", "go()", "bad()"));
  EXPECT_EQ(OfKind(report, "dead_trigger").size(), 2u);
  EXPECT_EQ(report["findings"].size(), 3u);
}

// The choices each step makes, as the trace shows them.
std::vector<json> Choices(const json& steps) {
  std::vector<json> choices;
  for (const json& step : steps) choices.push_back(step.value("choices", json::array()));
  return choices;
}

TEST_P(AnalysesTest, ChainOnlyRollsRepeatIsAWarning) {
  for (const std::string name : {"chance_chain", "chance_choice_chain"}) {
    SCOPED_TRACE(name);
    const json report = Run(name, 0);
    EXPECT_EQ(report["states"], 3);
    const std::vector<json> chains = OfKind(report, "reaction_chain");
    ASSERT_EQ(chains.size(), 1u) << report.dump(2);
    EXPECT_EQ(chains[0]["severity"], "warning");
    EXPECT_EQ(chains[0]["chain"], "chance");
    EXPECT_EQ(chains[0]["name"], "again");
    EXPECT_EQ(chains[0]["cycle_start"], 1);
    EXPECT_THAT(Moves(chains[0]["trace"]), ElementsAre("init", "start()", "again()"));
    EXPECT_THAT(chains[0]["message"].get<std::string>(),
                HasSubstr("ends with probability 1 (with no bound on its length)"));
    EXPECT_EQ(report["findings"].size(), 1u);
  }
}

TEST_P(AnalysesTest, ChainAChoiceKeepsGoingIsAnError) {
  const json report = Run("reroll_by_choice", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  EXPECT_EQ(chains[0]["severity"], "error");
  EXPECT_EQ(chains[0]["chain"], "optional");
  // The cycle shown is the one the choice keeps going, not a roll that comes back.
  EXPECT_THAT(Choices(chains[0]["trace"]),
              ElementsAre(json::array(), json::array(), json({"may: yes"})));
  EXPECT_EQ(report["findings"].size(), 1u);
}

TEST_P(AnalysesTest, ChainOnlyRollsRepeatIntoAnEndlessChainSaysSo) {
  const json report = Run("chance_into_forced", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 2u) << report.dump(2);
  // One of each kind, found by its kind.
  const json* forced = nullptr;
  const json* chance = nullptr;
  for (const json& chain : chains) (chain["chain"] == "forced" ? forced : chance) = &chain;
  ASSERT_NE(forced, nullptr);
  ASSERT_NE(chance, nullptr);
  EXPECT_EQ((*forced)["severity"], "error");
  EXPECT_EQ((*forced)["name"], "ty");
  EXPECT_EQ((*chance)["severity"], "warning");
  EXPECT_EQ((*chance)["chain"], "chance");
  const std::string message = (*chance)["message"];
  EXPECT_THAT(message, HasSubstr("can lead into reactions that go on for ever"));
  EXPECT_THAT(message, Not(HasSubstr("probability 1")));
}

TEST_P(AnalysesTest, PendingOverflowIsAReactionChain) {
  const json report = Run("overflow_chain", 1);
  EXPECT_EQ(report["states"], 4);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  EXPECT_EQ(chains[0]["chain"], "overflow");
  EXPECT_EQ(chains[0]["location"]["line"], 20);
  EXPECT_EQ(chains[0]["location"]["column"], 3);
  EXPECT_THAT(Moves(chains[0]["trace"]),
              ElementsAre("init", "start()", "split()", "split()", "split()"));
  EXPECT_TRUE(chains[0]["trace"][4].value("failed", false));
  EXPECT_TRUE(OfKind(report, "deadlock").empty());
}

TEST_P(AnalysesTest, OrderDependenceNamesBothTriggersAndBothOutcomes) {
  const json report = Run("order_dependent", 0);  // a warning: the exit code stays 0
  EXPECT_EQ(report["states"], 4);
  const std::vector<json> found = OfKind(report, "order_dependence");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  const json& finding = found[0];
  EXPECT_EQ(finding["severity"], "warning");
  EXPECT_EQ(finding["name"], "double, inc");
  EXPECT_EQ(finding["triggers"], json({"double", "inc"}));
  EXPECT_THAT(Moves(finding["trace"]), ElementsAre("init", "go()"));
  EXPECT_EQ(finding["trace"][1]["state"]["x"], 1);
  ASSERT_EQ(finding["outcomes"].size(), 2u);
  const json& by_default = finding["outcomes"][0];
  const json& other = finding["outcomes"][1];
  EXPECT_THAT(Moves(by_default["steps"]), ElementsAre("double()", "inc()"));
  EXPECT_EQ(by_default["steps"].back()["state"]["x"], 3);
  EXPECT_THAT(Moves(other["steps"]), ElementsAre("inc()", "double()"));
  EXPECT_EQ(other["steps"].back()["state"]["x"], 4);
  EXPECT_THAT(other["order"].get<std::string>(), HasSubstr("inc"));
  EXPECT_TRUE(OfKind(report, "deadlock").empty());
}

TEST_P(AnalysesTest, TwoEntriesOfOneTriggerAreNamedByTheirArguments) {
  const json report = Run("order_same_trigger", 0);
  const std::vector<json> found = OfKind(report, "order_dependence");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  const json& finding = found[0];
  EXPECT_THAT(finding["message"].get<std::string>(),
              HasSubstr("the order of two pending entries of trigger `t`, `t(1)` and `t(2)`,"));
  ASSERT_EQ(finding["outcomes"].size(), 2u);
  EXPECT_EQ(finding["outcomes"][0]["order"], "`t(1)` first (the default order)");
  EXPECT_EQ(finding["outcomes"][1]["order"], "`t(2)` first");
  EXPECT_EQ(finding["outcomes"][0]["steps"].back()["state"]["x"], 2);
  EXPECT_EQ(finding["outcomes"][1]["steps"].back()["state"]["x"], 1);
}

TEST_P(AnalysesTest, CommutingTriggersAreNotReported) {
  const json report = Run("commuting", 0);
  EXPECT_EQ(report["states"], 4);
  EXPECT_TRUE(report["findings"].empty()) << report.dump(2);
}

TEST_P(AnalysesTest, NonTerminationIsALasso) {
  const json report = Run("endless", 1);
  const std::vector<json> found = OfKind(report, "non_termination");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  EXPECT_EQ(found[0]["name"], "terminates");
  EXPECT_EQ(found[0]["cycle_start"], 0);
  EXPECT_THAT(Moves(found[0]["trace"]), ElementsAre("init", "pass()", "pass()"));
  EXPECT_EQ(found[0]["trace"][1]["by"], "A");
  EXPECT_EQ(found[0]["trace"][2]["by"], "B");
  EXPECT_EQ(found[0]["location"]["line"], 9);
}

TEST_P(AnalysesTest, GameOnlyRollsKeepGoingEndsWithProbabilityOne) {
  const json report = Run("chance_race", 0);
  EXPECT_EQ(report["states"], 3);
  json found = OneOfKind(report, "non_termination");
  EXPECT_EQ(found["severity"], "warning");
  EXPECT_EQ(found["cycle_start"], 0);
  EXPECT_THAT(Moves(found["trace"]), ElementsAre("init", "advance()", "advance()"));
  EXPECT_THAT(Choices(found["trace"]),
              ElementsAre(json::array(), json({"roll d = 1"}), json({"roll d = 2"})));
  EXPECT_THAT(found.value("message", ""),
              HasSubstr("the game ends with probability 1 but has no bound on its length"));
  EXPECT_EQ(report["findings"].size(), 1u);
}

TEST_P(AnalysesTest, GameChoicesKeepGoingShowsTheirCycle) {
  json found = OneOfKind(Run("pass_or_roll", 1), "non_termination");
  EXPECT_EQ(found["severity"], "error");
  EXPECT_EQ(found["cycle_start"], 0);
  EXPECT_THAT(Moves(found["trace"]), ElementsAre("init", "rest()", "wait()"));
  EXPECT_THAT(found.value("message", ""), HasSubstr("the game need not end"));
}

// The shortest cycle among the states the choices can keep the play in is a roll's
// self-loop; the lasso goes through the choice instead.
TEST_P(AnalysesTest, GameChoicesKeepGoingShowsACycleThroughTheChoice) {
  const json report = Run("roll_then_choice", 1);
  json found = OneOfKind(report, "non_termination");
  EXPECT_EQ(found["severity"], "error");
  EXPECT_EQ(found["cycle_start"], 0);
  EXPECT_THAT(Moves(found["trace"]), ElementsAre("init", "advance()", "back()"));
  EXPECT_THAT(Choices(found["trace"]),
              ElementsAre(json::array(), json({"roll d = 2"}), json::array()));
  EXPECT_EQ(report["findings"].size(), 1u);
}

TEST_P(AnalysesTest, TerminatingGameHasNoFinding) {
  const json report = Run("ends", 0);
  EXPECT_EQ(report["states"], 4);
  EXPECT_TRUE(report["findings"].empty()) << report.dump(2);
}

TEST_P(AnalysesTest, DeadRulesAndUnreachableCards) {
  const json report = Run("dead_rules", 0);  // warnings only
  EXPECT_EQ(report["states"], 8);
  auto names = [&](const std::string& kind) {
    std::vector<std::string> out;
    for (const json& finding : OfKind(report, kind)) out.push_back(finding["name"]);
    return out;
  };
  EXPECT_THAT(names("dead_action"), ElementsAre("action never"));
  EXPECT_THAT(names("dead_trigger"), ElementsAre("trigger on_joker"));
  EXPECT_THAT(names("dead_branch"), ElementsAre("action play"));
  EXPECT_THAT(names("unreachable_card"), ElementsAre("Joker"));  // not Deep: it is played last
  EXPECT_EQ(OfKind(report, "dead_branch")[0]["location"]["line"], 27);
  EXPECT_EQ(OfKind(report, "unreachable_card")[0]["location"]["line"], 16);
  EXPECT_EQ(OfKind(report, "dead_action")[0]["severity"], "warning");
}

// cards_by_name.rules, by hand: Crown (moved by an action's statement) and Relic (by a proc
// a trigger calls) come into play; Sword (named only by the set-up), Ghost (only read by a
// guard) and Seal (moved only in a branch no play takes) do not. Both engines agree.
TEST_P(AnalysesTest, CardsMovedByNameComeIntoPlay) {
  for (const std::string engine : {"compiled", "interpreted"}) {
    int exit_code = -1;
    const json report = Check("cards_by_name", exit_code,
                              {"--threads", std::to_string(GetParam()), "--engine", engine});
    EXPECT_EQ(exit_code, 0) << engine;
    EXPECT_EQ(report["states"], 3) << engine;
    std::vector<std::string> cards;
    for (const json& finding : OfKind(report, "unreachable_card")) cards.push_back(finding["name"]);
    EXPECT_THAT(cards, ElementsAre("Sword", "Ghost", "Seal")) << engine;
  }
}

// cards_by_variable.rules, by hand: Ore and Gem, moved through a loop variable and a let,
// come into play; Dust (only dealt by the set-up) and Husk (nowhere) do not. They were all
// reported, Ore and Gem wrongly: only cards moved by name counted. Both engines agree.
TEST_P(AnalysesTest, CardsMovedThroughAVariableComeIntoPlay) {
  for (const std::string engine : {"compiled", "interpreted"}) {
    int exit_code = -1;
    const json report = Check("cards_by_variable", exit_code,
                              {"--threads", std::to_string(GetParam()), "--engine", engine});
    EXPECT_EQ(exit_code, 0) << engine;
    EXPECT_EQ(report["states"], 3) << engine;
    std::vector<std::string> cards;
    for (const json& finding : OfKind(report, "unreachable_card")) cards.push_back(finding["name"]);
    EXPECT_THAT(cards, ElementsAre("Dust", "Husk")) << engine;
  }
}

// pending_at_end.rules, by hand: the second point ends the game with echo pending (quiet's
// guard keeps it out then); echo resolved after the first point, so it is not dead.
TEST_P(AnalysesTest, ATriggerPendingWhenTheGameEndsIsAWarning) {
  const json report = Run("pending_at_end", 0);
  EXPECT_EQ(report["states"], 5);
  const std::vector<json> found = OfKind(report, "pending_at_end");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  EXPECT_EQ(found[0]["name"], "trigger echo");
  EXPECT_EQ(found[0]["severity"], "warning");
  EXPECT_EQ(found[0]["location"]["line"], 18);
  EXPECT_THAT(found[0]["message"].get<std::string>(), HasSubstr("echo is pending (echo())"));
  EXPECT_THAT(Moves(found[0]["trace"]),
              ElementsAre("init", "score()", "echo()", "quiet()", "score()"));
  EXPECT_TRUE(OfKind(report, "dead_trigger").empty());
  int exit_code = -1;
  EXPECT_TRUE(
      OfKind(Check("pending_at_end", exit_code, {"--skip", "pending"}), "pending_at_end").empty());
  EXPECT_EQ(exit_code, 0);
}

// order_fails.rules, by hand: with b first the chain ends in b's failure, which the outcome
// shows as its last step, rather than as a chain that never settles.
TEST_P(AnalysesTest, AnOrderThatFailsEndsInTheFailedMove) {
  const json report = Run("order_fails", 0);
  EXPECT_EQ(report["states"], 4);
  EXPECT_TRUE(OfKind(report, "model_error").empty());
  const std::vector<json> found = OfKind(report, "order_dependence");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  const json& outcomes = found[0]["outcomes"];
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_THAT(Moves(outcomes[0]["steps"]), ElementsAre("a()", "b()"));
  const json& other = outcomes[1]["steps"];
  EXPECT_THAT(Moves(other), ElementsAre("b()"));
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0]["failed"], true);
  EXPECT_THAT(other[0]["error"].get<std::string>(), HasSubstr("outside 0..3"));
}

// order_never_settles.rules, by hand: with b first the chain loops on spin; the outcome shows
// the way into the loop (b, a, spin back to the state after a) as a lasso.
TEST_P(AnalysesTest, AnOrderThatNeverSettlesShowsTheWayIntoItsLoop) {
  const json report = Run("order_never_settles", 0);
  EXPECT_EQ(report["states"], 4);
  const std::vector<json> found = OfKind(report, "order_dependence");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  const json& outcomes = found[0]["outcomes"];
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_THAT(Moves(outcomes[0]["steps"]), ElementsAre("a()", "b()"));
  EXPECT_FALSE(outcomes[0].contains("cycle_start"));
  EXPECT_THAT(Moves(outcomes[1]["steps"]), ElementsAre("b()", "a()", "spin()"));
  EXPECT_EQ(outcomes[1]["cycle_start"], 1);
  EXPECT_EQ(outcomes[1]["steps"][2]["state"], outcomes[1]["steps"][1]["state"]);
}

// forced_trap.rules, by hand: the shortest cycle is ta alone, but tb is in the trap too, and
// the message names both (it said no choice on the cycle leads out, while `may: no` does).
TEST_P(AnalysesTest, AForcedChainNamesEveryTriggerOfItsTrap) {
  const json report = Run("forced_trap", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  EXPECT_EQ(chains[0]["chain"], "forced");
  EXPECT_THAT(chains[0]["triggers"], ElementsAre("ta"));
  EXPECT_THAT(chains[0]["message"].get<std::string>(),
              HasSubstr("no choice leads out of the reactions it is part of (`ta`, `tb` resolve "
                        "among them)"));
}

// Coverage of dead_rules.rules, by hand: 12 play moves (2 from count 0, 4 from the two
// states at count 1, 4 from the two at count 2, 2 plays of Deep from count 3) run lines 24,
// 26, 27, 29, 30 and 32; the `if` body (28), `never` (34) and `on_joker` (35) run in none.
TEST_P(AnalysesTest, CoverageCountsTransitionsPerLine) {
  int exit_code = -1;
  const json report =
      Check("dead_rules", exit_code, {"--coverage", "--threads", std::to_string(GetParam())});
  EXPECT_EQ(exit_code, 0);
  std::vector<std::pair<int, int>> lines;
  for (const json& line : report["coverage"]) lines.emplace_back(line["line"], line["transitions"]);
  EXPECT_THAT(lines, ElementsAre(std::pair(24, 12), std::pair(26, 12), std::pair(27, 12),
                                 std::pair(28, 0), std::pair(29, 12), std::pair(30, 12),
                                 std::pair(32, 12), std::pair(34, 0), std::pair(35, 0)));
  const RunResult run =
      RunRulecheck({"check", "tests/e2e/analyses/dead_rules.rules", "-q", "--coverage"});
  EXPECT_THAT(run.stdout_text, HasSubstr("coverage: transitions that ran each line"));
  EXPECT_THAT(run.stdout_text, HasSubstr("      28            0  last := none"));
}

TEST_P(AnalysesTest, ChainsAreOnlyAmongStatesWithPendingTriggers) {
  const json report = Run("chain_and_cycle", 1);
  const std::vector<json> chains = OfKind(report, "reaction_chain");
  ASSERT_EQ(chains.size(), 1u) << report.dump(2);
  EXPECT_EQ(chains[0]["name"], "echo");
  EXPECT_EQ(chains[0]["chain"], "optional");
  const std::vector<json> cycles = OfKind(report, "non_termination");
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0]["cycle_start"], 0);
  EXPECT_THAT(Moves(cycles[0]["trace"]), ElementsAre("init", "start()", "echo()", "reset()"));
}

TEST_P(AnalysesTest, NoInitialStateIsAnError) {
  const json report = Run("no_initial_state", 1);
  EXPECT_EQ(report["states"], 0);
  const std::vector<json> found = OfKind(report, "no_initial_state");
  ASSERT_EQ(found.size(), 1u) << report.dump(2);
  EXPECT_EQ(found[0]["severity"], "error");
  EXPECT_EQ(found[0]["location"]["line"], 7);
  EXPECT_EQ(found[0]["location"]["column"], 1);
  EXPECT_EQ(report["findings"].size(), 1u) << report.dump(2);
}

INSTANTIATE_TEST_SUITE_P(Threads, AnalysesTest, testing::Values(1, 2),
                         [](const testing::TestParamInfo<int>& info) {
                           return "threads" + std::to_string(info.param);
                         });

// --skip switches each analysis off.
TEST(AnalysesSkipTest, EachAnalysisCanBeSwitchedOff) {
  int exit_code = -1;
  EXPECT_TRUE(Check("forced_chain", exit_code, {"--skip", "chain"})["findings"].empty());
  EXPECT_EQ(exit_code, 0);
  EXPECT_TRUE(Check("endless", exit_code, {"--skip", "termination"})["findings"].empty());
  EXPECT_EQ(exit_code, 0);
  EXPECT_TRUE(
      OfKind(Check("order_dependent", exit_code, {"--skip", "order"}), "order_dependence").empty());
}

// A search cut short decides no `terminates`.
TEST(AnalysesLimitTest, IncompleteSearchLeavesTerminatesUndetermined) {
  int exit_code = -1;
  const json report = Check("ends", exit_code, {"--max-states", "2"});
  EXPECT_EQ(exit_code, 3);
  EXPECT_FALSE(report["complete"]);
  ASSERT_EQ(report["undetermined"].size(), 1u) << report.dump(2);
  EXPECT_EQ(report["undetermined"][0]["kind"], "terminates");
}

// Where the memory budget holds the state graph but not the trees of who decides, whether
// only rolls repeat a chain is not guessed: the reaction chains are not determined (exit 3).
TEST(AnalysesLimitTest, NoRoomToTellChanceCyclesLeavesChainsUndetermined) {
  int exit_code = -1;
  const json roomy = Check("long_chance_chain", exit_code);
  EXPECT_EQ(exit_code, 0);
  ASSERT_EQ(OfKind(roomy, "reaction_chain").size(), 1u) << roomy.dump(2);
  EXPECT_EQ(OfKind(roomy, "reaction_chain")[0]["chain"], "chance");
  const json tight = Check("long_chance_chain", exit_code, {"--memory", "2048K"});
  EXPECT_EQ(exit_code, 3);
  EXPECT_TRUE(OfKind(tight, "reaction_chain").empty()) << tight.dump(2);
  ASSERT_EQ(tight["undetermined"].size(), 1u) << tight.dump(2);
  EXPECT_EQ(tight["undetermined"][0]["kind"], "reaction_chain");
  EXPECT_THAT(tight["undetermined"][0]["reason"].get<std::string>(),
              HasSubstr("telling the cycles only rolls repeat from the others"));
}

// The text report shows where a lasso's cycle starts and how each order plays out.
TEST(AnalysesTextTest, TextReportNarratesLassosAndOutcomes) {
  RunResult run = RunRulecheck({"check", "tests/e2e/analyses/forced_chain.rules", "-q"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.stdout_text, HasSubstr("infinite reaction chain (forced)"));
  EXPECT_THAT(run.stdout_text, HasSubstr("-- the cycle starts here"));
  run = RunRulecheck({"check", "tests/e2e/analyses/order_dependent.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.stdout_text, HasSubstr("then, with `double` first (the default order):"));
  EXPECT_THAT(run.stdout_text, HasSubstr("then, with `inc` first:"));
  run = RunRulecheck({"check", "tests/e2e/analyses/order_never_settles.rules", "-q"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.stdout_text,
              HasSubstr("  then, with `b` first:\n"
                        "       (the chain never settles: each state's first move, into a loop)\n"
                        "  3. b()\n"));
  EXPECT_THAT(run.stdout_text,
              HasSubstr("  -- the cycle starts here: the moves below come back to this state\n"
                        "  5. spin()\n"));
}

}  // namespace
}  // namespace rulecheck::e2e
