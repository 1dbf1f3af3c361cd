// Statements: lowering each AST statement to IR, assignable places, and proc inlining.
//
// A proc body is checked once on its own (CheckProcBodies), which reports its errors. At each
// call site it is lowered again, in the caller's frame, with errors muted: its names resolve
// exactly as before (a proc sees only globals and its parameters), so nothing new can go
// wrong, and each parameter becomes a `let` of the argument's value. A budget on the number
// of lowered statements keeps nested calls from blowing up.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

std::string Where(ir::Location loc) { return absl::StrCat(loc.line, ":", loc.column); }

}  // namespace

void TypeChecker::LowerBlock(const ast::Block& block, ir::Block& out) {
  out.loc = block.loc;
  // Inlined procs put their blocks inside the caller's: bound the nesting of the IR the
  // executor, the compiled code and the Z3 translation walk by recursion.
  if (TooDeep(block_depth_ + 1, kMaxBlockDepth, inlining_.empty() ? block.loc : inline_root_,
              "this block, with the blocks of the procs it calls,")) {
    return;
  }
  ++block_depth_;
  size_t mark = OpenScope();
  LowerStmts(block, out.stmts);
  CloseScope(mark);
  --block_depth_;
}

void TypeChecker::LowerStmts(const ast::Block& block, std::vector<ir::StmtPtr>& out) {
  for (const ast::StmtPtr& s : block.stmts) LowerStmt(*s, out);
}

void TypeChecker::LowerStmt(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  if (++inlined_statements_ > kMaxInlinedStatements) {
    if (!inline_budget_reported_) {
      inline_budget_reported_ = true;
      // Inside an inlined proc, blame the call in the code being checked.
      diagnostics_.Error(inlining_.empty() ? s.loc : inline_root_,
                         absl::StrCat("the program is too large once procs are inlined "
                                      "(more than ",
                                      kMaxInlinedStatements, " statements)"));
    }
    return;
  }
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->loc = s.loc;
  switch (s.kind) {
    case ast::StmtKind::kAssign:
      LowerAssign(s, out);
      return;
    case ast::StmtKind::kLet: {
      ir::ExprPtr v = CheckExpr(*s.value);
      if (v->type == NoneType() || v->type == EmptySetType()) {
        Error(s.value->loc, absl::StrCat("cannot tell the type of ", TypeName(v->type),
                                         " here: a `let` needs a value of a known type"));
        v = ErrorExpr(s.value->loc);
      }
      stmt->op = ir::StmtOp::kLet;
      Known known = KnownValue(*s.value, *v);
      stmt->slot = BindLocal(s.name, s.name_loc, v->type, LocalKind::kLet).slot;
      SetKnown(locals_.back(), std::move(known));
      stmt->name = s.name;
      bool ok = !IsError(v->type);
      stmt->value = std::move(v);
      if (ok) out.push_back(std::move(stmt));
      return;
    }
    case ast::StmtKind::kIf:
      stmt->op = ir::StmtOp::kIf;
      for (size_t i = 0; i < s.conds.size() && i < s.blocks.size(); ++i) {
        stmt->conds.push_back(CheckBool(*s.conds[i]));
        stmt->blocks.emplace_back();
        LowerBlock(s.blocks[i], stmt->blocks.back());
      }
      if (s.else_block) {
        stmt->else_block = std::make_unique<ir::Block>();
        LowerBlock(*s.else_block, *stmt->else_block);
      }
      NoteSwitchedOffBranches(s, *stmt);
      out.push_back(std::move(stmt));
      return;
    case ast::StmtKind::kFor:
    case ast::StmtKind::kChoose:
    case ast::StmtKind::kRoll:
      LowerLoop(s, out);
      return;
    case ast::StmtKind::kMay:
      stmt->op = ir::StmtOp::kMay;
      for (const ast::Block& block : s.blocks) {  // the body, and the `else` if written
        stmt->blocks.emplace_back();
        LowerBlock(block, stmt->blocks.back());
      }
      if (stmt->blocks.empty()) stmt->blocks.emplace_back();
      out.push_back(std::move(stmt));
      return;
    case ast::StmtKind::kRequire:
    case ast::StmtKind::kAssert:
      stmt->op = s.kind == ast::StmtKind::kRequire ? ir::StmtOp::kRequire : ir::StmtOp::kAssert;
      stmt->value = CheckBool(*s.value);
      stmt->message = s.message;
      out.push_back(std::move(stmt));
      return;
    case ast::StmtKind::kEmit:
      LowerEmit(s, out);
      return;
    case ast::StmtKind::kCall:
      LowerCall(s, out);
      return;
    case ast::StmtKind::kMove:
      LowerMove(s, out);
      return;
  }
}

ir::ExprPtr TypeChecker::CheckPlace(const ast::Expr& e) {
  // A place recurses along its chain of `[i]` and `.f` without passing through CheckExpr.
  if (TooDeep(e.height, kMaxExprDepth, e.loc, "this expression")) return ErrorExpr(e.loc);
  auto not_assignable = [&](const std::string& why) {
    Error(e.loc, why);
    return ErrorExpr(e.loc);
  };
  switch (e.kind) {
    case ast::ExprKind::kName: {
      if (const Local* local = FindLocal(e.name)) {
        switch (local->kind) {
          case LocalKind::kPlace:
            return ClonePlace(*local->place, e.loc);
          case LocalKind::kParam:
            return not_assignable(absl::StrCat("cannot assign to ", Quote(e.name),
                                               ": it is a parameter, and parameters are "
                                               "immutable"));
          case LocalKind::kLet:
            return not_assignable(absl::StrCat("cannot assign to ", Quote(e.name),
                                               ": it is bound by the `let` at ", Where(local->loc),
                                               ", and let-bound names are immutable"));
          case LocalKind::kLoop:
            return not_assignable(absl::StrCat("cannot assign to ", Quote(e.name),
                                               ": it is a loop variable (bound at ",
                                               Where(local->loc), ")"));
          case LocalKind::kBinder:
            return not_assignable(absl::StrCat("cannot assign to ", Quote(e.name),
                                               ": it is a trigger's binder of an event "
                                               "argument"));
        }
      }
      const Symbol* s = FindGlobal(e.name);
      if (s != nullptr && s->kind == SymbolKind::kStateVar) return CheckName(e);
      if (s != nullptr) {
        return not_assignable(absl::StrCat("cannot assign to the ", Describe(s->kind), " ",
                                           Quote(e.name),
                                           ": only state variables can be assigned"));
      }
      if (auto it = enumerators_.find(e.name); it != enumerators_.end()) {
        return not_assignable(absl::StrCat("cannot assign to ", Quote(e.name),
                                           ": it is a member of enum ", it->second[0].def->name));
      }
      return not_assignable(absl::StrCat("undefined name ", Quote(e.name),
                                         Suggest(e.name, [&] { return ValueNames(); })));
    }
    case ast::ExprKind::kIndex: {
      ir::ExprPtr base = CheckPlace(*e.operands[0]);
      if (IsError(base->type)) {
        CheckExpr(*e.operands[1]);
        return base;
      }
      const ir::Type* t = base->type;
      if (t->kind != ir::TypeKind::kArray) {
        CheckExpr(*e.operands[1]);
        return not_assignable(absl::StrCat(
            "cannot assign to an element of ", TypeName(t),
            t->kind == ir::TypeKind::kBag   ? ": change a bag with add, remove or move"
            : t->kind == ir::TypeKind::kSeq ? ": change a seq with push, pop, insert_at, remove_at"
                                            : ": only arrays can be indexed"));
      }
      ir::ExprPtr i = Coerce(CheckExpr(*e.operands[1]), t->index);
      if (IsError(i->type)) return ErrorExpr(e.loc);
      ir::ExprPtr r = MakeExpr(ir::ExprOp::kIndex, t->elem, e.loc);
      r->args.push_back(std::move(base));
      r->args.push_back(std::move(i));
      return r;
    }
    case ast::ExprKind::kField: {
      const ast::Expr& b = *e.operands[0];
      if (b.kind == ast::ExprKind::kName && FindLocal(b.name) == nullptr &&
          EnumTypeNamed(b.name) != nullptr) {
        return not_assignable(
            absl::StrCat("cannot assign to ", b.name, ".", e.name, ": it is a member of an enum"));
      }
      ir::ExprPtr base = CheckPlace(b);
      if (IsError(base->type)) return base;
      const ir::Type* t = base->type;
      if (t->kind == ir::TypeKind::kEnum && t->enum_def->is_cards) {
        return not_assignable(absl::StrCat("cannot assign to the attribute ", Quote(e.name),
                                           ": card attributes are fixed"));
      }
      if (t->kind != ir::TypeKind::kStruct) {
        Error(e.name_loc,
              absl::StrCat("no field ", Quote(e.name), ": ", TypeName(t), " is not a struct"));
        return ErrorExpr(e.loc);
      }
      return StructField(std::move(base), e);
    }
    case ast::ExprKind::kUnwrap: {
      ir::ExprPtr base = CheckPlace(*e.operands[0]);
      if (IsError(base->type)) return base;
      return Unwrap(std::move(base), e);
    }
    default:
      CheckExpr(e);
      return not_assignable(
          "cannot assign to this expression: only state variables, their "
          "array elements and struct fields can be assigned");
  }
}

void TypeChecker::LowerAssign(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  ir::ExprPtr place = CheckPlace(*s.target);
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->loc = s.loc;
  if (s.assign_op == ast::AssignOp::kSet) {
    stmt->op = ir::StmtOp::kAssign;
    stmt->value = Coerce(CheckExpr(*s.value), place->type);
  } else {
    stmt->op = s.assign_op == ast::AssignOp::kAdd ? ir::StmtOp::kAddAssign : ir::StmtOp::kSubAssign;
    stmt->value = CheckInteger(*s.value);
    if (!IsError(place->type) && !place->type->is_integer()) {
      Error(s.target->loc, absl::StrCat(s.assign_op == ast::AssignOp::kAdd ? "`+=`" : "`-=`",
                                        " needs an integer place, found ", TypeName(place->type)));
      place = ErrorExpr(s.target->loc);
    }
  }
  if (IsError(place->type) || IsError(stmt->value->type)) return;
  if (stmt->value->type == NoneType() || stmt->value->type == EmptySetType()) return;
  stmt->place = std::move(place);
  out.push_back(std::move(stmt));
}

void TypeChecker::LowerLoop(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  const char* keyword = s.kind == ast::StmtKind::kFor      ? "for"
                        : s.kind == ast::StmtKind::kChoose ? "choose"
                                                           : "roll";
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->loc = s.loc;
  stmt->op = s.kind == ast::StmtKind::kFor      ? ir::StmtOp::kFor
             : s.kind == ast::StmtKind::kChoose ? ir::StmtOp::kChoose
                                                : ir::StmtOp::kRoll;
  stmt->name = s.name;
  size_t mark = OpenScope();
  stmt->domain = CheckDomain(*s.domain, keyword);
  const ir::Type* var_type = stmt->domain ? stmt->domain->elem_type : ErrorType();
  stmt->slot = BindLocal(s.name, s.name_loc, var_type, LocalKind::kLoop).slot;
  if (s.filter) stmt->filter = CheckBool(*s.filter);
  stmt->blocks.emplace_back();
  if (!s.blocks.empty()) LowerBlock(s.blocks[0], stmt->blocks.back());
  CloseScope(mark);
  if (stmt->domain != nullptr) out.push_back(std::move(stmt));
}

void TypeChecker::LowerEmit(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  auto check_args = [&] {
    for (const ast::ExprPtr& a : s.args) CheckExpr(*a);
  };
  const Symbol* sym = FindGlobal(s.name);
  if (sym == nullptr || sym->kind != SymbolKind::kEvent) {
    Error(s.name_loc,
          sym == nullptr
              ? absl::StrCat("undefined event ", Quote(s.name),
                             Suggest(s.name, [&] { return GlobalNames({SymbolKind::kEvent}); }))
              : absl::StrCat(Quote(s.name), " is ", WithArticle(sym->kind), ", not an event"));
    check_args();
    return;
  }
  const ir::Event& event = program_.events[sym->index];
  if (!ArgCount(absl::StrCat("event ", Quote(s.name)), s.name_loc, event.params.size(),
                s.args.size())) {
    check_args();
    return;
  }
  auto stmt = std::make_unique<ir::Stmt>();
  stmt->op = ir::StmtOp::kEmit;
  stmt->loc = s.loc;
  stmt->event = sym->index;
  bool ok = true;
  for (size_t i = 0; i < s.args.size(); ++i) {
    stmt->args.push_back(Coerce(CheckExpr(*s.args[i]), event.params[i].type));
    ok = ok && !IsError(stmt->args.back()->type);
  }
  if (ok) out.push_back(std::move(stmt));
}

void TypeChecker::LowerCall(const ast::Stmt& s, std::vector<ir::StmtPtr>& out) {
  auto check_args = [&] {
    for (const ast::ExprPtr& a : s.args) CheckExpr(*a);
  };
  if (FindLocal(s.name) != nullptr) {
    Error(s.name_loc, absl::StrCat(Quote(s.name), " is a local, not a procedure"));
    check_args();
    return;
  }
  if (LowerBuiltinStmt(s, out)) return;
  const Symbol* sym = FindGlobal(s.name);
  if (sym == nullptr || sym->kind != SymbolKind::kProc) {
    std::string why =
        sym == nullptr
            ? absl::StrCat("undefined procedure ", Quote(s.name),
                           Suggest(s.name, [&] { return GlobalNames({SymbolKind::kProc}); }))
        : sym->kind == SymbolKind::kFun
            ? absl::StrCat(Quote(s.name),
                           " is a function: its value must be used in an "
                           "expression, not called as a statement")
            : absl::StrCat(Quote(s.name), " is ", WithArticle(sym->kind),
                           ", not a procedure; only procs can be called");
    Error(s.name_loc, why);
    check_args();
    return;
  }
  const ProcInfo& proc = procs_[sym->index];
  if (!ArgCount(absl::StrCat("procedure ", Quote(s.name)), s.name_loc, proc.params.size(),
                s.args.size())) {
    check_args();
    return;
  }
  std::vector<ir::ExprPtr> args;
  bool ok = true;
  for (size_t i = 0; i < s.args.size(); ++i) {
    const ast::Param& param = proc.decl->params[i];
    args.push_back(param.is_var ? CheckVarArg(*s.args[i], proc.params[i], param)
                                : Coerce(CheckExpr(*s.args[i]), proc.params[i]));
    // A parameter of an unknown type was reported at the proc; its arguments keep whatever
    // type they had (`none` its placeholder), so the call is not inlined.
    ok = ok && !IsError(args.back()->type) && !IsError(proc.params[i]);
  }
  if (!ok || checking_proc_) return;
  InlineProc(sym->index, s, std::move(args), out);
}

namespace {

// Whether every value of scalar type `from` lies in scalar type `to`, so that a value of
// `from` bound to a parameter of `to` needs no check.
bool ValuesWithin(const ir::Type* from, const ir::Type* to) {
  if (from == to) return true;
  if (to->kind == ir::TypeKind::kOption) {
    return ValuesWithin(from->kind == ir::TypeKind::kOption ? from->elem : from, to->elem);
  }
  return from->kind == ir::TypeKind::kRange && to->kind == ir::TypeKind::kRange &&
         from->lo >= to->lo && from->hi <= to->hi;
}

}  // namespace

void TypeChecker::InlineProc(int proc, const ast::Stmt& call, std::vector<ir::ExprPtr> args,
                             std::vector<ir::StmtPtr>& out) {
  if (proc_recursive_[proc]) return;
  if (std::find(inlining_.begin(), inlining_.end(), proc) != inlining_.end()) return;
  const ProcInfo& info = procs_[proc];
  if (inlining_.empty()) inline_root_ = call.name_loc;
  if (TooDeep(static_cast<int>(inlining_.size()) + 1, kMaxNesting, inline_root_,
              "this chain of proc calls")) {
    return;
  }
  // What is known of each argument, in the caller's scope: `deal(EMPTY_DECK)` makes the
  // branches of `deal` on its parameter switched off by EMPTY_DECK.
  std::vector<Known> known;
  for (size_t i = 0; i < args.size() && i < call.args.size(); ++i) {
    known.push_back(KnownValue(*call.args[i], *args[i]));
  }
  size_t saved_base = locals_base_;
  size_t mark = OpenScope();
  locals_base_ = locals_.size();  // the body cannot see the caller's locals
  ++mute_;
  inlining_.push_back(proc);
  for (size_t i = 0; i < args.size(); ++i) {
    const ast::Param& p = info.decl->params[i];
    if (p.is_var) {
      BindVarParam(p, info.params[i], std::move(args[i]), call.loc, out);
      continue;
    }
    auto let = std::make_unique<ir::Stmt>();
    let->op = ir::StmtOp::kLet;
    let->loc = call.loc;
    let->name = p.name;
    let->slot = BindLocal(p.name, p.loc, info.params[i], LocalKind::kParam).slot;
    if (i < known.size()) SetKnown(locals_.back(), std::move(known[i]));
    // The value is checked as it is bound, as a fun's argument is: the body reads the
    // parameter as a value of its type (and the engines store it in that type's bits).
    // (A value made an option for an option parameter has its own type inside.)
    const ir::Type* from =
        args[i]->op == ir::ExprOp::kSome ? args[i]->args[0]->type : args[i]->type;
    if (info.params[i]->is_scalar() && !ValuesWithin(from, info.params[i])) {
      let->bound = info.params[i];
      let->message = absl::StrCat(" of parameter ", Quote(p.name), " of ", Quote(info.decl->name));
    }
    let->value = std::move(args[i]);
    out.push_back(std::move(let));
  }
  LowerStmts(info.decl->body, out);
  inlining_.pop_back();
  --mute_;
  CloseScope(mark);
  locals_base_ = saved_base;
}

void TypeChecker::CheckProcBodies() {
  for (ProcInfo& p : procs_) {
    ir::FrameLayout frame;
    BeginUnit(&frame);
    checking_proc_ = true;
    for (size_t i = 0; i < p.decl->params.size() && i < p.params.size(); ++i) {
      const ast::Param& param = p.decl->params[i];
      if (param.is_var) {
        // On its own, the body sees a `var` parameter as a place of its type.
        ir::ExprPtr place = MakeExpr(ir::ExprOp::kLocal, p.params[i], param.loc);
        std::vector<ir::StmtPtr> none;
        BindVarParam(param, p.params[i], std::move(place), param.loc, none);
        continue;
      }
      BindLocal(param.name, param.loc, p.params[i], LocalKind::kParam);
    }
    std::vector<ir::StmtPtr> discarded;
    LowerStmts(p.decl->body, discarded);
    checking_proc_ = false;
    frame_ = nullptr;
  }
}

}  // namespace rulecheck::front
