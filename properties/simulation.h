// The front door of `rulecheck simulate`: random playouts of a model, at any scope, even where
// no search can finish, and what they tell about the game: how long it lasts, how often each
// `reachable` property (a win, a card's effect) comes true, how often each action, trigger
// and card acts, and every violation met on the way, with its play replayed as a trace.
//
// A game starts in an initial state and takes moves from the model's successor generator
// until a terminal state, a state with no move (a deadlock), a failed move (an assert, a
// model error) or the move limit. Each move is drawn by the rules of chance in
// docs/simulate.md (simulate_step.h): the seat to move uniformly when several could, as
// `odds` draws it, then its rule instance uniformly among those that have a move, a roll's
// outcomes by their weights (a bag draw by copies), every other choice uniformly. Game `g` draws
// from a random stream made from (seed, g) alone and the totals are sums, so the result is the same
// for any number of threads. Violations are kept per invariant, failing source location or kind,
// from the game with the smallest number, and their traces are rebuilt afterwards by playing that
// game's moves again.
//
//   properties::SimulationResult result = properties::Simulate(*model, {.games = 10000});
#ifndef RULECHECK_PROPERTIES_SIMULATION_H_
#define RULECHECK_PROPERTIES_SIMULATION_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "ir/source.h"
#include "model/model.h"
#include "results/finding.h"
#include "results/policy.h"

namespace rulecheck::properties {

// What a progress line says about a running simulation.
struct SimulationProgress {
  double seconds = 0;
  uint64_t games_done = 0;
  uint64_t games = 0;  // asked for
  double games_per_second = 0;
};

struct SimulateOptions {
  uint64_t games = 1000;
  uint64_t seed = 0;
  int threads = 0;            // 0: one per core
  uint64_t max_moves = 1000;  // a game still going after this many moves is cut
  // A state variable whose every change starts a new turn (`turn`); empty: turns not counted.
  std::string turn_variable;
  // Policies of the model the seats they govern follow (--policy; docs/simulate.md).
  std::vector<std::string> policies;
  const std::atomic<bool>* cancel = nullptr;  // stops the run when it turns true
  // Called about once a second from a monitor thread while games run.
  std::function<void(const SimulationProgress&)> progress;
};

// How often something happened over the games played.
struct Tally {
  std::string name;  // "place", "Dog", "p1_wins", "terminal when ... (line 27)"
  ir::Location location;
  uint64_t moves = 0;  // moves it made or named (rules and cards); unused for properties
  uint64_t games = 0;  // games in which it acted, held, or ended
};

// An estimate of one of the file's chance queries (docs/odds.md) from the games played, the
// question `rulecheck odds` answers exactly where every state fits.
struct ChanceEstimate {
  std::string name;
  ir::Location location;
  bool expect = false;  // `expect e`; else `probability c`
  // The games the estimate is over. A probability: every game that ended (in a terminal
  // state or a deadlock) or was cut at the move limit, and every game in which `c` held; a
  // game that failed before `c` held is left out, as `odds` leaves a failed move's outcomes
  // out. An expectation: the games that ended, with the value of `e` where they ended.
  uint64_t games = 0;
  uint64_t held = 0;       // probability: games in which `c` held in some state
  uint64_t undecided = 0;  // probability: games cut at the move limit before `c` held
  // Games not counted: failed, or where evaluating the query hit a model error (the finding
  // says where), or (an expectation) cut.
  uint64_t left_out = 0;
  // Of those, the games that ended in a failed move before they could count (the note on how
  // `simulate` and `odds` then differ).
  uint64_t failed = 0;
  absl::int128 sum = 0;  // expectation: of the values where the games ended
  // And of their squares, exactly: each is below 2^126, so the sum takes 256 bits.
  absl::uint128 squares_high = 0, squares_low = 0;
  void AddSquare(absl::uint128 square);
};

// A violation met in some game.
struct SimulatedFinding {
  results::Finding finding;  // with the trace of `first_game`, replayed
  uint64_t games = 0;        // games that met it
  uint64_t first_game = 0;   // the smallest game number that met it (from 0)
};

struct SimulationResult {
  uint64_t games_asked = 0;
  uint64_t games_played = 0;  // finished games; fewer than asked when stopped
  bool stopped = false;       // the cancel flag stopped the run
  double seconds = 0;
  uint64_t seed = 0;
  uint64_t max_moves = 0;
  int threads = 1;
  std::vector<results::FollowedPolicy> policies;  // followed by the seats they govern
  // How the games ended (they add up to games_played).
  uint64_t terminal = 0;  // in a terminal state
  uint64_t cut = 0;       // at max_moves
  uint64_t deadlock = 0;  // in a state that is not terminal and has no move
  uint64_t failed = 0;    // by a failed move (assert, model error, pending overflow)
  uint64_t no_start = 0;  // `init` has no outcome: nothing to play
  // Game lengths: games by number of moves (trigger resolutions included), and by turns.
  std::map<uint64_t, uint64_t> moves;
  std::string turn_variable;  // empty: turns not counted
  std::map<uint64_t, uint64_t> turns;
  // In declaration order: each `reachable` property (games in which it held in some state);
  // each `terminal when` (games that ended in a state where it holds).
  std::vector<Tally> reachables;
  std::vector<Tally> terminals;
  // Each chance query of the file, in declaration order.
  std::vector<ChanceEstimate> chance;
  // In declaration order: moves and games of each action and trigger, and of each card named
  // by a move (as an argument or choice, or moved by name, as the coverage check counts them).
  std::vector<Tally> actions;
  std::vector<Tally> triggers;
  std::vector<Tally> cards;
  std::vector<SimulatedFinding> findings;  // in order of first game, then of kind
};

// Plays `options.games` games of `model`. InvalidArgument when `options.turn_variable` names
// no state variable or two of `options.policies` govern one seat; NotFound for an unknown
// policy. Thread-compatible (runs its own threads).
absl::StatusOr<SimulationResult> Simulate(const model::Model& model,
                                          const SimulateOptions& options);

// The 95% confidence interval of a proportion `successes` of `trials` (Wilson's score
// interval, which stays inside [0, 1] and is sound near 0 and 1). {0, 1} for no trials.
struct Interval {
  double low = 0;
  double high = 1;
};
Interval WilsonInterval(uint64_t successes, uint64_t trials);

// A chance query's estimate (the rate of games in which it held, or the mean of the values;
// 0 over no games) and its 95% confidence interval: for a probability, from the low end of
// Wilson's interval with the undecided games counted as misses to the high end with them
// counted as hits; for an expectation, the mean plus or minus 1.96 standard errors (over
// fewer than two games, nullopt: no interval). An estimate over no games is nullopt.
std::optional<double> ChanceValue(const ChanceEstimate& estimate);
std::optional<Interval> ChanceInterval(const ChanceEstimate& estimate);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_SIMULATION_H_
