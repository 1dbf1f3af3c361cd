// `policy NAME by SEAT { prefer PATTERN [when COND] ... }`: which move a seat makes, for
// `rulecheck odds --policy` and `rulecheck simulate --policy` (docs/language.md#policies). A
// policy names a seat the way `by` does (a constant of a seat type), or every seat with a
// binder its conditions may read. Its patterns are those of `moved(...)`, checked by the same
// code, and its conditions are bool expressions over the state, with the limits of a guard
// (no `moved`). The checker only builds the IR; which policies a run follows, and what they
// do in a state, is decided by properties/policies.h.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

std::vector<const ir::Type*> SeatTypes(const ir::Program& program) {
  std::vector<const ir::Type*> types;
  auto add = [&types](const ir::ExprPtr& by) {
    if (by == nullptr || IsError(by->type)) return;
    if (std::find(types.begin(), types.end(), by->type) == types.end()) types.push_back(by->type);
  };
  for (const ir::Action& a : program.actions) add(a.by);
  for (const ir::Trigger& t : program.triggers) add(t.by);
  return types;
}

}  // namespace

bool TypeChecker::IsSeatType(const ir::Type* type) const {
  for (const ir::Type* seat : SeatTypes(program_)) {
    if (seat == type) return true;
    if (seat->kind == ir::TypeKind::kRange && type->kind == ir::TypeKind::kRange) return true;
  }
  return false;
}

std::string TypeChecker::SeatTypeNames() const {
  std::vector<std::string> names;
  for (const ir::Type* seat : SeatTypes(program_)) names.push_back(TypeName(seat));
  return absl::StrJoin(names, ", ");
}

std::optional<int64_t> TypeChecker::CheckPolicySeat(const ast::Expr& by, const ir::Type*& type) {
  if (TypeNamedBy(by) != nullptr) {
    // `policy w by Player`: every seat of a type needs a name for the seat.
    Error(by.loc, absl::StrCat(Quote(by.name),
                               " is a type, not a seat: a policy for every seat of a type names "
                               "the seat, `by p: ",
                               by.name, "`"));
    return std::nullopt;
  }
  ir::ExprPtr e = CheckExpr(by);
  if (IsError(e->type)) return std::nullopt;
  const std::optional<int64_t> seat = Fold(*e);
  if (!seat.has_value()) {
    Error(by.loc,
          "a policy's `by` names one seat, a constant such as `by First`, or every seat with a "
          "name for it, `by p: Player`");
    return std::nullopt;
  }
  for (const ir::Type* t : SeatTypes(program_)) {
    const bool numbers =
        t->kind == ir::TypeKind::kRange &&
        (e->type->kind == ir::TypeKind::kRange || e->type->kind == ir::TypeKind::kInt);
    if ((t == e->type || numbers) && t->Contains(*seat)) {
      type = t;
      return seat;
    }
  }
  Error(by.loc, absl::StrCat("this is not a seat: the seats are the players that actions and "
                             "triggers name with `by`, of type ",
                             SeatTypeNames(), "; found ", TypeName(e->type)));
  return std::nullopt;
}

void TypeChecker::CheckPolicies() {
  for (const ast::Decl* d : policy_decls_) {
    ir::Policy policy;
    policy.name = d->name;
    policy.loc = d->name_loc;
    BeginUnit(&policy.frame);
    if (SeatTypes(program_).empty()) {
      Error(d->loc,
            "a policy says which move a seat makes, and this model has no seat: no action "
            "or trigger names a player with `by`");
    } else if (!d->binder.empty()) {
      const ir::Type* type = d->type != nullptr ? ResolveType(*d->type) : ErrorType();
      if (!IsError(type) && !IsSeatType(type)) {
        Error(d->type->loc, absl::StrCat(TypeName(type),
                                         " is not a type of seats: the players that actions "
                                         "and triggers name with `by` are of type ",
                                         SeatTypeNames()));
        type = ErrorType();
      }
      policy.seat_type = type;
      policy.binder.name = d->binder;
      policy.binder.loc = d->binder_loc;
      policy.binder.type = type;
      policy.binder.slot = BindLocal(d->binder, d->binder_loc, type, LocalKind::kParam).slot;
    } else if (d->by != nullptr) {
      policy.seat = CheckPolicySeat(*d->by, policy.seat_type);
    }
    for (const ast::Preference& p : d->prefers) {
      ir::Preference preference;
      preference.loc = p.loc;
      std::optional<ir::MovePattern> pattern = CheckMovePattern(*p.pattern, "`prefer`");
      if (pattern.has_value()) preference.pattern = std::move(*pattern);
      // moved_allowed_ is false: a condition is about the state a seat chooses in.
      if (p.when != nullptr) preference.condition = CheckBool(*p.when);
      policy.preferences.push_back(std::move(preference));
    }
    program_.policies.push_back(std::move(policy));
  }
}

}  // namespace rulecheck::front
