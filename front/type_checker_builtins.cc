// Set literals, built-in functions (len, size, top, bottom, empty, min, max, abs, next, prev,
// ord) and built-in statements on zones (add, remove, clear, push, push_bottom, pop,
// pop_bottom, insert_at, remove_at, move). A zone operation needs an assignable state place
// of the right collection kind, and its element must convert to the zone's element type;
// errors point at the argument at fault.
#include <limits>
#include <map>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

bool IsStatementBuiltin(const std::string& name) {
  static const char* kNames[] = {"add", "remove",     "clear",     "push",     "push_bottom",
                                 "pop", "pop_bottom", "insert_at", "remove_at"};
  for (const char* n : kNames) {
    if (name == n) return true;
  }
  return false;
}

std::string KindWords(bool bag, bool seq, bool set) {
  std::vector<std::string> words;
  if (bag) words.push_back("a bag");
  if (seq) words.push_back("a seq");
  if (set) words.push_back("a set");
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : i + 1 == words.size() ? " or " : ", ", words[i]);
  }
  return out;
}

}  // namespace

bool TypeChecker::ArgCount(const std::string& what, ir::Location loc, size_t want, size_t found) {
  if (want == found) return true;
  Error(loc, absl::StrCat(what, ": expected ", want, want == 1 ? " argument" : " arguments",
                          ", found ", found));
  return false;
}

ir::ExprPtr TypeChecker::CheckBuiltinCall(const ast::Expr& e, bool* handled) {
  using ir::ExprOp;
  static const std::map<std::string, ExprOp> kOps = {
      {"len", ExprOp::kLen},       {"size", ExprOp::kSize},   {"top", ExprOp::kTop},
      {"bottom", ExprOp::kBottom}, {"empty", ExprOp::kEmpty}, {"min", ExprOp::kMin},
      {"max", ExprOp::kMax},       {"abs", ExprOp::kAbs},     {"next", ExprOp::kNext},
      {"prev", ExprOp::kPrev},     {"ord", ExprOp::kOrd},
  };
  *handled = false;
  if (FindLocal(e.name) != nullptr || FindGlobal(e.name) != nullptr) return nullptr;
  if (IsStatementBuiltin(e.name)) {
    *handled = true;
    Error(e.loc, absl::StrCat(Quote(e.name), " is a statement and has no value"));
    for (const ast::ExprPtr& a : e.operands) CheckExpr(*a);
    return ErrorExpr(e.loc);
  }
  auto it = kOps.find(e.name);
  if (it == kOps.end()) return nullptr;
  *handled = true;
  ExprOp op = it->second;
  bool two = op == ExprOp::kMin || op == ExprOp::kMax;
  if (!ArgCount(Quote(e.name), e.loc, two ? 2 : 1, e.operands.size())) {
    for (const ast::ExprPtr& a : e.operands) CheckExpr(*a);
    return ErrorExpr(e.loc);
  }
  if (op == ExprOp::kMin || op == ExprOp::kMax || op == ExprOp::kAbs) {
    ir::ExprPtr r = MakeExpr(op, types_.Int(), e.loc);
    bool ok = true;
    for (const ast::ExprPtr& a : e.operands) {
      r->args.push_back(CheckInteger(*a));
      ok = ok && !IsError(r->args.back()->type);
    }
    return ok ? std::move(r) : ErrorExpr(e.loc);
  }
  const ast::Expr& arg_ast = *e.operands[0];
  ir::ExprPtr arg = CheckExpr(arg_ast);
  const ir::Type* t = arg->type;
  if (IsError(t)) return ErrorExpr(e.loc);
  const ir::Type* result = nullptr;
  std::string needs;
  bool placeholder = t == NoneType() || t == EmptySetType();
  switch (op) {
    case ExprOp::kLen:
    case ExprOp::kTop:
    case ExprOp::kBottom:
      needs = "a seq";
      if (!placeholder && t->kind == ir::TypeKind::kSeq) {
        result = op == ExprOp::kLen ? types_.Int() : t->elem;
      }
      if (op == ExprOp::kLen && !placeholder && t->is_collection()) {
        needs = "a seq (use size() for a bag or set)";
      }
      break;
    case ExprOp::kSize:
      needs = "a bag or set";
      if (!placeholder && (t->kind == ir::TypeKind::kBag || t->kind == ir::TypeKind::kSet)) {
        result = types_.Int();
      }
      if (!placeholder && t->kind == ir::TypeKind::kSeq)
        needs = "a bag or set (use len() for a seq)";
      break;
    case ExprOp::kEmpty:
      needs = "a bag, seq, set or option";
      if (!placeholder && (t->is_collection() || t->kind == ir::TypeKind::kOption)) {
        result = types_.Bool();
      }
      break;
    case ExprOp::kNext:
    case ExprOp::kPrev:
    case ExprOp::kOrd:
      needs = "an enum";
      if (t->kind == ir::TypeKind::kEnum) result = op == ExprOp::kOrd ? types_.Int() : t;
      break;
    default:
      break;
  }
  if (result == nullptr) {
    Error(arg_ast.loc, absl::StrCat(Quote(e.name), " needs ", needs, ", found ", TypeName(t)));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(op, result, e.loc);
  r->args.push_back(std::move(arg));
  return r;
}

ir::ExprPtr TypeChecker::CheckSetLiteral(const ast::Expr& e) {
  std::vector<ir::ExprPtr> args;
  for (const ast::ExprPtr& a : e.operands) args.push_back(CheckExpr(*a));
  if (args.empty()) return MakeExpr(ir::ExprOp::kSetLiteral, EmptySetType(), e.loc);
  const ir::Type* elem = nullptr;
  bool all_const = true;
  int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
  for (const ir::ExprPtr& a : args) {
    if (IsError(a->type)) return ErrorExpr(e.loc);
    if (elem == nullptr && !a->type->is_integer()) elem = a->type;
    std::optional<int64_t> v = a->type->is_integer() ? Fold(*a) : std::nullopt;
    if (v) {
      lo = std::min(lo, *v);
      hi = std::max(hi, *v);
    } else {
      all_const = false;
    }
  }
  if (elem == nullptr) {
    // Integers only: their range, when it is known.
    if (args[0]->type->kind == ir::TypeKind::kRange) {
      elem = args[0]->type;
    } else if (all_const && static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) <
                                static_cast<uint64_t>(kMaxCardinality)) {
      elem = types_.Range(lo, hi);
    } else {
      Error(e.loc,
            "the elements of a set literal must be of a finite type (bool, an enum or a "
            "range), or integer constants");
      return ErrorExpr(e.loc);
    }
  }
  if (!elem->is_finite_scalar()) {
    Error(args[0]->loc, absl::StrCat("a set's element must be of a finite type (bool, an enum "
                                     "or a range lo..hi), found ",
                                     TypeName(elem)));
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kSetLiteral, types_.Set(elem), e.loc);
  for (ir::ExprPtr& a : args) {
    a = Coerce(std::move(a), elem);
    if (IsError(a->type)) return ErrorExpr(e.loc);
    r->args.push_back(std::move(a));
  }
  return r;
}

ir::ExprPtr TypeChecker::CheckZone(const ast::Expr& e, std::string_view builtin, bool bag, bool seq,
                                   bool set) {
  ir::ExprPtr place = CheckPlace(e);
  if (IsError(place->type)) return place;
  ir::TypeKind k = place->type->kind;
  if ((k == ir::TypeKind::kBag && bag) || (k == ir::TypeKind::kSeq && seq) ||
      (k == ir::TypeKind::kSet && set)) {
    return place;
  }
  Error(e.loc, absl::StrCat(Quote(builtin), " needs ", KindWords(bag, seq, set), ", found ",
                            TypeName(place->type)));
  return ErrorExpr(e.loc);
}

bool TypeChecker::LowerBuiltinStmt(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  using ir::StmtOp;
  struct Spec {
    StmtOp op;
    bool bag, seq, set;
    bool index, value;
  };
  static const std::map<std::string, Spec> kSpecs = {
      {"add", {StmtOp::kAdd, true, false, true, false, true}},
      {"remove", {StmtOp::kRemove, true, true, true, false, true}},
      {"clear", {StmtOp::kClear, true, true, true, false, false}},
      {"push", {StmtOp::kPush, false, true, false, false, true}},
      {"push_bottom", {StmtOp::kPushBottom, false, true, false, false, true}},
      {"pop", {StmtOp::kPop, false, true, false, false, false}},
      {"pop_bottom", {StmtOp::kPopBottom, false, true, false, false, false}},
      {"insert_at", {StmtOp::kInsertAt, false, true, false, true, true}},
      {"remove_at", {StmtOp::kRemoveAt, false, true, false, true, false}},
  };
  if (FindGlobal(s.name) != nullptr) return false;
  auto it = kSpecs.find(s.name);
  if (it == kSpecs.end()) return false;
  const Spec& spec = it->second;
  size_t want = 1 + spec.index + spec.value;
  if (!ArgCount(Quote(s.name), s.name_loc, want, s.args.size())) {
    for (const ast::ExprPtr& a : s.args) CheckExpr(*a);
    return true;
  }
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->op = spec.op;
  stmt->loc = s.loc;
  stmt->place = CheckZone(*s.args[0], s.name, spec.bag, spec.seq, spec.set);
  bool ok = !IsError(stmt->place->type);
  if (spec.index) {
    stmt->index = CheckInteger(*s.args[1]);
    ok = ok && !IsError(stmt->index->type);
  }
  if (spec.value) {
    ir::ExprPtr v = CheckExpr(*s.args.back());
    if (ok && (spec.op == StmtOp::kAdd || spec.op == StmtOp::kRemove) && !IsError(v->type) &&
        v->type->kind == ir::TypeKind::kBag) {
      // A whole bag of copies (a `choose h in sub(b, n)` choice): each copy goes in or out.
      if (BagOfCopiesFits(*s.args[0], *v, stmt->place->type)) {
        stmt->value = std::move(v);
        out.push_back(std::move(stmt));
      }
      return true;
    }
    stmt->value = ok ? Coerce(std::move(v), stmt->place->type->elem) : std::move(v);
    ok = ok && !IsError(stmt->value->type);
  }
  if (ok) out.push_back(std::move(stmt));
  return true;
}

void TypeChecker::LowerMove(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->op = ir::StmtOp::kMove;
  stmt->loc = s.loc;
  stmt->place = CheckZone(*s.source, "move", true, true, true);
  stmt->target = CheckZone(*s.target, "move", true, true, true);
  ir::ExprPtr v = CheckExpr(*s.value);
  const ir::Type* from = stmt->place->type;
  const ir::Type* to = stmt->target->type;
  if (!IsError(v->type) && v->type->kind == ir::TypeKind::kBag) {
    // A whole bag of copies (a `choose h in sub(b, n)` choice): each copy moves.
    if (MoveBag(s, *v, from, to)) {
      stmt->value = std::move(v);
      out.push_back(std::move(stmt));
    }
    return;
  }
  if (!IsError(from)) {
    v = Coerce(std::move(v), from->elem);
    if (!IsError(to) && to->elem != from->elem) {
      Error(s.target->loc, absl::StrCat("type mismatch: `move` takes a ", TypeName(from->elem),
                                        " from ", TypeName(from), ", so the destination must hold ",
                                        TypeName(from->elem), ", found ", TypeName(to)));
      to = ErrorType();
    }
  } else if (!IsError(to)) {
    v = Coerce(std::move(v), to->elem);
  }
  if (IsError(from) || IsError(to) || IsError(v->type)) return;
  stmt->value = std::move(v);
  out.push_back(std::move(stmt));
}

}  // namespace rulecheck::front
