// Hand-worked tests for solver/solver.h: model errors of each kind found at the depth worked
// out by hand with the explicit engine's message, deadlocks, bounded reachability that is too
// short, and k-induction (proved, violated, needs strengthening). The expected depths are in
// the comments.
#include "solver/solver.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/model.h"
#include "model/value_format.h"
#include "tests/shared/load_model.h"

namespace rulecheck::solver {
namespace {

using ::testing::HasSubstr;

const results::Answer* Find(const std::vector<results::Answer>& results, const std::string& kind) {
  for (const results::Answer& r : results) {
    if (results::AnswerKindName(r.kind) == kind) return &r;
  }
  return nullptr;
}

// The first failing move of `text` within `depth`, or null when none.
struct FailureCase {
  const char* text;
  int depth;          // where the failing move is tried
  const char* error;  // part of the explicit engine's message
};

class FailureTest : public ::testing::TestWithParam<FailureCase> {};

// The answers of `Solve` on `text` with the checks of `--depth depth` and no queries (the
// deadlock check only with `deadlocks`); empty, with a test failure, where it fails.
std::vector<results::Answer> BoundedAnswers(const std::string& text, int depth, bool deadlocks) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  EXPECT_NE(model, nullptr);
  if (model == nullptr) return {};
  SolveOptions options;
  options.queries = false;
  options.check_depth = depth;
  options.deadlocks = deadlocks;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  EXPECT_TRUE(results.ok()) << results.status();
  return results.ok() ? *std::move(results) : std::vector<results::Answer>{};
}

// The failure answer of `Solve` on `text` up to `depth` moves, without queries or deadlocks.
results::Answer FailureAnswer(const std::string& text, int depth = 4) {
  const std::vector<results::Answer> answers = BoundedAnswers(text, depth, false);
  const results::Answer* failure = Find(answers, "failure");
  EXPECT_NE(failure, nullptr);
  return failure == nullptr ? results::Answer{} : *failure;
}

TEST_P(FailureTest, FoundAtHandWorkedDepth) {
  const FailureCase& c = GetParam();
  const results::Answer failure = FailureAnswer(c.text);
  ASSERT_EQ(failure.verdict, results::Verdict::kSat) << failure.message;
  EXPECT_EQ(failure.depth, c.depth);
  ASSERT_EQ(failure.trace.size(), static_cast<size_t>(c.depth) + 2);
  EXPECT_TRUE(failure.trace.back().failed);
  EXPECT_THAT(failure.trace.back().error, HasSubstr(c.error));
}

INSTANTIATE_TEST_SUITE_P(
    ModelErrors, FailureTest,
    ::testing::Values(
        // c = 0, 1, 2 after 0, 1, 2 moves; the third inc gives 3.
        FailureCase{"state { c: 0..2 }\naction inc() { c += 1 }\n", 2, "outside 0..2"},
        // i = 3 is outside the index type at once.
        FailureCase{"state { a: [0..2] bool  x: bool }\naction get(i: 0..3) { x := a[i] }\n", 0,
                    "index 3"},
        // pop of an empty seq in the initial state.
        FailureCase{"state { s: seq<0..3, 2> }\naction p() { pop(s) }\n", 0, "empty"},
        // Two pushes fill the seq; the third fails in the state after two moves.
        FailureCase{"state { s: seq<0..3, 2> }\naction p() { push(s, 1) }\n", 2, "full"},
        // Division by k = 0.
        FailureCase{"state { x: 0..9 }\naction d(k: 0..2) { x := 6 / k }\n", 0, "division"},
        // o is none initially.
        FailureCase{"state { o: 0..3?  x: 0..3 }\naction u() { x := o! }\n", 0, "none"},
        // n = 1 after one move; the second move makes n = 2 and the assert fails.
        FailureCase{"state { n: 0..5 }\naction a() { n += 1  assert n < 2, \"too many\" }\n", 1,
                    "too many"},
        // Only the path that takes the may overflows: y = 1 after one move, 2 after two.
        FailureCase{"state { y: 0..1 }\naction a() { may { y += 1 } }\n", 1, "outside 0..1"},
        // A proc's parameter is checked as it is bound: the first move puts 1 + 2.
        FailureCase{"state { c: 0..5 }\nproc put(k: 0..2) { c := k }\n"
                    "action a() when c < 2 { c += 1  put(c + 2) }\n",
                    0, "value 3 is outside 0..2 of parameter `k` of `put`"},
        // The index of a `var` parameter's place, at the call, though the body never uses it.
        FailureCase{"state { a: [0..2] bool  n: 0..3 }\nproc tick(var w: bool) { n += 1 }\n"
                    "action go() when n < 2 { tick(a[n + 2]) }\n",
                    1, "an index of the place given to the `var` parameter `w`"},
        // Removing a card that is not in the bag.
        FailureCase{"enum C { A, B }\nstate { b: bag<C, 1> }\naction r(c: C) { remove(b, c) }\n", 0,
                    "holds no"},
        // The int64 minimum as a constant is that integer (it was read as none, 0): the first
        // move sets n = 1, and M - n, M / -1 overflow.
        FailureCase{"const M = -9223372036854775808\nstate { n: 0..1  r: 0..1 }\n"
                    "action go() { n := 1  r := if M - n < 0 then 1 else 0 }\n",
                    0, "overflow"},
        FailureCase{"const M = -9223372036854775808\nstate { n: 0..1 }\n"
                    "action go() { n := 1  require M / (n - 2) != 0 }\n",
                    0, "overflow"},
        // Two triggers on one event, a pending list of one: the emit overflows.
        FailureCase{"event E()\nstate { n: 0..1 }\ntrigger t1 on E() { n := 1 }\n"
                    "trigger t2 on E() { n := 0 }\npending 1\naction a() { emit E() }\n",
                    0, "overflow"}));

// `terminal when` reads a[x] with a of 0..1: x = 2 after two moves, where the explicit engine
// reports the model error (and counts the state as not terminal). A condition made true
// before it ends the evaluation first, as in the explicit engine: no error then.
TEST(FailureTest, TerminalWhenModelErrorIsFoundAtItsDepth) {
  const std::string game =
      "state { x: 0..3  a: [0..1] 0..3 }\n"
      "action step() when x < 3 { x := x + 1 }\n";
  const results::Answer error = FailureAnswer(game + "terminal when a[x] == 1\n");
  ASSERT_EQ(error.verdict, results::Verdict::kSat) << error.message;
  EXPECT_EQ(error.depth, 2);
  EXPECT_EQ(error.trace.size(), 3u);
  EXPECT_EQ(error.message,
            "model error while evaluating `terminal when` after 2 moves: a[2]: index 2 is "
            "outside 0..1");
  ASSERT_TRUE(error.finding.has_value());
  EXPECT_EQ(error.finding->kind, results::FindingKind::kModelError);
  EXPECT_EQ(error.finding->location.line, 3);
  const results::Answer ended =
      FailureAnswer(game + "terminal when x >= 2\nterminal when a[x] == 1\n");
  EXPECT_EQ(ended.verdict, results::Verdict::kUnsat) << ended.message;
}

// `--depth 0` checks the initial states (it was taken as no depth at all, and passed): o is
// none at the start, so `terminal when` fails there.
TEST(FailureTest, DepthZeroChecksTheInitialStates) {
  const results::Answer failure =
      FailureAnswer("state { o: (0..3)? }\nterminal when o! == 2\n", /*depth=*/0);
  EXPECT_EQ(failure.verdict, results::Verdict::kSat) << failure.message;
  EXPECT_EQ(failure.depth, 0);
}

// The deadlock answer of `Solve` on `text` up to `depth`, without queries.
results::Answer DeadlockAnswer(const std::string& text, int depth) {
  const std::vector<results::Answer> answers = BoundedAnswers(text, depth, true);
  const results::Answer* failure = Find(answers, "failure");
  EXPECT_TRUE(failure != nullptr && failure->verdict == results::Verdict::kUnsat);
  const results::Answer* dead = Find(answers, "deadlock");
  EXPECT_NE(dead, nullptr);
  return dead == nullptr ? results::Answer{} : *dead;
}

TEST(DeadlockTest, CounterThatStops) {
  // n = 0, 1, 2: the guard n < 2 fails after two moves and nothing else can move.
  const results::Answer dead =
      DeadlockAnswer("state { n: 0..3 }\naction a() when n < 2 { n += 1 }\n", 4);
  EXPECT_EQ(dead.verdict, results::Verdict::kSat);
  EXPECT_EQ(dead.depth, 2);
}

TEST(DeadlockTest, TerminalIsNoDeadlock) {
  const results::Answer dead = DeadlockAnswer(
      "state { n: 0..3 }\nterminal when n == 2\naction a() when n < 2 { n += 1 }\n", 4);
  EXPECT_EQ(dead.verdict, results::Verdict::kUnsat);
}

TEST(DeadlockTest, ChoiceWithoutCandidatesIsDeadlock) {
  // The choose has no candidate once x = 2, so `pick` is not a move there.
  const results::Answer dead = DeadlockAnswer(
      "state { x: 0..3 }\naction pick() { choose k in 1..2 where x + k <= 2 { x += k } }\n", 4);
  EXPECT_EQ(dead.verdict, results::Verdict::kSat);
  EXPECT_EQ(dead.depth, 1);  // x = 2 after choosing k = 2
}

// Take 1 to 3 from a pile of 7 until it is empty (terminal): 8 states, none a deadlock.
// Every state is listed, so the listing answers for every depth.
TEST(DeadlockTest, TheListingSaysNoStateIsADeadlock) {
  const results::Answer dead = DeadlockAnswer(
      "state { pile: 0..7 = 7 }\nterminal when pile == 0\n"
      "action take(n: 1..3) when n <= pile { pile -= n }\n",
      10);
  EXPECT_EQ(dead.verdict, results::Verdict::kUnsat);
  EXPECT_THAT(dead.message, HasSubstr("no reachable state is a deadlock; all 8 of them were "
                                      "listed"));
}

// Up by 1 or 2 while the sum stays at most 4: 4 is stuck, first reached in two moves (0, 2,
// 4). The listing says so, and Z3 is asked at depth 2 only.
TEST(DeadlockTest, TheListingSaysWhereTheFirstDeadlockIs) {
  const results::Answer dead =
      DeadlockAnswer("state { n: 0..9 }\naction up(k: 1..2) when n + k <= 4 { n += k }\n", 6);
  EXPECT_EQ(dead.verdict, results::Verdict::kSat);
  EXPECT_EQ(dead.depth, 2);
  EXPECT_EQ(dead.trace.size(), 3u);
}

TEST(ReachableTest, TooShortIsUnsatAndLongEnoughIsSat) {
  const std::string text =
      "state { n: 0..9 }\naction a() { n += 2 }\naction b() when n > 0 { n -= 1 }\n"
      "query five_short: reachable n == 5 within 3\n"
      "query five: reachable n == 5 within 4\n";
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  ASSERT_NE(model, nullptr);
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, SolveOptions{});
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 2u);
  // 5 = 2 + 2 + 2 - 1 needs four moves.
  EXPECT_EQ((*results)[0].verdict, results::Verdict::kUnsat);
  EXPECT_EQ((*results)[1].verdict, results::Verdict::kSat);
  EXPECT_EQ((*results)[1].depth, 4);
  ASSERT_EQ((*results)[1].trace.size(), 5u);
  EXPECT_EQ(model::FormatMoveCall(*model, (*results)[1].trace[1].move), "a()");
}

TEST(SolveTest, UnknownQueryIsNotFound) {
  std::unique_ptr<model::Model> model =
      test_models::LoadTestModel("state { n: 0..1 }\naction a() { n := 1 }\n");
  ASSERT_NE(model, nullptr);
  SolveOptions options;
  options.query = "nope";
  EXPECT_EQ(Solve(*model, options).status().code(), absl::StatusCode::kNotFound);
}

TEST(SolveTest, WithinOverridesTheQueryBound) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(
      "state { n: 0..9 }\naction a() when n < 9 { n += 1 }\nquery most: maximize n within 2\n");
  ASSERT_NE(model, nullptr);
  SolveOptions options;
  options.within = 5;
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->front().verdict, results::Verdict::kOptimal);
  EXPECT_EQ(results->front().value, 5);
  EXPECT_EQ(results->front().depth, 5);
}

// pts is 0 in every state fewer than 3 moves deep, so its bound there is 0; the search must
// not take that bound for every depth's and stop with 0 (the states of the unrolling carry
// the bits fixed at their own depth).
TEST(SolveTest, ABoundThatHoldsAtOneDepthDoesNotEndTheSearch) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state {
  t: 0..3
  pts: 0..3
}
action tick() when t < 3 {
  t += 1
  if t == 3 { pts := 2 }
}
query most: maximize pts within 3
)");
  ASSERT_NE(model, nullptr);
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, SolveOptions{});
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->front().verdict, results::Verdict::kOptimal);
  EXPECT_EQ(results->front().value, 2);
  EXPECT_EQ(results->front().depth, 3);
}

// A loop over a range that ends at INT64_MAX ends (the translation counted past it, for
// ever, ignoring --timeout); the explicit engine's answer, worked by hand: each of the three
// moves sets one element to its top, 1 each.
TEST(SolveTest, ALoopUpToInt64MaxEnds) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state { a: [9223372036854775805..9223372036854775807] -9223372036854775808..-9223372036854775806 }
action sa(i: 9223372036854775805..9223372036854775807,
          v: -9223372036854775808..-9223372036854775806) { a[i] := v }
query q: maximize sum i in 9223372036854775805..9223372036854775807: (a[i] + 9223372036854775807) within 3
)");
  ASSERT_NE(model, nullptr);
  SolveOptions options;
  options.timeout_seconds = 300;  // only so that a regression cannot hang the suite
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->front().verdict, results::Verdict::kOptimal) << results->front().message;
  EXPECT_EQ(results->front().value, 3);
  EXPECT_EQ(results->front().depth, 3);
}

// The int64 extremes are values like any other: a minimum of exactly -2^63 (x = 1: -2^62 * 2,
// or -2^62 - 2^62) was clipped when the optimiser negated it (a wrong optimum of 0, or of
// -2^62 at depth 0), and a variable starting at -2^63 never finished. Both methods.
TEST(SolveTest, TheInt64ExtremesAreOptima) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
const BIG = 4611686018427387904
state { x: 0..1  w: -9223372036854775808..9223372036854775807 = -9223372036854775808 }
action inc() when x < 1 { x += 1 }
query a: minimize x * (0 - BIG) * 2 within 1
query b: minimize x * (0 - BIG) - BIG within 1
query c: maximize x * BIG + (BIG - 1) within 1
query d: minimize w within 2
)");
  ASSERT_NE(model, nullptr);
  for (OptimizeMethod method : {OptimizeMethod::kBinarySearch, OptimizeMethod::kOptimizer}) {
    SolveOptions options;
    options.method = method;
    options.timeout_seconds = 300;  // only so that a regression cannot hang the suite
    absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
    ASSERT_TRUE(results.ok()) << results.status();
    ASSERT_EQ(results->size(), 4u);
    const int64_t min = std::numeric_limits<int64_t>::min();
    const int64_t max = std::numeric_limits<int64_t>::max();
    const std::pair<int64_t, int> expected[] = {{min, 1}, {min, 1}, {max, 1}, {min, 0}};
    for (size_t i = 0; i < 4; ++i) {
      const results::Answer& a = (*results)[i];
      SCOPED_TRACE(a.name + ": " + a.message);
      EXPECT_EQ(a.verdict, results::Verdict::kOptimal);
      EXPECT_EQ(a.value, expected[i].first);
      EXPECT_EQ(a.depth, expected[i].second);
    }
  }
}

// A counter that climbs to 5 and starts again, whose type reaches 1000; queries follow.
constexpr char kCycleToFive[] = R"(
state { x: 0..1000 }
action up() when x < 5 { x += 1 }
action again() when x == 5 { x := 0 }
)";

// Solves every query of `model`, collecting the progress lines in `lines`.
absl::StatusOr<std::vector<results::Answer>> SolveWithProgress(const model::Model& model,
                                                               std::vector<std::string>& lines) {
  SolveOptions options;
  options.timeout_seconds = 300;  // only so that a regression cannot hang the suite
  options.progress = [&lines](const std::string& line) { lines.push_back(line); };
  return Solve(model, options);
}

// The counter climbs to 5 and starts again, for ever: every depth has a play, and the static
// bound of x is 1000. Every reachable state seen (6 of them), none has more than 5, so the
// search ends at depth 5, the first with a 5, instead of unrolling 100,000 moves.
TEST(SolveTest, TheBestReachableValueEndsTheSearch) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(
      std::string(kCycleToFive) +
      "query most: maximize x within 100000\nquery least: minimize 7 - x within 100000\n");
  ASSERT_NE(model, nullptr);
  std::vector<std::string> lines;
  absl::StatusOr<std::vector<results::Answer>> results = SolveWithProgress(*model, lines);
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 2u);
  for (const results::Answer& answer : *results) {
    SCOPED_TRACE(answer.name);
    EXPECT_EQ(answer.verdict, results::Verdict::kOptimal) << answer.message;
    EXPECT_EQ(answer.value, answer.name == "most" ? 5 : 2);
    EXPECT_EQ(answer.depth, 5);
  }
  EXPECT_THAT(lines, ::testing::Contains(HasSubstr(
                         "most: no reachable state has a better value than 5 (all 6 reachable")));
  EXPECT_THAT(lines, ::testing::Contains(HasSubstr(
                         "least: no reachable state has a better value than 2 (all 6 reachable")));
  EXPECT_THAT(lines, ::testing::Not(::testing::Contains(HasSubstr("depth 6,"))));
}

// The same counter: where every state was listed, the listing knows each query's best value
// within its bound and the fewest moves to it, so Z3 checks that one depth only and the
// depths before it not at all. Within 3, the best is 3 (at depth 3); within 9, 5 (at 5).
TEST(SolveTest, TheListingsBestValueIsLookedForAtItsDepthOnly) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(
      std::string(kCycleToFive) +
      "query most3: maximize x within 3\nquery least9: minimize 7 - x within 9\n");
  ASSERT_NE(model, nullptr);
  std::vector<std::string> lines;
  absl::StatusOr<std::vector<results::Answer>> results = SolveWithProgress(*model, lines);
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 2u);
  const results::Answer& most3 = (*results)[0];
  EXPECT_EQ(most3.verdict, results::Verdict::kOptimal) << most3.message;
  EXPECT_EQ(most3.value, 3);
  EXPECT_EQ(most3.depth, 3);
  EXPECT_EQ(most3.trace.size(), 4u);
  const results::Answer& least9 = (*results)[1];
  EXPECT_EQ(least9.verdict, results::Verdict::kOptimal) << least9.message;
  EXPECT_EQ(least9.value, 2);
  EXPECT_EQ(least9.depth, 5);
  EXPECT_THAT(lines, ::testing::Contains(
                         HasSubstr("most3: the best value within 3 moves is 3, first at depth 3")));
  EXPECT_THAT(lines, ::testing::Contains(HasSubstr(
                         "least9: the best value within 9 moves is 2, first at depth 5")));
  // Depths 1 to 4 of least9 were not checked: no progress line says they were finished.
  EXPECT_THAT(lines, ::testing::Not(::testing::Contains(HasSubstr("least9: depth 2,"))));
  EXPECT_THAT(lines, ::testing::Contains(HasSubstr("least9: depth 5, best 2")));
}

// The same counter's reachable queries, by hand: x == 5 first holds 5 moves deep, x == 6 never
// (the cycle 0..5 is every reachable state). Where the fixed-bit pass lists every reachable
// state, the depths before 5 are not checked, and x == 6 is unreachable at once, whatever the
// bound (a million depths would take Z3 far longer than the time-out).
TEST(SolveTest, TheListingAnswersReachableQueries) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(
      std::string(kCycleToFive) +
      "query five: reachable x == 5 within 100000\nquery six: reachable x == 6 within 1000000\n"
      "query early_five: reachable x == 5 within 4\n");
  ASSERT_NE(model, nullptr);
  std::vector<std::string> lines;
  absl::StatusOr<std::vector<results::Answer>> results = SolveWithProgress(*model, lines);
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 3u);
  const results::Answer& five = (*results)[0];
  EXPECT_EQ(five.verdict, results::Verdict::kSat) << five.message;
  EXPECT_EQ(five.depth, 5);
  EXPECT_EQ(five.trace.size(), 6u);
  const results::Answer& six = (*results)[1];
  EXPECT_EQ(six.verdict, results::Verdict::kUnsat) << six.message;
  EXPECT_EQ(six.depth, 1000000);
  EXPECT_THAT(six.message, HasSubstr("no reachable state satisfies it; all 6 of them were listed"));
  const results::Answer& early = (*results)[2];
  EXPECT_EQ(early.verdict, results::Verdict::kUnsat) << early.message;
  EXPECT_EQ(early.depth, 4);
  EXPECT_THAT(early.message, HasSubstr("the fewest moves to a state where it holds are 5"));
  EXPECT_THAT(lines, ::testing::Contains(HasSubstr(
                         "five: no state fewer than 5 moves deep answers it (all 6 reachable")));
  // Depths 1 to 4 were not checked: no progress line says they were refuted.
  EXPECT_THAT(lines, ::testing::Not(::testing::Contains(HasSubstr("five: depth 2 unsat"))));
}

// Solves the one query of `text`, a counter far too long to finish, and sets the cancel flag
// (Ctrl-C) once a progress line says depth 2 is done (a line with ": depth K" and `done`).
// Returns the answer and the last depth the progress lines finished: where the stop lands
// (the watchdog looks at the flag every so often) varies, so the tests compare with that.
std::pair<results::Answer, int> SolveStoppedAfterDepthTwo(const std::string& text,
                                                          const std::string& done) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  EXPECT_NE(model, nullptr);
  if (model == nullptr) return {results::Answer{}, -1};
  std::atomic<bool> cancel{false};
  SolveOptions options;
  options.timeout_seconds = 300;  // only so that a regression cannot hang the suite
  options.cancel = &cancel;
  int last_finished = -1;
  options.progress = [&](const std::string& line) {
    const size_t at = line.find(": depth ");
    if (at == std::string::npos || line.find(done) == std::string::npos) return;
    last_finished = std::stoi(line.substr(at + 8));
    if (last_finished >= 2) cancel.store(true);
  };
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  EXPECT_TRUE(results.ok()) << results.status();
  if (!results.ok()) return {results::Answer{}, -1};
  return {results->front(), last_finished};
}

// A stop lists the questions it came before as unknown, not started, rather than leaving them
// out of the report. (A million states: more than the fixed-bit pass lists, which would
// answer the reachable query without a check at each depth.)
TEST(SolveTest, AStopListsTheQueriesNotStarted) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(R"(
state { x: 0..1000000 }
action up() when x < 1000000 { x += 1 }
query top: reachable x == 1000000 within 1000000
query most: maximize x within 1000000
)");
  ASSERT_NE(model, nullptr);
  std::atomic<bool> cancel{false};
  SolveOptions options;
  options.timeout_seconds = 300;  // only so that a regression cannot hang the suite
  options.cancel = &cancel;
  options.progress = [&](const std::string& line) {
    if (line.find("top: depth 2") != std::string::npos) cancel.store(true);
  };
  absl::StatusOr<std::vector<results::Answer>> results = Solve(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 2u);
  EXPECT_EQ((*results)[0].verdict, results::Verdict::kUnknown);
  EXPECT_THAT((*results)[0].message, HasSubstr("interrupted"));
  const results::Answer& most = (*results)[1];
  EXPECT_EQ(most.name, "most");
  EXPECT_EQ(most.kind, results::AnswerKind::kMaximize);
  EXPECT_EQ(most.verdict, results::Verdict::kUnknown);
  EXPECT_EQ(most.message,
            "not answered: the run was stopped (Ctrl-C or a signal) before this question was "
            "started");
  EXPECT_EQ(most.depth, -1);  // not even depth 0 was answered

  // prove, stopped before it starts: every invariant is listed so.
  std::unique_ptr<model::Model> two = test_models::LoadTestModel(
      "state { n: 0..9 }\naction a() when n < 8 { n += 2 }\ninvariant even: n % 2 == 0\n"
      "invariant small: n <= 8\n");
  ASSERT_NE(two, nullptr);
  ProveOptions prove;
  prove.cancel = &cancel;
  absl::StatusOr<std::vector<results::Answer>> proved = Prove(*two, prove);
  ASSERT_TRUE(proved.ok()) << proved.status();
  ASSERT_EQ(proved->size(), 2u);
  for (const results::Answer& a : *proved) {
    EXPECT_EQ(a.kind, results::AnswerKind::kProof);
    EXPECT_EQ(a.verdict, results::Verdict::kUnknown);
    EXPECT_THAT(a.message, HasSubstr("not answered"));
  }
}

// A maximize query stopped part way reports the deepest depth it answered in full, and the
// best value within it, not the depth of a better value found in the depth it did not finish.
// (A million states: more than the fixed-bit pass lists, which would know the best value and
// its depth, and look for its play at that depth only.)
TEST(SolveTest, AStoppedQueryReportsTheDepthItFinished) {
  const auto [answer, last_finished] = SolveStoppedAfterDepthTwo(R"(
state { x: 0..1000000 }
action up() when x < 1000000 { x += 1 }
query most: maximize x within 1000000
)",
                                                                 ", best ");
  ASSERT_EQ(answer.verdict, results::Verdict::kUnknown) << answer.message;
  ASSERT_GE(last_finished, 2);
  EXPECT_EQ(answer.depth, last_finished);
  // x is k after k moves: the best within the depth finished is that depth.
  EXPECT_THAT(answer.message, HasSubstr(absl::StrCat("; the best within ", last_finished,
                                                     " moves is ", last_finished)));
  ASSERT_TRUE(answer.value.has_value());
  EXPECT_THAT(answer.message, HasSubstr(absl::StrCat("; best found: ", *answer.value, " (in ",
                                                     *answer.value, " moves)")));
}

// The same for a `reachable` query: the deepest depth refuted in full, not the one in progress,
// which the message names.
TEST(SolveTest, AStoppedReachableQueryReportsTheDepthItFinished) {
  const auto [answer, last_finished] = SolveStoppedAfterDepthTwo(R"(
state { x: 0..1000000 }
action up() when x < 1000000 { x += 1 }
query top: reachable x == 1000000 within 1000000
)",
                                                                 " unsat,");
  ASSERT_EQ(answer.verdict, results::Verdict::kUnknown) << answer.message;
  ASSERT_GE(last_finished, 2);
  EXPECT_EQ(answer.depth, last_finished);
  EXPECT_THAT(answer.message,
              HasSubstr(absl::StrCat("interrupted at depth ", last_finished + 1, " after")));
}

TEST(ProveTest, InductiveInvariantIsProved) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(
      "state { n: 0..9 }\naction a() when n < 8 { n += 2 }\ninvariant even: n % 2 == 0\n");
  ASSERT_NE(model, nullptr);
  ProveOptions options;
  options.by_listing = false;
  absl::StatusOr<std::vector<results::Answer>> results = Prove(*model, options);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->front().verdict, results::Verdict::kUnsat) << results->front().message;
  EXPECT_EQ(results->front().depth, 1);
}

// The answer of Prove, with k up to `max_k`, for the one invariant of the model `text`; by
// induction alone unless `by_listing` (these models are small enough to list).
results::Answer ProveTheInvariant(const std::string& text, int max_k, bool by_listing = false) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(text);
  EXPECT_NE(model, nullptr);
  if (model == nullptr) return {};
  ProveOptions options;
  options.max_k = max_k;
  options.by_listing = by_listing;
  absl::StatusOr<std::vector<results::Answer>> results = Prove(*model, options);
  EXPECT_TRUE(results.ok()) << results.status();
  if (!results.ok() || results->size() != 1) return {};
  return results->front();
}

TEST(ProveTest, ViolatedInvariantHasATrace) {
  const results::Answer a = ProveTheInvariant(
      "state { n: 0..9 }\naction a() when n < 9 { n += 1 }\ninvariant small: n < 3\n", 10);
  EXPECT_EQ(a.verdict, results::Verdict::kSat);
  EXPECT_EQ(a.depth, 3);
  EXPECT_EQ(a.trace.size(), 4u);
}

TEST(ProveTest, TrueButNotInductiveNeedsStrengthening) {
  // n runs 0, 1, 2, 3, 4, 0, ...: n != 6 always holds. But the unreachable 5 steps to 6, a
  // 1-induction counterexample; 5 itself has no predecessor (4 goes to 0), so 2-induction
  // proves it. (No bit of n is the same in every reachable state, so fixed bits do not help.)
  const std::string text =
      "state { n: 0..7 }\naction a() { n := if n == 4 then 0 else if n == 7 then 7 else n + 1 }\n"
      "invariant not_six: n != 6\n";
  const results::Answer one = ProveTheInvariant(text, 1);
  EXPECT_EQ(one.verdict, results::Verdict::kUnknown);
  EXPECT_THAT(one.message, HasSubstr("strengthen"));
  EXPECT_EQ(one.trace.size(), 2u);  // 5 -> 6
  // With k = 2 the chain would need 4 -> 5, which no move makes: proved.
  const results::Answer three = ProveTheInvariant(text, 3);
  EXPECT_EQ(three.verdict, results::Verdict::kUnsat) << three.message;
  EXPECT_EQ(three.depth, 2);
}

TEST(ProveTest, ACounterexampleWithAStepNoMoveMakesIsNotShown) {
  // x and y count on together, so z is 0 in every reachable state: a fixed bit, a constant of
  // every state the induction considers. From the unreachable (2, 3, 0) the move goes to
  // (3, 0, 1), outside the fixed bits; the step relation, which compares states on their free
  // bits, takes it to (3, 0, 0), where the invariant fails. That 1-induction counterexample is
  // no run of the game: it is reported as such, not replayed (which once failed the run with an
  // internal error).
  const results::Answer a = ProveTheInvariant(
      "state { x: 0..3  y: 0..3  z: 0..1 }\n"
      "action a() { x := (x + 1) % 4  y := (y + 1) % 4  z := if x == y then 0 else 1 }\n"
      "invariant not_three_zero: not (x == 3 and y == 0)\n",
      1);
  EXPECT_EQ(a.verdict, results::Verdict::kUnknown);
  EXPECT_THAT(a.message, HasSubstr("is not 1-inductive; its induction counterexample is not "
                                   "shown"));
  EXPECT_TRUE(a.trace.empty());
}

TEST(ProveTest, ListingEveryStateProvesWhatInductionCannot) {
  // The model of TrueButNotInductiveNeedsStrengthening: at k = 1 induction fails, but its five
  // reachable states, none more than 4 moves deep, all have n != 6.
  const results::Answer a = ProveTheInvariant(
      "state { n: 0..7 }\naction a() { n := if n == 4 then 0 else if n == 7 then 7 else n + 1 }\n"
      "invariant not_six: n != 6\n",
      1, true);
  EXPECT_EQ(a.verdict, results::Verdict::kUnsat) << a.message;
  EXPECT_EQ(a.message,
            "invariant not_six holds in every reachable state: all 5 of them were listed (none is "
            "more than 4 moves deep)");
  EXPECT_EQ(a.depth, 4);
  EXPECT_TRUE(a.trace.empty());
}

TEST(ProveTest, ProveListsMoreStatesThanSolvesPass) {
  // 600 x 600 = 360,000 states: more than `solve`'s pass lists (200,000), within `prove`'s.
  const results::Answer a = ProveTheInvariant(
      "state { x: 0..599  y: 0..599 }\naction right() when x < 599 { x += 1 }\n"
      "action up() when y < 599 { y += 1 }\ninvariant inside: x + y <= 1198\n",
      1, true);
  EXPECT_EQ(a.verdict, results::Verdict::kUnsat) << a.message;
  EXPECT_EQ(a.message,
            "invariant inside holds in every reachable state: all 360,000 of them were listed "
            "(none is more than 1198 moves deep)");
}

TEST(ProveTest, ListingFindsAViolationDeeperThanK) {
  // n < 5 first fails 5 moves deep: beyond k = 2, where induction alone says only that it is
  // not 2-inductive. The listing knows the depth, and Z3 finds the play there.
  const std::string text =
      "state { n: 0..9 }\naction a() when n < 9 { n += 1 }\ninvariant small: n < 5\n";
  const results::Answer induction = ProveTheInvariant(text, 2);
  EXPECT_EQ(induction.verdict, results::Verdict::kUnknown) << induction.message;
  const results::Answer a = ProveTheInvariant(text, 2, true);
  EXPECT_EQ(a.verdict, results::Verdict::kSat) << a.message;
  EXPECT_EQ(a.depth, 5);
  ASSERT_EQ(a.trace.size(), 6u);
  EXPECT_FALSE(a.trace_from_any_state);
  EXPECT_EQ(a.message, "invariant small is violated after 5 moves");
}

TEST(ProveTest, ListingLeavesAModelErrorToInduction) {
  // 10 / (3 - n) fails to evaluate at n = 3, 3 moves deep. The listing leaves that to the
  // induction (the explicit engine's step budget can cut short what Z3 evaluates), which at
  // k = 1 finds the invariant not inductive; at k = 4 its base case finds the violation.
  const std::string text =
      "state { n: 0..5 }\naction a() when n < 5 { n += 1 }\n"
      "invariant defined: 10 / (3 - n) != 100\n";
  const results::Answer one = ProveTheInvariant(text, 1, true);
  EXPECT_EQ(one.verdict, results::Verdict::kUnknown) << one.message;
  const results::Answer four = ProveTheInvariant(text, 4, true);
  EXPECT_EQ(four.verdict, results::Verdict::kSat) << four.message;
  EXPECT_EQ(four.depth, 3);
  // A model error counts as a violation, and the sentence says which one, as `check` does.
  EXPECT_EQ(four.message,
            "invariant defined is violated after 3 moves; evaluating it hit a model error: "
            "division by zero in 10 / 0 (t.rules:3:20)");
}

// Peterson's mutual exclusion for two processes (pc: 0 idle, 1 flag set, 2 waiting, 3 in the
// critical section). `mutex` alone is not inductive at any small k: from an unreachable state
// with a flag down it steps into the critical section. `flags` and `turn_ok`, each 1-inductive,
// rule those states out; proved first, they are lemmas, and `mutex` is then 1-inductive.
constexpr char kPeterson[] = R"(
state {
  pc: [0..1] 0..3
  flag: [0..1] bool
  turn: 0..1
}
action step(i: 0..1) by i when pc[i] != 2 or not flag[1 - i] or turn == i {
  if pc[i] == 0 {
    flag[i] := true
    pc[i] := 1
  } elif pc[i] == 1 {
    turn := 1 - i
    pc[i] := 2
  } elif pc[i] == 2 {
    pc[i] := 3
  } else {
    flag[i] := false
    pc[i] := 0
  }
}
invariant mutex: not (pc[0] == 3 and pc[1] == 3)
invariant flags: all i in 0..1: flag[i] == (pc[i] != 0)
invariant turn_ok: all i in 0..1: (pc[i] == 3 and pc[1 - i] == 2) => turn == i
)";

TEST(ProveTest, InvariantsProvedFirstAreLemmasOfTheOthers) {
  std::unique_ptr<model::Model> model = test_models::LoadTestModel(kPeterson);
  ASSERT_NE(model, nullptr);
  ProveOptions options;
  options.by_listing = false;
  options.max_k = 3;
  absl::StatusOr<std::vector<results::Answer>> both = Prove(*model, options);
  ASSERT_TRUE(both.ok()) << both.status();
  ASSERT_EQ(both->size(), 3u);
  for (const results::Answer& a : *both) {
    EXPECT_EQ(a.verdict, results::Verdict::kUnsat) << a.name << ": " << a.message;
  }
  // In file order: mutex, tried first without lemmas, is tried again once the others are proved.
  EXPECT_EQ((*both)[0].message,
            "invariant mutex is proved by 1-induction: it holds in every reachable state, with "
            "the invariants proved before it as lemmas: flags, turn_ok");
  EXPECT_EQ((*both)[0].depth, 1);

  // Alone (--invariant), nothing else is proved, and it is not inductive up to k = 3.
  options.invariant = "mutex";
  absl::StatusOr<std::vector<results::Answer>> alone = Prove(*model, options);
  ASSERT_TRUE(alone.ok()) << alone.status();
  EXPECT_EQ(alone->front().verdict, results::Verdict::kUnknown) << alone->front().message;
}

TEST(ProveTest, FixedBitsStrengthenInduction) {
  // n runs 0, 1, 2, 3, 0, ...: its top bit is 0 in every reachable state, which the engine
  // proves first (fixed_bits.h); with it, n != 5 (top bit 1) is 1-inductive, although the
  // unreachable 4 steps to 5.
  const results::Answer a = ProveTheInvariant(
      "state { n: 0..7 }\naction a() { n := if n == 3 then 0 else if n == 7 then 7 else n + 1 }\n"
      "invariant not_five: n != 5\n",
      1);
  EXPECT_EQ(a.verdict, results::Verdict::kUnsat) << a.message;
  EXPECT_EQ(a.depth, 1);
}

}  // namespace
}  // namespace rulecheck::solver
