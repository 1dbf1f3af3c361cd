// The literals of composite values (see z3_translate.h): sets, bags, arrays and structs,
// built piece by piece as the interpreter builds them (model/evaluator_literals.cc), each
// element or field outside its type recorded as a failure under the guard.
#include <optional>
#include <vector>

#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

using ir::Type;

Bits Translator::Literal(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kSetLiteral: {
      // `{}` may stand for an empty bag or seq as well: all zero bits of its type.
      if (e.args.empty()) return ZeroBits(ctx_, e.type->width);
      const Type* et = e.type->elem;
      std::vector<Scalar> members;
      for (const ir::ExprPtr& arg : e.args) {
        Scalar v = EvalScalar(*arg, st, env, g);
        Fail(g && !Contains(et, v));
        members.push_back(v);
      }
      Bits r;
      for (int64_t o = 0; o < et->Cardinality(); ++o) {
        if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
        z3::expr in = ctx_.bool_val(false);
        for (const Scalar& m : members) in = in || ScalarIs(m, et, et->ValueAt(o));
        r = ConcatBits(r, Bits{z3::ite(in, ctx_.bv_val(1, 1), ctx_.bv_val(0, 1)), 1});
      }
      return r;
    }
    case ExprOp::kArrayOf:
      return ArrayOf(e, st, env, g);
    case ExprOp::kBagLiteral: {
      // As the interpreter: each element adds one copy, a copy past the capacity fails.
      const Type* et = e.type->elem;
      Bits r = ZeroBits(ctx_, e.type->width);
      for (const ir::ExprPtr& arg : e.args) {
        Scalar v = EvalScalar(*arg, st, env, g);
        z3::expr in = Contains(et, v);
        Fail(g && !in);
        v = NarrowTo(et, v);
        r = Insert(e.type, r, Encode(ctx_, et, v), &v, /*strict=*/false, g && in);
      }
      return r;
    }
    case ExprOp::kStructLiteral: {
      Bits r = ZeroBits(ctx_, e.type->width);
      const std::vector<ir::StructDef::Field>& fields = e.type->struct_def->fields;
      for (size_t i = 0; i < fields.size(); ++i) {
        const Type* ft = fields[i].type;
        Bits piece;
        if (ft->is_scalar()) {
          Scalar v = EvalScalar(*e.args[i], st, env, g);
          Fail(g && !Contains(ft, v));
          piece = Encode(ctx_, ft, v);
        } else {
          piece = EvalBits(*e.args[i], st, env, g);
        }
        if (ft->width > 0) r = ReplaceBits(r, fields[i].offset, piece);
      }
      return r;
    }
    default:
      Unimplemented("this literal", e.loc);
      return ZeroBits(ctx_, e.type->width);
  }
}

Bits Translator::ArrayOf(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g) {
  // As the interpreter: one element per index value, in order, each checked as it is stored.
  const Type* et = e.type->elem;
  std::vector<Item> items = Items(*e.domain, e.loc, st, env, g);
  if (items.empty()) return ZeroBits(ctx_, e.type->width);  // over the unrolling limit
  auto saved = env.scalars.find(e.index) != env.scalars.end()
                   ? std::optional<Scalar>(env.scalars.at(e.index))
                   : std::nullopt;
  Bits r;
  for (const Item& item : items) {
    env.scalars.insert_or_assign(e.index, item.value);
    if (et->is_scalar()) {
      Scalar v = EvalScalar(*e.args[0], st, env, g);
      Fail(g && !Contains(et, v));
      r = ConcatBits(r, Encode(ctx_, et, v));
    } else {
      r = ConcatBits(r, EvalBits(*e.args[0], st, env, g));
    }
  }
  if (saved) {
    env.scalars.insert_or_assign(e.index, *saved);
  } else {
    env.scalars.erase(e.index);
  }
  return r;
}

}  // namespace rulecheck::solver::internal
