// State bits that are the same in every reachable state (internal to solver/).
//
// Many bits of a game's state never change in any play: the counts of cards a scope deals no
// copy of, the stages of a deck without stages, flags of rules the constants switch off.
// FindFixedBits finds which. When a breadth-first search of the explicit successor generator
// sees every reachable state (a small game, such as a rulebook's default preset), they are
// the bits equal in every state it saw, proved by exhaustion; and they are the exact set,
// which may hold bits that induction cannot show (a flag only an unreachable state sets).
// Otherwise it proves which by induction over one step, the way hardware model checkers
// find sequential constants: the candidates are the bits that are equal in every initial state;
// while some step from a state that has every candidate bit at its value can change candidate
// bits, those bits are dropped. What is left holds in every initial state and every step keeps
// it, so it holds in every reachable state; and it is the largest such set of bits (a bit
// dropped once is changed by a step from a state that has every bit of any smaller set too),
// so the answer does not depend on the models Z3 happens to return. The encoder then makes
// those bits constants of every state, and the step, simplified with them, loses the rules
// that cannot fire.
//
// A search that sees every reachable state tells two more things, both exact: whether some
// move of a reachable state fails (when none does, the rules are translated without their
// failure conditions, StepEncoder::FixBitsForGood), and, from the states listed level by level,
// the bits fixed in every state reached in exactly d moves, which become constants of an
// unrolling's state d (StepEncoder::SetDepthBits), and the rules those states have a move of,
// which are all the unrolling's step from state d needs (StepEncoder::SetDepthRules).
#ifndef RULECHECK_SOLVER_FIXED_BITS_H_
#define RULECHECK_SOLVER_FIXED_BITS_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "model/model.h"
#include "solver/deadline.h"
#include "solver/reachable_best.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {

// What FindFixedBits learns about the model.
struct StateFacts {
  FixedBits fixed;        // the fixed bits (none when the search did not finish)
  int longest_play = 0;   // the most moves of a sampled play: plays of every length up to it exist
  bool complete = false;  // the search finished (a check that timed out leaves it false)
  // The explicit engine's search saw every reachable state (within kSearchStates states).
  bool every_state_seen = false;
  // With every_state_seen: how many reachable states there are, and by query of the program,
  // for a maximize/minimize query, each value of its expression better than those before it
  // with the fewest moves to it (ReachableBest::Records; the last is the best of them all).
  size_t reachable_states = 0;
  std::vector<std::vector<ListedValue>> query_records;
  // With every_state_seen, by query of the program: for a reachable query, the fewest moves to
  // a state where it holds (nullopt: no reachable state satisfies it).
  std::vector<std::optional<int>> query_first_at;
  // With every_state_seen: the most moves any reachable state needs (the search's deepest
  // level), and when asked for, by invariant of the program, what the listing says of it
  // (listed_invariants.h): holds in every reachable state, fails first at some depth, or
  // undecided (a model error while evaluating it).
  int deepest_level = 0;
  struct ListedInvariant {
    bool undecided = false;
    std::optional<int> fails_at;  // the fewest moves to a state where it is false
  };
  std::vector<ListedInvariant> invariants;
  // The best value of `query` of `program` (found by name) over every state, where every state
  // was seen: the last of its query_records.
  std::optional<int64_t> BestOf(const ir::Program& program, const ir::Query& query) const;
  // The best value of maximize/minimize `query` within `within` moves and the fewest moves to
  // it, where every state was seen (nullopt otherwise, or where no state within has a value).
  std::optional<ListedValue> BestWithinOf(const ir::Program& program, const ir::Query& query,
                                          int within) const;
  // query_first_at's entry for reachable query `query` (found by name), kNeverReached where no
  // reachable state satisfies it; nullopt where not every state was seen.
  static constexpr int kNeverReached = -1;
  std::optional<int> FirstReachedOf(const ir::Program& program, const ir::Query& query) const;
  // The index of `query` (found by name) in query_records and query_first_at, where every state
  // was seen.
  std::optional<size_t> ListedIndexOf(const ir::Program& program, const ir::Query& query) const;
  // The search saw every reachable state's moves, and none failed.
  bool no_failing_move = false;
  // With every_state_seen: the fewest moves to a deadlock (a state that is not terminal and
  // has no move, failing or not), kNeverReached for none; nullopt where not every state was
  // seen or some state's `terminal when` hit a model error.
  std::optional<int> deadlock_first_at;
  // With a deadlock_first_at of d >= 0: a play of d moves to a deadlock (its d + 1 states).
  std::vector<std::vector<uint32_t>> deadlock_play;
  // Entry d: the bits that are the same in every state reached in exactly d moves (a superset
  // of `fixed`), for the depths whose states the explicit engine listed in full.
  std::vector<FixedBits> at_depth;
  // Entry d, by rule (actions, then triggers): whether some state reached in exactly d moves
  // has a move of that rule, failing or not; for the depths whose states were all expanded.
  std::vector<std::vector<bool>> rules_at_depth;
  // The levels repeat from depth `levels_loop_start` with period `levels_period` (0: not
  // known to): at_depth and rules_at_depth end where the first repeat would begin.
  int levels_loop_start = 0;
  int levels_period = 0;
};

// The fixed bits of `enc`'s model (none when no initial state exists). Leaves them set on
// `enc` (StepEncoder::FixBits, or FixBitsForGood when found by exhaustion). Returns the
// translation's status; Z3 exceptions (an interruption) propagate. The sample of reachable
// states comes from the explicit successor generator (breadth-first states, at most
// `search_states` of them and for half the pass's budget, then random plays from a fixed
// seed); it stops, and the search ends incomplete, at the pass's budget (a third of what
// is left to `deadline`), at `deadline` or once `cancel` (may be null) is set.
constexpr size_t kSearchStates = 200000;
// For `prove`, which has no Z3 unrolling to save time for, and for which a listing decides
// every invariant at once where k-induction may take a minute (the 12 queens' 856,189
// partial placements: 67 s by induction): up to this many, about 150 MB of listed states.
constexpr size_t kProveSearchStates = 1000000;
// `list_invariants`: where the search sees every reachable state, it also checks every
// invariant in each (StateFacts::invariants), which on Monster Mutators' preset 1
// nearly triples the pass's time, so only `prove` asks for it.
absl::StatusOr<StateFacts> FindFixedBits(StepEncoder& enc, const Deadline& deadline,
                                         const std::atomic<bool>* cancel,
                                         size_t search_states = kSearchStates,
                                         bool list_invariants = false);

// The same, found once per run: the facts depend on the model only, so every query of a run
// shares them through `cache` (filled when a search completes; every query of a run passes the
// same `list_invariants`).
absl::StatusOr<StateFacts> FixedBitsOnce(StepEncoder& enc, const Deadline& deadline,
                                         const std::atomic<bool>* cancel,
                                         std::optional<StateFacts>* cache,
                                         bool list_invariants = false);

// Where each root of a FixedBits (each state variable in order, then the pending area) starts
// in a packed state, in bits.
std::vector<uint64_t> RootOffsets(const model::Model& model);

// The progress line: "<what>: K of N state bits are fixed in every reachable state, S s", or,
// where the pass stopped before it finished, that it did and that none are taken as fixed.
std::string FixedBitsLine(const std::string& what, const StateFacts& facts,
                          const Deadline& deadline);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_FIXED_BITS_H_
