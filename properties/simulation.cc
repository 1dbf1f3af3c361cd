// Random playouts (see simulation.h). Each thread takes game numbers from a shared counter,
// plays each game with its own generator and sampler, and adds what happened to its own
// counts; the counts are summed at the end, and of the violations each thread met, the one
// from the smallest game number is kept. Only the moves of a game (each an index among its
// state's outcomes) are remembered while it runs, so a violation costs nothing until the end,
// when its game is played again move by move to build the trace the reports show.
#include "properties/simulation.h"

#include <gmpxx.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "ir/bits.h"
#include "model/successors.h"
#include "properties/move_cards.h"
#include "properties/policies.h"
#include "properties/simulate_rng.h"
#include "properties/simulate_step.h"
#include "results/violations.h"

namespace rulecheck::properties {
namespace {

// What one thread counted.
struct Counts {
  uint64_t games = 0, terminal = 0, cut = 0, deadlock = 0, failed = 0, no_start = 0;
  std::map<uint64_t, uint64_t> moves, turns;
  std::vector<uint64_t> reachable_games, terminal_games;
  std::vector<uint64_t> action_moves, action_games, trigger_moves, trigger_games;
  std::vector<uint64_t> card_moves, card_games;
  std::vector<ChanceEstimate> chance;  // counts only; names filled in at the end

  void Add(const Counts& other) {
    games += other.games;
    terminal += other.terminal;
    cut += other.cut;
    deadlock += other.deadlock;
    failed += other.failed;
    no_start += other.no_start;
    for (const auto& [n, g] : other.moves) moves[n] += g;
    for (const auto& [n, g] : other.turns) turns[n] += g;
    auto add = [](std::vector<uint64_t>& to, const std::vector<uint64_t>& from) {
      to.resize(std::max(to.size(), from.size()), 0);
      for (size_t i = 0; i < from.size(); ++i) to[i] += from[i];
    };
    add(reachable_games, other.reachable_games);
    add(terminal_games, other.terminal_games);
    add(action_moves, other.action_moves);
    add(action_games, other.action_games);
    add(trigger_moves, other.trigger_moves);
    add(trigger_games, other.trigger_games);
    add(card_moves, other.card_moves);
    add(card_games, other.card_games);
    chance.resize(std::max(chance.size(), other.chance.size()));
    for (size_t i = 0; i < other.chance.size(); ++i) {
      const ChanceEstimate& from = other.chance[i];
      ChanceEstimate& to = chance[i];
      to.games += from.games;
      to.held += from.held;
      to.undecided += from.undecided;
      to.left_out += from.left_out;
      to.failed += from.failed;
      to.sum += from.sum;
      to.AddSquare(from.squares_low);
      to.squares_high += from.squares_high;
    }
  }
};

// A violation met, before its trace is built.
struct Met {
  results::Finding finding;
  uint64_t games = 0;
  uint64_t first_game = 0;
  uint64_t order = 0;  // when, in the first game, it was met
  // That game's moves up to it (outcome indices), kept where there are at most
  // kMostTracedMoves of them (`steps`).
  std::vector<uint32_t> path;
  uint64_t steps = 0;
};

// The longest play a game keeps to replay as a violation's trace. A game may run to
// --max-moves (up to 2^32); keeping all its moves took 4 to 8 bytes each (gigabytes, then an
// abort for memory), and a trace that long is no use to read.
constexpr size_t kMostTracedMoves = 100'000;
using MetMap = std::map<std::string, Met>;

// The dedupe key of a finding about a source location (as `check` keys them).
std::string AtLocation(std::string_view what, const ir::Location& loc) {
  return absl::StrCat(std::string(what), "@", loc.line, ":", loc.column);
}

std::string FailureKey(const ir::StepFailure& failure) {
  const char* kind = failure.kind == ir::StepFailure::Kind::kAssert       ? "assert"
                     : failure.kind == ir::StepFailure::Kind::kModelError ? "model_error"
                                                                          : "pending_overflow";
  return AtLocation(kind, failure.loc);
}

// Plays games on one thread.
class GamePlayer {
 public:
  // `initial`: the initial states, gathered and frozen, shared by every player.
  GamePlayer(const model::Model& model, const SimulateOptions& options, int turn_var,
             const CardIndex& cards, const StepSampler& initial, const PolicySet& policies,
             Counts& counts, MetMap& met)
      : program_(model.program),
        options_(options),
        policies_(policies),
        cards_(cards),
        initial_(initial),
        generator_(model),
        sampler_(generator_, model.layout.words()),
        counts_(counts),
        met_(met) {
    // Cards a rule moves by name are read off the trail of statements each move ran.
    generator_.set_record_trail(cards.named_by_statements());
    if (turn_var >= 0) {
      turn_offset_ = model.layout.var_offset(turn_var);
      turn_width_ = program_.state[turn_var].type->width;
    }
    counts_.reachable_games.assign(program_.reachables.size(), 0);
    counts_.terminal_games.assign(program_.terminals.size(), 0);
    counts_.action_moves.assign(program_.actions.size(), 0);
    counts_.action_games.assign(program_.actions.size(), 0);
    counts_.trigger_moves.assign(program_.triggers.size(), 0);
    counts_.trigger_games.assign(program_.triggers.size(), 0);
    counts_.card_moves.assign(cards_.size(), 0);
    counts_.card_games.assign(cards_.size(), 0);
    counts_.chance.assign(program_.chance_queries.size(), ChanceEstimate{});
    state_.resize(model.layout.words());
  }

  // Plays game `game`; false when the cancel flag stopped it (then nothing of it counts).
  bool Play(uint64_t game);

 private:
  enum class End { kTerminal, kCut, kDeadlock, kFailed, kNoStart, kStopped };

  End Run();
  // Checks the invariants, reachables and chance probabilities in the current state.
  void Visit();
  // Counts the game, which ended so, in the chance queries' estimates.
  void CountChance(End end);
  // A chance query's value in the current state; nullopt (a model error met) on failure.
  std::optional<int64_t> EvaluateChance(const ir::ChanceQuery& query);
  // Limits the governed seats' moves gathered by the sampler to what their policies allow.
  void Follow();
  // Takes outcome `i` of `from`: counts its move; false when it failed.
  bool Take(const StepSampler& from, size_t i);
  void Meet(const std::string& key, results::Finding finding);
  bool TurnChanged(const uint32_t* next) const;

  const ir::Program& program_;
  const SimulateOptions& options_;
  const PolicySet& policies_;
  const CardIndex& cards_;
  const StepSampler& initial_;
  model::SuccessorGenerator generator_;
  StepSampler sampler_;
  Counts& counts_;
  MetMap& met_;
  uint32_t turn_offset_ = 0, turn_width_ = 0;

  // The game being played.
  uint64_t game_ = 0;
  std::vector<uint32_t> state_;
  std::vector<uint32_t> path_;  // the first kMostTracedMoves steps of the game
  uint64_t path_steps_ = 0;     // the game's steps, kept or not
  uint64_t turns_ = 0;
  uint64_t order_ = 0;
  std::vector<bool> violated_, held_, chance_held_;
  std::vector<bool> chance_failed_;  // per chance query: evaluating it hit a model error
  std::vector<uint64_t> action_moves_, trigger_moves_, card_moves_;  // this game's
  std::vector<std::string> met_keys_;                                // met in this game
  std::vector<std::string> new_keys_;  // of which met first in this game on this thread
  uint64_t moves_ = 0;                 // moves made (a failed one not included)
};

bool GamePlayer::Play(uint64_t game) {
  game_ = game;
  path_.clear();
  path_steps_ = 0;
  turns_ = 1;
  order_ = 0;
  violated_.assign(program_.invariants.size(), false);
  held_.assign(program_.reachables.size(), false);
  chance_held_.assign(program_.chance_queries.size(), false);
  chance_failed_.assign(program_.chance_queries.size(), false);
  met_keys_.clear();
  new_keys_.clear();
  action_moves_.assign(program_.actions.size(), 0);
  trigger_moves_.assign(program_.triggers.size(), 0);
  card_moves_.assign(cards_.size(), 0);
  // A game goes into the counts only when it finishes: a stopped game leaves no trace.
  const End end = Run();
  if (end == End::kStopped) {
    for (const std::string& key : new_keys_) met_.erase(key);
    return false;
  }
  ++counts_.games;
  switch (end) {
    case End::kTerminal:
      ++counts_.terminal;
      for (size_t t = 0; t < program_.terminals.size(); ++t) {
        const model::PropertyValue v = generator_.Evaluate(program_.terminals[t], state_.data());
        if (v.ok && v.value != 0) ++counts_.terminal_games[t];
      }
      break;
    case End::kCut:
      ++counts_.cut;
      break;
    case End::kDeadlock:
      ++counts_.deadlock;
      break;
    case End::kFailed:
      ++counts_.failed;
      break;
    case End::kNoStart:
      ++counts_.no_start;
      break;
    case End::kStopped:
      break;
  }
  if (end != End::kNoStart) {
    ++counts_.moves[moves_];
    if (turn_width_ > 0) ++counts_.turns[turns_];
  }
  for (size_t i = 0; i < held_.size(); ++i) counts_.reachable_games[i] += held_[i];
  CountChance(end);
  auto add = [](std::vector<uint64_t>& moves, std::vector<uint64_t>& games,
                const std::vector<uint64_t>& game_moves) {
    for (size_t i = 0; i < game_moves.size(); ++i) {
      moves[i] += game_moves[i];
      games[i] += game_moves[i] > 0;
    }
  };
  add(counts_.action_moves, counts_.action_games, action_moves_);
  add(counts_.trigger_moves, counts_.trigger_games, trigger_moves_);
  add(counts_.card_moves, counts_.card_games, card_moves_);
  for (const std::string& key : met_keys_) ++met_.at(key).games;
  return true;
}

GamePlayer::End GamePlayer::Run() {
  GameRandom random(options_.seed, game_);
  if (initial_.size() == 0) return End::kNoStart;
  moves_ = 0;
  if (!Take(initial_, initial_.Draw(random))) return End::kFailed;
  while (true) {
    if (options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed)) {
      return End::kStopped;
    }
    Visit();
    ir::StepFailure error;
    const bool terminal = generator_.IsTerminal(state_.data(), &error);
    if (!error.message.empty()) {
      Meet(AtLocation("model_error", error.loc), results::TerminalEvaluationError(error));
    }
    if (terminal) return End::kTerminal;
    if (moves_ == options_.max_moves) return End::kCut;
    sampler_.Gather(state_.data());
    if (sampler_.size() == 0) {
      Meet("deadlock", results::Deadlock());
      return End::kDeadlock;
    }
    if (!policies_.empty()) Follow();
    if (!Take(sampler_, sampler_.Draw(random))) return End::kFailed;
    ++moves_;
  }
}

void GamePlayer::Follow() {
  std::optional<PolicyError> error = sampler_.Restrict(policies_, generator_, state_.data());
  if (!error.has_value()) return;
  // The condition counted as false; the model error is a finding like any other.
  ir::Property where;
  where.name = error->policy->name;
  where.loc = error->preference->loc;
  Meet(AtLocation("model_error", error->failure.loc),
       results::PropertyEvaluationError("the condition of policy", where, error->failure));
}

void GamePlayer::Visit() {
  for (size_t i = 0; i < program_.invariants.size(); ++i) {
    if (violated_[i]) continue;
    const model::PropertyValue v = generator_.Evaluate(program_.invariants[i], state_.data());
    if (!v.ok) {
      Meet(AtLocation("model_error", v.failure.loc),
           results::PropertyEvaluationError("invariant", program_.invariants[i], v.failure));
    } else if (v.value == 0) {
      violated_[i] = true;
      Meet(absl::StrCat("invariant#", i), results::InvariantViolation(program_.invariants[i]));
    }
  }
  for (size_t i = 0; i < program_.reachables.size(); ++i) {
    if (held_[i]) continue;
    const model::PropertyValue v = generator_.Evaluate(program_.reachables[i], state_.data());
    if (!v.ok) {
      Meet(AtLocation("model_error", v.failure.loc),
           results::PropertyEvaluationError("reachable", program_.reachables[i], v.failure));
    } else if (v.value != 0) {
      held_[i] = true;
    }
  }
  for (size_t i = 0; i < program_.chance_queries.size(); ++i) {
    const ir::ChanceQuery& query = program_.chance_queries[i];
    if (query.kind != ir::ChanceKind::kProbability || chance_held_[i] || chance_failed_[i]) {
      continue;
    }
    const std::optional<int64_t> value = EvaluateChance(query);
    chance_failed_[i] = !value.has_value();
    chance_held_[i] = value.has_value() && *value != 0;
  }
}

std::optional<int64_t> GamePlayer::EvaluateChance(const ir::ChanceQuery& query) {
  const model::PropertyValue v = generator_.Evaluate(query, state_.data());
  if (v.ok) return v.value;
  ir::Property where;
  where.name = query.name;
  where.loc = query.loc;
  Meet(AtLocation("model_error", v.failure.loc),
       results::PropertyEvaluationError(
           query.kind == ir::ChanceKind::kExpect ? "expect" : "probability", where, v.failure));
  return std::nullopt;
}

void GamePlayer::CountChance(End end) {
  if (end == End::kNoStart) return;
  const bool ended = end == End::kTerminal || end == End::kDeadlock;
  for (size_t i = 0; i < program_.chance_queries.size(); ++i) {
    const ir::ChanceQuery& query = program_.chance_queries[i];
    ChanceEstimate& estimate = counts_.chance[i];
    if (query.kind == ir::ChanceKind::kProbability) {
      // A game where the condition could not be evaluated says nothing of it (odds has no
      // answer for such a question either).
      if (chance_failed_[i]) {
        ++estimate.left_out;
      } else if (chance_held_[i]) {
        ++estimate.held;
        ++estimate.games;
      } else if (ended || end == End::kCut) {
        ++estimate.games;
        if (end == End::kCut) ++estimate.undecided;
      } else {
        ++estimate.left_out;
        if (end == End::kFailed) ++estimate.failed;
      }
      continue;
    }
    if (!ended) {
      ++estimate.left_out;
      if (end == End::kFailed) ++estimate.failed;
      continue;
    }
    const std::optional<int64_t> value = EvaluateChance(query);
    if (!value.has_value()) {
      ++estimate.left_out;
      continue;
    }
    ++estimate.games;
    estimate.sum += *value;
    const absl::uint128 magnitude = absl::uint128(*value < 0 ? -absl::int128(*value) : *value);
    estimate.AddSquare(magnitude * magnitude);
  }
}

bool GamePlayer::Take(const StepSampler& from, size_t i) {
  if (path_.size() < kMostTracedMoves) path_.push_back(static_cast<uint32_t>(i));
  ++path_steps_;
  const ir::Move& move = from.move(i);
  if (from.failed(i)) {
    Meet(FailureKey(from.failure(i)), results::FailedMove(program_, from.failure(i)));
    return false;
  }
  if (move.kind == ir::Move::Kind::kAction) ++action_moves_[move.index];
  if (move.kind == ir::Move::Kind::kTrigger) ++trigger_moves_[move.index];
  cards_.ForEachNamed(move, [this](size_t card) { ++card_moves_[card]; });
  const uint32_t* next = from.state(i);
  if (move.kind != ir::Move::Kind::kInit && TurnChanged(next)) ++turns_;
  std::copy(next, next + state_.size(), state_.begin());
  return true;
}

bool GamePlayer::TurnChanged(const uint32_t* next) const {
  for (uint32_t done = 0; done < turn_width_; done += 32) {
    const uint32_t width = std::min<uint32_t>(32, turn_width_ - done);
    if (ir::bits::Read(state_.data(), turn_offset_ + done, width) !=
        ir::bits::Read(next, turn_offset_ + done, width)) {
      return true;
    }
  }
  return false;
}

void GamePlayer::Meet(const std::string& key, results::Finding finding) {
  if (std::find(met_keys_.begin(), met_keys_.end(), key) != met_keys_.end()) return;
  met_keys_.push_back(key);
  auto [it, inserted] = met_.try_emplace(key);
  // A thread plays its games in increasing order: the first one to meet it is the earliest.
  if (!inserted) return;
  new_keys_.push_back(key);
  it->second.finding = std::move(finding);
  it->second.first_game = game_;
  it->second.order = order_++;
  it->second.steps = path_steps_;
  if (path_steps_ <= kMostTracedMoves) it->second.path = path_;
}

// Plays `path` again and returns the trace it makes.
results::Trace Replay(const model::Model& model, const std::vector<uint32_t>& path) {
  model::SuccessorGenerator generator(model);
  StepSampler sampler(generator, model.layout.words());
  results::Trace trace;
  for (size_t k = 0; k < path.size(); ++k) {
    if (k == 0) {
      sampler.GatherInitial();
    } else {
      sampler.Gather(trace.back().state.data());
    }
    const size_t i = path[k];
    assert(i < sampler.size());  // the same moves in the same order as when it was played
    results::TraceStep step;
    step.move = sampler.move(i);
    if (sampler.failed(i)) {
      if (!trace.empty()) step.state = trace.back().state;
      step.failed = true;
      step.error = sampler.failure(i).message;
    } else {
      step.state.assign(sampler.state(i), sampler.state(i) + model.layout.words());
    }
    trace.push_back(std::move(step));
  }
  return trace;
}

// "terminal when won(X) or won(O)": the line a `terminal when` starts on, trimmed.
std::string TerminalName(const model::Model& model, const ir::Property& terminal) {
  std::string_view line = model.source->Line(terminal.loc.line);
  const size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "terminal when";
  line.remove_prefix(first);
  const size_t comment = line.find('#');
  if (comment != std::string_view::npos) line = line.substr(0, comment);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return std::string(line);
}

int FindVariable(const ir::Program& program, const std::string& name) {
  for (size_t v = 0; v < program.state.size(); ++v) {
    if (!program.state[v].hidden && program.state[v].name == name) return static_cast<int>(v);
  }
  return -1;
}

void FillTallies(const model::Model& model, const CardIndex& cards, const Counts& counts,
                 SimulationResult& result) {
  const ir::Program& program = model.program;
  for (size_t i = 0; i < program.reachables.size(); ++i) {
    result.reachables.push_back(
        {program.reachables[i].name, program.reachables[i].loc, 0, counts.reachable_games[i]});
  }
  for (size_t i = 0; i < program.terminals.size(); ++i) {
    result.terminals.push_back({TerminalName(model, program.terminals[i]), program.terminals[i].loc,
                                0, counts.terminal_games[i]});
  }
  for (size_t i = 0; i < program.chance_queries.size(); ++i) {
    ChanceEstimate estimate = i < counts.chance.size() ? counts.chance[i] : ChanceEstimate{};
    estimate.name = program.chance_queries[i].name;
    estimate.location = program.chance_queries[i].loc;
    estimate.expect = program.chance_queries[i].kind == ir::ChanceKind::kExpect;
    result.chance.push_back(std::move(estimate));
  }
  for (size_t i = 0; i < program.actions.size(); ++i) {
    result.actions.push_back({program.actions[i].name, program.actions[i].loc,
                              counts.action_moves[i], counts.action_games[i]});
  }
  for (size_t i = 0; i < program.triggers.size(); ++i) {
    result.triggers.push_back({program.triggers[i].name, program.triggers[i].loc,
                               counts.trigger_moves[i], counts.trigger_games[i]});
  }
  for (size_t c = 0; c < cards.size(); ++c) {
    const ir::EnumDef& def = cards.def(c);
    const size_t m = cards.member(c);
    result.cards.push_back({def.members[m],
                            m < def.member_locs.size() ? def.member_locs[m] : def.loc,
                            counts.card_moves[c], counts.card_games[c]});
  }
}

}  // namespace

absl::StatusOr<SimulationResult> Simulate(const model::Model& model,
                                          const SimulateOptions& options) {
  absl::StatusOr<PolicySet> policies = PolicySet::Choose(model.program, options.policies);
  if (!policies.ok()) return policies.status();
  const auto start = std::chrono::steady_clock::now();
  int turn_var = -1;
  if (!options.turn_variable.empty()) {
    turn_var = FindVariable(model.program, options.turn_variable);
    if (turn_var < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--turn: the game has no state variable named `", options.turn_variable, "`"));
    }
  }
  int threads = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::max<uint64_t>(1, std::min<uint64_t>(threads, options.games)));
  const CardIndex cards(model.program);
  // Every game starts from the same initial outcomes: gather them once.
  model::SuccessorGenerator initial_generator(model);
  initial_generator.set_record_trail(cards.named_by_statements());
  StepSampler initial(initial_generator, model.layout.words());
  initial.GatherInitial();
  initial.Freeze();

  std::vector<Counts> counts(threads);
  std::vector<MetMap> met(threads);
  std::atomic<uint64_t> next_game{0};
  std::atomic<uint64_t> games_done{0};
  std::atomic<int> running{threads};
  std::mutex mutex;
  std::condition_variable all_done;
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      GamePlayer player(model, options, turn_var, cards, initial, *policies, counts[t], met[t]);
      while (true) {
        const uint64_t game = next_game.fetch_add(1, std::memory_order_relaxed);
        if (game >= options.games || !player.Play(game)) break;
        games_done.fetch_add(1, std::memory_order_relaxed);
      }
      std::lock_guard<std::mutex> lock(mutex);
      if (--running == 0) all_done.notify_all();
    });
  }
  {
    // The monitor: a progress line about once a second until every worker is done.
    std::unique_lock<std::mutex> lock(mutex);
    double last_seconds = 0;
    uint64_t last_done = 0;
    while (!all_done.wait_for(lock, std::chrono::seconds(1), [&] { return running == 0; })) {
      if (!options.progress) continue;
      SimulationProgress progress;
      progress.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      progress.games_done = games_done.load();
      progress.games = options.games;
      progress.games_per_second =
          (progress.games_done - last_done) / std::max(1e-9, progress.seconds - last_seconds);
      last_seconds = progress.seconds;
      last_done = progress.games_done;
      lock.unlock();
      options.progress(progress);
      lock.lock();
    }
  }
  for (std::thread& worker : workers) worker.join();

  Counts total;
  for (const Counts& c : counts) total.Add(c);
  MetMap merged;
  for (MetMap& m : met) {
    for (auto& [key, entry] : m) {
      auto [it, inserted] = merged.try_emplace(key);
      const uint64_t games = it->second.games + entry.games;
      if (inserted || entry.first_game < it->second.first_game) it->second = std::move(entry);
      it->second.games = games;
    }
  }

  SimulationResult result;
  result.games_asked = options.games;
  result.policies = policies->Followed(/*with_use=*/true);
  result.games_played = total.games;
  result.stopped =
      options.cancel != nullptr && options.cancel->load() && total.games < options.games;
  result.seed = options.seed;
  result.max_moves = options.max_moves;
  result.threads = threads;
  result.terminal = total.terminal;
  result.cut = total.cut;
  result.deadlock = total.deadlock;
  result.failed = total.failed;
  result.no_start = total.no_start;
  result.moves = std::move(total.moves);
  result.turn_variable = options.turn_variable;
  result.turns = std::move(total.turns);
  FillTallies(model, cards, total, result);

  std::vector<const Met*> order;
  for (const auto& [key, entry] : merged) order.push_back(&entry);
  std::sort(order.begin(), order.end(), [](const Met* a, const Met* b) {
    return std::tie(a->first_game, a->order) < std::tie(b->first_game, b->order);
  });
  for (const Met* entry : order) {
    SimulatedFinding found;
    found.finding = entry->finding;
    if (entry->steps <= kMostTracedMoves) {
      found.finding.trace = Replay(model, entry->path);
    } else {
      absl::StrAppend(&found.finding.message, " (met after ", base::GroupThousands(entry->steps),
                      " steps of game ", entry->first_game, "; a trace longer than ",
                      base::GroupThousands(kMostTracedMoves), " steps is not kept)");
    }
    results::Locate(found.finding, model.Resolve(found.finding.location));
    found.games = entry->games;
    found.first_game = entry->first_game;
    result.findings.push_back(std::move(found));
  }
  if (total.no_start > 0) {
    SimulatedFinding found;
    found.finding = results::NoInitialState(model.program.init.loc);
    results::Locate(found.finding, model.Resolve(found.finding.location));
    found.games = total.no_start;
    result.findings.insert(result.findings.begin(), std::move(found));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

Interval WilsonInterval(uint64_t successes, uint64_t trials) {
  if (trials == 0) return {};
  constexpr double z = 1.959963984540054;  // the 97.5th percentile of the normal distribution
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double denominator = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator;
  // With no success, or every trial one, the bound is 0 or 1 exactly; rounding left it a hair
  // inside, which put a certain event outside its own interval.
  return {successes == 0 ? 0.0 : std::max(0.0, centre - half),
          successes == trials ? 1.0 : std::min(1.0, centre + half)};
}

void ChanceEstimate::AddSquare(absl::uint128 square) {
  squares_low += square;
  if (squares_low < square) ++squares_high;  // the carry
}

std::optional<double> ChanceValue(const ChanceEstimate& estimate) {
  if (estimate.games == 0) return std::nullopt;
  const double n = static_cast<double>(estimate.games);
  if (!estimate.expect) return static_cast<double>(estimate.held) / n;
  return static_cast<double>(estimate.sum) / n;
}

namespace {

mpz_class ToMpz(absl::uint128 v) {
  const mpz_class high(std::to_string(absl::Uint128High64(v)));
  const mpz_class low(std::to_string(absl::Uint128Low64(v)));
  return mpz_class(high << 64) + low;
}

}  // namespace

std::optional<Interval> ChanceInterval(const ChanceEstimate& estimate) {
  if (!estimate.expect) {
    if (estimate.games == 0) return std::nullopt;
    return Interval{WilsonInterval(estimate.held, estimate.games).low,
                    WilsonInterval(estimate.held + estimate.undecided, estimate.games).high};
  }
  if (estimate.games < 2) return std::nullopt;
  constexpr double z = 1.959963984540054;
  const double n = static_cast<double>(estimate.games);
  const double mean = static_cast<double>(estimate.sum) / n;
  // The sample variance from the exact sums, exactly: (n S2 - S1^2) / (n (n - 1)), in GMP's
  // integers, since n S2 outgrows 128 bits for values past about 2^40.
  const absl::int128 s1 = estimate.sum;
  const mpz_class squares =
      mpz_class(ToMpz(estimate.squares_high) << 128) + ToMpz(estimate.squares_low);
  const mpz_class sum = ToMpz(absl::uint128(s1 < 0 ? -s1 : s1));
  const mpz_class games(std::to_string(estimate.games));
  const mpz_class spread = squares * games - sum * sum;
  const mpq_class variance(spread, games * (games - 1));
  const double half = z * std::sqrt(std::max(0.0, variance.get_d()) / n);
  return Interval{mean - half, mean + half};
}

}  // namespace rulecheck::properties
