// The node functions of compiled expressions (internal to model/; see compiled_expr.h).
//
// Each does the work of one interpreter case with what the interpreter looks up at every
// visit (the type's kind, an array's index bounds and element width, a field's offset) fixed
// in the node. Operands are evaluated in the interpreter's order, so when two operands would
// both fail, the same one fails first. Every path that would throw goes to Fallback, which
// runs the node through the interpreter.
#ifndef RULECHECK_MODEL_COMPILED_OPS_H_
#define RULECHECK_MODEL_COMPILED_OPS_H_

#include <cstdint>
#include <limits>

#include "ir/bits.h"
#include "model/compiled_expr.h"
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
    return n.lo + static_cast<int64_t>(ir::bits::Read(ev.state_, n.offset, n.width));
  }
  static int64_t StateOrdinal(const Node& n, Evaluator& ev) {  // bool, enum: bits are the value
    return static_cast<int64_t>(ir::bits::Read(ev.state_, n.offset, n.width));
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
    if (!ElementBit(n, base.bit, Run(n.b, ev), base.bit)) return FallbackPlace(n, ev, state);
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
  static int64_t And(const Node& n, Evaluator& ev) {
    return Run(n.a, ev) != 0 && Run(n.b, ev) != 0;
  }
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
  static int64_t NoneValue(const Node&, Evaluator&) { return ir::kNoneValue; }
  static int64_t Some(const Node& n, Evaluator& ev) { return Run(n.a, ev); }

  // Reads of arrays and structs. An index's ordinal is its value less the index type's
  // lowest value (0 for bool and enums). False when `i` is outside the index type.
  static bool ElementBit(const Node& n, uint64_t base_bit, int64_t i, uint64_t& bit) {
    if (i < n.lo || i > n.hi) return false;
    bit = base_bit + static_cast<uint64_t>(i - n.lo) * n.stride;
    return true;
  }
  static int64_t Element(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    uint64_t bit;
    if (!ElementBit(n, base.bit, Run(n.b, ev), bit)) return Fallback(n, ev);
    return DecodeScalar(n.type, ir::bits::Read(base.words, bit, n.width));
  }
  static Slice ElementSlice(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    uint64_t bit;
    if (!ElementBit(n, base.bit, Run(n.b, ev), bit)) return FallbackSlice(n, ev);
    return {base.words, bit};
  }
  // The same with the array a state variable at bit n.offset: the commonest shape.
  static int64_t StateElement(const Node& n, Evaluator& ev) {
    uint64_t bit;
    if (!ElementBit(n, n.offset, Run(n.b, ev), bit)) return Fallback(n, ev);
    return DecodeScalar(n.type, ir::bits::Read(ev.state_, bit, n.width));
  }
  static Slice StateElementSlice(const Node& n, Evaluator& ev) {
    uint64_t bit;
    if (!ElementBit(n, n.offset, Run(n.b, ev), bit)) return FallbackSlice(n, ev);
    return {ev.state_, bit};
  }
  static int64_t Field(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    return DecodeScalar(n.type, ir::bits::Read(base.words, base.bit + n.offset, n.width));
  }
  static Slice FieldSlice(const Node& n, Evaluator& ev) {
    const Slice base = RunSlice(n.a, ev);
    return {base.words, base.bit + n.offset};
  }

  // Seqs: the length first, then elements of `stride` bits (type `type`).
  static int64_t SeqLen(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    return static_cast<int64_t>(ir::bits::Read(s.words, s.bit, n.count_width));
  }
  static int64_t SeqEmpty(const Node& n, Evaluator& ev) { return SeqLen(n, ev) == 0; }
  static int64_t SeqEnd(const Node& n, Evaluator& ev) {  // top (k = 1) or bottom (k = 0)
    const Slice s = RunSlice(n.a, ev);
    const int64_t len = static_cast<int64_t>(ir::bits::Read(s.words, s.bit, n.count_width));
    if (len == 0) return Fallback(n, ev);
    const int64_t i = n.k != 0 ? len - 1 : 0;
    const uint64_t bit = s.bit + n.count_width + static_cast<uint64_t>(i) * n.stride;
    return DecodeScalar(n.type, ir::bits::Read(s.words, bit, n.width));
  }
  static int64_t SeqAt(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    const int64_t len = static_cast<int64_t>(ir::bits::Read(s.words, s.bit, n.count_width));
    const int64_t i = Run(n.b, ev);
    if (i < 0 || i >= len) return Fallback(n, ev);
    const uint64_t bit = s.bit + n.count_width + static_cast<uint64_t>(i) * n.stride;
    return DecodeScalar(n.type, ir::bits::Read(s.words, bit, n.width));
  }

  // Bags and sets of scalars: member m's count (a set's is one bit) at ordinal * stride.
  // `in` and `count` evaluate the member before the collection, as the interpreter does.
  static int64_t MemberCount(const Node& n, Evaluator& ev, const Node* member, const Node* coll) {
    const int64_t m = Run(member, ev);
    const Slice s = RunSlice(coll, ev);
    if (!InType(n.type, m)) return 0;
    return static_cast<int64_t>(ir::bits::Read(
        s.words, s.bit + static_cast<uint64_t>(n.type->OrdinalOf(m)) * n.stride, n.stride));
  }
  static int64_t Count(const Node& n, Evaluator& ev) { return MemberCount(n, ev, n.b, n.a); }
  static int64_t In(const Node& n, Evaluator& ev) { return MemberCount(n, ev, n.a, n.b) != 0; }
  static int64_t Size(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    int64_t total = 0;
    for (int64_t o = 0; o < n.k; ++o) {
      total += static_cast<int64_t>(
          ir::bits::Read(s.words, s.bit + static_cast<uint64_t>(o) * n.stride, n.stride));
    }
    return total;
  }
  static int64_t CollectionEmpty(const Node& n, Evaluator& ev) {
    const Slice s = RunSlice(n.a, ev);
    return ir::bits::IsZero(s.words, s.bit, n.width);
  }

  // A fun with up to three scalar parameters and a scalar result: a..c are the arguments, k
  // the fun. Its body is evaluated through its ir::Expr (compiled or not).
  static int64_t Call(const Node& n, Evaluator& ev) {
    ev.Step(n.expr->loc);
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

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_COMPILED_OPS_H_
