// Names of verdicts and answer kinds (see answer.h).
#include "results/answer.h"

namespace rulecheck::results {

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSat:
      return "sat";
    case Verdict::kUnsat:
      return "unsat";
    case Verdict::kOptimal:
      return "optimal";
    case Verdict::kUnknown:
      return "unknown";
  }
  return "unknown";
}

const char* AnswerKindName(AnswerKind kind) {
  switch (kind) {
    case AnswerKind::kReachable:
      return "reachable";
    case AnswerKind::kMaximize:
      return "maximize";
    case AnswerKind::kMinimize:
      return "minimize";
    case AnswerKind::kInvariant:
      return "invariant";
    case AnswerKind::kFailure:
      return "failure";
    case AnswerKind::kDeadlock:
      return "deadlock";
    case AnswerKind::kProof:
      return "proof";
  }
  return "unknown";
}

bool IsQuery(AnswerKind kind) {
  return kind == AnswerKind::kReachable || kind == AnswerKind::kMaximize ||
         kind == AnswerKind::kMinimize;
}

bool IsViolation(const Answer& answer) {
  return answer.verdict == Verdict::kSat && !IsQuery(answer.kind);
}

}  // namespace rulecheck::results
