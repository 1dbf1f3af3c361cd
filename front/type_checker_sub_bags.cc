// `choose h in sub(b, n)`: one choice of `n` copies out of bag `b` ("discard any two cards"),
// each distinct sub-multiset once, bound to `h` as a bag of `b`'s type; `roll h in sub(b, n)`:
// the same sub-bags as a draw of `n` cards at once from `b` ("draw two"), which is chance. Also
// `move h from A to B`, `add(A, h)` and `remove(A, h)` of a whole bag, which is how such a choice
// leaves its bag.
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {

bool TypeChecker::IsSubBagCall(const ast::Expr& e) {
  return e.kind == ast::ExprKind::kCall && e.name == "sub";
}

std::unique_ptr<ir::Domain> TypeChecker::CheckSubBagDomain(const ast::Expr& call,
                                                           std::string_view keyword) {
  if (keyword != "choose" && keyword != "roll") {
    Error(call.loc, absl::StrCat("`sub(b, n)` is a domain of `choose` and `roll` only (`choose h "
                                 "in sub(hand, 2) { }`, `roll h in sub(deck, 2) { }`), not of `",
                                 std::string(keyword), "`"));
    for (const ast::ExprPtr& a : call.operands) CheckExpr(*a);
    return nullptr;
  }
  if (call.operands.size() != 2) {
    Error(call.loc, absl::StrCat("`sub` takes 2 arguments, a bag and a number of copies "
                                 "(`sub(hand, 2)`), found ",
                                 call.operands.size()));
    for (const ast::ExprPtr& a : call.operands) CheckExpr(*a);
    return nullptr;
  }
  ir::ExprPtr bag = CheckExpr(*call.operands[0]);
  ir::ExprPtr size = CheckInteger(*call.operands[1]);
  if (IsError(bag->type) || IsError(size->type)) return nullptr;
  // A literal (or a constant written so) is the bag of its copies here, as a roll's domain is:
  // `sub({One, One, Six}, 2)`.
  bag = AsBagOfCopies(std::move(bag));
  if (IsError(bag->type)) return nullptr;
  if (bag->type->kind != ir::TypeKind::kBag) {
    Error(call.operands[0]->loc,
          absl::StrCat("`sub(b, n)` chooses copies out of a bag, found ", TypeName(bag->type)));
    return nullptr;
  }
  // The most copies a bag of this type can hold: its capacity for every member.
  const int64_t most = bag->type->capacity * bag->type->elem->Cardinality();
  if (std::optional<int64_t> n = Fold(*size)) {
    if (*n < 0 || *n > most) {
      Error(call.operands[1]->loc,
            absl::StrCat("`sub` chooses ", *n, " copies, but ", TypeName(bag->type),
                         " holds from 0 to ", most, " copies in all"));
      return nullptr;
    }
  }
  auto domain = std::make_unique<ir::Domain>();
  domain->kind = ir::DomainKind::kSubBag;
  domain->elem_type = bag->type;
  domain->collection = std::move(bag);
  domain->lo = std::move(size);
  return domain;
}

bool TypeChecker::MoveBag(const ast::Stmt& s, const ir::Expr& value, const ir::Type* from,
                          const ir::Type* to) {
  if (IsError(from) || IsError(to)) return false;
  const bool from_ok = BagOfCopiesFits(*s.source, value, from);
  return BagOfCopiesFits(*s.target, value, to) && from_ok;
}

bool TypeChecker::BagOfCopiesFits(const ast::Expr& zone, const ir::Expr& value,
                                  const ir::Type* place) {
  if (place->kind == ir::TypeKind::kBag && place->elem == value.type->elem) return true;
  Error(zone.loc, absl::StrCat("the bag ", TypeName(value.type),
                               " goes in or out copy by copy, so the place must be a bag of ",
                               TypeName(value.type->elem), ", found ", TypeName(place)));
  return false;
}

}  // namespace rulecheck::front
