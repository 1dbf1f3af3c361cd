// SliceByControl (see control_slice.h).
//
// The abstract state is a set of control tuples, each with a pending flag (std::set, so that two
// depths with the same set compare equal and the sequence of sets can be seen to repeat).
// Conditions are folded by a small three-valued evaluator: a value it cannot decide is "unknown",
// and every expression also says whether evaluating it may end in a model error, so that `x / y > 0
// and phase == A` is not taken for false where the division may fail first (the move would fail, a
// finding the step must keep).
#include "solver/control_slice.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace rulecheck::solver::internal {
namespace {

using ir::ExprOp;
using ir::StmtOp;
using Tuple = std::vector<int64_t>;
using Tuples = std::set<Tuple>;

constexpr int64_t kMaxValues = 256;  // values of one control variable
constexpr size_t kMaxTuples = 4096;  // tuples of one depth
constexpr int kMaxDepths = 512;      // depths computed before giving up on a repeat

// A folded expression: its value when known, and whether evaluating it may fail.
struct Folded {
  std::optional<int64_t> value;
  bool may_fail = false;
};

// The state variable at the root of an l-value chain, or -1 (a local).
int RootVar(const ir::Expr* place) {
  while (place != nullptr) {
    if (place->op == ExprOp::kStateVar) return static_cast<int>(place->index);
    if (place->op == ExprOp::kLocal || place->args.empty()) return -1;
    place = place->args[0].get();
  }
  return -1;
}

class Analysis {
 public:
  explicit Analysis(const ir::Program& program) : program_(program) {}

  // Finds the control variables; false when there are none (the pending flag alone is not
  // worth a slice).
  bool FindControlVars() {
    const std::vector<ir::StateVar>& state = program_.state;
    std::vector<bool> ok(state.size(), false);
    for (size_t v = 0; v < state.size(); ++v) {
      const ir::Type* t = state[v].type;
      ok[v] = t->is_finite_scalar() && t->Cardinality() <= kMaxValues &&
              (state[v].initial == nullptr || state[v].initial->op == ExprOp::kConst);
    }
    auto visit = [&](const ir::Block& b) { CheckWrites(b, ok); };
    visit(program_.init);
    for (const ir::Action& a : program_.actions) visit(a.body);
    for (const ir::Trigger& t : program_.triggers) visit(t.body);
    for (size_t v = 0; v < state.size(); ++v) {
      if (!ok[v]) continue;
      slot_[static_cast<int>(v)] = static_cast<int>(vars_.size());
      vars_.push_back(static_cast<int>(v));
    }
    return !vars_.empty();
  }

  const std::vector<int>& vars() const { return vars_; }

  // The tuples end with the pending mask: the events whose triggers the pending list may
  // hold (0: the list is empty). Actions run only on an empty list; an `emit` may add its
  // event's triggers; a trigger runs only where its event's bit is set, and the list may still
  // hold any of them after it.
  Tuple InitialTuple() const {
    Tuple t;
    for (int v : vars_) {
      const ir::StateVar& var = program_.state[v];
      t.push_back(var.initial != nullptr ? var.initial->value : var.type->Decode(0));
    }
    t.push_back(0);
    return t;
  }

  // The bit of event `e` in the pending mask (events past the 62nd share the last bit).
  static int64_t EventBit(int e) { return int64_t{1} << std::min(e, 62); }

  // The tuples of `in` with the pending mask set to `mask` (`add`: or-ed into it).
  static Tuples WithPending(const Tuples& in, int64_t mask, bool add = false) {
    Tuples out;
    for (Tuple t : in) {
      t.back() = add ? (t.back() | mask) : mask;
      out.insert(std::move(t));
    }
    return out;
  }

  // The tuples after running `b` from `in`; false when they grew past the cap.
  bool Exec(const ir::Block& b, Tuples& in) {
    for (const ir::StmtPtr& s : b.stmts) {
      if (!ExecStmt(*s, in)) return false;
    }
    return in.size() <= kMaxTuples;
  }

  // Whether an action can be taken, or fail, from a state with tuple `t`.
  bool ActionPossible(const ir::Action& a, const Tuple& t) {
    if (a.guard == nullptr) return true;
    const Folded g = Fold(*a.guard, t);
    return !(g.value.has_value() && *g.value == 0 && !g.may_fail);
  }

 private:
  // The body of fun `f` folded under `t`, once per fun and tuple. The parameters are locals
  // the folder does not know: the body folds to a value only where it does not depend on them.
  // A recursive call met while its body is being folded is unknown and may fail.
  Folded FoldBody(int64_t f, const Tuple& t) {
    const std::pair<int64_t, Tuple> key{f, t};
    auto [it, fresh] = calls_.emplace(key, Folded{std::nullopt, true});
    if (!fresh) return it->second;
    const Folded body = Fold(*program_.funs[f].body, t);
    calls_[key] = body;
    return body;
  }

  void CheckWrites(const ir::Block& b, std::vector<bool>& ok) const {
    for (const ir::StmtPtr& s : b.stmts) {
      for (const ir::Expr* place : {s->place.get(), s->target.get()}) {
        const int v = RootVar(place);
        if (v < 0) continue;
        const bool constant = s->op == StmtOp::kAssign && place == s->place.get() &&
                              place->op == ExprOp::kStateVar && s->value != nullptr &&
                              s->value->op == ExprOp::kConst;
        if (!constant) ok[v] = false;
      }
      for (const ir::Block& inner : s->blocks) CheckWrites(inner, ok);
      if (s->else_block != nullptr) CheckWrites(*s->else_block, ok);
    }
  }

  // Keeps the tuples where `cond` is not known to be `drop_when` (0 or 1).
  Tuples Filter(const ir::Expr& cond, const Tuples& in, int64_t drop_when) {
    Tuples out;
    for (const Tuple& t : in) {
      const Folded f = Fold(cond, t);
      if (!(f.value.has_value() && *f.value == drop_when)) out.insert(t);
    }
    return out;
  }

  bool ExecStmt(const ir::Stmt& s, Tuples& in) {
    switch (s.op) {
      case StmtOp::kAssign: {
        auto it = s.place->op == ExprOp::kStateVar ? slot_.find(static_cast<int>(s.place->index))
                                                   : slot_.end();
        if (it == slot_.end()) return true;
        Tuples out;
        for (Tuple t : in) {
          t[it->second] = s.value->value;
          out.insert(std::move(t));
        }
        in = std::move(out);
        return true;
      }
      case StmtOp::kIf: {
        Tuples rest = in, out;
        for (size_t i = 0; i < s.conds.size(); ++i) {
          Tuples branch = Filter(*s.conds[i], rest, 0);
          if (!Exec(s.blocks[i], branch)) return false;
          out.insert(branch.begin(), branch.end());
          rest = Filter(*s.conds[i], rest, 1);
        }
        if (s.else_block != nullptr && !Exec(*s.else_block, rest)) return false;
        out.insert(rest.begin(), rest.end());
        in = std::move(out);
        return in.size() <= kMaxTuples;
      }
      case StmtOp::kFor:
      case StmtOp::kChoose:
      case StmtOp::kRoll:
      case StmtOp::kMay: {
        // Any number of runs of any of the blocks (a loop may run its body 0..n times, a
        // `may` its block or its `else`, a choose its body once): the least fixpoint.
        for (;;) {
          Tuples next = in;
          for (const ir::Block& b : s.blocks) {
            Tuples run = in;
            if (!Exec(b, run)) return false;
            next.insert(run.begin(), run.end());
          }
          if (next.size() > kMaxTuples) return false;
          if (next == in) return true;
          in = std::move(next);
        }
      }
      case StmtOp::kRequire:
      case StmtOp::kAssert:
        in = Filter(*s.value, in, 0);
        return true;
      case StmtOp::kEmit:
        in = WithPending(in, EventBit(s.event), /*add=*/true);
        return true;
      default:
        return true;
    }
  }

  // Ops that never fail themselves (their arguments may).
  static bool SafeOp(ExprOp op) {
    switch (op) {
      case ExprOp::kConst:
      case ExprOp::kStateVar:
      case ExprOp::kLocal:
      case ExprOp::kNot:
      case ExprOp::kEq:
      case ExprOp::kNe:
      case ExprOp::kLt:
      case ExprOp::kLe:
      case ExprOp::kGt:
      case ExprOp::kGe:
      case ExprOp::kAnd:
      case ExprOp::kOr:
      case ExprOp::kImplies:
      case ExprOp::kIf:
      case ExprOp::kField:
      case ExprOp::kIn:
      case ExprOp::kCount:
      case ExprOp::kSize:
      case ExprOp::kLen:
      case ExprOp::kEmpty:
      case ExprOp::kOrd:
        return true;
      default:
        return false;
    }
  }

  Folded Fold(const ir::Expr& e, const Tuple& t) {
    switch (e.op) {
      case ExprOp::kConst:
        return {e.value, false};
      case ExprOp::kStateVar: {
        auto it = slot_.find(static_cast<int>(e.index));
        if (it == slot_.end()) return {};
        return {t[it->second], false};
      }
      case ExprOp::kAnd:
      case ExprOp::kOr: {
        // Left to right, as the interpreter short-circuits: `stop` decides the result.
        const int64_t stop = e.op == ExprOp::kAnd ? 0 : 1;
        Folded out{1 - stop, false};
        for (const ir::ExprPtr& a : e.args) {
          const Folded f = Fold(*a, t);
          out.may_fail = out.may_fail || f.may_fail;
          if (f.value.has_value() && *f.value == stop) return {stop, out.may_fail};
          if (!f.value.has_value()) out.value.reset();
        }
        return out;
      }
      case ExprOp::kImplies: {
        const Folded a = Fold(*e.args[0], t);
        if (a.value.has_value() && *a.value == 0) return {1, a.may_fail};
        const Folded b = Fold(*e.args[1], t);
        Folded out{std::nullopt, a.may_fail || b.may_fail};
        if (b.value.has_value() && *b.value == 1) out.value = 1;
        if (a.value.has_value() && b.value.has_value()) out.value = *b.value;
        return out;
      }
      case ExprOp::kIf: {
        const Folded c = Fold(*e.args[0], t);
        if (c.value.has_value()) {
          Folded r = Fold(*e.args[*c.value != 0 ? 1 : 2], t);
          r.may_fail = r.may_fail || c.may_fail;
          return r;
        }
        const Folded a = Fold(*e.args[1], t), b = Fold(*e.args[2], t);
        Folded out{std::nullopt, c.may_fail || a.may_fail || b.may_fail};
        if (a.value.has_value() && b.value.has_value() && *a.value == *b.value) out.value = a.value;
        return out;
      }
      case ExprOp::kCall: {
        const ir::Fun& f = program_.funs[e.index];
        bool may_fail = false;
        for (size_t i = 0; i < e.args.size(); ++i) {
          may_fail = may_fail || Fold(*e.args[i], t).may_fail ||
                     (i < f.params.size() && e.args[i]->type != f.params[i].type);
        }
        Folded body = FoldBody(e.index, t);
        body.may_fail = body.may_fail || may_fail;
        return body;
      }
      default:
        break;
    }
    Folded out{std::nullopt, !SafeOp(e.op)};
    std::vector<std::optional<int64_t>> args;
    for (const ir::ExprPtr& a : e.args) {
      const Folded f = Fold(*a, t);
      out.may_fail = out.may_fail || f.may_fail;
      args.push_back(f.value);
    }
    if (e.op == ExprOp::kQuantifier || e.filter != nullptr || e.domain != nullptr) {
      out.may_fail = true;  // domains and filters are not followed
      return out;
    }
    auto both = [&]() { return args.size() == 2 && args[0] && args[1]; };
    switch (e.op) {
      case ExprOp::kNot:
        if (args.size() == 1 && args[0]) out.value = *args[0] == 0 ? 1 : 0;
        break;
      case ExprOp::kEq:
        if (both()) out.value = *args[0] == *args[1];
        break;
      case ExprOp::kNe:
        if (both()) out.value = *args[0] != *args[1];
        break;
      case ExprOp::kLt:
        if (both()) out.value = *args[0] < *args[1];
        break;
      case ExprOp::kLe:
        if (both()) out.value = *args[0] <= *args[1];
        break;
      case ExprOp::kGt:
        if (both()) out.value = *args[0] > *args[1];
        break;
      case ExprOp::kGe:
        if (both()) out.value = *args[0] >= *args[1];
        break;
      default:
        break;
    }
    return out;
  }

  const ir::Program& program_;
  std::vector<int> vars_;
  std::map<int, int> slot_;  // state variable -> position in a tuple
  std::map<std::pair<int64_t, Tuple>, Folded> calls_;
};

// Every rule enabled at every depth.
ControlSlice Unsliced(int num_rules, std::vector<int> vars) {
  ControlSlice slice;
  slice.num_rules = num_rules;
  slice.control_vars = std::move(vars);
  return slice;
}

}  // namespace

bool ControlSlice::Enabled(int depth, int rule) const {
  if (depth < 0) return true;
  if (depth >= static_cast<int>(enabled.size())) {
    if (period == 0) return true;
    depth = loop_start + (depth - loop_start) % period;
  }
  return enabled[depth][rule];
}

bool ControlSlice::EverDisabled(int rule) const {
  for (const std::vector<bool>& at : enabled) {
    if (!at[rule]) return true;
  }
  return false;
}

bool ControlSlice::SlicesAnything() const {
  for (int r = 0; r < num_rules; ++r) {
    if (EverDisabled(r)) return true;
  }
  return false;
}

std::string ControlSlice::Describe(const ir::Program& program) const {
  std::vector<std::string> names, counts;
  for (int v : control_vars) names.push_back(program.state[v].name);
  for (const std::vector<bool>& at : enabled) {
    int n = 0;
    for (bool b : at) n += b;
    counts.push_back(absl::StrCat(n));
  }
  return absl::StrCat(
      "control: ", names.empty() ? "none" : absl::StrJoin(names, ", "), "; ", num_rules,
      " rules; enabled per depth: ", absl::StrJoin(counts, " "),
      period > 0 ? absl::StrCat(" (repeating from depth ", loop_start, ", period ", period, ")")
                 : " (then all)");
}

ControlSlice SliceByControl(const ir::Program& program) {
  const int num_actions = static_cast<int>(program.actions.size());
  const int num_rules = NumRules(program);
  Analysis analysis(program);
  if (!analysis.FindControlVars()) return Unsliced(num_rules, {});
  Tuples now{analysis.InitialTuple()};
  if (!analysis.Exec(program.init, now)) return Unsliced(num_rules, analysis.vars());
  ControlSlice slice = Unsliced(num_rules, analysis.vars());
  std::map<Tuples, int> seen;  // each depth's tuples -> the first depth that had them
  for (int d = 0; d < kMaxDepths; ++d) {
    auto [it, fresh] = seen.emplace(now, d);
    if (!fresh) {
      slice.loop_start = it->second;
      slice.period = d - it->second;
      return slice;
    }
    std::vector<bool> at(num_rules, true);
    Tuples next;
    const Tuples empty_list = Analysis::WithPending(now, 0);
    for (int a = 0; a < num_actions; ++a) {
      const ir::Action& action = program.actions[a];
      Tuples from;
      for (const Tuple& t : empty_list) {
        if (analysis.ActionPossible(action, t)) from.insert(t);
      }
      at[a] = !from.empty();
      if (!analysis.Exec(action.body, from)) return Unsliced(num_rules, analysis.vars());
      next.insert(from.begin(), from.end());
    }
    for (size_t t = 0; t < program.triggers.size(); ++t) {
      Tuples from;
      for (const Tuple& tuple : now) {
        if (tuple.back() & Analysis::EventBit(program.triggers[t].event)) from.insert(tuple);
      }
      at[TriggerRule(program, t)] = !from.empty();
      if (!analysis.Exec(program.triggers[t].body, from)) {
        return Unsliced(num_rules, analysis.vars());
      }
      next.insert(from.begin(), from.end());
    }
    if (next.size() > kMaxTuples) return Unsliced(num_rules, analysis.vars());
    slice.enabled.push_back(std::move(at));
    now = std::move(next);
  }
  return slice;  // no repeat found: period 0, every rule past the last depth computed
}

}  // namespace rulecheck::solver::internal
