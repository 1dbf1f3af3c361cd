// The expression compiler and the specialised node functions (see compiled_expr.h).
//
// Each node function does the work of one interpreter case with what the interpreter looks
// up at every visit (the type's kind, an array's index bounds and element width, a field's
// offset) fixed in the node. Operands are evaluated in the interpreter's order, so when two
// operands would both fail, the same one fails first. Every path that would throw goes to
// Fallback, which runs the node through the interpreter.
#include "model/compiled_expr.h"

#include <functional>
#include <limits>
#include <utility>

#include "model/bits.h"
#include "model/evaluator.h"

namespace rulecheck::model {

// The node functions; a friend of Evaluator, for its state, frame and interpreter entry points.
struct CompiledOps {
  using Node = CompiledExpr;

  static int64_t Run(const Node* n, Evaluator& ev) { return n->scalar(*n, ev); }
  static Slice RunSlice(const Node* n, Evaluator& ev) { return n->slice(*n, ev); }

  // The interpreter's evaluation of the whole node: it throws what the node would.
  static int64_t Fallback(const Node& n, Evaluator& ev) { return ev.ScalarNode(*n.expr); }
  static Slice FallbackSlice(const Node& n, Evaluator& ev) { return ev.CompositeNode(*n.expr); }
  // An operand the compiler does not specialise.
  static int64_t Interpret(const Node& n, Evaluator& ev) { return ev.Scalar(*n.expr); }
  static Slice InterpretSlice(const Node& n, Evaluator& ev) { return ev.Composite(*n.expr); }

  // Leaves.
  static int64_t Const(const Node& n, Evaluator&) { return n.k; }
  static int64_t Local(const Node& n, Evaluator& ev) { return ev.frame_.scalars[n.k]; }
  static int64_t StateRange(const Node& n, Evaluator& ev) {
    return n.lo + static_cast<int64_t>(bits::Read(ev.state_, n.offset, n.width));
  }
  static int64_t StateOrdinal(const Node& n, Evaluator& ev) {  // bool, enum: bits are the value
    return static_cast<int64_t>(bits::Read(ev.state_, n.offset, n.width));
  }
  static int64_t StateOther(const Node& n, Evaluator& ev) {
    return Evaluator::ReadScalar(n.type, ev.state_, n.offset);
  }
  static Slice StateSlice(const Node& n, Evaluator& ev) { return {ev.state_, n.offset}; }
  static Slice LocalSlice(const Node& n, Evaluator& ev) {
    return {ev.frame_.words, static_cast<uint64_t>(n.k)};
  }

  // Places: the chain of a statement's l-value, down to a state variable or local.
  static Place RunPlace(const Node* n, Evaluator& ev, uint32_t* state) {
    return n->place(*n, ev, state);
  }
  static Place FallbackPlace(const Node& n, Evaluator& ev, uint32_t* state) {
    return ev.ResolvePlaceNode(*n.expr, state);
  }
  static Place StatePlace(const Node& n, Evaluator&, uint32_t* state) {
    return {n.type, nullptr, state, n.offset};
  }
  static Place LocalScalarPlace(const Node& n, Evaluator& ev, uint32_t*) {
    return {n.expr->type, &ev.frame_.scalars[n.k], nullptr, 0};
  }
  static Place LocalPlace(const Node& n, Evaluator& ev, uint32_t*) {
    return {n.expr->type, nullptr, ev.frame_.words, static_cast<uint64_t>(n.k)};
  }
  static Place ElementPlace(const Node& n, Evaluator& ev, uint32_t* state) {
    Place base = RunPlace(n.a, ev, state);
    const int64_t i = Run(n.b, ev);
    if (i < n.lo || i > n.hi) return FallbackPlace(n, ev, state);
    base.bit += static_cast<uint64_t>(i - n.lo) * n.stride;
    base.type = n.expr->type;
    return base;
  }
  static Place FieldPlace(const Node& n, Evaluator& ev, uint32_t* state) {
    Place base = RunPlace(n.a, ev, state);
    base.bit += n.offset;
    base.type = n.type;
    return base;
  }

  // Logic and comparison.
  static int64_t Not(const Node& n, Evaluator& ev) { return Run(n.a, ev) == 0; }
  static int64_t And(const Node& n, Evaluator& ev) { return Run(n.a, ev) != 0 && Run(n.b, ev) != 0; }
  static int64_t Or(const Node& n, Evaluator& ev) { return Run(n.a, ev) != 0 || Run(n.b, ev) != 0; }
  static int64_t Implies(const Node& n, Evaluator& ev) {
    return Run(n.a, ev) == 0 || Run(n.b, ev) != 0;
  }
  static int64_t If(const Node& n, Evaluator& ev) {
    return Run(n.a, ev) != 0 ? Run(n.b, ev) : Run(n.c, ev);
  }
  template <typename Cmp>
  static int64_t Compare(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    return Cmp()(a, Run(n.b, ev));
  }

  // Arithmetic: overflow and division by zero are the interpreter's to report.
  static int64_t Add(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    int64_t r;
    if (__builtin_add_overflow(a, Run(n.b, ev), &r)) return Fallback(n, ev);
    return r;
  }
  static int64_t Sub(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    int64_t r;
    if (__builtin_sub_overflow(a, Run(n.b, ev), &r)) return Fallback(n, ev);
    return r;
  }
  static int64_t Mul(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    int64_t r;
    if (__builtin_mul_overflow(a, Run(n.b, ev), &r)) return Fallback(n, ev);
    return r;
  }
  template <bool kDiv>
  static int64_t Divide(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    const int64_t b = Run(n.b, ev);
    if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1)) return Fallback(n, ev);
    return kDiv ? a / b : a % b;
  }
  static int64_t Neg(const Node& n, Evaluator& ev) {
    const int64_t v = Run(n.a, ev);
    if (v == std::numeric_limits<int64_t>::min()) return Fallback(n, ev);
    return -v;
  }
  static int64_t Abs(const Node& n, Evaluator& ev) {
    const int64_t v = Run(n.a, ev);
    if (v == std::numeric_limits<int64_t>::min()) return Fallback(n, ev);
    return v < 0 ? -v : v;
  }
  template <bool kMin>
  static int64_t MinMax(const Node& n, Evaluator& ev) {
    const int64_t a = Run(n.a, ev);
    const int64_t b = Run(n.b, ev);
    return kMin == (a < b) ? a : b;
  }
  static int64_t Attr(const Node& n, Evaluator& ev) {
    return n.type->enum_def->attr_values[Run(n.a, ev)][n.k];
  }
  static int64_t NoneValue(const Node&, Evaluator&) { return kNoneValue; }
  static int64_t Some(const Node& n, Evaluator& ev) { return Run(n.a, ev); }

  // Reads of arrays and structs. An index's ordinal is its value less the index type's
  // lowest value (0 for bool and enums).
  static int64_t Element(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    const int64_t i = Run(n.b, ev);
    if (i < n.lo || i > n.hi) return Fallback(n, ev);
    const uint64_t bit = base.bit + static_cast<uint64_t>(i - n.lo) * n.stride;
    return DecodeScalar(n.type, bits::Read(base.words, bit, n.width));
  }
  static Slice ElementSlice(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    const int64_t i = Run(n.b, ev);
    if (i < n.lo || i > n.hi) return FallbackSlice(n, ev);
    return {base.words, base.bit + static_cast<uint64_t>(i - n.lo) * n.stride};
  }
  // The same with the array a state variable at bit n.offset: the commonest shape.
  static int64_t StateElement(const Node& n, Evaluator& ev) {
    const int64_t i = Run(n.b, ev);
    if (i < n.lo || i > n.hi) return Fallback(n, ev);
    const uint64_t bit = n.offset + static_cast<uint64_t>(i - n.lo) * n.stride;
    return DecodeScalar(n.type, bits::Read(ev.state_, bit, n.width));
  }
  static Slice StateElementSlice(const Node& n, Evaluator& ev) {
    const int64_t i = Run(n.b, ev);
    if (i < n.lo || i > n.hi) return FallbackSlice(n, ev);
    return {ev.state_, n.offset + static_cast<uint64_t>(i - n.lo) * n.stride};
  }
  static int64_t Field(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    return DecodeScalar(n.type, bits::Read(base.words, base.bit + n.offset, n.width));
  }
  static Slice FieldSlice(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    return {base.words, base.bit + n.offset};
  }

  // Seqs: the length first, then elements of `stride` bits (type `type`).
  static int64_t SeqLen(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    return static_cast<int64_t>(bits::Read(s.words, s.bit, n.count_width));
  }
  static int64_t SeqEmpty(const Node& n, Evaluator& ev) { return SeqLen(n, ev) == 0; }
  static int64_t SeqEnd(const Node& n, Evaluator& ev) {  // top (k = 1) or bottom (k = 0)
    const Slice s = RunSlice(n.a, ev);
    const int64_t len = static_cast<int64_t>(bits::Read(s.words, s.bit, n.count_width));
    if (len == 0) return Fallback(n, ev);
    const int64_t i = n.k != 0 ? len - 1 : 0;
    const uint64_t bit = s.bit + n.count_width + static_cast<uint64_t>(i) * n.stride;
    return DecodeScalar(n.type, bits::Read(s.words, bit, n.width));
  }
  static int64_t SeqAt(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    const int64_t len = static_cast<int64_t>(bits::Read(s.words, s.bit, n.count_width));
    const int64_t i = Run(n.b, ev);
    if (i < 0 || i >= len) return Fallback(n, ev);
    const uint64_t bit = s.bit + n.count_width + static_cast<uint64_t>(i) * n.stride;
    return DecodeScalar(n.type, bits::Read(s.words, bit, n.width));
  }

  // Bags and sets of scalars: member m's count (a set's is one bit) at ordinal * stride.
  // `in` and `count` evaluate the member before the collection, as the interpreter does.
  static int64_t MemberCount(const Node& n, Evaluator& ev, const Node* member, const Node* coll) {
    const int64_t m = Run(member, ev);
    const Slice s = RunSlice(coll, ev);
    if (!InType(n.type, m)) return 0;
    return static_cast<int64_t>(
        bits::Read(s.words, s.bit + static_cast<uint64_t>(n.type->OrdinalOf(m)) * n.stride,
                   n.stride));
  }
  static int64_t Count(const Node& n, Evaluator& ev) { return MemberCount(n, ev, n.b, n.a); }
  static int64_t In(const Node& n, Evaluator& ev) { return MemberCount(n, ev, n.a, n.b) != 0; }
  static int64_t Size(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    int64_t total = 0;
    for (int64_t o = 0; o < n.k; ++o) {
      total += static_cast<int64_t>(
          bits::Read(s.words, s.bit + static_cast<uint64_t>(o) * n.stride, n.stride));
    }
    return total;
  }
  static int64_t CollectionEmpty(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    return bits::IsZero(s.words, s.bit, n.width);
  }

  // A fun with up to three scalar parameters and a scalar result: a..c are the arguments, k
  // the fun. Its body is evaluated through its ir::Expr (compiled or not).
  static int64_t Call(const Node& n, Evaluator& ev) {
    const ir::Fun& f = *n.fun;
    const Node* operands[3] = {n.a, n.b, n.c};
    int64_t args[3];
    const size_t count = f.params.size();
    for (size_t i = 0; i < count; ++i) args[i] = Run(operands[i], ev);
    Frame callee = ev.fun_frames_[n.k].frame();
    for (size_t i = 0; i < count; ++i) {
      if (!InType(f.params[i].type, args[i])) return Fallback(n, ev);
      callee.scalars[f.params[i].slot] = args[i];
    }
    const Frame caller = ev.frame_;
    ev.frame_ = callee;
    const int64_t r = ev.Scalar(*f.body);
    ev.frame_ = caller;
    if (!InType(f.result, r)) return Fallback(n, ev);
    return r;
  }
};

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
    for (ir::Expr* e : {s.place.get(), s.target.get(), s.value.get(), s.index.get(),
                        s.filter.get()}) {
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

  static bool ScalarIndex(const Type* t) { return t->is_finite_scalar(); }

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
        } else if (e.type->kind == TypeKind::kRange) {
          n.lo = e.type->lo;
          n.scalar = Ops::StateRange;
        } else if (e.type->kind == TypeKind::kBool || e.type->kind == TypeKind::kEnum) {
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
        const Type* array = e.args[0]->type;
        const Type* it = array->index;
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
        const StructDef::Field& f = e.args[0]->type->struct_def->fields[e.index];
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
        const Type* st = e.args[0]->type;
        if (st->kind != TypeKind::kSeq) return false;
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
        const Type* ct = e.args[0]->type;
        if (ct->kind == TypeKind::kSeq) {
          n.a = Operand(*e.args[0]);
          n.count_width = ct->CountWidth();
          n.scalar = Ops::SeqLen;
          return true;
        }
        n.a = Operand(*e.args[0]);
        n.k = ct->elem->Cardinality();
        n.stride = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
        n.scalar = Ops::Size;
        return true;
      }
      case ExprOp::kEmpty: {
        const Type* ct = e.args[0]->type;
        if (IsScalarType(ct)) return false;  // an option: the interpreter's case
        n.a = Operand(*e.args[0]);
        if (ct->kind == TypeKind::kSeq) {
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
        const Type* ct = coll.type;
        if (ct->kind == TypeKind::kSeq || !ct->elem->is_finite_scalar()) return false;
        n.a = Operand(*e.args[0]);
        n.b = Operand(*e.args[1]);
        n.type = ct->elem;
        n.stride = ct->kind == TypeKind::kBag ? ct->CountWidth() : 1;
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

std::unique_ptr<CompiledCode> CompiledCode::Compile(ir::Program& program) {
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
  return code;
}

}  // namespace rulecheck::model
