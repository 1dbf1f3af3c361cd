// A proc's `var` parameters: `proc discard(var pile: bag<Card, 3>, c: Card)` takes a place of
// the caller (`discard(hand[p], c)`), which the inlined body reads and changes under the
// parameter's name. The call fixes the place: each index in it that is not a constant is
// evaluated once, before the body, into a hidden local; every use of the parameter is then a
// copy of that place expression, so both engines run the body exactly as if the place had been
// written in it, with nothing new to interpret.
#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {

ir::ExprPtr TypeChecker::CheckVarArg(const ast::Expr& arg, const ir::Type* want,
                                     const ast::Param& param) {
  switch (arg.kind) {
    case ast::ExprKind::kName:
    case ast::ExprKind::kIndex:
    case ast::ExprKind::kField:
    case ast::ExprKind::kUnwrap:
      break;
    default:
      CheckExpr(arg);
      Error(arg.loc, absl::StrCat("the `var` parameter ", Quote(param.name),
                                  " needs a place to change (a state variable, an element or "
                                  "field of one), not a value"));
      return ErrorExpr(arg.loc);
  }
  ir::ExprPtr place = CheckPlace(arg);
  if (IsError(place->type) || IsError(want)) return ErrorExpr(arg.loc);
  if (place->type != want) {
    // No conversion: the body writes values of the parameter's type into the place.
    Error(arg.loc, absl::StrCat("the `var` parameter ", Quote(param.name),
                                " names a place of "
                                "type ",
                                TypeName(want), ", found ", TypeName(place->type)));
    return ErrorExpr(arg.loc);
  }
  return place;
}

void TypeChecker::BindVarParam(const ast::Param& param, const ir::Type* type, ir::ExprPtr place,
                               ir::Location call, std::vector<ir::StmtPtr>& out) {
  // Walks the chain from the outermost `[i]`, `.f` or `!` to its root.
  for (ir::Expr* e = place.get(); !e->args.empty(); e = e->args[0].get()) {
    if (e->op != ir::ExprOp::kIndex || e->args[1]->op == ir::ExprOp::kConst) continue;
    const ir::Type* index_type = e->args[1]->type;
    auto let = std::make_unique<ir::Stmt>();
    let->op = ir::StmtOp::kLet;
    let->loc = call;
    let->name = param.name;
    let->slot = AllocSlot(index_type);
    // The index is checked at the call, where it is evaluated, whether or not the body uses
    // the place. (Only a call's place has indices: the proc being inlined is the last one.)
    let->bound = e->args[0]->type->index;
    let->message =
        absl::StrCat(": an index of the place given to the `var` parameter ", Quote(param.name),
                     " of ", Quote(procs_[inlining_.back()].decl->name));
    ir::ExprPtr local = MakeExpr(ir::ExprOp::kLocal, index_type, e->args[1]->loc);
    local->index = let->slot;
    let->value = std::move(e->args[1]);
    e->args[1] = std::move(local);
    out.push_back(std::move(let));
  }
  BindLocal(param.name, param.loc, type, LocalKind::kPlace);
  locals_.back().place = place.get();
  var_places_.push_back(std::move(place));
}

ir::ExprPtr TypeChecker::ClonePlace(const ir::Expr& place, ir::Location loc) {
  ir::ExprPtr r = MakeExpr(place.op, place.type, loc);
  r->value = place.value;
  r->index = place.index;
  r->offset = place.offset;
  for (const ir::ExprPtr& a : place.args) r->args.push_back(ClonePlace(*a, a->loc));
  return r;
}

}  // namespace rulecheck::front
