// The answers of `rulecheck odds` as plain data: for each chance query (`query name:
// probability e`, `query name: expect e`, or the same given with --probability/--expect), its
// value under random play, under best play for each seat, and the greatest and least value
// any choices can give. properties/odds.h computes them; reports/odds_report.h renders them.
#ifndef RULECHECK_RESULTS_ODDS_H_
#define RULECHECK_RESULTS_ODDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/source.h"
#include "results/policy.h"

namespace rulecheck::results {

// One number, exact or bounded, or why there is none.
struct OddsValue {
  enum class Kind {
    kExact,      // `exact` holds it ("244/495", "3", "-1/2"); lower == upper == its double
    kBounds,     // lower <= the value <= upper (value iteration); `converged` within precision
    kUndefined,  // the question has no answer here; `reason` says why
    kUnknown,    // the search or the computation was stopped: no number
  };
  Kind kind = Kind::kUnknown;
  std::string exact;
  // kExact: the value in decimal to 10 significant digits, beyond the range of a double too
  // (7.362151829e-332), and where those digits round to a whole number the value is not,
  // that number and the difference ("1 - 4.3e-25").
  std::string decimal;
  double lower = 0;
  double upper = 0;
  bool converged = true;
  std::string reason;
};

// The play an answer assumes (docs/odds.md).
struct OddsPlay {
  enum class Kind {
    kRandom,  // each seat uniformly among its moves and choices
    kBest,    // `seat` maximises, every other seat and the rules minimise
    kMax,     // every choice maximises: the most any play can hope for
    kMin,     // every choice minimises
  };
  Kind kind = Kind::kRandom;
  std::string seat;  // kBest: the maximising seat, as traces name it
  OddsValue value;
};

struct OddsAnswer {
  std::string name;  // the query's name, or the flag's expression
  ir::Location loc;
  bool expect = false;  // false: a probability
  std::vector<OddsPlay> plays;
};

// What the answers rest on, for the report's notes.
struct OddsGraph {
  uint64_t states = 0;
  uint64_t transitions = 0;
  // The graph's cycles were looked at (not when every answer was undefined before: a policy's
  // condition, an engine limit); the three fields below are only meaningful then.
  bool analysed = false;
  bool acyclic = true;            // no cycle apart from states that repeat themselves (a self-loop)
  uint64_t cyclic_states = 0;     // states on a cycle of more than one state
  uint64_t self_loop_states = 0;  // states with a move that leads back to themselves
  uint64_t dead_states = 0;       // states with no move where the game is not over (deadlocks)
  uint64_t failed_ends = 0;       // states not over whose every move failed (counted as ends)
  uint64_t seat_draw_states = 0;  // states where several seats could move
  uint64_t conditioned_rolls = 0;  // roll nodes some outcome of which gave no successor
  uint64_t failed_moves = 0;       // failed moves (assert, model error) left out
  // One of them hit an engine limit: nothing was left out, as every answer is undefined.
  bool limit_failed = false;
  // The first of them in the states' order: its place (file:line:column) and message.
  std::string first_failure_place;
  std::string first_failure_message;
  std::vector<std::string> seats;  // the seats that chose, as traces name them
  bool rules_choose = false;       // some choice belongs to no seat (the rules)
};

struct OddsResult {
  bool complete = true;     // false: the search was stopped; every value is kUnknown
  std::string stop_reason;  // when not complete: "cancelled", "store_full", ...
  // When not complete: the search had seen every state, and the computation of the answers
  // from them was stopped.
  bool stopped_solving = false;
  double precision = 0;  // the bound value iteration aims for
  double seconds = 0;    // the search and the computation
  OddsGraph graph;
  std::vector<FollowedPolicy> policies;  // --policy: what the governed seats follow
  std::vector<OddsAnswer> answers;
};

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_ODDS_H_
