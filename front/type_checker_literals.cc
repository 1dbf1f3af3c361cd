// Struct literals (`S { a: 1, b: P1 }`), array literals (`[p in Player: 3]`), `the x in D
// where c` (the one value of a domain that satisfies a condition) and an enum's member by its
// position (`Player(i)`).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {

ir::ExprPtr TypeChecker::CheckStructLiteral(const ast::Expr& e) {
  const Symbol* symbol = FindGlobal(e.name);
  const ir::Type* t = symbol != nullptr && symbol->kind == SymbolKind::kType
                          ? TypeOfDecl(symbol->index, e.name_loc)
                          : nullptr;
  if (t == nullptr || (!IsError(t) && t->kind != ir::TypeKind::kStruct)) {
    Error(
        e.name_loc,
        absl::StrCat(
            Quote(e.name), " is not a struct type: `", e.name,
            " { field: value, ... }` builds a value of a struct",
            t == nullptr ? Suggest(e.name, [&] { return GlobalNames({SymbolKind::kType}); }) : ""));
  }
  // Type the values even when the struct is unknown, to report their own mistakes.
  std::vector<ir::ExprPtr> values;
  for (const ast::ExprPtr& operand : e.operands) values.push_back(CheckExpr(*operand));
  if (t == nullptr || IsError(t) || t->kind != ir::TypeKind::kStruct) return ErrorExpr(e.loc);

  const ir::StructDef& def = *t->struct_def;
  std::vector<ir::ExprPtr> fields(def.fields.size());
  bool ok = true;
  bool unknown = false;  // a misspelt field: it is likely the one that seems missing
  for (size_t i = 0; i < e.labels.size(); ++i) {
    const ast::Label& label = e.labels[i];
    int index = def.FieldIndex(label.name);
    if (index < 0) {
      Error(label.loc, absl::StrCat("struct ", def.name, " has no field ", Quote(label.name),
                                    Suggest(label.name, [&] { return FieldNames(t); })));
      ok = false;
      unknown = true;
      continue;
    }
    if (fields[index] != nullptr) {
      Error(label.loc, absl::StrCat("field ", Quote(label.name), " of ", def.name,
                                    " is given twice: each field is given once"));
      ok = false;
      continue;
    }
    const ir::Type* want = def.fields[index].type;
    ir::ExprPtr value = std::move(values[i]);
    if (IsError(value->type) || IsError(want)) {
      ok = false;
      fields[index] = ErrorExpr(label.loc);
      continue;
    }
    // Coerce's own message does not name the field: it is replaced by one that does.
    const ir::Type* found = value->type;
    std::optional<int64_t> constant =
        found->is_integer() && want->is_integer() ? Fold(*value) : std::nullopt;
    ++mute_;
    value = Coerce(std::move(value), want);
    --mute_;
    if (IsError(value->type)) {
      Error(e.operands[i]->loc,
            absl::StrCat("type mismatch in field ", Quote(label.name), " of ", def.name,
                         ": expected ", TypeName(want), ", found ",
                         constant ? absl::StrCat(*constant, " (outside ", TypeName(want), ")")
                                  : TypeName(found)));
      ok = false;
    }
    fields[index] = std::move(value);
  }
  std::vector<std::string> missing;
  for (size_t f = 0; f < fields.size(); ++f) {
    if (fields[f] == nullptr) missing.push_back(Quote(def.fields[f].name));
  }
  if (!missing.empty() && !unknown) {
    Error(e.name_loc, absl::StrCat("struct ", def.name, ": missing ",
                                   missing.size() == 1 ? "field " : "fields ",
                                   absl::StrJoin(missing, ", "), " (every field is given once)"));
    ok = false;
  }
  if (!ok) return ErrorExpr(e.loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kStructLiteral, t, e.loc);
  r->args = std::move(fields);
  return r;
}

// Whether `element` (an array's element, at `loc`) has a type of its own: `none` and `{}`
// take theirs from their context, which an element does not have.
bool TypeChecker::HasOwnType(const ir::Expr& element, ir::Location loc) {
  if (element.type != NoneType() && element.type != EmptySetType()) return true;
  Error(loc, absl::StrCat("the elements of an array literal need a type of their own, found ",
                          TypeName(element.type)));
  return false;
}

// The array over `index` whose element at each index, bound to local `slot`, is `body`.
ir::ExprPtr TypeChecker::MakeArrayOf(const ir::Type* index, int64_t slot, ir::ExprPtr body,
                                     ir::Location loc) {
  const ir::Type* t = CheckWidth(types_.Array(index, body->type), loc);
  if (IsError(t)) return ErrorExpr(loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kArrayOf, t, loc);
  r->index = slot;
  r->domain = std::make_unique<ir::Domain>();
  r->domain->kind = ir::DomainKind::kType;
  r->domain->elem_type = index;
  r->args.push_back(std::move(body));
  return r;
}

// `[a, b, c]` is `[i in 0..2: if i <= 1 then (if i <= 0 then a else b) else c]`: an array
// comprehension whose body picks the element by comparisons on the index, halving the range
// each time (a table of n elements costs about log2(n) comparisons, and the engines need
// nothing new). Each element is typed as the branches of an `if` are, so a list of integers
// is an array of `int` and a list of members an array of their enum.
ir::ExprPtr TypeChecker::CheckListLiteral(const ast::Expr& e) {
  const size_t n = e.operands.size();
  std::vector<ir::ExprPtr> elements;
  bool failed = false;
  for (const ast::ExprPtr& operand : e.operands) {
    elements.push_back(CheckExpr(*operand));
    const ir::Expr& element = *elements.back();
    failed = failed || IsError(element.type) || !HasOwnType(element, operand->loc);
  }
  if (static_cast<int64_t>(n) > kMaxCardinality) {
    Error(e.loc, absl::StrCat("an array literal has at most ", kMaxCardinality, " elements"));
    failed = true;
  }
  if (failed) return ErrorExpr(e.loc);
  const ir::Type* index = types_.Range(0, static_cast<int64_t>(n) - 1);
  const size_t mark = OpenScope();
  // A name no rules file can write, one per list open, so lists inside lists do not shadow.
  ++lists_open_;
  const int64_t slot =
      BindLocal(absl::StrCat("#list", lists_open_), e.loc, index, LocalKind::kLoop).slot;
  // The elements [lo, hi] chosen by the index.
  std::function<ir::ExprPtr(size_t, size_t)> pick = [&](size_t lo, size_t hi) -> ir::ExprPtr {
    if (lo == hi) return std::move(elements[lo]);
    const size_t mid = lo + (hi - lo) / 2;
    ir::ExprPtr i = MakeExpr(ir::ExprOp::kLocal, index, e.loc);
    i->index = slot;
    ir::ExprPtr bound = MakeExpr(ir::ExprOp::kConst, types_.Int(), e.loc);
    bound->value = static_cast<int64_t>(mid);
    ir::ExprPtr low = MakeExpr(ir::ExprOp::kLe, types_.Bool(), e.loc);
    low->args.push_back(std::move(i));
    low->args.push_back(std::move(bound));
    ir::ExprPtr a = pick(lo, mid);
    ir::ExprPtr b = pick(mid + 1, hi);
    if (IsError(a->type) || IsError(b->type)) return ErrorExpr(e.loc);
    return MakeIf(std::move(low), std::move(a), std::move(b), e.loc);
  };
  ir::ExprPtr body = pick(0, n - 1);
  --lists_open_;
  CloseScope(mark);
  if (IsError(body->type)) return ErrorExpr(e.loc);
  return MakeArrayOf(index, slot, std::move(body), e.loc);
}

ir::ExprPtr TypeChecker::CheckArrayOf(const ast::Expr& e) {
  size_t mark = OpenScope();
  std::unique_ptr<ir::Domain> domain;
  if (e.domain->type != nullptr) {
    Error(e.domain->loc, "an array's index is a finite type or a constant range, not an option");
  } else {
    domain = CheckDomain(*e.domain, "[x in ...]");
  }
  const ir::Type* index = ErrorType();
  if (domain != nullptr && domain->kind == ir::DomainKind::kType) {
    index = domain->elem_type;
  } else if (domain != nullptr && domain->kind == ir::DomainKind::kRange) {
    // The index type of the array: a range whose bounds are constant.
    if (domain->elem_type->kind != ir::TypeKind::kRange) {
      Error(e.domain->loc, "an array's index range must have constant bounds, low <= high");
    } else if (domain->elem_type->Cardinality() > kMaxCardinality) {
      Error(e.domain->loc,
            absl::StrCat("an array's index has too many values: ", TypeName(domain->elem_type),
                         " (at most ", kMaxCardinality, ")"));
    } else {
      index = domain->elem_type;
    }
  } else if (domain != nullptr) {
    Error(e.domain->loc,
          "an array is indexed by a finite type or a constant range (`[p in Player: ...]`, "
          "`[i in 0..3: ...]`), not by a collection");
  }
  const int64_t slot = BindLocal(e.name, e.name_loc, index, LocalKind::kLoop).slot;
  ir::ExprPtr body = CheckExpr(*e.operands[0]);
  CloseScope(mark);
  if (IsError(index) || IsError(body->type)) return ErrorExpr(e.loc);
  if (!HasOwnType(*body, e.operands[0]->loc)) return ErrorExpr(e.loc);
  return MakeArrayOf(index, slot, std::move(body), e.loc);
}

ir::ExprPtr TypeChecker::CheckThe(const ast::Expr& e) {
  size_t mark = OpenScope();
  std::unique_ptr<ir::Domain> domain = CheckDomain(*e.domain, "the");
  const ir::Type* var_type = domain ? domain->elem_type : ErrorType();
  int64_t slot = BindLocal(e.name, e.name_loc, var_type, LocalKind::kLoop).slot;
  ir::ExprPtr filter = e.filter ? CheckBool(*e.filter) : nullptr;
  CloseScope(mark);
  if (domain == nullptr) return ErrorExpr(e.loc);
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kQuantifier, var_type, e.loc);
  r->quantifier = ir::Quantifier::kThe;
  r->index = slot;
  r->domain = std::move(domain);
  r->filter = std::move(filter);
  return r;
}

ir::ExprPtr TypeChecker::CheckEnumOf(const ast::Expr& e, const ir::Type* enum_type) {
  if (!ArgCount(absl::StrCat("enum ", Quote(e.name)), e.loc, 1, e.operands.size())) {
    for (const ast::ExprPtr& a : e.operands) CheckExpr(*a);
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr arg = CheckInteger(*e.operands[0]);
  if (IsError(arg->type)) return ErrorExpr(e.loc);
  const int64_t n = enum_type->Cardinality();
  // A constant position is checked now, as a constant stored out of its range is.
  if (std::optional<int64_t> v = Fold(*arg); v.has_value() && (*v < 0 || *v >= n)) {
    Error(e.operands[0]->loc,
          absl::StrCat(e.name, "(", *v, "): enum ", enum_type->enum_def->name,
                       " has no member at position ", *v, " (its ", n,
                       n == 1 ? " member is" : " members are", " at 0..", n - 1, ")"));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kEnumOf, enum_type, e.loc);
  r->args.push_back(std::move(arg));
  return r;
}

}  // namespace rulecheck::front
