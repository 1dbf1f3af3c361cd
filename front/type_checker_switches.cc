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
// a dead branch like any other.
#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

// Whether `e` holds a literal written at one of `places` (a use of a constant).
bool ReadsAny(const ir::Expr& e, const std::set<ir::Location>& places) {
  if (e.op == ir::ExprOp::kConst && places.count(e.loc) != 0) return true;
  for (const ir::ExprPtr& arg : e.args) {
    if (arg != nullptr && ReadsAny(*arg, places)) return true;
  }
  return false;
}

// The value of `e` where it folds (TypeChecker::Fold, with short-circuit logic and
// comparisons), treating the literals written at `unknown` as unknown; nullopt elsewhere.
std::optional<int64_t> FoldCondition(const ir::Expr& e, const std::set<ir::Location>& unknown) {
  using ir::ExprOp;
  if (IsError(e.type)) return std::nullopt;
  auto arg = [&](size_t i) { return FoldCondition(*e.args[i], unknown); };
  switch (e.op) {
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
      switch (e.op) {
        case ExprOp::kEq:
          return *a == *b;
        case ExprOp::kNe:
          return *a != *b;
        case ExprOp::kLt:
          return *a < *b;
        case ExprOp::kLe:
          return *a <= *b;
        case ExprOp::kGt:
          return *a > *b;
        default:
          return *a >= *b;
      }
    }
    default:
      if (ReadsAny(e, unknown)) return std::nullopt;
      return TypeChecker::Fold(e);
  }
}

}  // namespace

void TypeChecker::ConstantsRead(const ast::Expr& e, std::vector<int>& constants,
                                std::set<ir::Location>& uses) const {
  if (e.kind == ast::ExprKind::kName && FindLocal(e.name) == nullptr) {
    const Symbol* s = FindGlobal(e.name);
    if (s != nullptr && s->kind == SymbolKind::kConstant) {
      uses.insert(e.loc);
      if (std::find(constants.begin(), constants.end(), s->index) == constants.end()) {
        constants.push_back(s->index);
      }
    }
  }
  for (const ast::ExprPtr& operand : e.operands) {
    if (operand != nullptr) ConstantsRead(*operand, constants, uses);
  }
  if (e.filter != nullptr) ConstantsRead(*e.filter, constants, uses);
  if (e.domain != nullptr) {
    if (e.domain->expr != nullptr) ConstantsRead(*e.domain->expr, constants, uses);
    if (e.domain->hi != nullptr) ConstantsRead(*e.domain->hi, constants, uses);
  }
}

std::vector<int> TypeChecker::ConstantsSwitchingOff(const ast::Expr& when,
                                                    const ir::Expr& guard) const {
  const std::optional<int64_t> value = FoldCondition(guard, {});
  if (!value || *value != 0) return {};
  std::vector<int> constants;
  std::set<ir::Location> uses;
  ConstantsRead(when, constants, uses);
  if (FoldCondition(guard, uses).has_value()) return {};  // false whatever the constants
  return constants;
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
  const std::set<ir::Location> none;
  bool any = false;
  for (size_t i = 0; i < conds && i < s.conds.size(); ++i) {
    decided[i].value = FoldCondition(*stmt.conds[i], none);
    if (!decided[i].value) continue;
    any = true;
    std::set<ir::Location> uses;
    ConstantsRead(*s.conds[i], decided[i].constants, uses);
    decided[i].literal = FoldCondition(*stmt.conds[i], uses).has_value();
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
