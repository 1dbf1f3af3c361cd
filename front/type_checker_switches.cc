// Branches that constants switch off. A house rule or a preset is a constant (`const
// DIVERGENCE = false`), and an `if` on it (`if DIVERGENCE { ... }`, `elif EMPTY_DECK == 2`)
// has a branch that no move takes under one setting and that another setting runs. Such a
// branch is not dead code: the coverage analysis (properties/coverage_check.h) reports it as
// switched off by the constants its condition reads instead of as a dead branch. This file
// decides which branches those are, once, as the `if` is lowered, because only the front end
// still knows which literals of the IR were named constants.
//
// A condition decides a branch when it folds to a constant, `and`, `or` and `=>` folding as
// soon as one side decides them (`EMPTY_DECK == 1 and not empty(pile)` is false when
// EMPTY_DECK is 0). It decides it *because of constants* when it does not fold with the
// constants it reads taken as unknown: `if DIVERGENCE and false` is off for every setting,
// a dead branch like any other. A constant also reaches a condition through a proc's
// parameter (`deal(EMPTY_DECK)`, then `if mode == 2` in `deal`), a `let`, or a fun the
// condition calls (`if house_rule()`): a parameter or `let` bound to a value that folds
// remembers the constants it was computed from (Local::known), and a fun call folds by
// folding the fun's body with its arguments.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

// Whether `e` holds a literal written at one of `places` (a use of a constant).
bool ReadsAny(const ir::Expr& e, const std::map<ir::Location, int>& places) {
  if (e.op == ir::ExprOp::kConst && places.count(e.loc) != 0) return true;
  for (const ir::ExprPtr& arg : e.args) {
    if (arg != nullptr && ReadsAny(*arg, places)) return true;
  }
  return false;
}

// What FoldCondition may use: the literals taken as unknown, the locals whose values are
// known (by frame slot), and the funs it may follow into.
struct FoldContext {
  const std::map<ir::Location, int>* unknown = nullptr;
  // For CollectDeciding: the places where constants are read, and which (not unknown).
  const std::map<ir::Location, int>* constant_at = nullptr;
  std::map<int64_t, int64_t> locals;
  const std::vector<ir::Fun>* funs = nullptr;
  const std::vector<bool>* fun_recursive = nullptr;
  int depth = 0;
  // Fun calls left to follow for one condition: funs that call others twice over could
  // otherwise take exponential time to fold, where a check must answer at once.
  int64_t* calls_left = nullptr;
};

std::optional<int64_t> FoldCondition(const ir::Expr& e, const FoldContext& ctx);

// A local's known value, or a fun call whose arguments and body fold: the body is folded with
// the fun's parameters bound to the arguments' values (the checker bounds how deep calls
// nest, kMaxEvalDepth), and a result outside the fun's type does not fold.
std::optional<int64_t> FoldLeaf(const ir::Expr& e, const FoldContext& ctx) {
  if (e.op == ir::ExprOp::kLocal) {
    auto it = ctx.locals.find(e.index);
    return it == ctx.locals.end() ? std::nullopt : std::optional<int64_t>(it->second);
  }
  if (e.op != ir::ExprOp::kCall || ctx.funs == nullptr || ctx.depth >= kMaxEvalDepth ||
      --*ctx.calls_left < 0 || e.index < 0 || static_cast<size_t>(e.index) >= ctx.funs->size() ||
      (*ctx.fun_recursive)[e.index]) {
    return std::nullopt;
  }
  const ir::Fun& f = (*ctx.funs)[e.index];
  if (f.body == nullptr || IsError(f.result) || !f.result->is_scalar()) return std::nullopt;
  FoldContext inner;
  inner.unknown = ctx.unknown;
  inner.funs = ctx.funs;
  inner.fun_recursive = ctx.fun_recursive;
  inner.depth = ctx.depth + 1;
  inner.calls_left = ctx.calls_left;
  for (size_t i = 0; i < f.params.size() && i < e.args.size(); ++i) {
    if (IsError(f.params[i].type) || !f.params[i].type->is_scalar()) return std::nullopt;
    std::optional<int64_t> a = FoldCondition(*e.args[i], ctx);
    if (!a || !f.params[i].type->Contains(*a)) return std::nullopt;
    inner.locals[f.params[i].slot] = *a;
  }
  std::optional<int64_t> r = FoldCondition(*f.body, inner);
  if (!r || !f.result->Contains(*r)) return std::nullopt;
  return r;
}

// The value of `e` where it folds (TypeChecker::Fold, with short-circuit logic and
// comparisons, known locals and fun calls), treating the literals written at `ctx.unknown` as
// unknown; nullopt elsewhere.
std::optional<int64_t> FoldCondition(const ir::Expr& e, const FoldContext& ctx) {
  using ir::ExprOp;
  if (IsError(e.type)) return std::nullopt;
  auto arg = [&](size_t i) { return FoldCondition(*e.args[i], ctx); };
  switch (e.op) {
    case ExprOp::kLocal:
    case ExprOp::kCall:
      return FoldLeaf(e, ctx);
    case ExprOp::kNot: {
      auto a = arg(0);
      if (!a) return std::nullopt;
      return *a == 0;
    }
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kImplies: {
      // The value that decides the whole, from either side: false for `and`, true for `or`;
      // `a => b` is true when a is false or b is true.
      auto a = arg(0), b = arg(1);
      if (e.op == ExprOp::kImplies) {
        if ((a && *a == 0) || (b && *b != 0)) return 1;
        if (a && b) return 0;
        return std::nullopt;
      }
      const int64_t decides = e.op == ExprOp::kOr ? 1 : 0;
      if ((a && (*a != 0) == decides) || (b && (*b != 0) == decides)) return decides;
      if (a && b) return 1 - decides;
      return std::nullopt;
    }
    case ExprOp::kIf: {
      auto c = arg(0);
      if (!c) return std::nullopt;
      return *c != 0 ? arg(1) : arg(2);
    }
    case ExprOp::kEq:
    case ExprOp::kNe:
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe: {
      if (!e.args[0]->type->is_scalar() || !e.args[1]->type->is_scalar()) return std::nullopt;
      auto a = arg(0), b = arg(1);
      if (!a || !b) return std::nullopt;
      return Compare(e.op, *a, *b);
    }
    default: {
      if (ReadsAny(e, *ctx.unknown)) return std::nullopt;
      const TypeChecker::FoldLeaf leaf = [&ctx](const ir::Expr& x) { return FoldLeaf(x, ctx); };
      return TypeChecker::Fold(e, &leaf);
    }
  }
}

// The constants that decide the value `e` folds to (with every constant known), added to
// `out`: the constants read at `ctx.constant_at`'s places (it names the constant read at each)
// and through known locals (`from`, by slot). Where a side of `and`, `or` or `=>` decides the
// whole on its own, only the sides that do count; an `if` counts its condition and the branch
// it takes; any other operation counts everything it reads. False when it cannot tell (a fun
// call it would not follow): the caller then names every constant read.
bool CollectDeciding(const ir::Expr& e, const FoldContext& ctx,
                     const std::map<int64_t, std::vector<int>>& from, std::set<int>& out) {
  using ir::ExprOp;
  auto fold = [&](size_t i) { return FoldCondition(*e.args[i], ctx); };
  auto collect = [&](size_t i) { return CollectDeciding(*e.args[i], ctx, from, out); };
  switch (e.op) {
    case ExprOp::kConst: {
      auto it = ctx.constant_at->find(e.loc);
      if (it != ctx.constant_at->end()) out.insert(it->second);
      return true;
    }
    case ExprOp::kLocal: {
      auto it = from.find(e.index);
      if (it != from.end()) out.insert(it->second.begin(), it->second.end());
      return true;
    }
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kImplies: {
      auto a = fold(0), b = fold(1);
      // Whether each side decides the whole alone.
      bool a_decides = false, b_decides = false;
      if (e.op == ExprOp::kImplies) {
        a_decides = a && *a == 0;
        b_decides = b && *b != 0;
      } else {
        const bool decides = e.op == ExprOp::kOr;
        a_decides = a && (*a != 0) == decides;
        b_decides = b && (*b != 0) == decides;
      }
      if (!a_decides && !b_decides) return collect(0) && collect(1);  // both sides fold
      return (!a_decides || collect(0)) && (!b_decides || collect(1));
    }
    case ExprOp::kIf: {
      auto c = fold(0);
      if (!c) return false;
      return collect(0) && collect(*c != 0 ? 1 : 2);
    }
    case ExprOp::kCall: {
      if (ctx.funs == nullptr || ctx.depth >= kMaxEvalDepth || --*ctx.calls_left < 0 ||
          e.index < 0 || static_cast<size_t>(e.index) >= ctx.funs->size() ||
          (*ctx.fun_recursive)[e.index]) {
        return false;
      }
      const ir::Fun& f = (*ctx.funs)[e.index];
      if (f.body == nullptr || f.params.size() != e.args.size()) return false;
      FoldContext inner;
      inner.unknown = ctx.unknown;
      inner.constant_at = ctx.constant_at;
      inner.funs = ctx.funs;
      inner.fun_recursive = ctx.fun_recursive;
      inner.depth = ctx.depth + 1;
      inner.calls_left = ctx.calls_left;
      std::map<int64_t, std::vector<int>> inner_from;
      for (size_t i = 0; i < f.params.size(); ++i) {
        std::optional<int64_t> a = fold(i);
        if (!a) return false;
        inner.locals[f.params[i].slot] = *a;
        std::set<int> arg_from;
        if (!CollectDeciding(*e.args[i], ctx, from, arg_from)) return false;
        inner_from[f.params[i].slot].assign(arg_from.begin(), arg_from.end());
      }
      return CollectDeciding(*f.body, inner, inner_from, out);
    }
    default:
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (e.args[i] != nullptr && !collect(i)) return false;
      }
      return true;
  }
}

}  // namespace

std::vector<int> TypeChecker::DecidingConstants(const ir::Expr& cond,
                                                const std::vector<int>& constants,
                                                const std::map<ir::Location, int>& uses) const {
  int64_t calls_left = 10'000;
  const std::map<ir::Location, int> none;
  FoldContext ctx;
  ctx.unknown = &none;
  ctx.constant_at = &uses;
  ctx.funs = &program_.funs;
  ctx.fun_recursive = &fun_recursive_;
  ctx.calls_left = &calls_left;
  std::map<int64_t, std::vector<int>> from;
  for (const Local& local : locals_) {
    if (!local.known) continue;
    ctx.locals[local.slot] = *local.known;
    from[local.slot] = local.known_from;
  }
  std::set<int> deciding;
  if (!FoldCondition(cond, ctx) || !CollectDeciding(cond, ctx, from, deciding)) return constants;
  std::vector<int> named;
  for (int c : constants) {
    if (deciding.count(c) != 0) named.push_back(c);
  }
  return named.empty() ? constants : named;
}

std::optional<int64_t> TypeChecker::FoldKnown(const ir::Expr& e,
                                              const std::map<ir::Location, int>& unknown,
                                              bool literal_only) const {
  int64_t calls_left = 10'000;
  FoldContext ctx;
  ctx.unknown = &unknown;
  ctx.funs = &program_.funs;
  ctx.fun_recursive = &fun_recursive_;
  ctx.calls_left = &calls_left;
  for (const Local& local : locals_) {
    if (local.known && (local.known_literal || !literal_only))
      ctx.locals[local.slot] = *local.known;
  }
  return FoldCondition(e, ctx);
}

void TypeChecker::ConstantsRead(const ast::Expr& e, std::vector<int>& constants,
                                std::map<ir::Location, int>& uses, std::set<int>* funs_read) const {
  auto note = [&constants](int c) {
    if (std::find(constants.begin(), constants.end(), c) == constants.end()) {
      constants.push_back(c);
    }
  };
  // In a fun's body no local of the scope is visible (and no local shadows a constant).
  const Local* local =
      funs_read == nullptr && e.kind == ast::ExprKind::kName ? FindLocal(e.name) : nullptr;
  if (local != nullptr) {
    for (int c : local->known_from) note(c);
  } else if (e.kind == ast::ExprKind::kName) {
    const Symbol* s = FindGlobal(e.name);
    // A collection constant never folds, so it decides no condition.
    if (s != nullptr && s->kind == SymbolKind::kConstant && !constants_[s->index].is_literal) {
      uses.emplace(e.loc, s->index);
      note(s->index);
    }
  } else if (e.kind == ast::ExprKind::kCall) {
    // The constants a fun reads count where it is called, once per fun.
    const Symbol* s = FindGlobal(e.name);
    std::set<int> read;
    std::set<int>& seen = funs_read != nullptr ? *funs_read : read;
    if (s != nullptr && s->kind == SymbolKind::kFun && !fun_recursive_[s->index] &&
        fun_decls_[s->index]->value != nullptr && seen.insert(s->index).second) {
      ConstantsRead(*fun_decls_[s->index]->value, constants, uses, &seen);
    }
  }
  for (const ast::ExprPtr& operand : e.operands) {
    if (operand != nullptr) ConstantsRead(*operand, constants, uses, funs_read);
  }
  if (e.filter != nullptr) ConstantsRead(*e.filter, constants, uses, funs_read);
  if (e.domain != nullptr) {
    if (e.domain->expr != nullptr) ConstantsRead(*e.domain->expr, constants, uses, funs_read);
    if (e.domain->hi != nullptr) ConstantsRead(*e.domain->hi, constants, uses, funs_read);
  }
}

TypeChecker::Known TypeChecker::KnownValue(const ast::Expr& written, const ir::Expr& value) const {
  Known known;
  if (IsError(value.type) || IsPlaceholder(value.type) || !value.type->is_scalar()) return known;
  known.value = FoldKnown(value, {}, false);
  if (!known.value) return known;
  std::map<ir::Location, int> uses;
  ConstantsRead(written, known.from, uses);
  known.literal = FoldKnown(value, uses, true).has_value();
  if (!known.literal) known.from = DecidingConstants(value, known.from, uses);
  return known;
}

void TypeChecker::SetKnown(Local& local, Known known) {
  local.known = known.value;
  local.known_from = std::move(known.from);
  local.known_literal = known.literal;
}

std::vector<int> TypeChecker::ConstantsSwitchingOff(const ast::Expr& when,
                                                    const ir::Expr& guard) const {
  const std::optional<int64_t> value = FoldKnown(guard, {}, false);
  if (!value || *value != 0) return {};
  std::vector<int> constants;
  std::map<ir::Location, int> uses;
  ConstantsRead(when, constants, uses);
  if (FoldKnown(guard, uses, true).has_value()) return {};  // false whatever the constants
  return DecidingConstants(guard, constants, uses);
}

void TypeChecker::NoteSwitchedOffBranches(const ast::Stmt& s, ir::Stmt& stmt) {
  stmt.proc = inlining_.empty() ? -1 : inlining_.back();
  const size_t conds = stmt.conds.size();
  // Per condition: its value with every constant known (nullopt: it does not fold), whether
  // it folds as well without the constants it reads, and those constants.
  struct Decided {
    std::optional<int64_t> value;
    bool literal = false;
    std::vector<int> constants;
  };
  std::vector<Decided> decided(conds);
  const std::map<ir::Location, int> none;
  bool any = false;
  for (size_t i = 0; i < conds && i < s.conds.size(); ++i) {
    decided[i].value = FoldKnown(*stmt.conds[i], none, false);
    if (!decided[i].value) continue;
    any = true;
    std::map<ir::Location, int> uses;
    ConstantsRead(*s.conds[i], decided[i].constants, uses);
    decided[i].literal = FoldKnown(*stmt.conds[i], uses, true).has_value();
    if (!decided[i].literal) {
      decided[i].constants = DecidingConstants(*stmt.conds[i], decided[i].constants, uses);
    }
  }
  if (!any) return;
  stmt.off_by.assign(conds + 1, {});
  // Branch b runs only when conditions 0..b-1 are false and its own is true.
  for (size_t b = 0; b <= conds; ++b) {
    for (size_t i = 0; i <= b && i < conds; ++i) {
      const Decided& d = decided[i];
      const bool rules_out = d.value && (i < b ? *d.value != 0 : *d.value == 0);
      if (!rules_out) continue;
      if (!d.literal) stmt.off_by[b] = d.constants;
      break;
    }
  }
}

}  // namespace rulecheck::front
