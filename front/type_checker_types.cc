// Types: resolving type expressions into interned types, building enums, `cards` (with their
// attribute types, defaults and per-card values), structs and aliases on first use (so that
// declarations may come in any order, with cycles reported), and the limits that keep a
// hostile file from asking for absurd types: element and index types must be finite, no
// type may exceed kMaxTypeBits, and `int` never reaches the packed state.
#include <limits>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

// The default logical value of a scalar type: false, the low bound, the first member, none.
int64_t DefaultValue(const ir::Type* t) {
  switch (t->kind) {
    case ir::TypeKind::kRange:
      return t->lo;
    case ir::TypeKind::kOption:
      return ir::kNoneValue;
    default:
      return 0;
  }
}

bool IsFiniteScalar(const ir::Type* t) { return !IsError(t) && t->is_finite_scalar(); }

std::string FiniteMessage(std::string_view what, const ir::Type* found) {
  std::string text = absl::StrCat(
      std::string(what), " must be of a finite type (bool, an enum or a range lo..hi), found ",
      TypeName(found));
  if (!IsError(found) && found->kind == ir::TypeKind::kStruct && what != "an array's index") {
    // The form that replaces a collection of structs (docs/language.md, "Cards").
    absl::StrAppend(&text,
                    "; give the fixed properties of such an element as attributes of a `cards` "
                    "declaration and collect the cards (`cards ",
                    TypeName(found), "(rank: 1..13) { ... }`, `bag<", TypeName(found),
                    ", 2>`, `c.rank`)");
  }
  return text;
}

}  // namespace

void TypeChecker::DeclareEnum(const ast::Decl& decl, int type_index) {
  ir::EnumDef* def = types_.NewEnum();
  def->name = decl.name;
  def->loc = decl.name_loc;
  def->is_cards = decl.kind == ast::DeclKind::kCards;
  // Member name -> index: a lookup per member keeps declaring linear in the members.
  absl::flat_hash_map<std::string_view, size_t> index;
  auto add = [&](const std::string& name, ir::Location loc) {
    if (auto it = index.find(name); it != index.end()) {
      const ir::Location first = def->member_locs[it->second];
      Error(loc, absl::StrCat("duplicate member ", Quote(name), " in enum ", def->name,
                              " (first at ", first.line, ":", first.column, ")"));
      return;
    }
    index.emplace(name, def->members.size());
    enumerators_[name].push_back({def, static_cast<int>(def->members.size())});
    def->members.push_back(name);
    def->member_locs.push_back(loc);
  };
  if (def->is_cards) {
    for (const ast::CardMember& c : decl.cards) add(c.name, c.loc);
  } else {
    for (const ast::EnumMember& m : decl.members) add(m.name, m.loc);
  }
  TypeDeclInfo& info = type_decls_[type_index];
  info.enum_def = def;
  program_.enums.push_back(def);
  if (def->members.empty()) {
    Error(decl.name_loc, absl::StrCat("enum ", def->name, " needs at least one member"));
    info.failed = true;
    return;
  }
  info.type = types_.Enum(def);
}

const ir::Type* TypeChecker::TypeOfDecl(int type_index, ir::Location use) {
  TypeDeclInfo& info = type_decls_[type_index];
  if (info.failed) return ErrorType();
  const ast::Decl& decl = *info.decl;
  if (info.resolved) return info.type;
  if (info.busy) {
    // A card attribute may have its own card type: the enum exists before its attributes.
    if (info.enum_def != nullptr && info.type != nullptr) return info.type;
    Error(use, absl::StrCat("the type ", decl.name, " is defined in terms of itself"));
    info.failed = true;
    return ErrorType();
  }
  if (TooDeep(nesting_ + 1, kMaxNesting, use, "the definition of this type")) {
    return ErrorType();
  }
  info.busy = true;
  ++nesting_;
  const ir::Type* result = ErrorType();
  switch (decl.kind) {
    case ast::DeclKind::kCards: {
      // The enum exists already; resolve the attribute types once.
      std::vector<ir::EnumDef::Attr> attrs;
      absl::flat_hash_set<std::string_view> names;
      for (const ast::CardAttr& a : decl.attrs) {
        ir::EnumDef::Attr attr;
        attr.name = a.name;
        attr.loc = a.loc;
        attr.type = a.type ? ResolveStoredType(*a.type, "a card attribute", false) : ErrorType();
        if (!IsError(attr.type) && !attr.type->is_scalar()) {
          Error(a.type->loc, absl::StrCat("a card attribute must be bool, an enum, a range or "
                                          "an option of one, found ",
                                          TypeName(attr.type)));
          attr.type = ErrorType();
        }
        if (!names.insert(a.name).second) {
          Error(a.loc, absl::StrCat("duplicate attribute ", Quote(a.name)));
        }
        attrs.push_back(attr);
      }
      info.enum_def->attrs = std::move(attrs);
      result = info.type;
      break;
    }
    case ast::DeclKind::kEnum:
      result = info.type;
      break;
    case ast::DeclKind::kAlias:
      result = decl.type ? ResolveType(*decl.type) : ErrorType();
      break;
    case ast::DeclKind::kStruct: {
      ir::StructDef* def = types_.NewStruct();
      def->name = decl.name;
      def->loc = decl.name_loc;
      bool ok = true;
      absl::flat_hash_set<std::string_view> names;
      for (const ast::Param& f : decl.params) {
        ir::StructDef::Field field;
        field.name = f.name;
        field.loc = f.loc;
        field.type = f.type ? ResolveStoredType(*f.type, "a struct field", false) : ErrorType();
        if (!names.insert(f.name).second) {
          Error(f.loc, absl::StrCat("duplicate field ", Quote(f.name), " in struct ", def->name));
        }
        ok = ok && !IsError(field.type);
        def->fields.push_back(field);
      }
      result = ok ? CheckWidth(types_.Struct(def), decl.name_loc) : ErrorType();
      break;
    }
    default:
      break;
  }
  --nesting_;
  info.busy = false;
  info.resolved = true;
  if (info.failed) return ErrorType();
  info.type = result;
  if (IsError(result)) info.failed = true;
  return result;
}

bool TypeChecker::OptionPayloadFits(const ir::Type* elem, ir::Location loc) {
  if (elem->kind != ir::TypeKind::kRange) return true;
  // The engines keep the int64 minimum for none, and an option's stored ordinal (0 for none,
  // then each value) in at most 62 bits.
  if (elem->lo == std::numeric_limits<int64_t>::min()) {
    Error(loc, absl::StrCat("an option of ", TypeName(elem), " cannot hold ", elem->lo,
                            ", the value that stands for none: start the range one above it"));
    return false;
  }
  constexpr uint64_t kMostValues = (uint64_t{1} << 62) - 1;
  if (static_cast<uint64_t>(elem->hi) - static_cast<uint64_t>(elem->lo) >= kMostValues) {
    Error(loc, absl::StrCat("an option of ", TypeName(elem),
                            " is too wide: an option's range may hold at most 2^62 - 1 values"));
    return false;
  }
  return true;
}

const ir::Type* TypeChecker::CheckWidth(const ir::Type* t, ir::Location loc) {
  if (IsError(t)) return t;
  if (t->width > kMaxTypeBits) {
    Error(loc, absl::StrCat("the type ", TypeName(t), " is too large: it needs ", t->width,
                            " bits; at most ", kMaxTypeBits, " are allowed"));
    return ErrorType();
  }
  return t;
}

bool TypeChecker::ContainsInt(const ir::Type* t) const {
  if (IsError(t)) return false;
  if (t->kind == ir::TypeKind::kInt) return true;
  if (t->kind == ir::TypeKind::kStruct) {
    for (const ir::StructDef::Field& f : t->struct_def->fields) {
      if (ContainsInt(f.type)) return true;
    }
    return false;
  }
  return t->elem != nullptr && ContainsInt(t->elem);
}

const ir::Type* TypeChecker::ResolveType(const ast::TypeExpr& t) {
  if (TooDeep(resolve_depth_ + 1, kMaxEvalDepth, t.loc, "the definition of this type")) {
    return ErrorType();
  }
  ++resolve_depth_;
  const ir::Type* r = ResolveTypeKind(t);
  --resolve_depth_;
  return r;
}

const ir::Type* TypeChecker::ResolveTypeKind(const ast::TypeExpr& t) {
  switch (t.kind) {
    case ast::TypeExprKind::kName: {
      if (t.name == "bool") return types_.Bool();
      if (t.name == "int") return types_.Int();
      const Symbol* s = FindGlobal(t.name);
      if (s == nullptr) {
        std::vector<std::string> names = GlobalNames({SymbolKind::kType});
        names.push_back("bool");
        names.push_back("int");
        Error(t.loc, absl::StrCat("undefined type ", Quote(t.name),
                                  Suggest(t.name, [&] { return names; })));
        return ErrorType();
      }
      if (s->kind != SymbolKind::kType) {
        Error(t.loc, absl::StrCat(Quote(t.name), " is ", WithArticle(s->kind), ", not a type"));
        return ErrorType();
      }
      return TypeOfDecl(s->index, t.loc);
    }
    case ast::TypeExprKind::kRange: {
      std::optional<int64_t> lo = ConstantInt(*t.lo, "a range bound");
      std::optional<int64_t> hi = ConstantInt(*t.hi, "a range bound");
      if (!lo || !hi) return ErrorType();
      if (*lo > *hi) {
        Error(t.loc, absl::StrCat("empty range ", *lo, "..", *hi,
                                  ": the low bound is above the high bound"));
        return ErrorType();
      }
      return types_.Range(*lo, *hi);
    }
    case ast::TypeExprKind::kArray:
    case ast::TypeExprKind::kBag:
    case ast::TypeExprKind::kSet: {
      const ast::TypeExpr& key = t.kind == ast::TypeExprKind::kArray ? *t.index : *t.elem;
      const ir::Type* k = ResolveType(key);
      const ir::Type* elem = t.kind == ast::TypeExprKind::kArray ? ResolveType(*t.elem) : k;
      // The capacity of a bag, when it is a valid one. (An int64_t and a flag rather than an
      // optional: GCC 12 warns, wrongly, that the optional's value may be used uninitialised.)
      int64_t capacity = 0;
      bool has_capacity = false;
      if (t.kind == ast::TypeExprKind::kBag) {
        std::optional<int64_t> given = ConstantInt(*t.capacity, "a bag's capacity");
        has_capacity = given.has_value();
        capacity = given.value_or(0);
        if (has_capacity && (capacity < 1 || capacity > (int64_t{1} << 30))) {
          Error(t.capacity->loc, absl::StrCat("a bag's capacity (copies of each member) must be "
                                              "between 1 and 2^30, found ",
                                              capacity));
          has_capacity = false;
        }
      }
      if (IsError(k)) return ErrorType();
      const char* what = t.kind == ast::TypeExprKind::kArray ? "an array's index"
                         : t.kind == ast::TypeExprKind::kBag ? "a bag's element"
                                                             : "a set's element";
      if (!IsFiniteScalar(k)) {
        Error(key.loc, FiniteMessage(what, k));
        return ErrorType();
      }
      if (k->kind == ir::TypeKind::kRange &&
          static_cast<uint64_t>(k->hi) - static_cast<uint64_t>(k->lo) >=
              static_cast<uint64_t>(kMaxCardinality)) {
        Error(key.loc, absl::StrCat(std::string(what), " has too many values: ", TypeName(k),
                                    " (at most ", kMaxCardinality, ")"));
        return ErrorType();
      }
      if (IsError(elem)) return ErrorType();
      if (t.kind == ast::TypeExprKind::kArray) return CheckWidth(types_.Array(k, elem), t.loc);
      if (t.kind == ast::TypeExprKind::kSet) return CheckWidth(types_.Set(k), t.loc);
      if (!has_capacity) return ErrorType();
      return CheckWidth(types_.Bag(k, capacity), t.loc);
    }
    case ast::TypeExprKind::kSeq: {
      const ir::Type* elem = ResolveType(*t.elem);
      std::optional<int64_t> capacity = ConstantInt(*t.capacity, "a seq's capacity");
      if (capacity && (*capacity < 1 || *capacity > (int64_t{1} << 30))) {
        Error(t.capacity->loc,
              absl::StrCat("a seq's capacity must be between 1 and 2^30, found ", *capacity));
        return ErrorType();
      }
      if (IsError(elem) || !capacity) return ErrorType();
      if (!IsFiniteScalar(elem)) {
        Error(t.elem->loc, FiniteMessage("a seq's element", elem));
        return ErrorType();
      }
      return CheckWidth(types_.Seq(elem, *capacity), t.loc);
    }
    case ast::TypeExprKind::kOption: {
      const ir::Type* elem = ResolveType(*t.elem);
      if (IsError(elem)) return ErrorType();
      if (elem->kind == ir::TypeKind::kInt) {
        Error(t.elem->loc,
              "`int?` is not allowed: an option needs a finite payload such as a "
              "range lo..hi");
        return ErrorType();
      }
      if (elem->kind == ir::TypeKind::kOption) {
        Error(t.loc, absl::StrCat("an option of an option (", TypeName(elem), "?) is not allowed"));
        return ErrorType();
      }
      if (!OptionPayloadFits(elem, t.loc)) return ErrorType();
      return CheckWidth(types_.Option(elem), t.loc);
    }
  }
  return ErrorType();
}

const ir::Type* TypeChecker::ResolveStoredType(const ast::TypeExpr& t, std::string_view what,
                                               bool finite_only) {
  const ir::Type* type = ResolveType(t);
  if (IsError(type)) return type;
  if (ContainsInt(type)) {
    Error(t.loc, absl::StrCat("`int` cannot type ", std::string(what),
                              ": only fun and proc parameters and locals may be unbounded; "
                              "give a range lo..hi"));
    return ErrorType();
  }
  if (finite_only && !type->is_finite_scalar()) {
    Error(t.loc, FiniteMessage(what, type));
    return ErrorType();
  }
  return type;
}

void TypeChecker::CheckCardValues(int type_index) {
  TypeDeclInfo& info = type_decls_[type_index];
  const ast::Decl& decl = *info.decl;
  if (decl.kind != ast::DeclKind::kCards || info.enum_def == nullptr) return;
  ir::EnumDef* def = info.enum_def;
  BeginUnit(&scratch_frame_);
  // A constant value of an attribute's type, or its default when it cannot be had.
  auto value_of = [&](const ast::Expr& e, const ir::Type* type, int64_t fallback) {
    ir::ExprPtr v = Coerce(CheckExpr(e), type);
    if (IsError(v->type) || IsError(type)) return fallback;
    std::optional<int64_t> folded = Fold(*v);
    if (!folded.has_value()) {
      Error(e.loc, "an attribute value must be a constant expression");
      return fallback;
    }
    return *folded;
  };
  std::vector<int64_t> defaults;
  for (size_t a = 0; a < def->attrs.size() && a < decl.attrs.size(); ++a) {
    const ir::Type* type = def->attrs[a].type;
    int64_t fallback = IsError(type) ? 0 : DefaultValue(type);
    defaults.push_back(decl.attrs[a].default_value
                           ? value_of(*decl.attrs[a].default_value, type, fallback)
                           : fallback);
  }
  def->attr_values.clear();
  std::set<std::string> done;
  for (const ast::CardMember& card : decl.cards) {
    if (!done.insert(card.name).second) continue;  // a duplicate, already reported
    std::vector<int64_t> values = defaults;
    std::set<std::string> given;
    for (const ast::AttrArg& arg : card.args) {
      int index = -1;
      for (size_t a = 0; a < def->attrs.size(); ++a) {
        if (def->attrs[a].name == arg.name) index = static_cast<int>(a);
      }
      if (index < 0) {
        Error(arg.loc, absl::StrCat("card type ", def->name, " has no attribute ", Quote(arg.name),
                                    Suggest(arg.name, [&] { return FieldNames(info.type); })));
        continue;
      }
      if (!given.insert(arg.name).second) {
        Error(arg.loc, absl::StrCat("attribute ", Quote(arg.name), " is given twice"));
      }
      values[index] = value_of(*arg.value, def->attrs[index].type, values[index]);
    }
    def->attr_values.push_back(std::move(values));
  }
}

}  // namespace rulecheck::front
