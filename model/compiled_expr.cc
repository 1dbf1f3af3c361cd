// The expression compiler (see compiled_expr.h): which node function each expression gets.
// The functions themselves are in compiled_ops.h.
#include "model/compiled_expr.h"

#include <functional>
#include <utility>

#include "model/compiled_ops.h"
#include "model/evaluator.h"

namespace rulecheck::model {

// Builds the nodes of one program.
class ExprCompiler {
 public:
  ExprCompiler(CompiledCode& code, const ir::Program& program) : code_(code), program_(program) {}

  // The node for `e`, after compiling its operands; sets e.compiled when specialised.
  const CompiledExpr* Compile(ir::Expr& e) {
    for (ir::ExprPtr& arg : e.args) Compile(*arg);
    if (e.domain != nullptr) CompileDomain(*e.domain);
    if (e.filter != nullptr) Compile(*e.filter);
    CompiledExpr node;
    node.expr = &e;
    if (Specialise(e, node)) {
      code_.nodes_.push_back(node);
      e.compiled = &code_.nodes_.back();
      return e.compiled;
    }
    return Interpreted(e);
  }

  void CompileDomain(ir::Domain& d) {
    if (d.lo != nullptr) Compile(*d.lo);
    if (d.hi != nullptr) Compile(*d.hi);
    if (d.collection != nullptr) Compile(*d.collection);
  }

  void CompileBlock(ir::Block& block) {
    for (ir::StmtPtr& s : block.stmts) CompileStmt(*s);
  }

  void CompileStmt(ir::Stmt& s) {
    for (ir::Expr* e :
         {s.place.get(), s.target.get(), s.value.get(), s.index.get(), s.filter.get()}) {
      if (e != nullptr) Compile(*e);
    }
    for (ir::Expr* e : {s.place.get(), s.target.get()}) {
      if (e != nullptr) CompilePlace(*e);
    }
    if (s.domain != nullptr) CompileDomain(*s.domain);
    for (ir::ExprPtr& c : s.conds) Compile(*c);
    for (ir::ExprPtr& a : s.args) Compile(*a);
    for (ir::Block& b : s.blocks) CompileBlock(b);
    if (s.else_block != nullptr) CompileBlock(*s.else_block);
  }

 private:
  using Ops = CompiledOps;

  // Gives the (already compiled) nodes of an l-value chain their place functions; false when
  // some link is left to the interpreter, which then resolves the whole chain.
  bool CompilePlace(const ir::Expr& e) {
    // const_cast: the nodes are this compiler's own, still being built.
    CompiledExpr* n = const_cast<CompiledExpr*>(e.compiled);
    if (n == nullptr) return false;
    if (n->place != nullptr) return true;
    switch (e.op) {
      case ir::ExprOp::kStateVar:
        n->place = Ops::StatePlace;
        return true;
      case ir::ExprOp::kLocal:
        n->place = IsScalarType(e.type) ? Ops::LocalScalarPlace : Ops::LocalPlace;
        return true;
      case ir::ExprOp::kIndex:
        if (!CompilePlace(*e.args[0])) return false;
        n->place = Ops::ElementPlace;
        return true;
      case ir::ExprOp::kField:
        if (!CompilePlace(*e.args[0])) return false;
        n->place = Ops::FieldPlace;
        return true;
      default:
        return false;
    }
  }

  // An operand: its node, or one that asks the evaluator.
  const CompiledExpr* Operand(const ir::Expr& e) {
    if (e.compiled != nullptr) return e.compiled;
    return Interpreted(e);
  }
  const CompiledExpr* Interpreted(const ir::Expr& e) {
    CompiledExpr node;
    node.expr = &e;
    if (IsScalarType(e.type)) {
      node.scalar = Ops::Interpret;
    } else {
      node.slice = Ops::InterpretSlice;
    }
    code_.nodes_.push_back(node);
    return &code_.nodes_.back();
  }

  static bool ScalarIndex(const ir::Type* t) { return t->is_finite_scalar(); }

  // The operators of two scalar operands whose node is the operator's function alone.
  static constexpr std::pair<ir::ExprOp, CompiledExpr::ScalarFn> kBinaryScalarOps[] = {
      {ir::ExprOp::kAnd, Ops::And},
      {ir::ExprOp::kOr, Ops::Or},
      {ir::ExprOp::kImplies, Ops::Implies},
      {ir::ExprOp::kLt, Ops::Compare<std::less<int64_t>>},
      {ir::ExprOp::kLe, Ops::Compare<std::less_equal<int64_t>>},
      {ir::ExprOp::kGt, Ops::Compare<std::greater<int64_t>>},
      {ir::ExprOp::kGe, Ops::Compare<std::greater_equal<int64_t>>},
      {ir::ExprOp::kAdd, Ops::Add},
      {ir::ExprOp::kSub, Ops::Sub},
      {ir::ExprOp::kMul, Ops::Mul},
      {ir::ExprOp::kDiv, Ops::Divide<true>},
      {ir::ExprOp::kMod, Ops::Divide<false>},
      {ir::ExprOp::kMin, Ops::MinMax<true>},
      {ir::ExprOp::kMax, Ops::MinMax<false>},
  };

  bool Specialise(const ir::Expr& e, CompiledExpr& n) {
    using ir::ExprOp;
    const bool scalar = IsScalarType(e.type);
    // A node whose expression is a scalar or a composite, as its type says.
    auto scalar_or_slice = [&](CompiledExpr::ScalarFn fn, CompiledExpr::SliceFn slice_fn) {
      if (scalar) {
        n.scalar = fn;
      } else {
        n.slice = slice_fn;
      }
      return true;
    };
    auto unary = [&](CompiledExpr::ScalarFn fn) {
      n.a = Operand(*e.args[0]);
      n.scalar = fn;
      return true;
    };
    auto binary = [&](CompiledExpr::ScalarFn fn) {
      n.a = Operand(*e.args[0]);
      n.b = Operand(*e.args[1]);
      n.scalar = fn;
      return true;
    };
    for (const auto& [op, fn] : kBinaryScalarOps) {
      if (e.op == op) return binary(fn);
    }
    switch (e.op) {
      case ExprOp::kConst:
        n.k = e.value;
        n.scalar = Ops::Const;
        return true;
      case ExprOp::kLocal:
        n.k = e.index;
        return scalar_or_slice(Ops::Local, Ops::LocalSlice);
      case ExprOp::kStateVar:
        n.offset = e.offset;
        n.width = e.type->width;
        n.type = e.type;
        if (!scalar) {
          n.slice = Ops::StateSlice;
        } else if (e.type->kind == ir::TypeKind::kRange) {
          n.lo = e.type->lo;
          n.scalar = Ops::StateRange;
        } else if (e.type->kind == ir::TypeKind::kBool || e.type->kind == ir::TypeKind::kEnum) {
          n.scalar = Ops::StateOrdinal;
        } else {
          n.scalar = Ops::StateOther;
        }
        return true;
      case ExprOp::kNot:
        return unary(Ops::Not);
      case ExprOp::kIf:
        if (!scalar) return false;
        n.c = Operand(*e.args[2]);
        return binary(Ops::If);
      case ExprOp::kEq:
      case ExprOp::kNe:
        if (!IsScalarType(e.args[0]->type)) return false;
        return binary(e.op == ExprOp::kEq ? Ops::Compare<std::equal_to<int64_t>>
                                          : Ops::Compare<std::not_equal_to<int64_t>>);
      case ExprOp::kNeg:
        return unary(Ops::Neg);
      case ExprOp::kAbs:
        return unary(Ops::Abs);
      case ExprOp::kAttr:
        n.type = e.args[0]->type;
        n.k = e.index;
        return unary(Ops::Attr);
      case ExprOp::kNone:
        if (!scalar) return false;
        n.scalar = Ops::NoneValue;
        return true;
      case ExprOp::kSome:
        if (!scalar) return false;
        return unary(Ops::Some);
      case ExprOp::kIndex: {
        const ir::Type* array = e.args[0]->type;
        const ir::Type* it = array->index;
        if (!ScalarIndex(it)) return false;
        n.a = Operand(*e.args[0]);
        n.b = Operand(*e.args[1]);
        n.lo = it->ValueAt(0);
        n.hi = it->ValueAt(it->Cardinality() - 1);
        n.stride = array->elem->width;
        n.type = e.type;
        n.width = e.type->width;
        if (e.args[0]->op == ExprOp::kStateVar) {
          n.offset = e.args[0]->offset;
          return scalar_or_slice(Ops::StateElement, Ops::StateElementSlice);
        }
        return scalar_or_slice(Ops::Element, Ops::ElementSlice);
      }
      case ExprOp::kField: {
        const ir::StructDef::Field& f = e.args[0]->type->struct_def->fields[e.index];
        n.a = Operand(*e.args[0]);
        n.offset = f.offset;
        n.type = f.type;
        n.width = f.type->width;
        return scalar_or_slice(Ops::Field, Ops::FieldSlice);
      }
      case ExprOp::kLen:
      case ExprOp::kTop:
      case ExprOp::kBottom:
      case ExprOp::kSeqAt: {
        const ir::Type* st = e.args[0]->type;
        if (st->kind != ir::TypeKind::kSeq) return false;
        if (e.op != ExprOp::kLen && !IsScalarType(st->elem)) return false;
        n.a = Operand(*e.args[0]);
        n.count_width = st->CountWidth();
        n.stride = st->elem->width;
        n.type = st->elem;
        n.width = st->elem->width;
        if (e.op == ExprOp::kLen) {
          n.scalar = Ops::SeqLen;
        } else if (e.op == ExprOp::kSeqAt) {
          n.b = Operand(*e.args[1]);
          n.scalar = Ops::SeqAt;
        } else {
          n.k = e.op == ExprOp::kTop ? 1 : 0;
          n.scalar = Ops::SeqEnd;
        }
        return true;
      }
      case ExprOp::kSize: {
        const ir::Type* ct = e.args[0]->type;
        if (ct->kind == ir::TypeKind::kSeq) {
          n.a = Operand(*e.args[0]);
          n.count_width = ct->CountWidth();
          n.scalar = Ops::SeqLen;
          return true;
        }
        n.a = Operand(*e.args[0]);
        n.k = ct->elem->Cardinality();
        n.stride = ct->kind == ir::TypeKind::kBag ? ct->CountWidth() : 1;
        n.scalar = Ops::Size;
        return true;
      }
      case ExprOp::kEmpty: {
        const ir::Type* ct = e.args[0]->type;
        if (IsScalarType(ct)) return false;  // an option: the interpreter's case
        n.a = Operand(*e.args[0]);
        if (ct->kind == ir::TypeKind::kSeq) {
          n.count_width = ct->CountWidth();
          n.scalar = Ops::SeqEmpty;
        } else {
          n.width = ct->width;
          n.scalar = Ops::CollectionEmpty;
        }
        return true;
      }
      case ExprOp::kIn:
      case ExprOp::kCount: {
        const ir::Expr& coll = e.op == ExprOp::kIn ? *e.args[1] : *e.args[0];
        const ir::Type* ct = coll.type;
        if (ct->kind == ir::TypeKind::kSeq || !ct->elem->is_finite_scalar()) return false;
        n.a = Operand(*e.args[0]);
        n.b = Operand(*e.args[1]);
        n.type = ct->elem;
        n.stride = ct->kind == ir::TypeKind::kBag ? ct->CountWidth() : 1;
        n.scalar = e.op == ExprOp::kIn ? Ops::In : Ops::Count;
        return true;
      }
      case ExprOp::kCall: {
        const ir::Fun& f = program_.funs[e.index];
        if (f.params.size() > 3 || !IsScalarType(f.result)) return false;
        for (const ir::Param& p : f.params) {
          if (!IsScalarType(p.type)) return false;
        }
        const CompiledExpr** slots[3] = {&n.a, &n.b, &n.c};
        for (size_t i = 0; i < f.params.size(); ++i) *slots[i] = Operand(*e.args[i]);
        n.k = e.index;
        n.fun = &f;
        n.scalar = Ops::Call;
        return true;
      }
      default:
        return false;
    }
  }

  CompiledCode& code_;
  const ir::Program& program_;
};

std::unique_ptr<CompiledCode> CompiledCode::Compile(const ir::LaidOutProgram& laid_out) {
  ir::Program& program = laid_out.program();
  auto code = std::make_unique<CompiledCode>();
  ExprCompiler compiler(*code, program);
  for (ir::Fun& f : program.funs) compiler.Compile(*f.body);
  for (ir::StateVar& v : program.state) {
    if (v.initial != nullptr) compiler.Compile(*v.initial);
  }
  compiler.CompileBlock(program.init);
  for (ir::Action& a : program.actions) {
    if (a.by != nullptr) compiler.Compile(*a.by);
    if (a.guard != nullptr) compiler.Compile(*a.guard);
    compiler.CompileBlock(a.body);
  }
  for (ir::Trigger& t : program.triggers) {
    if (t.by != nullptr) compiler.Compile(*t.by);
    if (t.guard != nullptr) compiler.Compile(*t.guard);
    compiler.CompileBlock(t.body);
  }
  for (auto* properties : {&program.terminals, &program.invariants, &program.reachables}) {
    for (ir::Property& p : *properties) compiler.Compile(*p.expr);
  }
  for (ir::Query& q : program.queries) compiler.Compile(*q.expr);
  for (ir::ChanceQuery& q : program.chance_queries) compiler.Compile(*q.expr);
  for (ir::Policy& policy : program.policies) {
    for (ir::Preference& p : policy.preferences) {
      if (p.condition != nullptr) compiler.Compile(*p.condition);
    }
  }
  return code;
}

}  // namespace rulecheck::model
