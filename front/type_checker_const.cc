// Constants: evaluation of `const` declarations (on demand, in any order, with cycles
// reported), `--const NAME=VALUE` overrides (applied as each constant is evaluated, so that
// every constant and type derived from an overridden one sees the new value), constant
// expressions in types and declarations (range bounds, capacities, `within`, `pending`), and
// folding of IR expressions built from constants.
#include <charconv>
#include <functional>
#include <limits>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

ConstValue NotConstant(ir::Location where) {
  ConstValue v;
  v.status = ConstValue::Status::kNotConstant;
  v.where = where;
  return v;
}

ConstValue Failed() {
  ConstValue v;
  v.status = ConstValue::Status::kError;
  return v;
}

ConstValue IntValue(int64_t value) {
  ConstValue v;
  v.value = value;
  return v;
}

ConstValue BoolValue(bool value) {
  ConstValue v;
  v.is_bool = true;
  v.value = value;
  return v;
}

// Parses an override's value: a decimal integer or true/false.
std::optional<ConstValue> ParseOverride(const std::string& text) {
  if (text == "true") return BoolValue(true);
  if (text == "false") return BoolValue(false);
  int64_t value = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (begin == end || ec != std::errc() || ptr != end) return std::nullopt;
  return IntValue(value);
}

std::string OverrideText(const ConstOverride& o) {
  return absl::StrCat("--const ", o.name, "=", o.value);
}

}  // namespace

void TypeChecker::EvaluateConstants() {
  for (size_t i = 0; i < constants_.size(); ++i) {
    ConstValue v = EnsureConstant(static_cast<int>(i), constants_[i].decl->name_loc);
    ir::Constant c;
    c.name = constants_[i].decl->name;
    c.loc = constants_[i].decl->name_loc;
    c.type = v.is_bool ? types_.Bool() : types_.Int();
    c.value = v.value;
    program_.constants.push_back(std::move(c));
  }
}

void TypeChecker::ApplyOverrides() {
  // The values themselves were applied while evaluating; here only names that match no
  // constant remain to be reported.
  std::set<std::string> seen;
  for (const ConstOverride& o : overrides_) {
    const Symbol* s = FindGlobal(o.name);
    if (s == nullptr || s->kind != SymbolKind::kConstant) {
      override_errors_.push_back(absl::StrCat(
          OverrideText(o), ": the rules declare no constant named ", Quote(o.name), "."));
    } else if (!seen.insert(o.name).second) {
      override_errors_.push_back(absl::StrCat(OverrideText(o), ": the constant ", Quote(o.name),
                                              " is given more than once; give it once."));
    }
  }
}

ConstValue TypeChecker::EnsureConstant(int index, ir::Location use) {
  ConstInfo& info = constants_[index];
  switch (info.state) {
    case ConstInfo::State::kDone:
      return info.is_bool ? BoolValue(info.value != 0) : IntValue(info.value);
    case ConstInfo::State::kFailed:
      return Failed();
    case ConstInfo::State::kBusy:
      Error(use, absl::StrCat("the constant ", Quote(info.decl->name),
                              " is defined in terms of itself"));
      info.state = ConstInfo::State::kFailed;
      return Failed();
    case ConstInfo::State::kNew:
      break;
  }
  if (TooDeep(nesting_ + 1, kMaxNesting, use, "the definition of this constant")) {
    return Failed();
  }
  info.state = ConstInfo::State::kBusy;
  if (info.decl->value != nullptr && (info.decl->value->kind == ast::ExprKind::kSetLiteral ||
                                      info.decl->value->kind == ast::ExprKind::kListLiteral)) {
    // A collection constant ({...}) or a table ([...]): its elements must be constants or
    // enum members. Its literal is typed where it is used (CheckCollectionConstants checks it
    // once).
    ++nesting_;
    bool ok = true;
    // A table's rows may be tables themselves (`[[1, 2], [3, 4]]`, indexed `T[i][j]`).
    std::function<void(const ast::Expr&)> check_elements = [&](const ast::Expr& literal) {
      for (const ast::ExprPtr& element : literal.operands) {
        const bool member =
            (element->kind == ast::ExprKind::kName && FindGlobal(element->name) == nullptr &&
             enumerators_.count(element->name) != 0) ||
            (element->kind == ast::ExprKind::kField &&
             element->operands[0]->kind == ast::ExprKind::kName &&
             EnumTypeNamed(element->operands[0]->name) != nullptr);
        if (member) continue;
        if (literal.kind == ast::ExprKind::kListLiteral &&
            element->kind == ast::ExprKind::kListLiteral) {
          check_elements(*element);
          continue;
        }
        ConstValue v = EvalConst(*element);
        if (v.status == ConstValue::Status::kNotConstant) {
          Error(element->loc, absl::StrCat("an element of the constant ", Quote(info.decl->name),
                                           " must be a constant or an enum member"));
        }
        ok = ok && v.status == ConstValue::Status::kOk;
      }
    };
    check_elements(*info.decl->value);
    --nesting_;
    for (const ConstOverride& o : overrides_) {
      if (o.name != info.decl->name) continue;
      override_errors_.push_back(absl::StrCat(OverrideText(o), ": ", Quote(info.decl->name),
                                              " is a collection constant ({...} or [...]); only "
                                              "integer and bool constants can be set."));
    }
    info.is_literal = true;
    if (info.state == ConstInfo::State::kFailed || !ok) {
      info.state = ConstInfo::State::kFailed;
      return Failed();
    }
    info.state = ConstInfo::State::kDone;
    return IntValue(0);
  }
  ++nesting_;
  ConstValue v = info.decl->value ? EvalConst(*info.decl->value) : Failed();
  --nesting_;
  if (v.status == ConstValue::Status::kNotConstant) {
    Error(v.where, absl::StrCat("the value of constant ", Quote(info.decl->name),
                                " must be a constant expression (literals, constants and "
                                "operators)"));
  }
  bool ok = v.status == ConstValue::Status::kOk;
  // The last override of this name wins.
  const ConstOverride* over = nullptr;
  for (const ConstOverride& o : overrides_) {
    if (o.name == info.decl->name) over = &o;
  }
  if (over != nullptr) {
    std::optional<ConstValue> parsed = ParseOverride(over->value);
    if (!parsed.has_value()) {
      // A whole number too long for 64 bits is not "not an integer".
      const bool digits = over->value.find_first_not_of("+-0123456789") == std::string::npos &&
                          over->value.find_first_of("0123456789") != std::string::npos;
      override_errors_.push_back(absl::StrCat(
          OverrideText(*over), digits ? ": the value is outside the 64-bit integers "
                                        "(-9223372036854775808 to 9223372036854775807)."
                                      : ": the value must be an integer or true/false."));
    } else if (ok && parsed->is_bool != v.is_bool) {
      override_errors_.push_back(absl::StrCat(OverrideText(*over), ": ", Quote(info.decl->name),
                                              " is ",
                                              v.is_bool ? "a bool constant; give true or false."
                                                        : "an integer constant; give an integer."));
    } else {
      v = *parsed;
      ok = true;
    }
  }
  if (info.state == ConstInfo::State::kFailed || !ok) {
    info.state = ConstInfo::State::kFailed;
    return Failed();
  }
  info.state = ConstInfo::State::kDone;
  info.is_bool = v.is_bool;
  info.value = v.value;
  return v;
}

void TypeChecker::CheckCollectionConstants() {
  for (ConstInfo& info : constants_) {
    if (!info.is_literal || info.state != ConstInfo::State::kDone) continue;
    BeginUnit(&scratch_frame_);
    ir::ExprPtr literal = CheckExpr(*info.decl->value);
    if (IsError(literal->type)) info.state = ConstInfo::State::kFailed;
  }
}

ConstValue TypeChecker::EvalConst(const ast::Expr& e) {
  if (TooDeep(resolve_depth_ + 1, kMaxEvalDepth, e.loc, "the definition of this constant")) {
    return Failed();
  }
  ++resolve_depth_;
  ConstValue v = EvalConstKind(e);
  --resolve_depth_;
  return v;
}

ConstValue TypeChecker::EvalConstKind(const ast::Expr& e) {
  using ast::ExprKind;
  using ast::Op;
  switch (e.kind) {
    case ExprKind::kInt:
      return IntValue(e.int_value);
    case ExprKind::kBool:
      return BoolValue(e.bool_value);
    case ExprKind::kName: {
      const Symbol* s = FindGlobal(e.name);
      if (s != nullptr && s->kind == SymbolKind::kConstant) {
        ConstValue v = EnsureConstant(s->index, e.loc);
        if (v.status == ConstValue::Status::kOk && constants_[s->index].is_literal) {
          Error(e.loc, absl::StrCat(Quote(e.name),
                                    " is a collection constant: it has no "
                                    "number or truth value to compute with (a table's "
                                    "element is `NAME[i]`)"));
          return Failed();
        }
        return v;
      }
      if (s == nullptr && enumerators_.count(e.name) == 0) {
        Error(e.loc, absl::StrCat("undefined name ", Quote(e.name)));
        return Failed();
      }
      return NotConstant(e.loc);
    }
    case ExprKind::kUnary: {
      ConstValue a = EvalConst(*e.operands[0]);
      if (a.status != ConstValue::Status::kOk) return a;
      if (e.op == Op::kNot) {
        if (!a.is_bool) {
          Error(e.operands[0]->loc, "type mismatch: expected bool, found int");
          return Failed();
        }
        return BoolValue(a.value == 0);
      }
      if (a.is_bool) {
        Error(e.operands[0]->loc, "type mismatch: expected an integer, found bool");
        return Failed();
      }
      if (a.value == std::numeric_limits<int64_t>::min()) {
        Error(e.loc, "integer overflow in a constant expression");
        return Failed();
      }
      return IntValue(-a.value);
    }
    case ExprKind::kBinary: {
      ConstValue a = EvalConst(*e.operands[0]);
      if (a.status != ConstValue::Status::kOk) return a;
      ConstValue b = EvalConst(*e.operands[1]);
      if (b.status != ConstValue::Status::kOk) return b;
      bool logic = e.op == Op::kAnd || e.op == Op::kOr || e.op == Op::kImplies;
      bool equality = e.op == Op::kEq || e.op == Op::kNe;
      if (e.op == Op::kIn) return NotConstant(e.loc);
      if (equality) {
        if (a.is_bool != b.is_bool) {
          Error(e.operands[1]->loc,
                absl::StrCat("type mismatch: expected ", a.is_bool ? "bool" : "int", ", found ",
                             b.is_bool ? "bool" : "int"));
          return Failed();
        }
        return BoolValue((a.value == b.value) == (e.op == Op::kEq));
      }
      const ConstValue* values[2] = {&a, &b};
      for (int i = 0; i < 2; ++i) {
        if (values[i]->is_bool != logic) {
          Error(e.operands[i]->loc, logic ? "type mismatch: expected bool, found int"
                                          : "type mismatch: expected an integer, found bool");
          return Failed();
        }
      }
      int64_t r = 0;
      bool overflow = false;
      switch (e.op) {
        case Op::kAnd:
          return BoolValue(a.value && b.value);
        case Op::kOr:
          return BoolValue(a.value || b.value);
        case Op::kImplies:
          return BoolValue(!a.value || b.value);
        case Op::kLt:
          return BoolValue(a.value < b.value);
        case Op::kLe:
          return BoolValue(a.value <= b.value);
        case Op::kGt:
          return BoolValue(a.value > b.value);
        case Op::kGe:
          return BoolValue(a.value >= b.value);
        case Op::kAdd:
          overflow = __builtin_add_overflow(a.value, b.value, &r);
          break;
        case Op::kSub:
          overflow = __builtin_sub_overflow(a.value, b.value, &r);
          break;
        case Op::kMul:
          overflow = __builtin_mul_overflow(a.value, b.value, &r);
          break;
        case Op::kDiv:
        case Op::kMod:
          if (b.value == 0) {
            Error(e.operands[1]->loc, "division by zero in a constant expression");
            return Failed();
          }
          if (a.value == std::numeric_limits<int64_t>::min() && b.value == -1) {
            overflow = e.op == Op::kDiv;
            r = 0;
          } else {
            r = e.op == Op::kDiv ? a.value / b.value : a.value % b.value;
          }
          break;
        default:
          return NotConstant(e.loc);
      }
      if (overflow) {
        Error(e.op_loc, "integer overflow in a constant expression");
        return Failed();
      }
      return IntValue(r);
    }
    case ExprKind::kIf: {
      ConstValue c = EvalConst(*e.operands[0]);
      if (c.status != ConstValue::Status::kOk) return c;
      if (!c.is_bool) {
        Error(e.operands[0]->loc, "type mismatch: expected bool, found int");
        return Failed();
      }
      ConstValue a = EvalConst(*e.operands[1]);
      ConstValue b = EvalConst(*e.operands[2]);
      if (a.status != ConstValue::Status::kOk) return a;
      if (b.status != ConstValue::Status::kOk) return b;
      if (a.is_bool != b.is_bool) {
        Error(e.operands[2]->loc,
              absl::StrCat("type mismatch: expected ", a.is_bool ? "bool" : "int", ", found ",
                           b.is_bool ? "bool" : "int"));
        return Failed();
      }
      return c.value ? a : b;
    }
    case ExprKind::kCall: {
      bool two = e.name == "min" || e.name == "max";
      if (!two && e.name != "abs") return NotConstant(e.loc);
      if (e.operands.size() != (two ? 2u : 1u)) return NotConstant(e.loc);
      std::vector<int64_t> values;
      for (const ast::ExprPtr& arg : e.operands) {
        ConstValue v = EvalConst(*arg);
        if (v.status != ConstValue::Status::kOk) return v;
        if (v.is_bool) {
          Error(arg->loc, "type mismatch: expected an integer, found bool");
          return Failed();
        }
        values.push_back(v.value);
      }
      if (e.name == "min") return IntValue(std::min(values[0], values[1]));
      if (e.name == "max") return IntValue(std::max(values[0], values[1]));
      if (values[0] == std::numeric_limits<int64_t>::min()) {
        Error(e.loc, "integer overflow in a constant expression");
        return Failed();
      }
      return IntValue(values[0] < 0 ? -values[0] : values[0]);
    }
    default:
      return NotConstant(e.loc);
  }
}

std::optional<int64_t> TypeChecker::ConstantInt(const ast::Expr& e, std::string_view what) {
  ConstValue v = EvalConst(e);
  if (v.status == ConstValue::Status::kNotConstant) {
    Error(e.loc, absl::StrCat(std::string(what),
                              " must be a constant expression (literals, constants and "
                              "operators), not one that reads the state or locals"));
    return std::nullopt;
  }
  if (v.status == ConstValue::Status::kError) return std::nullopt;
  if (v.is_bool) {
    Error(e.loc,
          absl::StrCat("type mismatch: ", std::string(what), " must be an integer, found bool"));
    return std::nullopt;
  }
  return v.value;
}

int64_t Compare(ir::ExprOp op, int64_t a, int64_t b) {
  switch (op) {
    case ir::ExprOp::kEq:
      return a == b;
    case ir::ExprOp::kNe:
      return a != b;
    case ir::ExprOp::kLt:
      return a < b;
    case ir::ExprOp::kLe:
      return a <= b;
    case ir::ExprOp::kGt:
      return a > b;
    default:
      return a >= b;
  }
}

std::optional<int64_t> TypeChecker::Fold(const ir::Expr& e, const FoldLeaf* leaf) {
  using ir::ExprOp;
  if (IsError(e.type)) return std::nullopt;
  auto arg = [&](size_t i) { return Fold(*e.args[i], leaf); };
  switch (e.op) {
    case ExprOp::kConst:
      return e.value;
    case ExprOp::kNone:
      // (`none` where no option type was expected keeps its placeholder, which has no element.)
      return !IsPlaceholder(e.type) && e.type->is_scalar() ? std::optional<int64_t>(ir::kNoneValue)
                                                           : std::nullopt;
    case ExprOp::kSome:
      return e.type->is_scalar() ? arg(0) : std::nullopt;
    case ExprOp::kNeg: {
      auto a = arg(0);
      if (!a || *a == std::numeric_limits<int64_t>::min()) return std::nullopt;
      return -*a;
    }
    case ExprOp::kNot: {
      auto a = arg(0);
      if (!a) return std::nullopt;
      return *a == 0;
    }
    case ExprOp::kAdd:
    case ExprOp::kSub:
    case ExprOp::kMul: {
      auto a = arg(0), b = arg(1);
      if (!a || !b) return std::nullopt;
      int64_t r;
      bool overflow = e.op == ExprOp::kAdd   ? __builtin_add_overflow(*a, *b, &r)
                      : e.op == ExprOp::kSub ? __builtin_sub_overflow(*a, *b, &r)
                                             : __builtin_mul_overflow(*a, *b, &r);
      if (overflow) return std::nullopt;
      return r;
    }
    case ExprOp::kDiv:
    case ExprOp::kMod: {
      auto a = arg(0), b = arg(1);
      if (!a || !b || *b == 0 || (*a == std::numeric_limits<int64_t>::min() && *b == -1)) {
        return std::nullopt;
      }
      return e.op == ExprOp::kDiv ? *a / *b : *a % *b;
    }
    case ExprOp::kMin:
    case ExprOp::kMax: {
      auto a = arg(0), b = arg(1);
      if (!a || !b) return std::nullopt;
      return e.op == ExprOp::kMin ? std::min(*a, *b) : std::max(*a, *b);
    }
    case ExprOp::kIf: {
      auto c = arg(0);
      if (!c) return std::nullopt;
      return *c ? arg(1) : arg(2);
    }
    case ExprOp::kEnumOf: {
      auto a = arg(0);
      if (!a || *a < 0 || *a >= e.type->Cardinality()) return std::nullopt;
      return a;
    }
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe:
    case ExprOp::kEq:
    case ExprOp::kNe: {
      // Scalars only: a composite operand folds to nothing.
      if (!e.args[0]->type->is_scalar()) return std::nullopt;
      auto a = arg(0), b = arg(1);
      if (!a || !b) return std::nullopt;
      return Compare(e.op, *a, *b);
    }
    case ExprOp::kLocal:
    case ExprOp::kCall:
      return leaf != nullptr ? (*leaf)(e) : std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace rulecheck::front
