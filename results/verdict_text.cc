// The sentences of decided answers (see verdict_text.h).
#include "results/verdict_text.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/counts.h"
#include "results/violations.h"

namespace rulecheck::results {
namespace {

// "1 move", "5 moves".
std::string Moves(int n) { return absl::StrCat(n, n == 1 ? " move" : " moves"); }

}  // namespace

std::string ReachableSentence(const std::string& query, int depth) {
  return absl::StrCat(query, " is reachable in ", Moves(depth));
}

std::string NoQueryNamedSentence(const ir::Program& program, const std::string& name) {
  const std::string head = absl::StrCat("no query named '", name, "'");
  if (std::any_of(program.chance_queries.begin(), program.chance_queries.end(),
                  [&name](const ir::ChanceQuery& q) { return q.name == name; })) {
    return absl::StrCat(head, ": `", name,
                        "` is a chance query (probability, expect), which `rulecheck odds` "
                        "answers");
  }
  if (program.queries.empty()) return absl::StrCat(head, " (the file declares none)");
  std::string known;
  for (const ir::Query& q : program.queries) {
    absl::StrAppend(&known, known.empty() ? "" : ", ", "`", q.name, "`");
  }
  return absl::StrCat(head, " (it has ", known, ")");
}

std::string NotReachableSentence(const std::string& query, int within) {
  return absl::StrCat(query, " is not reachable within ", Moves(within));
}

std::string OptimumSentence(AnswerKind kind, const std::string& query, int within, int64_t value,
                            int depth) {
  const char* what = kind == AnswerKind::kMaximize ? "maximum" : "minimum";
  return absl::StrCat("the ", what, " of ", query, " within ", Moves(within), " is ", value,
                      ", reached in ", Moves(depth));
}

std::string NoValueSentence(const std::string& query, int within) {
  return absl::StrCat(query, " has no value within ", Moves(within));
}

std::string InvariantViolatedSentence(const std::string& invariant, int depth) {
  return absl::StrCat("invariant ", invariant, " is violated after ", Moves(depth));
}

std::string InvariantHoldsSentence(const std::string& invariant, int depth) {
  return absl::StrCat("invariant ", invariant, " holds up to depth ", depth);
}

std::string MoveFailsSentence(int depth, const std::string& error) {
  return absl::StrCat("a move fails after ", Moves(depth), ": ", error);
}

std::string TerminalErrorSentence(int depth, const std::string& error) {
  return absl::StrCat("model error while evaluating `terminal when` after ", Moves(depth), ": ",
                      error);
}

std::string InitFailsSentence(const std::string& error) {
  return absl::StrCat("init fails: ", error);
}

std::string NoMoveFailsSentence(int depth) {
  return absl::StrCat("no move fails up to depth ", depth);
}

std::string DeadlockAfterSentence(int depth) {
  return absl::StrCat(Deadlock().message, ", after ", Moves(depth));
}

std::string NoDeadlockSentence(int depth) {
  return absl::StrCat("no deadlock up to depth ", depth);
}

std::string NotStartedSentence() {
  return "not answered: the run was stopped (Ctrl-C or a signal) before this question was started";
}

std::string ProvedSentence(const std::string& invariant, int k,
                           const std::vector<std::string>& lemmas) {
  std::string sentence = absl::StrCat("invariant ", invariant, " is proved by ", k,
                                      "-induction: it holds in every reachable state");
  if (!lemmas.empty()) {
    absl::StrAppend(&sentence, ", with the invariants proved before it as lemmas: ",
                    absl::StrJoin(lemmas, ", "));
  }
  return sentence;
}

std::string ProvedByListingSentence(const std::string& invariant, size_t states, int deepest) {
  return absl::StrCat("invariant ", invariant, " holds in every reachable state: all ",
                      base::GroupThousands(states), " of them were listed (none is more than ",
                      deepest, " moves deep)");
}

std::string NotInductiveSentence(const std::string& invariant, int max_k) {
  return absl::StrCat("invariant ", invariant, " holds up to depth ", max_k - 1, " but is not ",
                      max_k,
                      "-inductive: the trace is an induction counterexample (its first state "
                      "need not be reachable); strengthen the invariant or raise --k");
}

std::string NotInductiveUnshownSentence(const std::string& invariant, int max_k) {
  return absl::StrCat("invariant ", invariant, " holds up to depth ", max_k - 1, " but is not ",
                      max_k,
                      "-inductive; its induction counterexample is not shown: it starts in a "
                      "state no play reaches, and one of its steps is no move of the game; "
                      "strengthen the invariant or raise --k");
}

}  // namespace rulecheck::results
