// The sentences that state a decided answer (answer.h's `message`), one function each, used by
// both engines: the explicit one (properties/query_answers.h) and the symbolic one (solver/).
// An answer reads the same whichever engine gave it, and a change of wording is made once.
// What an engine says about an answer it could not decide (how it stopped, how far it got)
// is its own and is not here.
//
//   answer.message = results::NotReachableSentence(query.name, within);
#ifndef RULECHECK_RESULTS_VERDICT_TEXT_H_
#define RULECHECK_RESULTS_VERDICT_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"
#include "results/answer.h"

namespace rulecheck::results {

// All functions here are pure and thread-safe.

// Queries.
// "win is reachable in 5 moves"
std::string ReachableSentence(const std::string& query, int depth);
// "win is not reachable within 9 moves"
std::string NotReachableSentence(const std::string& query, int within);
// `--query NAME` names no query (reachable, maximize, minimize) of `program`: says so, and
// which there are, or that NAME is a chance query, which `rulecheck odds` answers.
std::string NoQueryNamedSentence(const ir::Program& program, const std::string& name);
// "the maximum of score within 9 moves is 12, reached in 7 moves" (`kind` kMaximize, else
// "minimum").
std::string OptimumSentence(AnswerKind kind, const std::string& query, int within, int64_t value,
                            int depth);
// "score has no value within 9 moves": the expression had no value in any state there.
std::string NoValueSentence(const std::string& query, int within);

// Bounded checks (`solve --depth K`) and induction (`prove`).
// "invariant safe is violated after 3 moves"
std::string InvariantViolatedSentence(const std::string& invariant, int depth);
// "invariant safe holds up to depth 10"
std::string InvariantHoldsSentence(const std::string& invariant, int depth);
// "a move fails after 3 moves: ERROR" (ERROR: the failed step's error)
std::string MoveFailsSentence(int depth, const std::string& error);
// "model error while evaluating `terminal when` after 3 moves: ERROR"
std::string TerminalErrorSentence(int depth, const std::string& error);
// "init fails: ERROR"
std::string InitFailsSentence(const std::string& error);
// "no move fails up to depth 10"
std::string NoMoveFailsSentence(int depth);
// "deadlock: a state that is not terminal has no moves, after 3 moves" (the message of
// violations.h's Deadlock finding, and the depth)
std::string DeadlockAfterSentence(int depth);
// "no deadlock up to depth 10"
std::string NoDeadlockSentence(int depth);
// "not answered: the run was stopped (Ctrl-C or a signal) before this question was started"
std::string NotStartedSentence();
// "invariant safe is proved by 2-induction: it holds in every reachable state"
// "..., with the invariants proved before it as lemmas: a, b" when `lemmas` is not empty.
std::string ProvedSentence(const std::string& invariant, int k,
                           const std::vector<std::string>& lemmas = {});
// "invariant X holds in every reachable state: all 105936 of them were listed (none is more
// than 14 moves deep)"
std::string ProvedByListingSentence(const std::string& invariant, size_t states, int deepest);
// "invariant safe holds up to depth 9 but is not 10-inductive: ..." (the trace is the
// induction counterexample)
std::string NotInductiveSentence(const std::string& invariant, int max_k);
// The same where the counterexample is not shown, as one of its steps is no move of the game
// (solver/induction.cc says when).
std::string NotInductiveUnshownSentence(const std::string& invariant, int max_k);

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_VERDICT_TEXT_H_
