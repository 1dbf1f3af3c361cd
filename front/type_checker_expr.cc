// Expressions: name resolution (locals, then constants and state variables, then
// enumerators, qualified or not), operators, indexing (arrays, bag counts, seq positions),
// fields and card attributes, quantifiers and their domains, set literals, calls of funs, and
// the implicit conversions (a payload into an option, `none`, `{}`, integers between ranges).
// Each method reports its own errors at the offending sub-expression and returns an
// error-typed node, which every caller accepts silently.
#include <limits>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

bool IsCollection(const ir::Type* t) {
  return t->kind == ir::TypeKind::kSet || t->kind == ir::TypeKind::kBag ||
         t->kind == ir::TypeKind::kSeq;
}

// A literal whose type its context decides (`{A, B}`, `[p in Player: 0]`), or an `if` with such
// a branch or a placeholder one (`{}`, `none`).
bool IsLiteral(const ir::Expr& x) {
  if (x.op == ir::ExprOp::kSetLiteral || x.op == ir::ExprOp::kArrayOf) return true;
  if (x.op != ir::ExprOp::kIf) return false;
  for (size_t i = 1; i <= 2; ++i) {
    if (IsLiteral(*x.args[i]) || IsPlaceholder(x.args[i]->type)) return true;
  }
  return false;
}

// Whether the literal `e` takes the type `want` from its context: a set literal another set
// type or a bag type, an array literal another array type with the same index, an `if` of
// such literals where each branch does.
bool TakesType(const ir::Expr& e, const ir::Type* want) {
  if (IsError(want) || IsPlaceholder(want) || IsError(e.type)) return false;
  if (e.op == ir::ExprOp::kSetLiteral) {
    return want->kind == ir::TypeKind::kSet || want->kind == ir::TypeKind::kBag;
  }
  if (e.op == ir::ExprOp::kIf) {
    // `if c then {A, A} else {}` takes the type its context wants when each branch does: the
    // branches are literals, placeholders (`{}`, `none`) or have that type already.
    auto branch = [want](const ir::Expr& b) {
      const bool option = want->kind == ir::TypeKind::kOption;
      return b.type == want || TakesType(b, want) ||
             (b.type == EmptySetType() && IsCollection(want)) || (b.type == NoneType() && option) ||
             (option && b.type->is_integer() && want->elem->is_integer());
    };
    return e.type != want && branch(*e.args[1]) && branch(*e.args[2]);
  }
  return e.op == ir::ExprOp::kArrayOf && want->kind == ir::TypeKind::kArray &&
         e.type->index == want->index;
}

}  // namespace

// The fields of a struct type or the attributes of a card type, for suggestions.
std::vector<std::string> FieldNames(const ir::Type* t) {
  std::vector<std::string> names;
  if (t->kind == ir::TypeKind::kStruct) {
    for (const ir::StructDef::Field& f : t->struct_def->fields) names.push_back(f.name);
  } else if (t->kind == ir::TypeKind::kEnum) {
    for (const ir::EnumDef::Attr& a : t->enum_def->attrs) names.push_back(a.name);
  }
  return names;
}

namespace {}  // namespace

ir::ExprPtr TypeChecker::CheckExpr(const ast::Expr& e) {
  if (TooDeep(expr_depth_ + 1, kMaxExprDepth, e.loc, "this expression")) return ErrorExpr(e.loc);
  ++expr_depth_;
  ir::ExprPtr r = CheckExprKind(e);
  --expr_depth_;
  return r;
}

ir::ExprPtr TypeChecker::CheckExprKind(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kInt: {
      ir::ExprPtr r = MakeExpr(ir::ExprOp::kConst, types_.Int(), e.loc);
      r->value = e.int_value;
      return r;
    }
    case ast::ExprKind::kBool: {
      ir::ExprPtr r = MakeExpr(ir::ExprOp::kConst, types_.Bool(), e.loc);
      r->value = e.bool_value;
      return r;
    }
    case ast::ExprKind::kNone:
      return MakeExpr(ir::ExprOp::kNone, NoneType(), e.loc);
    case ast::ExprKind::kName:
      return CheckName(e);
    case ast::ExprKind::kUnary:
      return CheckUnary(e);
    case ast::ExprKind::kBinary:
      return CheckBinary(e);
    case ast::ExprKind::kIf:
      return CheckIf(e);
    case ast::ExprKind::kIndex:
      return CheckIndex(e);
    case ast::ExprKind::kField:
      return CheckField(e);
    case ast::ExprKind::kUnwrap: {
      ir::ExprPtr a = CheckExpr(*e.operands[0]);
      if (IsError(a->type)) return a;
      return Unwrap(std::move(a), e);
    }
    case ast::ExprKind::kCall:
      return CheckCall(e);
    case ast::ExprKind::kQuantifier:
      return CheckQuantifier(e);
    case ast::ExprKind::kSetLiteral:
      return CheckSetLiteral(e);
    case ast::ExprKind::kStructLiteral:
      return CheckStructLiteral(e);
    case ast::ExprKind::kArrayOf:
      return CheckArrayOf(e);
    case ast::ExprKind::kListLiteral:
      return CheckListLiteral(e);
  }
  return ErrorExpr(e.loc);
}

const ir::Type* TypeChecker::EnumTypeNamed(const std::string& name) {
  const Symbol* s = FindGlobal(name);
  if (s == nullptr || s->kind != SymbolKind::kType) return nullptr;
  const ir::Type* t = TypeOfDecl(s->index, s->loc);
  return !IsError(t) && t->kind == ir::TypeKind::kEnum ? t : nullptr;
}

const ir::Type* TypeChecker::TypeNamedBy(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::kName || FindLocal(e.name) != nullptr) return nullptr;
  const Symbol* s = FindGlobal(e.name);
  if (s == nullptr) return nullptr;
  if (s->kind == SymbolKind::kBuiltinType) return e.name == "bool" ? types_.Bool() : types_.Int();
  if (s->kind == SymbolKind::kType) return TypeOfDecl(s->index, e.loc);
  return nullptr;
}

ir::ExprPtr TypeChecker::CheckName(const ast::Expr& e) {
  if (const Local* local = FindLocal(e.name)) {
    if (local->kind == LocalKind::kPlace) return ClonePlace(*local->place, e.loc);
    ir::ExprPtr r = MakeExpr(ir::ExprOp::kLocal, local->type, e.loc);
    r->index = local->slot;
    return r;
  }
  if (const Symbol* s = FindGlobal(e.name)) {
    switch (s->kind) {
      case SymbolKind::kConstant: {
        const ConstInfo& c = constants_[s->index];
        if (c.state != ConstInfo::State::kDone) return ErrorExpr(e.loc);
        if (c.is_literal) {
          // Checked once already (CheckCollectionConstants): a use repeats no error.
          ++mute_;
          ir::ExprPtr r = CheckExpr(*c.decl->value);
          --mute_;
          r->loc = e.loc;
          return r;
        }
        ir::ExprPtr r =
            MakeExpr(ir::ExprOp::kConst, c.is_bool ? types_.Bool() : types_.Int(), e.loc);
        r->value = c.value;
        return r;
      }
      case SymbolKind::kStateVar: {
        if (static_cast<size_t>(s->index) >= program_.state.size()) {
          Error(e.loc, absl::StrCat("the state variable ", Quote(e.name),
                                    " cannot be used here: a constant is needed"));
          return ErrorExpr(e.loc);
        }
        ir::ExprPtr r = MakeExpr(ir::ExprOp::kStateVar, program_.state[s->index].type, e.loc);
        r->index = s->index;
        if (IsError(r->type)) return ErrorExpr(e.loc);
        return r;
      }
      case SymbolKind::kFun:
        Error(e.loc, absl::StrCat(Quote(e.name), " is a function: call it as ", e.name, "(...)"));
        return ErrorExpr(e.loc);
      default:
        if (enumerators_.count(e.name) == 0) {
          Error(e.loc,
                absl::StrCat(Quote(e.name), " is ",
                             s->kind == SymbolKind::kBuiltinType || s->kind == SymbolKind::kType
                                 ? "a type"
                                 : WithArticle(s->kind),
                             ", not a value"));
          return ErrorExpr(e.loc);
        }
        break;
    }
  }
  auto it = enumerators_.find(e.name);
  if (it == enumerators_.end()) {
    Error(e.loc, absl::StrCat("undefined name ", Quote(e.name),
                              Suggest(e.name, [&] { return ValueNames(); })));
    return ErrorExpr(e.loc);
  }
  if (it->second.size() > 1) {
    std::string owners;
    for (size_t i = 0; i < it->second.size(); ++i) {
      absl::StrAppend(&owners,
                      i == 0                       ? ""
                      : i + 1 == it->second.size() ? " and "
                                                   : ", ",
                      it->second[i].def->name);
    }
    Error(e.loc, absl::StrCat("ambiguous name ", Quote(e.name), ": it is a member of ", owners,
                              "; write ", it->second[0].def->name, ".", e.name, " or ",
                              it->second[1].def->name, ".", e.name));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kConst, types_.Enum(it->second[0].def), e.loc);
  r->value = it->second[0].ordinal;
  return r;
}

ir::ExprPtr TypeChecker::CheckUnary(const ast::Expr& e) {
  if (e.op == ast::Op::kNot) {
    ir::ExprPtr a = CheckBool(*e.operands[0]);
    ir::ExprPtr r = MakeExpr(ir::ExprOp::kNot, types_.Bool(), e.loc);
    r->args.push_back(std::move(a));
    return r;
  }
  ir::ExprPtr a = CheckInteger(*e.operands[0]);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kNeg, types_.Int(), e.loc);
  r->args.push_back(std::move(a));
  return r;
}

ir::ExprPtr TypeChecker::CheckBinary(const ast::Expr& e) {
  using ast::Op;
  using ir::ExprOp;
  const ast::Expr& lhs = *e.operands[0];
  const ast::Expr& rhs = *e.operands[1];
  auto make = [&](ExprOp op, const ir::Type* type, ir::ExprPtr a, ir::ExprPtr b) {
    ir::ExprPtr r = MakeExpr(op, type, e.loc);
    r->args.push_back(std::move(a));
    r->args.push_back(std::move(b));
    return r;
  };
  switch (e.op) {
    case Op::kAdd:
    case Op::kSub:
    case Op::kMul:
    case Op::kDiv:
    case Op::kMod: {
      ir::ExprPtr a = CheckInteger(lhs);
      ir::ExprPtr b = CheckInteger(rhs);
      ExprOp op = e.op == Op::kAdd   ? ExprOp::kAdd
                  : e.op == Op::kSub ? ExprOp::kSub
                  : e.op == Op::kMul ? ExprOp::kMul
                  : e.op == Op::kDiv ? ExprOp::kDiv
                                     : ExprOp::kMod;
      return make(op, types_.Int(), std::move(a), std::move(b));
    }
    case Op::kAnd:
    case Op::kOr:
    case Op::kImplies: {
      ir::ExprPtr a = CheckBool(lhs);
      ir::ExprPtr b = CheckBool(rhs);
      return make(e.op == Op::kAnd  ? ExprOp::kAnd
                  : e.op == Op::kOr ? ExprOp::kOr
                                    : ExprOp::kImplies,
                  types_.Bool(), std::move(a), std::move(b));
    }
    case Op::kEq:
    case Op::kNe: {
      ir::ExprPtr a = CheckExpr(lhs);
      ir::ExprPtr b = CheckExpr(rhs);
      const ir::Type* t = Unify(a, b);
      if (IsError(t)) return ErrorExpr(e.loc);
      if (IsPlaceholder(t)) {
        Error(e.loc, absl::StrCat("cannot tell the type of ", TypeName(t), " here"));
        return ErrorExpr(e.loc);
      }
      return make(e.op == Op::kEq ? ExprOp::kEq : ExprOp::kNe, types_.Bool(), std::move(a),
                  std::move(b));
    }
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe: {
      ir::ExprPtr a = CheckExpr(lhs);
      ir::ExprPtr b = CheckExpr(rhs);
      ExprOp op = e.op == Op::kLt   ? ExprOp::kLt
                  : e.op == Op::kLe ? ExprOp::kLe
                  : e.op == Op::kGt ? ExprOp::kGt
                                    : ExprOp::kGe;
      if (IsError(a->type) || IsError(b->type)) return ErrorExpr(e.loc);
      if (a->type->kind == ir::TypeKind::kEnum) {
        // Members of one enum compare by their order of declaration.
        b = Coerce(std::move(b), a->type);
        if (IsError(b->type)) return ErrorExpr(e.loc);
      } else if (!a->type->is_integer()) {
        Error(lhs.loc,
              absl::StrCat("type mismatch: expected an integer, found ", TypeName(a->type)));
        return ErrorExpr(e.loc);
      } else if (!b->type->is_integer()) {
        Error(rhs.loc,
              absl::StrCat("type mismatch: expected an integer, found ", TypeName(b->type)));
        return ErrorExpr(e.loc);
      }
      return make(op, types_.Bool(), std::move(a), std::move(b));
    }
    case Op::kIn: {
      ir::ExprPtr a = CheckExpr(lhs);
      ir::ExprPtr b = CheckExpr(rhs);
      if (IsError(b->type)) return ErrorExpr(e.loc);
      if (!b->type->is_collection() || IsPlaceholder(b->type)) {
        Error(rhs.loc,
              absl::StrCat("`in` needs a set, bag or seq on its right, found ", TypeName(b->type)));
        return ErrorExpr(e.loc);
      }
      a = Coerce(std::move(a), b->type->elem);
      if (IsError(a->type)) return ErrorExpr(e.loc);
      return make(ExprOp::kIn, types_.Bool(), std::move(a), std::move(b));
    }
    default:
      break;
  }
  return ErrorExpr(e.loc);
}

ir::ExprPtr TypeChecker::CheckIf(const ast::Expr& e) {
  ir::ExprPtr c = CheckBool(*e.operands[0]);
  ir::ExprPtr a = CheckExpr(*e.operands[1]);
  ir::ExprPtr b = CheckExpr(*e.operands[2]);
  // `if c then none else X`: the result is an option of X's type.
  for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    const ir::Type* other = (*y)->type;
    if ((*x)->type == NoneType() && !IsError(other) && !IsPlaceholder(other) &&
        other->kind != ir::TypeKind::kOption && other->kind != ir::TypeKind::kInt) {
      if (!OptionPayloadFits(other, e.loc)) return ErrorExpr(e.loc);
      const ir::Type* option = types_.Option(other);
      *x = Coerce(std::move(*x), option);
      *y = Coerce(std::move(*y), option);
      break;
    }
  }
  // Both branches `{}` (or `none`): the `if` is a placeholder as `{}` is, typed by its context
  // (Coerce) or refused where none gives one, as `{}` would be. So is `none` beside an integer
  // of no range (`if c then 2 else none`): only the context says which option of a range it is.
  for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    if ((*x)->type == NoneType() && (*y)->type->kind == ir::TypeKind::kInt) {
      ir::ExprPtr r = MakeExpr(ir::ExprOp::kIf, NoneType(), e.loc);
      r->args.push_back(std::move(c));
      r->args.push_back(std::move(a));
      r->args.push_back(std::move(b));
      return r;
    }
  }
  return MakeIf(std::move(c), std::move(a), std::move(b), e.loc);
}

ir::ExprPtr TypeChecker::MakeIf(ir::ExprPtr c, ir::ExprPtr a, ir::ExprPtr b, ir::Location loc) {
  const ir::Type* t = Unify(a, b);
  if (IsError(t)) return ErrorExpr(loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kIf, t, loc);
  r->args.push_back(std::move(c));
  r->args.push_back(std::move(a));
  r->args.push_back(std::move(b));
  return r;
}

ir::ExprPtr TypeChecker::CheckIndex(const ast::Expr& e) {
  ir::ExprPtr base = CheckExpr(*e.operands[0]);
  const ast::Expr& index = *e.operands[1];
  if (IsError(base->type)) {
    CheckExpr(index);
    return ErrorExpr(e.loc);
  }
  const ir::Type* t = base->type;
  ir::ExprPtr i;
  ir::ExprPtr r;
  switch (t->kind) {
    case ir::TypeKind::kArray:
      i = Coerce(CheckExpr(index), t->index);
      r = MakeExpr(ir::ExprOp::kIndex, t->elem, e.loc);
      break;
    case ir::TypeKind::kBag:
      i = Coerce(CheckExpr(index), t->elem);
      r = MakeExpr(ir::ExprOp::kCount, types_.Int(), e.loc);
      break;
    case ir::TypeKind::kSeq:
      i = CheckInteger(index);
      r = MakeExpr(ir::ExprOp::kSeqAt, t->elem, e.loc);
      break;
    default:
      CheckExpr(index);
      Error(e.loc, absl::StrCat("cannot index a value of type ", TypeName(t),
                                ": only arrays, bags (a count) and seqs (a position) take [ ]"));
      return ErrorExpr(e.loc);
  }
  if (IsError(i->type)) return ErrorExpr(e.loc);
  r->args.push_back(std::move(base));
  r->args.push_back(std::move(i));
  return r;
}

ir::ExprPtr TypeChecker::CheckField(const ast::Expr& e) {
  const ast::Expr& base_ast = *e.operands[0];
  // `Enum.Member`, when the name before the dot is an enum type and not a value.
  if (base_ast.kind == ast::ExprKind::kName && FindLocal(base_ast.name) == nullptr) {
    if (const ir::Type* et = EnumTypeNamed(base_ast.name)) {
      const ir::EnumDef* def = et->enum_def;
      for (size_t i = 0; i < def->members.size(); ++i) {
        if (def->members[i] == e.name) {
          ir::ExprPtr r = MakeExpr(ir::ExprOp::kConst, et, e.loc);
          r->value = static_cast<int64_t>(i);
          return r;
        }
      }
      Error(e.name_loc, absl::StrCat("enum ", def->name, " has no member ", Quote(e.name),
                                     Suggest(e.name, [&] { return def->members; })));
      return ErrorExpr(e.loc);
    }
  }
  ir::ExprPtr base = CheckExpr(base_ast);
  if (IsError(base->type)) return ErrorExpr(e.loc);
  const ir::Type* t = base->type;
  if (t->kind == ir::TypeKind::kStruct) return StructField(std::move(base), e);
  if (t->kind == ir::TypeKind::kEnum && t->enum_def->is_cards) {
    const ir::EnumDef* def = t->enum_def;
    for (size_t i = 0; i < def->attrs.size(); ++i) {
      if (def->attrs[i].name != e.name) continue;
      if (IsError(def->attrs[i].type)) return ErrorExpr(e.loc);
      ir::ExprPtr r = MakeExpr(ir::ExprOp::kAttr, def->attrs[i].type, e.loc);
      r->index = static_cast<int64_t>(i);
      r->args.push_back(std::move(base));
      return r;
    }
    Error(e.name_loc, absl::StrCat("card type ", def->name, " has no attribute ", Quote(e.name),
                                   Suggest(e.name, [&] { return FieldNames(t); })));
    return ErrorExpr(e.loc);
  }
  Error(e.name_loc, absl::StrCat("no field ", Quote(e.name),
                                 ": `.` reads a struct field or a "
                                 "card attribute, but this is ",
                                 TypeName(t)));
  return ErrorExpr(e.loc);
}

ir::ExprPtr TypeChecker::Unwrap(ir::ExprPtr base, const ast::Expr& e) {
  // `none` has a placeholder option type until its context types it: there is no payload.
  if (base->type->kind != ir::TypeKind::kOption || IsPlaceholder(base->type)) {
    Error(e.operands[0]->loc,
          absl::StrCat("`!` unwraps an option, but this is ", TypeName(base->type)));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kUnwrap, base->type->elem, e.loc);
  r->args.push_back(std::move(base));
  return r;
}

ir::ExprPtr TypeChecker::StructField(ir::ExprPtr base, const ast::Expr& e) {
  const ir::Type* t = base->type;
  int index = t->struct_def->FieldIndex(e.name);
  if (index < 0) {
    Error(e.name_loc, absl::StrCat("struct ", t->struct_def->name, " has no field ", Quote(e.name),
                                   Suggest(e.name, [&] { return FieldNames(t); })));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kField, t->struct_def->fields[index].type, e.loc);
  r->index = index;
  r->args.push_back(std::move(base));
  return r;
}

std::unique_ptr<ir::Domain> TypeChecker::CheckDomain(const ast::Domain& d,
                                                     std::string_view keyword) {
  bool roll = keyword == "roll";
  auto domain = std::make_unique<ir::Domain>();
  if (d.type != nullptr) return CheckOptionDomain(d, keyword);
  if (d.hi != nullptr) {
    domain->kind = ir::DomainKind::kRange;
    domain->lo = CheckInteger(*d.expr);
    domain->hi = CheckInteger(*d.hi);
    if (IsError(domain->lo->type) || IsError(domain->hi->type)) return nullptr;
    std::optional<int64_t> lo = Fold(*domain->lo), hi = Fold(*domain->hi);
    domain->elem_type = lo && hi && *lo <= *hi ? types_.Range(*lo, *hi) : types_.Int();
    return domain;
  }
  if (IsSubBagCall(*d.expr) && FindGlobal(d.expr->name) == nullptr) {
    return CheckSubBagDomain(*d.expr, keyword);
  }
  if (const ir::Type* t = TypeNamedBy(*d.expr)) {
    if (IsError(t)) return nullptr;
    if (roll && t->kind != ir::TypeKind::kRange) {
      Error(d.expr->loc, absl::StrCat("`roll` needs a range such as 1..6 (or a collection to "
                                      "draw from), found the type ",
                                      TypeName(t)));
      return nullptr;
    }
    if (!t->is_finite_scalar()) {
      Error(d.expr->loc, absl::StrCat("`", std::string(keyword),
                                      "` can only range over a finite "
                                      "type (bool, an enum or a range), found ",
                                      TypeName(t)));
      return nullptr;
    }
    domain->kind = ir::DomainKind::kType;
    domain->elem_type = t;
    return domain;
  }
  ir::ExprPtr c = CheckExpr(*d.expr);
  if (IsError(c->type)) return nullptr;
  if (roll) {
    // A roll draws from a literal as from a pile: `roll f in {One, Six, Six}` (or a constant
    // written so) is a bag, whose copies weigh each outcome (docs/language.md#chance).
    c = AsBagOfCopies(std::move(c));
    if (IsError(c->type)) return nullptr;
  }
  const ir::Type* t = c->type;
  switch (IsPlaceholder(t) ? ir::TypeKind::kInt : t->kind) {
    case ir::TypeKind::kSet:
      domain->kind = ir::DomainKind::kSet;
      break;
    case ir::TypeKind::kBag:
      domain->kind = ir::DomainKind::kBag;
      break;
    case ir::TypeKind::kSeq:
      domain->kind = ir::DomainKind::kSeq;
      if (!t->elem->is_scalar()) {
        Error(d.expr->loc, absl::StrCat("`", std::string(keyword),
                                        "` can range over a seq of "
                                        "scalar values only, found ",
                                        TypeName(t)));
        return nullptr;
      }
      break;
    default:
      Error(d.expr->loc, absl::StrCat("`", std::string(keyword),
                                      "` ranges over a type, a range lo..hi, or a "
                                      "set, bag or seq; found ",
                                      TypeName(t)));
      return nullptr;
  }
  domain->elem_type = t->elem;
  domain->collection = std::move(c);
  return domain;
}

std::unique_ptr<ir::Domain> TypeChecker::CheckOptionDomain(const ast::Domain& d,
                                                           std::string_view keyword) {
  const ir::Type* t = ResolveType(*d.type);
  if (IsError(t)) return nullptr;
  if (keyword == "roll") {
    Error(d.loc, absl::StrCat("`roll` needs a range such as 1..6 (or a collection to draw from), "
                              "found the type ",
                              TypeName(t)));
    return nullptr;
  }
  if (t->kind != ir::TypeKind::kOption || !t->elem->is_finite_scalar()) {
    Error(d.loc, absl::StrCat("`", std::string(keyword),
                              "` can only range over a finite type (bool, an enum or a range) "
                              "or an option of one, found ",
                              TypeName(t)));
    return nullptr;
  }
  auto domain = std::make_unique<ir::Domain>();
  domain->kind = ir::DomainKind::kType;
  domain->elem_type = t;
  return domain;
}

ir::ExprPtr TypeChecker::CheckQuantifier(const ast::Expr& e) {
  if (e.quantifier == ast::Quantifier::kThe) return CheckThe(e);
  static const char* kWords[] = {"all", "any", "sum", "count", "the", "max", "min"};
  size_t mark = OpenScope();
  std::unique_ptr<ir::Domain> domain =
      CheckDomain(*e.domain, kWords[static_cast<int>(e.quantifier)]);
  const ir::Type* var_type = domain ? domain->elem_type : ErrorType();
  int64_t slot = BindLocal(e.name, e.name_loc, var_type, LocalKind::kLoop).slot;
  ir::ExprPtr filter = e.filter ? CheckBool(*e.filter) : nullptr;
  const bool integer_body = e.quantifier == ast::Quantifier::kSum ||
                            e.quantifier == ast::Quantifier::kMax ||
                            e.quantifier == ast::Quantifier::kMin;
  ir::ExprPtr body = integer_body ? CheckInteger(*e.operands[0]) : CheckBool(*e.operands[0]);
  CloseScope(mark);
  if (domain == nullptr) return ErrorExpr(e.loc);
  bool integer = integer_body || e.quantifier == ast::Quantifier::kCount;
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kQuantifier, integer ? types_.Int() : types_.Bool(), e.loc);
  r->quantifier = static_cast<ir::Quantifier>(static_cast<int>(e.quantifier));
  r->index = slot;
  r->domain = std::move(domain);
  r->filter = std::move(filter);
  r->args.push_back(std::move(body));
  return r;
}

ir::ExprPtr TypeChecker::CheckBool(const ast::Expr& e) {
  ir::ExprPtr r = CheckExpr(e);
  if (IsError(r->type) || r->type->kind == ir::TypeKind::kBool) return r;
  Error(e.loc, absl::StrCat("type mismatch: expected bool, found ", TypeName(r->type)));
  return ErrorExpr(e.loc);
}

ir::ExprPtr TypeChecker::CheckInteger(const ast::Expr& e) {
  ir::ExprPtr r = CheckExpr(e);
  if (IsError(r->type) || (r->type->is_integer() && !IsPlaceholder(r->type))) return r;
  Error(e.loc, absl::StrCat("type mismatch: expected an integer, found ", TypeName(r->type)));
  return ErrorExpr(e.loc);
}

bool TypeChecker::Assignable(const ir::Type* from, const ir::Type* want) const {
  if (IsError(from) || IsError(want) || from == want) return true;
  if (IsPlaceholder(want)) return false;
  if (from->is_integer() && want->is_integer() && !IsPlaceholder(from)) return true;
  if (from == NoneType()) return want->kind == ir::TypeKind::kOption;
  if (from == EmptySetType()) return IsCollection(want);
  if (want->kind == ir::TypeKind::kOption && from->kind != ir::TypeKind::kOption) {
    return Assignable(from, want->elem);
  }
  return false;
}

ir::ExprPtr TypeChecker::Coerce(ir::ExprPtr e, const ir::Type* want) {
  const ir::Type* from = e->type;
  if (IsError(want) || IsError(from) || from == want) return e;
  ir::Location loc = e->loc;
  if (from->is_integer() && want->is_integer() && !IsPlaceholder(from) && !IsPlaceholder(want)) {
    std::optional<int64_t> v = Fold(*e);
    if (v && !want->Contains(*v)) {
      Error(loc, absl::StrCat("type mismatch: expected ", TypeName(want), ", found ", *v,
                              " (the value ", *v, " is outside ", TypeName(want), ")"));
      return ErrorExpr(loc);
    }
    return e;
  }
  // An option of another integer range built here (`if c then n else none`, n: 0..4, where a
  // (0..3)? is wanted): its payload is checked against the wanted range as it is stored, as
  // `q := n` is, instead of refusing the wider option.
  const bool other_range = from->kind == ir::TypeKind::kOption &&
                           want->kind == ir::TypeKind::kOption && !IsPlaceholder(from) &&
                           !IsPlaceholder(want) && from->elem->is_integer() &&
                           want->elem->is_integer();
  if (other_range && e->op == ir::ExprOp::kSome) return Coerce(std::move(e->args[0]), want);
  if (e->op == ir::ExprOp::kIf && (TakesType(*e, want) || other_range ||
                                   (from == NoneType() && want->kind == ir::TypeKind::kOption))) {
    // Each branch takes the wanted type (a bag literal, the empty seq), not only the `if`; a
    // branch that cannot (`if c then 2 else none` where `E?` is wanted) says so itself.
    for (size_t i = 1; i <= 2; ++i) {
      e->args[i] = Coerce(std::move(e->args[i]), want);
      if (IsError(e->args[i]->type)) return ErrorExpr(loc);
    }
    e->type = want;
    return e;
  }
  if ((from == NoneType() || (other_range && e->op == ir::ExprOp::kNone)) &&
      want->kind == ir::TypeKind::kOption) {
    e->type = want;
    return e;
  }
  if (from == EmptySetType() && IsCollection(want)) {
    // `{}` is the empty set, bag or seq: all three are all zero bits.
    e->type = want;
    return e;
  }
  if (e->op == ir::ExprOp::kSetLiteral && from->kind == ir::TypeKind::kSet &&
      (want->kind == ir::TypeKind::kSet || want->kind == ir::TypeKind::kBag) &&
      !IsPlaceholder(want) && from->elem->is_integer() == want->elem->is_integer()) {
    // A literal takes the element type its context wants; where a bag is wanted, `{A, A, B}`
    // is the bag with those copies.
    for (ir::ExprPtr& a : e->args) {
      a = Coerce(std::move(a), want->elem);
      if (IsError(a->type)) return ErrorExpr(loc);
    }
    if (want->kind == ir::TypeKind::kBag) e->op = ir::ExprOp::kBagLiteral;
    e->type = want;
    return e;
  }
  if (e->op == ir::ExprOp::kArrayOf && TakesType(*e, want)) {
    // `[p in Player: 3]` takes the element type its context wants, element by element.
    // An element that is a constant at its index (each element of a list literal `[1, 9]`)
    // must lie in that type, as a constant assigned on its own must: each index's element is
    // found down the `if`s whose conditions fold there (a list literal is such a tree).
    const ir::Type* index = e->domain->elem_type;
    if (want->elem->is_integer() && index->Cardinality() <= kMaxCardinality) {
      const int64_t slot = e->index;
      for (int64_t o = 0; o < index->Cardinality(); ++o) {
        const int64_t at = index->ValueAt(o);
        const FoldLeaf leaf = [&](const ir::Expr& x) -> std::optional<int64_t> {
          if (x.op == ir::ExprOp::kLocal && x.index == slot) return at;
          return std::nullopt;
        };
        const ir::Expr* chosen = e->args[0].get();
        while (chosen->op == ir::ExprOp::kIf) {
          const std::optional<int64_t> c = Fold(*chosen->args[0], &leaf);
          if (!c) break;
          chosen = (*c ? chosen->args[1] : chosen->args[2]).get();
        }
        const std::optional<int64_t> v = Fold(*chosen, &leaf);
        if (v && !want->elem->Contains(*v)) {
          Error(chosen->loc,
                absl::StrCat("type mismatch: expected ", TypeName(want->elem), ", found ", *v,
                             " (the value ", *v, " is outside ", TypeName(want->elem), ")"));
          return ErrorExpr(loc);
        }
      }
    }
    e->args[0] = Coerce(std::move(e->args[0]), want->elem);
    if (IsError(e->args[0]->type)) return ErrorExpr(loc);
    e->type = want;
    return e;
  }
  if (want->kind == ir::TypeKind::kOption && !IsPlaceholder(want) &&
      from->kind != ir::TypeKind::kOption && Assignable(from, want->elem)) {
    ir::ExprPtr payload = Coerce(std::move(e), want->elem);
    if (IsError(payload->type)) return payload;
    ir::ExprPtr r = MakeExpr(ir::ExprOp::kSome, want, loc);
    r->args.push_back(std::move(payload));
    return r;
  }
  Error(loc, absl::StrCat("type mismatch: expected ", TypeName(want), ", found ", TypeName(from)));
  return ErrorExpr(loc);
}

ir::ExprPtr TypeChecker::AsBagOfCopies(ir::ExprPtr e) {
  if (e->op != ir::ExprOp::kSetLiteral || e->type->kind != ir::TypeKind::kSet ||
      !e->type->elem->is_finite_scalar()) {
    return e;
  }
  const ir::Type* bag = types_.Bag(e->type->elem, static_cast<int64_t>(e->args.size()));
  return Coerce(std::move(e), bag);
}

const ir::Type* TypeChecker::Unify(ir::ExprPtr& a, ir::ExprPtr& b) {
  const ir::Type* ta = a->type;
  const ir::Type* tb = b->type;
  if (IsError(ta) || IsError(tb)) return ErrorType();
  if (ta == tb) return ta;
  if (ta->is_integer() && tb->is_integer() && !IsPlaceholder(ta) && !IsPlaceholder(tb)) {
    return types_.Int();
  }
  bool a_flexible = IsPlaceholder(ta) || IsLiteral(*a);
  if (!a_flexible || IsPlaceholder(tb) || IsLiteral(*b)) {
    if (Assignable(tb, ta) || TakesType(*b, ta)) {
      b = Coerce(std::move(b), ta);
      return IsError(b->type) ? ErrorType() : ta;
    }
  }
  if (Assignable(ta, tb) || TakesType(*a, tb)) {
    a = Coerce(std::move(a), tb);
    return IsError(a->type) ? ErrorType() : tb;
  }
  Error(b->loc, absl::StrCat("type mismatch: expected ", TypeName(ta), ", found ", TypeName(tb)));
  return ErrorType();
}

}  // namespace rulecheck::front
