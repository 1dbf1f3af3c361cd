// The gathering and drawing of a playout step (see simulate_step.h).
#include "properties/simulate_step.h"

#include <algorithm>

namespace rulecheck::properties {
namespace {

bool SameInstance(const ir::Move& a, const ir::Move& b) {
  return a.kind == b.kind && a.index == b.index && a.args == b.args;
}

bool SameChoice(const ir::Choice& a, const ir::Choice& b) {
  return a.value == b.value && a.position == b.position && a.words == b.words;
}

}  // namespace

StepSampler::StepSampler(model::SuccessorGenerator& generator, uint32_t words)
    : generator_(generator), words_(words) {}

void StepSampler::Clear() {
  nodes_.clear();
  tree_runs_.clear();
  outcomes_.clear();
  states_.clear();
  moves_used_ = 0;
  failures_.clear();
  allowed_.clear();
}

std::optional<PolicyError> StepSampler::Restrict(const PolicySet& policies,
                                                 model::SuccessorGenerator& generator,
                                                 const uint32_t* state) {
  std::vector<PolicyCandidate> candidates;
  for (size_t i = 0; i < outcomes_.size(); ++i) {
    candidates.push_back({&move(i), !outcomes_[i].failed});
  }
  allowed_.assign(outcomes_.size(), true);
  return policies.Restrict(generator, state, candidates, allowed_);
}

void StepSampler::GatherInitial() {
  Clear();
  generator_.Initial(*this);
}

void StepSampler::Gather(const uint32_t* state) {
  Clear();
  generator_.Successors(state, *this);
}

void StepSampler::OnSuccessor(const uint32_t* state, const ir::Move& move) {
  outcomes_.push_back({false, moves_used_});
  states_.insert(states_.end(), state, state + words_);
  // The pool keeps its moves' buffers, so copying into a used slot rarely allocates.
  if (moves_used_ == moves_.size()) {
    moves_.push_back(move);
  } else {
    moves_[moves_used_] = move;
  }
  ++moves_used_;
}

void StepSampler::OnFailure(const ir::StepFailure& failure) {
  outcomes_.push_back({true, failures_.size()});
  failures_.push_back(failure);
}

const ir::Move& StepSampler::move(size_t i) const {
  const Outcome& o = outcomes_[i];
  return o.failed ? failures_[o.slot].move : moves_[o.slot];
}

void StepSampler::InstanceRuns(std::vector<Run>& runs) const {
  runs.clear();
  for (size_t i = 0; i < outcomes_.size(); ++i) {
    // A policy keeps or drops an instance whole (its pattern reads the instance only).
    if (!allowed_.empty() && !allowed_[i]) continue;
    if (runs.empty() || !SameInstance(move(runs.back().begin), move(i)) || runs.back().end != i) {
      runs.push_back({i, i, 1});
    }
    runs.back().end = i + 1;
  }
}

size_t StepSampler::InstanceSeats(const std::vector<Run>& instances,
                                  std::vector<size_t>& seat) const {
  std::vector<Seat>& seats = seats_;  // few: a linear search is the quickest
  seats.clear();
  seat.resize(instances.size());
  for (size_t i = 0; i < instances.size(); ++i) {
    const Seat of = SeatOf(move(instances[i].begin));
    const auto it = std::find(seats.begin(), seats.end(), of);
    seat[i] = static_cast<size_t>(it - seats.begin());
    if (it == seats.end()) seats.push_back(of);
  }
  return seats.size();
}

size_t StepSampler::PickInstance(const std::vector<Run>& instances, GameRandom& random) const {
  const size_t seats = InstanceSeats(instances, seat_of_);
  // One seat: the instance is the only draw, so a turn-based game uses its random stream as
  // it did before seats were drawn.
  if (seats == 1) return random.Below(instances.size());
  const size_t seat = random.Below(seats);
  const size_t own = std::count(seat_of_.begin(), seat_of_.end(), seat);
  size_t k = random.Below(own);
  for (size_t i = 0;; ++i) {
    if (seat_of_[i] == seat && k-- == 0) return i;
  }
}

bool StepSampler::ChoiceRuns(size_t begin, size_t end, size_t depth, std::vector<Run>& runs) const {
  runs.clear();
  bool any = false;
  for (size_t i = begin; i < end; ++i) {
    const std::vector<ir::Choice>& choices = move(i).choices;
    if (choices.size() <= depth) {  // ended here: by the tree's shape, alone in its run
      runs.push_back({i, i + 1, 1});
      continue;
    }
    any = true;
    const ir::Choice& choice = choices[depth];
    if (!runs.empty() && runs.back().end == i && move(runs.back().begin).choices.size() > depth &&
        SameChoice(move(runs.back().begin).choices[depth], choice)) {
      runs.back().end = i + 1;
      continue;
    }
    const bool chance = choice.kind == ir::Choice::Kind::kRoll;
    runs.push_back({i, i + 1, chance ? std::max<uint64_t>(choice.weight, 1) : uint64_t{1}});
  }
  return any;
}

size_t StepSampler::Pick(const std::vector<Run>& runs, GameRandom& random) {
  uint64_t total = 0;
  for (const Run& run : runs) total += run.weight;
  uint64_t r = random.Below(total);
  for (size_t k = 0; k < runs.size(); ++k) {
    if (r < runs[k].weight) return k;
    r -= runs[k].weight;
  }
  return runs.size() - 1;  // unreachable: r < total
}

void StepSampler::Freeze() {
  nodes_.clear();
  tree_runs_.clear();
  std::vector<Run> instances;
  InstanceRuns(instances);
  std::vector<size_t> seat_of;
  const size_t seats = InstanceSeats(instances, seat_of);
  size_t built = 0;  // tree_runs_[0, built) have their node already
  if (seats == 1) {
    AddNode(instances, 0);
  } else {
    // The root draws the seat (each run weighs 1), its run's node the seat's instance.
    nodes_.push_back({0, seats, seats});
    tree_runs_.resize(seats);
    for (size_t seat = 0; seat < seats; ++seat) {
      std::vector<Run> own;
      for (size_t i = 0; i < instances.size(); ++i) {
        if (seat_of[i] == seat) own.push_back(instances[i]);
      }
      tree_runs_[seat].node = AddNode(own, 0);
    }
    built = seats;
  }
  // Children after their parent: walk the runs added so far, growing the list as we go.
  for (size_t i = built; i < tree_runs_.size(); ++i) {
    // The root's runs are instances (from depth 0); a node's depth is kept in `node` until
    // its child is built (see AddNode).
    const size_t depth = static_cast<size_t>(tree_runs_[i].node);
    const Run run = tree_runs_[i].run;
    tree_runs_[i].node = Build(run.begin, run.end, depth);
  }
}

int64_t StepSampler::AddNode(const std::vector<Run>& runs, size_t depth) {
  Node node;
  node.first = tree_runs_.size();
  node.count = runs.size();
  for (const Run& run : runs) {
    node.total += run.weight;
    // The depth its node starts at, until Freeze builds it.
    tree_runs_.push_back({run, static_cast<int64_t>(depth)});
  }
  nodes_.push_back(node);
  return static_cast<int64_t>(nodes_.size()) - 1;
}

int64_t StepSampler::Build(size_t begin, size_t end, size_t depth) {
  std::vector<Run> runs;
  for (; end - begin > 1; ++depth) {
    if (!ChoiceRuns(begin, end, depth, runs)) return -1;
    if (runs.size() > 1) return AddNode(runs, depth + 1);
  }
  return -1;
}

size_t StepSampler::Draw(GameRandom& random) const {
  if (!nodes_.empty()) {
    int64_t at = 0;
    while (true) {
      const Node& node = nodes_[at];
      uint64_t r = random.Below(node.total);
      size_t k = node.first;
      while (r >= tree_runs_[k].run.weight) r -= tree_runs_[k++].run.weight;
      const TreeRun& picked = tree_runs_[k];
      if (picked.node >= 0) {
        at = picked.node;
        continue;
      }
      const Run& run = picked.run;
      return run.begin + (run.end - run.begin > 1 ? random.Below(run.end - run.begin) : 0);
    }
  }
  InstanceRuns(runs_);
  const Run instance = runs_[PickInstance(runs_, random)];
  size_t begin = instance.begin, end = instance.end;
  for (size_t depth = 0; end - begin > 1; ++depth) {
    if (!ChoiceRuns(begin, end, depth, runs_)) {
      // Paths that made the same choices: none is more likely than another.
      return begin + random.Below(end - begin);
    }
    // A choice with one candidate left draws nothing (as in the frozen tree).
    const Run run = runs_.size() == 1 ? runs_[0] : runs_[Pick(runs_, random)];
    begin = run.begin;
    end = run.end;
  }
  return begin;
}

void StepSampler::AddChances(size_t begin, size_t end, size_t depth, double chance,
                             std::vector<double>& chances) const {
  if (end - begin == 1) {
    chances[begin] += chance;
    return;
  }
  std::vector<Run> runs;
  if (!ChoiceRuns(begin, end, depth, runs)) {
    for (size_t i = begin; i < end; ++i) chances[i] += chance / static_cast<double>(end - begin);
    return;
  }
  uint64_t total = 0;
  for (const Run& run : runs) total += run.weight;
  for (const Run& run : runs) {
    AddChances(run.begin, run.end, depth + 1,
               chance * static_cast<double>(run.weight) / static_cast<double>(total), chances);
  }
}

std::vector<double> StepSampler::Chances() const {
  std::vector<double> chances(outcomes_.size(), 0.0);
  std::vector<Run> instances;
  InstanceRuns(instances);
  std::vector<size_t> seat_of;
  const size_t seats = InstanceSeats(instances, seat_of);
  for (size_t i = 0; i < instances.size(); ++i) {
    const size_t own = std::count(seat_of.begin(), seat_of.end(), seat_of[i]);
    AddChances(instances[i].begin, instances[i].end, 0,
               1.0 / static_cast<double>(seats) / static_cast<double>(own), chances);
  }
  return chances;
}

}  // namespace rulecheck::properties
