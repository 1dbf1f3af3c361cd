// Tests for reports/query_report.h: the report of answers (`solve`, `prove`), text and JSON,
// of hand-made answers on a tiny model (tiny_model.h) — optimal, unknown, sat and unsat
// queries, a violated invariant with its failed step, an induction counterexample — asserting
// the exact text and the JSON fields. The report does not know which engine answered.
#include "reports/query_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "results/answer.h"
#include "results/verdict_text.h"
#include "tests/reports/tiny_model.h"

namespace rulecheck::reports {
namespace {

using nlohmann::json;
using results::Answer;
using results::AnswerKind;
using results::Verdict;
using testing::FailedStep;
using ::testing::HasSubstr;
using testing::LoadTiny;
using testing::Play;

class QueryReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadTiny();
    ASSERT_NE(model_, nullptr);
  }

  Answer Make(AnswerKind kind, std::string name, Verdict verdict, int depth, double seconds,
              std::string message) {
    Answer answer;
    answer.kind = kind;
    answer.name = std::move(name);
    answer.verdict = verdict;
    answer.depth = depth;
    answer.seconds = seconds;
    answer.message = std::move(message);
    return answer;
  }

  std::string Text() {
    std::ostringstream out;
    WriteQueryReport(Format::kText, *model_, answers_, out);
    return out.str();
  }

  json Json() {
    std::ostringstream out;
    WriteQueryReport(Format::kJson, *model_, answers_, out);
    return json::parse(out.str());
  }

  std::unique_ptr<model::Model> model_;
  std::vector<Answer> answers_;
};

// A question no depth of which was answered (a stop came before it) says so, not "depth 0".
TEST_F(QueryReportTest, NoDepthAnsweredIsNotDepthZero) {
  answers_.push_back(
      Make(AnswerKind::kMaximize, "top", Verdict::kUnknown, -1, 0, results::NotStartedSentence()));
  EXPECT_THAT(Text(), HasSubstr("maximize top: unknown, no depth answered, 0.00 s\n"));
  EXPECT_EQ(Json()["queries"][0]["depth"], -1);
}

TEST_F(QueryReportTest, QueriesOfEachVerdict) {
  Answer top = Make(AnswerKind::kMaximize, "top", Verdict::kOptimal, 2, 0.5,
                    results::OptimumSentence(AnswerKind::kMaximize, "top", 3, 2, 2));
  top.value = 2;
  top.trace = Play(*model_, {"inc", "inc"});
  answers_.push_back(top);
  Answer low = Make(AnswerKind::kMinimize, "low", Verdict::kUnknown, 1, 1.25,
                    "timed out at depth 1; best found: 1");
  low.value = 1;
  answers_.push_back(low);
  Answer lit = Make(AnswerKind::kReachable, "lit_on", Verdict::kSat, 1, 0.125,
                    results::ReachableSentence("lit_on", 1));
  lit.trace = Play(*model_, {"flip"});
  answers_.push_back(lit);
  answers_.push_back(Make(AnswerKind::kReachable, "three", Verdict::kUnsat, 2, 0,
                          results::NotReachableSentence("three", 2)));
  EXPECT_EQ(Text(),
            "tiny.rules: 4 answers, 1.88 s\n"
            "\n"
            "maximize top: optimal, value 2, depth 2, 0.50 s\n"
            "  the maximum of top within 3 moves is 2, reached in 2 moves\n"
            "  1. init\n"
            "       n = 0\n"
            "       lit = false\n"
            "  2. inc()\n"
            "       n: 0 -> 1\n"
            "  3. inc()\n"
            "       n: 1 -> 2\n"
            "\n"
            "minimize low: unknown, value 1, depth 1, 1.25 s\n"
            "  timed out at depth 1; best found: 1\n"
            "\n"
            "reachable lit_on: sat, depth 1, 0.12 s\n"
            "  lit_on is reachable in 1 move\n"
            "  1. init\n"
            "       n = 0\n"
            "       lit = false\n"
            "  2. flip()\n"
            "       lit: false -> true\n"
            "\n"
            "reachable three: unsat, depth 2, 0.00 s\n"
            "  three is not reachable within 2 moves\n"
            "\n"
            "no violations found; 1 answer is unknown\n");

  const json report = Json();
  EXPECT_EQ(report["file"], "tiny.rules");
  EXPECT_EQ(report["game"], "Tiny");
  const json& queries = report["queries"];
  ASSERT_EQ(queries.size(), 4u);
  EXPECT_EQ(queries[0]["name"], "top");
  EXPECT_EQ(queries[0]["kind"], "maximize");
  EXPECT_EQ(queries[0]["status"], "optimal");
  EXPECT_EQ(queries[0]["value"], 2);
  EXPECT_EQ(queries[0]["depth"], 2);
  EXPECT_EQ(queries[0]["seconds"], 0.5);
  EXPECT_EQ(queries[0]["message"], "the maximum of top within 3 moves is 2, reached in 2 moves");
  ASSERT_EQ(queries[0]["trace"].size(), 3u);
  EXPECT_EQ(queries[0]["trace"][2], json::parse(R"j({"move": "inc()", "by": null, "choices": [],
                                                     "state": {"n": 2, "lit": false}})j"));
  EXPECT_EQ(queries[1]["kind"], "minimize");
  EXPECT_EQ(queries[1]["status"], "unknown");
  EXPECT_EQ(queries[1]["value"], 1);
  EXPECT_EQ(queries[1]["trace"], json::array());
  EXPECT_EQ(queries[2]["status"], "sat");
  EXPECT_EQ(queries[2]["value"], nullptr);
  EXPECT_EQ(queries[3]["kind"], "reachable");
  EXPECT_EQ(queries[3]["status"], "unsat");
  EXPECT_EQ(queries[3]["message"], "three is not reachable within 2 moves");
}

// `solve --prove-optimal`: each format says what the proof found.
TEST_F(QueryReportTest, ProofOfAnOptimumInEveryFormat) {
  Answer top = Make(AnswerKind::kMaximize, "top", Verdict::kOptimal, 2, 0.5,
                    results::OptimumSentence(AnswerKind::kMaximize, "top", 3, 2, 2));
  top.value = 2;
  results::BoundProof proof;
  proof.proved = true;
  proof.k = 2;
  proof.invariants = 7;
  proof.seconds = 1.5;
  proof.message = "optimal for every depth (k-induction, k=2, 7 invariants)";
  top.proof = proof;
  answers_.push_back(top);
  EXPECT_EQ(Text(),
            "tiny.rules: 1 answer, 0.50 s\n"
            "\n"
            "maximize top: optimal, value 2, depth 2, 0.50 s\n"
            "  the maximum of top within 3 moves is 2, reached in 2 moves\n"
            "  proof: optimal for every depth (k-induction, k=2, 7 invariants), 1.50 s\n"
            "\n"
            "no violations found\n");
  EXPECT_EQ(Json()["queries"][0]["proof"], json::parse(R"j({"proved": true, "k": 2,
      "invariants": 7, "capped": false, "seconds": 1.5,
      "message": "optimal for every depth (k-induction, k=2, 7 invariants)"})j"));
  std::ostringstream junit, sarif, html;
  WriteQueryReport(Format::kJunit, *model_, answers_, junit);
  EXPECT_NE(junit.str().find("; proof: optimal for every depth (k-induction, k=2, 7 invariants)"),
            std::string::npos)
      << junit.str();
  WriteQueryReport(Format::kSarif, *model_, answers_, sarif);
  EXPECT_NE(sarif.str().find("\"proof\""), std::string::npos) << sarif.str();
  WriteQueryReport(Format::kHtml, *model_, answers_, html);
  EXPECT_NE(html.str().find("<dt>proof</dt><dd>optimal for every depth (k-induction, k=2, 7 "
                            "invariants)</dd>"),
            std::string::npos);
  // Without --prove-optimal there is no proof field at all.
  answers_[0].proof.reset();
  EXPECT_FALSE(Json()["queries"][0].contains("proof"));
}

TEST_F(QueryReportTest, ViolationsAreCountedAndFailedStepsShown) {
  Answer failure = Make(AnswerKind::kFailure, "failure", Verdict::kSat, 1, 0.25, "");
  failure.trace = Play(*model_, {"flip"});
  failure.trace.push_back(
      FailedStep(*model_, failure.trace.back(), "flip", "lit stays off (line 11)"));
  failure.message = results::MoveFailsSentence(1, failure.trace.back().error);
  answers_.push_back(failure);
  answers_.push_back(Make(AnswerKind::kDeadlock, "deadlock", Verdict::kUnsat, 3, 0.25,
                          results::NoDeadlockSentence(3)));
  EXPECT_EQ(Text(),
            "tiny.rules: 2 answers, 0.50 s\n"
            "\n"
            "failure failure: sat, depth 1, 0.25 s\n"
            "  a move fails after 1 move: lit stays off (line 11)\n"
            "  1. init\n"
            "       n = 0\n"
            "       lit = false\n"
            "  2. flip()\n"
            "       lit: false -> true\n"
            "  3. flip()\n"
            "       failed: lit stays off (line 11)\n"
            "\n"
            "deadlock deadlock: unsat, depth 3, 0.25 s\n"
            "  no deadlock up to depth 3\n"
            "\n"
            "1 violation\n");

  const json report = Json();
  const json& last = report["queries"][0]["trace"][2];
  EXPECT_EQ(last["failed"], true);
  EXPECT_EQ(last["error"], "lit stays off (line 11)");
  EXPECT_EQ(last["state"], json::parse(R"({"n": 0, "lit": true})"));
}

TEST_F(QueryReportTest, InductionCounterexampleStartsAnywhere) {
  Answer induction = Make(AnswerKind::kProof, "small", Verdict::kUnknown, 2, 0.75,
                          results::NotInductiveSentence("small", 2));
  // A run from some state that satisfies the invariant: here n = 1.
  induction.trace = Play(*model_, {"inc", "inc"});
  induction.trace.erase(induction.trace.begin());
  induction.trace_from_any_state = true;
  answers_.push_back(induction);
  EXPECT_EQ(Text(),
            "tiny.rules: 1 answer, 0.75 s\n"
            "\n"
            "proof small: unknown, depth 2, 0.75 s\n"
            "  invariant small holds up to depth 1 but is not 2-inductive: the trace is an "
            "induction counterexample (its first state need not be reachable); strengthen the "
            "invariant or raise --k\n"
            "  1. start (any state satisfying the invariant)\n"
            "       n = 1\n"
            "       lit = false\n"
            "  2. inc()\n"
            "       n: 1 -> 2\n"
            "\n"
            "no violations found; 1 answer is unknown\n");
  EXPECT_EQ(Json()["queries"][0]["trace"][0]["state"], json::parse(R"({"n": 1, "lit": false})"));
}

TEST_F(QueryReportTest, NoAnswers) {
  EXPECT_EQ(Text(), "tiny.rules: 0 answers, 0.00 s\n\nno violations found\n");
  EXPECT_EQ(Json()["queries"], json::array());
}

}  // namespace
}  // namespace rulecheck::reports
