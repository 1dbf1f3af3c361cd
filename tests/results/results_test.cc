// Tests for results/: the names reports use, the sentences both engines write
// (verdict_text.h), the findings both engines report (violations.h), and Locate.
#include <gtest/gtest.h>

#include <string>

#include "ir/source.h"
#include "results/answer.h"
#include "results/finding.h"
#include "results/verdict_text.h"
#include "results/violations.h"

namespace rulecheck::results {
namespace {

TEST(ResultsTest, Names) {
  EXPECT_STREQ(VerdictName(Verdict::kSat), "sat");
  EXPECT_STREQ(VerdictName(Verdict::kUnsat), "unsat");
  EXPECT_STREQ(VerdictName(Verdict::kOptimal), "optimal");
  EXPECT_STREQ(VerdictName(Verdict::kUnknown), "unknown");
  EXPECT_STREQ(AnswerKindName(AnswerKind::kMinimize), "minimize");
  EXPECT_STREQ(AnswerKindName(AnswerKind::kFailure), "failure");
  EXPECT_STREQ(AnswerKindName(AnswerKind::kProof), "proof");
  EXPECT_EQ(KindName(FindingKind::kOrderDependence), "order_dependence");
  EXPECT_EQ(SeverityName(Severity::kWarning), "warning");
}

TEST(ResultsTest, OnlyChecksAndProofsThatFoundSomethingAreViolations) {
  Answer answer;
  answer.kind = AnswerKind::kReachable;
  answer.verdict = Verdict::kSat;
  EXPECT_FALSE(IsViolation(answer));
  answer.kind = AnswerKind::kDeadlock;
  EXPECT_TRUE(IsViolation(answer));
  answer.verdict = Verdict::kUnknown;
  EXPECT_FALSE(IsViolation(answer));
  answer.kind = AnswerKind::kProof;
  answer.verdict = Verdict::kSat;
  EXPECT_TRUE(IsViolation(answer));
}

TEST(ResultsTest, Sentences) {
  EXPECT_EQ(ReachableSentence("win", 5), "win is reachable in 5 moves");
  EXPECT_EQ(NotReachableSentence("win", 9), "win is not reachable within 9 moves");
  EXPECT_EQ(OptimumSentence(AnswerKind::kMaximize, "score", 9, -3, 7),
            "the maximum of score within 9 moves is -3, reached in 7 moves");
  EXPECT_EQ(OptimumSentence(AnswerKind::kMinimize, "score", 9, 12, 0),
            "the minimum of score within 9 moves is 12, reached in 0 moves");
  EXPECT_EQ(NoValueSentence("score", 4), "score has no value within 4 moves");
  EXPECT_EQ(InvariantViolatedSentence("safe", 3), "invariant safe is violated after 3 moves");
  EXPECT_EQ(InvariantHoldsSentence("safe", 10), "invariant safe holds up to depth 10");
  EXPECT_EQ(MoveFailsSentence(2, "boom (line 4)"), "a move fails after 2 moves: boom (line 4)");
  EXPECT_EQ(InitFailsSentence("boom (line 1)"), "init fails: boom (line 1)");
  EXPECT_EQ(NoMoveFailsSentence(6), "no move fails up to depth 6");
  EXPECT_EQ(DeadlockAfterSentence(3),
            "deadlock: a state that is not terminal has no moves, after 3 moves");
  EXPECT_EQ(NoDeadlockSentence(6), "no deadlock up to depth 6");
  EXPECT_EQ(ProvedSentence("safe", 2),
            "invariant safe is proved by 2-induction: it holds in every reachable state");
  EXPECT_EQ(NotInductiveSentence("safe", 4),
            "invariant safe holds up to depth 3 but is not 4-inductive: the trace is an "
            "induction counterexample (its first state need not be reachable); strengthen the "
            "invariant or raise --k");
}

TEST(ResultsTest, FailedMoveIsNamedAfterItsRuleAndPlacedWhereItFailed) {
  ir::Program program;
  program.actions.emplace_back().name = "play";
  ir::StepFailure failure;
  failure.kind = ir::StepFailure::Kind::kAssert;
  failure.loc = {7, 5};
  failure.message = "hand is full";
  failure.move.kind = ir::Move::Kind::kAction;
  failure.move.index = 0;
  Finding finding = FailedMove(program, failure);
  EXPECT_EQ(finding.kind, FindingKind::kAssert);
  EXPECT_TRUE(IsError(finding));
  EXPECT_EQ(finding.name, "action play");
  EXPECT_EQ(finding.message, "assert failed in action play: hand is full");
  EXPECT_EQ(finding.location, (ir::Location{7, 5}));
  EXPECT_TRUE(finding.trace.empty());

  failure.kind = ir::StepFailure::Kind::kPendingOverflow;
  failure.move.kind = ir::Move::Kind::kInit;
  finding = FailedMove(program, failure);
  EXPECT_EQ(finding.kind, FindingKind::kReactionChain);
  EXPECT_EQ(finding.chain, "overflow");
  // Queued by init itself: no chain grew, the list is too short for one move.
  EXPECT_EQ(finding.message,
            "the pending-trigger list is too short for what init queues at once: hand is full");
  failure.move.kind = ir::Move::Kind::kTrigger;
  failure.move.index = 0;
  program.triggers.resize(1);
  program.triggers[0].name = "echo";
  finding = FailedMove(program, failure);
  EXPECT_EQ(finding.message, "unbounded reaction chain in trigger echo: hand is full");
}

TEST(ResultsTest, InvariantViolationAndDeadlock) {
  ir::Property invariant;
  invariant.name = "safe";
  invariant.loc = {3, 11};
  const Finding violation = InvariantViolation(invariant);
  EXPECT_EQ(violation.kind, FindingKind::kInvariant);
  EXPECT_EQ(violation.name, "safe");
  EXPECT_EQ(violation.message, "invariant safe is violated");
  EXPECT_EQ(violation.location, (ir::Location{3, 11}));
  const Finding deadlock = Deadlock();
  EXPECT_EQ(deadlock.kind, FindingKind::kDeadlock);
  EXPECT_EQ(deadlock.name, "deadlock");
  EXPECT_FALSE(deadlock.location.valid());
}

TEST(ResultsTest, LocateMakesTheLocationLocalToItsFile) {
  const ir::SourceFile file("--invariant", "\n\nn < 3");
  Finding finding;
  finding.location = {13, 1};
  Locate(finding, {&file, ir::Location{3, 1}});
  EXPECT_EQ(finding.file, "--invariant");
  EXPECT_EQ(finding.location, (ir::Location{3, 1}));
  // No place: only the file is set.
  Finding deadlock = Deadlock();
  Locate(deadlock, {&file, ir::Location{3, 1}});
  EXPECT_EQ(deadlock.file, "--invariant");
  EXPECT_FALSE(deadlock.location.valid());
}

}  // namespace
}  // namespace rulecheck::results
