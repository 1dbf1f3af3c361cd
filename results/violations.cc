// The findings both engines report (see violations.h).
#include "results/violations.h"

#include "absl/strings/str_cat.h"

namespace rulecheck::results {

std::string RuleName(const ir::Program& program, const ir::Move& move) {
  switch (move.kind) {
    case ir::Move::Kind::kAction:
      if (move.index >= 0 && move.index < static_cast<int>(program.actions.size())) {
        return "action " + program.actions[move.index].name;
      }
      return "an action";
    case ir::Move::Kind::kTrigger:
      if (move.index >= 0 && move.index < static_cast<int>(program.triggers.size())) {
        return "trigger " + program.triggers[move.index].name;
      }
      return "a trigger";
    case ir::Move::Kind::kInit:
      return "init";
  }
  return "a move";
}

Finding InvariantViolation(const ir::Property& invariant) {
  Finding finding;
  finding.kind = FindingKind::kInvariant;
  finding.severity = Severity::kError;
  finding.name = invariant.name;
  finding.message = absl::StrCat("invariant ", invariant.name, " is violated");
  finding.location = invariant.loc;
  return finding;
}

Finding FailedMove(const ir::Program& program, const ir::StepFailure& failure) {
  Finding finding;
  finding.severity = Severity::kError;
  finding.name = RuleName(program, failure.move);
  finding.location = failure.loc;
  switch (failure.kind) {
    case ir::StepFailure::Kind::kAssert:
      finding.kind = FindingKind::kAssert;
      finding.message = absl::StrCat("assert failed in ", finding.name, ": ", failure.message);
      break;
    case ir::StepFailure::Kind::kModelError:
      finding.kind = FindingKind::kModelError;
      finding.message = absl::StrCat("model error in ", finding.name, ": ", failure.message);
      break;
    case ir::StepFailure::Kind::kPendingOverflow:
      // More triggers queued than the list can hold: a chain that keeps growing, where a
      // trigger queued them; where an action (or init) did, one move's own emits.
      finding.kind = FindingKind::kReactionChain;
      finding.chain = "overflow";
      finding.message =
          failure.move.kind == ir::Move::Kind::kTrigger
              ? absl::StrCat("unbounded reaction chain in ", finding.name, ": ", failure.message)
              : absl::StrCat("the pending-trigger list is too short for what ", finding.name,
                             " queues at once: ", failure.message);
      break;
  }
  return finding;
}

Finding Deadlock() {
  Finding finding;
  finding.kind = FindingKind::kDeadlock;
  finding.severity = Severity::kError;
  finding.name = "deadlock";
  finding.message = "deadlock: a state that is not terminal has no moves";
  return finding;
}

Finding PropertyEvaluationError(const std::string& what, const ir::Property& property,
                                const ir::StepFailure& failure) {
  Finding finding;
  finding.kind = FindingKind::kModelError;
  finding.severity = Severity::kError;
  finding.name = property.name;
  finding.message = absl::StrCat("model error while evaluating ", what, " ", property.name, ": ",
                                 failure.message);
  finding.location = failure.loc.valid() ? failure.loc : property.loc;
  return finding;
}

Finding TerminalEvaluationError(const ir::StepFailure& failure) {
  Finding finding;
  finding.kind = FindingKind::kModelError;
  finding.severity = Severity::kError;
  finding.name = "terminal";
  finding.message = absl::StrCat("model error while evaluating `terminal when`: ", failure.message);
  finding.location = failure.loc;
  return finding;
}

Finding NoInitialState(const ir::Location& init) {
  // Nothing can be explored, so nothing else can be wrong: say why, or the run would pass.
  Finding finding;
  finding.location = init;
  finding.kind = FindingKind::kNoInitialState;
  finding.severity = Severity::kError;
  finding.name = "init";
  finding.message =
      "the game has no initial state: every way through `init` stops short (at a `require` "
      "that fails, a `choose` with no candidate or an error), so nothing can be checked";
  return finding;
}

}  // namespace rulecheck::results
