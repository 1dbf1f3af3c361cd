// The dead-rule and coverage analysis (see coverage_check.h).
//
// The hot path is OnTransition: a few array increments per move, plus one per trail entry.
// A line is counted once per transition with a stamp per line (the number of the transition
// that last counted it), so no set is built per move. Dead branches are judged per source
// location, because a proc inlined at two call sites gives its statements two sets of trail
// ids: a branch is dead only when no copy of it was taken.
#include "properties/coverage_check.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/bits.h"

namespace rulecheck::properties {
namespace {

using ir::TrailPoint;

results::Finding Warning(results::FindingKind kind, std::string name, std::string message,
                         const ir::Location& loc) {
  results::Finding finding;
  finding.kind = kind;
  finding.severity = results::Severity::kWarning;
  finding.name = std::move(name);
  finding.message = std::move(message);
  finding.location = loc;
  return finding;
}

}  // namespace

void CoverageCheck::Counts::Resize(const Counts& shape) {
  actions.assign(shape.actions.size(), 0);
  triggers.assign(shape.triggers.size(), 0);
  points.assign(shape.points.size(), 0);
  lines.assign(shape.lines.size(), 0);
  cards.assign(shape.cards.size(), 0);
}

void CoverageCheck::Counts::AddTo(Counts& total) const {
  auto add = [](const CountVector& from, CountVector& to) {
    for (size_t i = 0; i < from.size(); ++i) to[i] += from[i];
  };
  add(actions, total.actions);
  add(triggers, total.triggers);
  add(points, total.points);
  add(lines, total.lines);
  add(cards, total.cards);
}

void CoverageCheck::Counts::Zero() {
  for (auto* v : {&actions, &triggers, &points, &lines, &cards}) std::fill(v->begin(), v->end(), 0);
}

CoverageCheck::CoverageCheck(const model::Model& model, FindingCollector& collector,
                             bool dead_findings)
    : model_(model), collector_(collector), dead_findings_(dead_findings), cards_(model.program) {
  const ir::Program& program = model.program;
  int max_line = std::max(program.init.loc.line, 0);
  init_line_ = program.init.stmts.empty() ? 0 : program.init.loc.line;
  for (const ir::Action& action : program.actions) {
    action_lines_.push_back(action.loc.line);
    max_line = std::max(max_line, action.loc.line);
  }
  for (const ir::Trigger& trigger : program.triggers) {
    trigger_lines_.push_back(trigger.loc.line);
    max_line = std::max(max_line, trigger.loc.line);
  }
  for (const TrailPoint& point : program.trail_points) {
    max_line = std::max(max_line, point.loc.line);
    // The fall-through of an `if` without `else` is on no line of its own (line 0).
    const bool fall_through = point.branch >= 0 && point.stmt->else_block == nullptr &&
                              static_cast<size_t>(point.branch) >= point.stmt->conds.size();
    point_lines_.push_back(fall_through ? 0 : point.loc.line);
  }
  shape_.actions.assign(program.actions.size(), 0);
  shape_.triggers.assign(program.triggers.size(), 0);
  shape_.points.assign(program.trail_points.size(), 0);
  shape_.lines.assign(static_cast<size_t>(max_line) + 1, 0);
  shape_.cards.assign(cards_.size(), 0);
  coverable_line_.assign(shape_.lines.size(), false);
  for (int line : action_lines_) coverable_line_[line] = true;
  for (int line : trigger_lines_) coverable_line_[line] = true;
  for (const TrailPoint& point : program.trail_points) {
    // Statements, and the branches written in the file (an `elif` or `else` line).
    const bool implicit_else = point.branch >= 0 &&
                               static_cast<size_t>(point.branch) == point.stmt->conds.size() &&
                               point.stmt->else_block == nullptr;
    if (!implicit_else) coverable_line_[point.loc.line] = true;
  }
  if (init_line_ > 0) coverable_line_[init_line_] = true;
  coverable_line_[0] = false;
  total_.Resize(shape_);
  NoteSwitchedOffLines();
}

// Which points constants switch off (a branch whose ir::Stmt::off_by names constants, and
// everything inside it), and which lines hold nothing else. Ids of enclosing branches are
// smaller than those of the points inside them (ir/trail_points.cc), so one pass suffices.
void CoverageCheck::NoteSwitchedOffLines() {
  const std::vector<TrailPoint>& points = model_.program.trail_points;
  off_point_.assign(points.size(), -1);
  constexpr int32_t kNone = -2, kMixed = -1;
  std::vector<int32_t> line_state(coverable_line_.size(), kNone);
  for (size_t id = 0; id < points.size(); ++id) {
    const TrailPoint& point = points[id];
    const std::vector<std::vector<int>>& off_by = point.stmt->off_by;
    if (point.branch >= 0 && !off_by.empty() && !off_by[point.branch].empty()) {
      off_point_[id] = static_cast<int32_t>(id);
    } else if (point.parent_branch >= 0) {
      off_point_[id] = off_point_[point.parent_branch];
    }
    const bool implicit_else = point.branch >= 0 &&
                               static_cast<size_t>(point.branch) == point.stmt->conds.size() &&
                               point.stmt->else_block == nullptr;
    if (implicit_else) continue;
    int32_t& state = line_state[point.loc.line];
    if (off_point_[id] < 0) {
      state = kMixed;
    } else if (state == kNone) {
      state = off_point_[id];
    }
  }
  for (int line : action_lines_) line_state[line] = kMixed;
  for (int line : trigger_lines_) line_state[line] = kMixed;
  line_state[init_line_] = kMixed;
  line_off_point_.assign(line_state.size(), -1);
  for (size_t line = 0; line < line_state.size(); ++line) {
    line_off_point_[line] = std::max(line_state[line], int32_t{-1});
  }
  // A rule whose guard the constants make false is off as a whole: its header and every line
  // of its body (a proc it calls may run for other rules too, so its lines are left alone).
  const ir::Program& program = model_.program;
  line_off_rule_.assign(line_state.size(), "");
  auto mark_rule = [&](TrailPoint::Rule kind, size_t index, int header,
                       const std::vector<int>& off_by) {
    if (off_by.empty()) return;
    const std::string text = absl::StrJoin(NamedValues(off_by), ", ");
    line_off_rule_[header] = text;
    for (const TrailPoint& point : points) {
      if (point.rule != kind || point.rule_index != static_cast<int>(index)) continue;
      if (point.loc.line > 0 && static_cast<size_t>(point.loc.line) < line_off_rule_.size()) {
        line_off_rule_[point.loc.line] = text;
      }
    }
  };
  for (size_t a = 0; a < program.actions.size(); ++a) {
    mark_rule(TrailPoint::Rule::kAction, a, action_lines_[a], program.actions[a].off_by);
  }
  for (size_t t = 0; t < program.triggers.size(); ++t) {
    mark_rule(TrailPoint::Rule::kTrigger, t, trigger_lines_[t], program.triggers[t].off_by);
  }
}

std::vector<std::string> CoverageCheck::OffConstants(size_t id) const {
  if (off_point_[id] < 0) return {};
  const TrailPoint& point = model_.program.trail_points[off_point_[id]];
  return NamedValues(point.stmt->off_by[point.branch]);
}

std::vector<std::string> CoverageCheck::NamedValues(const std::vector<int>& off_by) const {
  const ir::Program& program = model_.program;
  std::vector<std::string> constants;
  for (int c : off_by) {
    const ir::Constant& constant = program.constants[c];
    const bool is_bool = constant.type != nullptr && constant.type->kind == ir::TypeKind::kBool;
    constants.push_back(absl::StrCat(
        constant.name, " = ",
        is_bool ? (constant.value != 0 ? "true" : "false") : absl::StrCat(constant.value)));
  }
  return constants;
}

std::string CoverageCheck::RuleOf(const TrailPoint& point) const {
  switch (point.rule) {
    case TrailPoint::Rule::kAction:
      return "action " + model_.program.actions[point.rule_index].name;
    case TrailPoint::Rule::kTrigger:
      return "trigger " + model_.program.triggers[point.rule_index].name;
    case TrailPoint::Rule::kInit:
      break;
  }
  return "init";
}

std::string CoverageCheck::WrittenIn(const TrailPoint& point) const {
  const int proc = point.stmt->proc;
  return proc >= 0 ? "proc " + model_.program.procs[proc] : RuleOf(point);
}

// Branches: dead where no copy was taken; reported where the rule ran and the enclosing
// branch, if any, was taken (else the outer dead thing already says it), once per place in
// the file: a branch of a proc under the proc, with the rules that call it.
void CoverageCheck::OfferDeadBranches() {
  const ir::Program& program = model_.program;
  auto rule_ran = [&](const TrailPoint& point) {
    switch (point.rule) {
      case TrailPoint::Rule::kAction:
        return total_.actions[point.rule_index] != 0;
      case TrailPoint::Rule::kTrigger:
        return total_.triggers[point.rule_index] != 0;
      case TrailPoint::Rule::kInit:
        return true;
    }
    return true;
  };
  std::set<ir::Location> taken;
  std::map<ir::Location, std::vector<std::string>> callers;  // of a proc's branch, in order
  for (size_t id = 0; id < program.trail_points.size(); ++id) {
    const TrailPoint& point = program.trail_points[id];
    if (point.branch < 0) continue;
    if (total_.points[id] != 0) taken.insert(point.loc);
    if (point.stmt->proc < 0) continue;
    std::vector<std::string>& rules = callers[point.loc];
    std::string rule = RuleOf(point);
    if (std::find(rules.begin(), rules.end(), rule) == rules.end()) rules.push_back(rule);
  }
  std::set<ir::Location> reported;
  for (size_t id = 0; id < program.trail_points.size(); ++id) {
    const TrailPoint& point = program.trail_points[id];
    if (point.branch < 0 || total_.points[id] != 0) continue;
    const size_t conds = point.stmt->conds.size();
    const bool is_else = static_cast<size_t>(point.branch) == conds;
    if (is_else && point.stmt->else_block == nullptr) continue;  // no else written
    if (!rule_ran(point)) continue;
    if (point.parent_branch >= 0 && total_.points[point.parent_branch] == 0) continue;
    if (taken.count(point.loc) != 0 || !reported.insert(point.loc).second) continue;
    const char* which = is_else ? "else" : point.branch == 0 ? "if" : "elif";
    const std::string where = WrittenIn(point);
    const std::string branch = absl::StrCat(
        "the `", which, "` branch at line ", point.loc.line, " of ", where,
        point.stmt->proc >= 0
            ? absl::StrCat(" (called from ", absl::StrJoin(callers[point.loc], ", "), ")")
            : "");
    std::vector<std::string> off = OffConstants(id);
    if (!off.empty()) {
      const std::string message =
          absl::StrCat(branch, " is switched off by ", absl::StrJoin(off, ", "));
      switched_off_.push_back({where, message, point.loc, std::move(off)});
      continue;
    }
    collector_.AddUntraced(Warning(results::FindingKind::kDeadBranch, where,
                                   absl::StrCat(branch, " is never taken"), point.loc));
  }
}

void CoverageCheck::Begin(int workers) {
  workers_.clear();
  for (int w = 0; w < workers; ++w) {
    auto counts = std::make_unique<WorkerCounts>();
    counts->committed.Resize(shape_);
    counts->level.Resize(shape_);
    counts->line_stamp.assign(shape_.lines.size(), 0);
    workers_.push_back(std::move(counts));
  }
  total_.Resize(shape_);
}

void CoverageCheck::OnTransition(const explorer::StateRef& from, const ir::Move& move) {
  WorkerCounts& worker = *workers_[from.worker];
  if (from.id == explorer::kNoState) {
    // An initial move: delivered once, after level 0 is final.
    Count(move, worker.committed, worker);
    return;
  }
  if (from.depth != worker.level_depth) {
    worker.level.AddTo(worker.committed);
    worker.level.Zero();
    worker.level_depth = from.depth;
  }
  Count(move, worker.level, worker);
}

void CoverageCheck::OnExpansionRetry(int depth) {
  for (auto& worker : workers_) {
    if (worker->level_depth == depth) worker->level.Zero();
  }
}

void CoverageCheck::Count(const ir::Move& move, Counts& counts, WorkerCounts& worker) {
  const uint64_t stamp = ++worker.stamp;
  auto mark_line = [&](int line) {
    if (line <= 0 || static_cast<size_t>(line) >= counts.lines.size()) return;
    if (worker.line_stamp[line] == stamp) return;
    worker.line_stamp[line] = stamp;
    ++counts.lines[line];
  };
  switch (move.kind) {
    case ir::Move::Kind::kAction:
      ++counts.actions[move.index];
      mark_line(action_lines_[move.index]);
      break;
    case ir::Move::Kind::kTrigger:
      ++counts.triggers[move.index];
      mark_line(trigger_lines_[move.index]);
      break;
    case ir::Move::Kind::kInit:
      mark_line(init_line_);
      break;
  }
  cards_.ForEachNamed(move, [&counts](size_t card) { ++counts.cards[card]; });
  for (uint32_t id : move.trail) {
    if (id >= counts.points.size()) continue;
    ++counts.points[id];
    mark_line(point_lines_[id]);
  }
}

void CoverageCheck::Finish(const explorer::ExplorationStats& stats,
                           std::vector<Undetermined>& /*undetermined*/) {
  total_.Resize(shape_);
  for (const auto& worker : workers_) {
    worker->committed.AddTo(total_);
    worker->level.AddTo(total_);
  }
  // With no initial state every rule is unused; no_initial_state is the one finding.
  if (dead_findings_ && stats.complete && stats.states > 0) OfferDeadFindings();
}

void CoverageCheck::SaveState(int depth, explorer::ByteWriter& out) const {
  Counts sum;
  sum.Resize(shape_);
  for (const auto& worker : workers_) {
    worker->committed.AddTo(sum);
    // A worker's level counts are of level `depth` once it saw a transition from there.
    if (worker->level_depth < depth) worker->level.AddTo(sum);
  }
  for (const CountVector* counts :
       {&sum.actions, &sum.triggers, &sum.points, &sum.lines, &sum.cards}) {
    out.U64s(std::vector<uint64_t>(counts->begin(), counts->end()));
  }
}

absl::Status CoverageCheck::LoadState(explorer::ByteReader& in) {
  Counts saved;
  for (CountVector* counts :
       {&saved.actions, &saved.triggers, &saved.points, &saved.lines, &saved.cards}) {
    const std::vector<uint64_t> read = in.U64s();
    counts->assign(read.begin(), read.end());
  }
  if (saved.actions.size() != shape_.actions.size() ||
      saved.triggers.size() != shape_.triggers.size() ||
      saved.points.size() != shape_.points.size() || saved.lines.size() != shape_.lines.size() ||
      saved.cards.size() != shape_.cards.size() || workers_.empty()) {
    return absl::InvalidArgumentError("its coverage counts are for another model");
  }
  saved.AddTo(workers_[0]->committed);
  return absl::OkStatus();
}

void CoverageCheck::OfferDeadFindings() {
  const ir::Program& program = model_.program;
  // A rule whose guard constants make false is switched off, not dead: another setting runs it.
  auto switched_off = [&](const std::string& rule, const std::vector<int>& off_by,
                          ir::Location loc) {
    if (off_by.empty()) return false;
    std::vector<std::string> off = NamedValues(off_by);
    std::string message = absl::StrCat(rule, " is switched off by ", absl::StrJoin(off, ", "));
    switched_off_.push_back({rule, std::move(message), loc, std::move(off)});
    return true;
  };
  for (size_t a = 0; a < program.actions.size(); ++a) {
    if (total_.actions[a] != 0) continue;
    const ir::Action& action = program.actions[a];
    if (switched_off("action " + action.name, action.off_by, action.loc)) continue;
    collector_.AddUntraced(
        Warning(results::FindingKind::kDeadAction, "action " + action.name,
                absl::StrCat("action ", action.name, " never makes a move in any reachable state"),
                action.loc));
  }
  for (size_t t = 0; t < program.triggers.size(); ++t) {
    if (total_.triggers[t] != 0) continue;
    const ir::Trigger& trigger = program.triggers[t];
    if (switched_off("trigger " + trigger.name, trigger.off_by, trigger.loc)) continue;
    collector_.AddUntraced(
        Warning(results::FindingKind::kDeadTrigger, "trigger " + trigger.name,
                absl::StrCat("trigger ", trigger.name, " never resolves in any reachable state"),
                trigger.loc));
  }
  OfferDeadBranches();
  for (size_t card = 0; card < cards_.size(); ++card) {
    if (total_.cards[card] != 0) continue;
    const ir::EnumDef& def = cards_.def(card);
    const size_t m = cards_.member(card);
    const ir::Location loc = m < def.member_locs.size() ? def.member_locs[m] : def.loc;
    collector_.AddUntraced(
        Warning(results::FindingKind::kUnreachableCard, def.members[m],
                absl::StrCat(
                    "card ", def.members[m], " of ", def.name,
                    " never comes into play: no move takes it as an argument or a choice, or moves "
                    "it by name or through a variable"),
                loc));
  }
}

std::vector<LineCoverage> CoverageCheck::Coverage() const {
  std::vector<LineCoverage> coverage;
  for (size_t line = 1; line < coverable_line_.size(); ++line) {
    if (!coverable_line_[line]) continue;
    LineCoverage entry{static_cast<int>(line), total_.lines[line], ""};
    if (entry.transitions == 0 && !line_off_rule_[line].empty()) {
      entry.off_by = line_off_rule_[line];
    } else if (entry.transitions == 0 && line_off_point_[line] >= 0) {
      entry.off_by = absl::StrJoin(OffConstants(static_cast<size_t>(line_off_point_[line])), ", ");
    }
    coverage.push_back(std::move(entry));
  }
  return coverage;
}

}  // namespace rulecheck::properties
