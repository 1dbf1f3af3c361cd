// Expression evaluation. The interpreter walks the typed IR directly: every node is a switch
// on its op, scalars travel as int64 and composites as slices, so evaluating a guard such as
// `board[r][c] == Empty` touches no heap at all. Temporaries (fun results, set literals,
// options of composites) come from a TempStack that callers reset between statements and
// between a quantifier's iterations.
#include "model/evaluator.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "model/value_format.h"

namespace rulecheck::model {
namespace {

std::string Quoted(const std::string& name) { return absl::StrCat("`", name, "`"); }

}  // namespace

void ThrowModelError(ir::Location loc, std::string message) {
  throw ModelError{loc, std::move(message)};
}

void ThrowLimitError(ir::Location loc, std::string message) {
  throw ModelError{loc, std::move(message), /*limit=*/true};
}

std::string OutsideMessage(const ir::Type* type, int64_t value) {
  return absl::StrCat("value ", value, " is outside ", type->ToString());
}

void FrameBuffer::Reserve(const ir::FrameLayout& layout) {
  if (scalars_.size() < layout.scalars) scalars_.resize(layout.scalars);
  size_t words = (static_cast<size_t>(layout.bits) + 31) / 32;
  // Never empty, so that a frame's pointers are never null.
  if (words_.size() < words + 1) words_.resize(words + 1);
  if (scalars_.empty()) scalars_.resize(1);
}

uint32_t* TempStack::Alloc(uint64_t bits) {
  size_t words = static_cast<size_t>((bits + 31) / 32);
  if (words == 0) words = 1;
  if (chunks_.empty() || used_ + words > sizes_[chunk_]) {
    if (!chunks_.empty()) ++chunk_;
    if (chunk_ >= chunks_.size() || sizes_[chunk_] < words) {
      size_t size = std::max(kChunkWords, words);
      if (chunk_ >= chunks_.size()) {
        chunks_.emplace_back();
        sizes_.push_back(0);
      }
      // Chunks past chunk_ hold nothing live, so a too-small one can be replaced.
      chunks_[chunk_] = std::make_unique<uint32_t[]>(size);
      sizes_[chunk_] = size;
    }
    used_ = 0;
  }
  uint32_t* p = chunks_[chunk_].get() + used_;
  used_ += words;
  std::fill(p, p + words, 0u);
  return p;
}

int64_t Evaluator::PollSteps(const ir::Program& program) {
  // One step may pass over the widest value of the program a few times: a quarter of a
  // kilobyte (2,048 bits) is no more than a step's usual cost.
  const int64_t widest = std::max<int64_t>(2048, program.types->Widest());
  return std::max<int64_t>(16, kPollSteps * 2048 / widest);
}

Evaluator::Evaluator(const ir::Program& program)
    : program_(program), poll_steps_(PollSteps(program)) {
  fun_frames_.reserve(program.funs.size());
  for (const ir::Fun& f : program.funs) fun_frames_.emplace_back(f.frame);
  arg_scalars_.reserve(16);
  arg_slices_.reserve(16);
}

void Evaluator::NextSteps(ir::Location loc) {
  if (steps_banked_ == 0) StepBudgetSpent(loc);
  if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) throw MoveCancelled{};
  // This step is the first of the next portion.
  const int64_t next = std::min(steps_banked_, poll_steps_);
  steps_banked_ -= next;
  steps_left_ = next - 1;
}

void Evaluator::StepBudgetSpent(ir::Location loc) const {
  const std::string spent =
      absl::StrCat("one move took more than ", base::GroupThousands(kMaxMoveSteps),
                   " steps (loop values, statements and fun calls) when it "
                   "got here");
  if (paths_ended_ > 1) {
    ThrowLimitError(loc, absl::StrCat(spent,
                                      "; its ways through (one per outcome of its choose, "
                                      "roll and may) share those steps, and ",
                                      base::GroupThousands(paths_ended_),
                                      " of them had run: too many outcomes, or too much work "
                                      "in each?"));
  }
  ThrowLimitError(loc, absl::StrCat(spent, ": a loop or quantifier over a huge domain?"));
}

void Evaluator::Reset() {
  temps_.Reset({});
  arg_scalars_.clear();
  arg_slices_.clear();
}

uint64_t Evaluator::ArrayOffset(const ir::Expr& e, const ir::Type* array, int64_t index) {
  const ir::Type* it = array->index;
  if (!InType(it, index)) {
    std::string name = PlaceName(*e.args[0]);
    ThrowModelError(e.loc, absl::StrCat(name.empty() ? "" : absl::StrCat(name, "[", index, "]: "),
                                        "index ", index, " is outside ", it->ToString()));
  }
  return static_cast<uint64_t>(it->OrdinalOf(index)) * array->elem->width;
}

// The leaves (kConst, kStateVar, kLocal) are Scalar's, inline in evaluator.h.
int64_t Evaluator::ScalarNode(const ir::Expr& e) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kIndex: {
      const ir::Type* at = e.args[0]->type;
      Slice base = Composite(*e.args[0]);
      uint64_t off = ArrayOffset(e, at, Scalar(*e.args[1]));
      return ReadScalar(e.type, base.words, base.bit + off);
    }
    case ExprOp::kField: {
      Slice base = Composite(*e.args[0]);
      const ir::StructDef::Field& f = e.args[0]->type->struct_def->fields[e.index];
      return ReadScalar(f.type, base.words, base.bit + f.offset);
    }
    case ExprOp::kAttr: {
      const ir::EnumDef* def = e.args[0]->type->enum_def;
      return def->attr_values[Scalar(*e.args[0])][e.index];
    }
    case ExprOp::kNeg: {
      int64_t v = Scalar(*e.args[0]);
      int64_t r;
      if (__builtin_sub_overflow(int64_t{0}, v, &r)) {
        ThrowModelError(e.loc, absl::StrCat("integer overflow in -(", v, ")"));
      }
      return r;
    }
    case ExprOp::kNot:
      return Scalar(*e.args[0]) == 0;
    case ExprOp::kAnd:
      return Bool(*e.args[0]) && Bool(*e.args[1]);
    case ExprOp::kOr:
      return Bool(*e.args[0]) || Bool(*e.args[1]);
    case ExprOp::kImplies:
      return !Bool(*e.args[0]) || Bool(*e.args[1]);
    case ExprOp::kIf:
      return Bool(*e.args[0]) ? Scalar(*e.args[1]) : Scalar(*e.args[2]);
    case ExprOp::kCall: {
      int64_t r = 0;
      Call(e, &r);
      return r;
    }
    case ExprOp::kQuantifier:
      return Quantify(e);
    case ExprOp::kIn:
    case ExprOp::kCount:
    case ExprOp::kSize:
    case ExprOp::kLen:
    case ExprOp::kEmpty:
      return CollectionScalar(e);
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt: {
      Slice s = SeqElement(e);
      return ReadScalar(e.type, s.words, s.bit);
    }
    case ExprOp::kUnwrap:
      return ScalarOfComposite(e);
    case ExprOp::kMin:
    case ExprOp::kMax: {
      int64_t a = Scalar(*e.args[0]);
      int64_t b = Scalar(*e.args[1]);
      return (e.op == ExprOp::kMin) == (a < b) ? a : b;
    }
    case ExprOp::kAbs: {
      int64_t v = Scalar(*e.args[0]);
      if (v == std::numeric_limits<int64_t>::min()) {
        ThrowModelError(e.loc, absl::StrCat("integer overflow in abs(", v, ")"));
      }
      return v < 0 ? -v : v;
    }
    case ExprOp::kNext:
    case ExprOp::kPrev: {
      const ir::Type* t = e.args[0]->type;
      int64_t n = t->Cardinality();
      int64_t o = t->OrdinalOf(Scalar(*e.args[0]));
      o = e.op == ExprOp::kNext ? (o + 1 == n ? 0 : o + 1) : (o == 0 ? n - 1 : o - 1);
      return t->ValueAt(o);
    }
    case ExprOp::kOrd:
      return e.args[0]->type->OrdinalOf(Scalar(*e.args[0]));
    case ExprOp::kEnumOf: {
      const int64_t v = Scalar(*e.args[0]);
      const int64_t n = e.type->Cardinality();
      if (v < 0 || v >= n) {
        ThrowModelError(e.loc, absl::StrCat(e.type->enum_def->name, "(", v, "): enum ",
                                            e.type->enum_def->name, " has no member at position ",
                                            v, " (its members are at 0..", n - 1, ")"));
      }
      return v;
    }
    case ExprOp::kNone:
      return ir::kNoneValue;
    case ExprOp::kSome:
      return Scalar(*e.args[0]);
    default:
      return Binary(e);
  }
}

int64_t Evaluator::Binary(const ir::Expr& e) {
  using ir::ExprOp;
  if (e.op == ExprOp::kEq || e.op == ExprOp::kNe) {
    const ir::Type* t = e.args[0]->type;
    bool equal;
    if (IsScalarType(t)) {
      equal = Scalar(*e.args[0]) == Scalar(*e.args[1]);
    } else {
      Slice a = Composite(*e.args[0]);
      Slice b = Composite(*e.args[1]);
      equal = ir::bits::Equal(a.words, a.bit, b.words, b.bit, t->width);
    }
    return (e.op == ExprOp::kEq) == equal;
  }
  int64_t a = Scalar(*e.args[0]);
  int64_t b = Scalar(*e.args[1]);
  switch (e.op) {
    case ExprOp::kLt:
      return a < b;
    case ExprOp::kLe:
      return a <= b;
    case ExprOp::kGt:
      return a > b;
    case ExprOp::kGe:
      return a >= b;
    default:
      return Arith(e, a, b);
  }
}

int64_t Evaluator::Arith(const ir::Expr& e, int64_t a, int64_t b) {
  using ir::ExprOp;
  int64_t r = 0;
  const char* sign = "";
  bool overflow = false;
  switch (e.op) {
    case ExprOp::kAdd:
      overflow = __builtin_add_overflow(a, b, &r);
      sign = "+";
      break;
    case ExprOp::kSub:
      overflow = __builtin_sub_overflow(a, b, &r);
      sign = "-";
      break;
    case ExprOp::kMul:
      overflow = __builtin_mul_overflow(a, b, &r);
      sign = "*";
      break;
    case ExprOp::kDiv:
    case ExprOp::kMod:
      // Truncating division, as C++ and SMT-LIB's bvsdiv/bvsrem have it.
      if (b == 0) {
        ThrowModelError(
            e.loc, absl::StrCat(e.op == ExprOp::kDiv ? "division" : "modulo", " by zero in ", a,
                                e.op == ExprOp::kDiv ? " / " : " % ", b));
      }
      if (a == std::numeric_limits<int64_t>::min() && b == -1) {
        if (e.op == ExprOp::kMod) return 0;
        overflow = true;
        sign = "/";
        break;
      }
      return e.op == ExprOp::kDiv ? a / b : a % b;
    default:
      assert(false && "not a binary scalar operator");
      ThrowModelError(e.loc, "internal error: unexpected expression");
  }
  if (overflow) ThrowModelError(e.loc, absl::StrCat("integer overflow in ", a, " ", sign, " ", b));
  return r;
}

int64_t Evaluator::Quantify(const ir::Expr& e) {
  const ir::Quantifier q = e.quantifier;
  int64_t acc = q == ir::Quantifier::kAll ? 1 : 0;
  int64_t found[2] = {0, 0};  // `the`: the first two values that pass, enough to tell "not one"
  size_t n = 0;
  int64_t* slot = &frame_.scalars[e.index];
  // The mark is taken at the first value, after the domain's collection has been evaluated
  // (it may itself be a temporary).
  bool marked = false;
  TempStack::Mark mark;
  ForEachValue(*e.domain, e.loc, [&](int64_t v) {
    if (!marked) {
      mark = temps_.mark();
      marked = true;
    }
    *slot = v;
    if (e.filter != nullptr && !Bool(*e.filter)) {
      temps_.Reset(mark);
      return true;
    }
    if (q == ir::Quantifier::kThe) {  // no body
      temps_.Reset(mark);
      found[n++] = v;
      return n < 2;
    }
    int64_t b = Scalar(*e.args[0]);
    temps_.Reset(mark);
    switch (q) {
      case ir::Quantifier::kAll:
        if (b == 0) {
          acc = 0;
          return false;
        }
        return true;
      case ir::Quantifier::kAny:
        if (b != 0) {
          acc = 1;
          return false;
        }
        return true;
      case ir::Quantifier::kSum:
        if (__builtin_add_overflow(acc, b, &acc)) {
          ThrowModelError(e.loc, "integer overflow in sum");
        }
        return true;
      case ir::Quantifier::kCount:
        acc += b != 0;
        return true;
      case ir::Quantifier::kMax:
      case ir::Quantifier::kMin:
        acc = n++ == 0 || (q == ir::Quantifier::kMax) == (b > acc) ? b : acc;
        return true;
      case ir::Quantifier::kThe:  // handled above
        return false;
    }
    return true;
  });
  if (q == ir::Quantifier::kMax || q == ir::Quantifier::kMin) {
    if (n == 0) {
      ThrowModelError(e.loc, absl::StrCat("`", q == ir::Quantifier::kMax ? "max" : "min",
                                          "`: no value of its domain passes its condition"));
    }
    return acc;
  }
  if (q != ir::Quantifier::kThe) return acc;
  if (n == 1) return found[0];
  ThrowModelError(e.loc, n == 0
                             ? std::string("`the`: no value satisfies its condition")
                             : absl::StrCat("`the`: more than one value satisfies its condition (",
                                            FormatScalar(e.type, found[0]), " and ",
                                            FormatScalar(e.type, found[1]), ")"));
}

int64_t Evaluator::CollectionScalar(const ir::Expr& e) {
  using ir::ExprOp;
  const ir::Expr& ce = e.op == ExprOp::kIn ? *e.args[1] : *e.args[0];
  const ir::Type* ct = ce.type;
  if (e.op == ExprOp::kEmpty && IsScalarType(ct)) return Scalar(ce) == ir::kNoneValue;
  // For `in` and a bag count, the member is evaluated before the collection, left to right.
  int64_t member = 0;
  if (e.op == ExprOp::kIn && IsScalarType(ct->elem)) member = Scalar(*e.args[0]);
  if (e.op == ExprOp::kCount) member = Scalar(*e.args[1]);
  Slice in_elem;
  if (e.op == ExprOp::kIn && !IsScalarType(ct->elem)) in_elem = Composite(*e.args[0]);
  Slice s = Composite(ce);
  switch (e.op) {
    case ExprOp::kEmpty:
      // A seq is empty when its length is 0: one read instead of a pass over its elements.
      if (ct->kind == ir::TypeKind::kSeq) return SeqLength(ct, s) == 0;
      return ir::bits::IsZero(s.words, s.bit, ct->width);
    case ExprOp::kLen:
      return SeqLength(ct, s);
    case ExprOp::kSize: {
      if (ct->kind == ir::TypeKind::kSeq) return SeqLength(ct, s);
      if (ct->kind == ir::TypeKind::kSet) {
        return static_cast<int64_t>(ir::bits::CountOnes(s.words, s.bit, ct->width));
      }
      uint32_t cw = ct->kind == ir::TypeKind::kBag ? ct->CountWidth() : 1;
      int64_t n = ct->elem->Cardinality();
      int64_t total = 0;
      for (int64_t o = 0; o < n; ++o) {
        total += static_cast<int64_t>(
            ir::bits::Read(s.words, s.bit + static_cast<uint64_t>(o) * cw, cw));
      }
      return total;
    }
    case ExprOp::kCount:
    case ExprOp::kIn: {
      const ir::Type* et = ct->elem;
      if (ct->kind == ir::TypeKind::kSeq) {
        int64_t len = SeqLength(ct, s);
        uint64_t base = s.bit + ct->CountWidth();
        for (int64_t i = 0; i < len; ++i) {
          uint64_t at = base + static_cast<uint64_t>(i) * et->width;
          bool same = IsScalarType(et)
                          ? ReadScalar(et, s.words, at) == member
                          : ir::bits::Equal(s.words, at, in_elem.words, in_elem.bit, et->width);
          if (same) return 1;
        }
        return 0;
      }
      if (!InType(et, member)) return 0;
      uint32_t cw = ct->kind == ir::TypeKind::kBag ? ct->CountWidth() : 1;
      uint64_t count =
          ir::bits::Read(s.words, s.bit + static_cast<uint64_t>(et->OrdinalOf(member)) * cw, cw);
      return e.op == ExprOp::kIn ? count != 0 : static_cast<int64_t>(count);
    }
    default:
      assert(false);
      return 0;
  }
}

int64_t Evaluator::ScalarOfComposite(const ir::Expr& e) {
  // kUnwrap with a scalar result: of a scalar option, or of an option of `int`.
  const ir::Type* ot = e.args[0]->type;
  if (IsScalarType(ot)) {
    int64_t v = Scalar(*e.args[0]);
    if (v == ir::kNoneValue) ThrowModelError(e.loc, UnwrapMessage(*e.args[0]));
    return v;
  }
  Slice s = Composite(*e.args[0]);
  if (ir::bits::Read(s.words, s.bit, 1) == 0) ThrowModelError(e.loc, UnwrapMessage(*e.args[0]));
  return ReadScalar(e.type, s.words, s.bit + 1);
}

Slice Evaluator::SeqElement(const ir::Expr& e) {
  using ir::ExprOp;
  const ir::Type* ct = e.args[0]->type;
  Slice s = Composite(*e.args[0]);
  int64_t len = SeqLength(ct, s);
  int64_t i = 0;
  if (e.op == ExprOp::kSeqAt) {
    i = Scalar(*e.args[1]);
    if (i < 0 || i >= len) {
      std::string name = PlaceName(*e.args[0]);
      std::string prefix = name.empty() ? "" : absl::StrCat(name, "[", i, "]: ");
      ThrowModelError(e.loc, len == 0 ? absl::StrCat(prefix, "index ", i, " into an empty seq")
                                      : absl::StrCat(prefix, "index ", i, " is outside 0..",
                                                     len - 1, " (the seq holds ", len, ")"));
    }
  } else if (len == 0) {
    const char* op = e.op == ExprOp::kTop ? "top" : "bottom";
    std::string name = PlaceName(*e.args[0]);
    ThrowModelError(e.loc, name.empty() ? absl::StrCat(op, " of an empty seq")
                                        : absl::StrCat(op, "(", name, "): ", name, " is empty"));
  } else if (e.op == ExprOp::kTop) {
    i = len - 1;
  }
  return {s.words, s.bit + ct->CountWidth() + static_cast<uint64_t>(i) * ct->ElemWidth()};
}

Slice Evaluator::Call(const ir::Expr& e, int64_t* scalar_result) {
  Step(e.loc);
  const ir::Fun& f = program_.funs[e.index];
  // Every argument is evaluated before any is bound: an argument may call `f` itself.
  size_t scalar_base = arg_scalars_.size();
  size_t slice_base = arg_slices_.size();
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (IsScalarType(f.params[i].type)) {
      arg_scalars_.push_back(Scalar(*e.args[i]));
    } else {
      arg_slices_.push_back(Composite(*e.args[i]));
    }
  }
  Frame callee = fun_frames_[e.index].frame();
  size_t si = scalar_base, ci = slice_base;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Param& p = f.params[i];
    if (IsScalarType(p.type)) {
      int64_t v = arg_scalars_[si++];
      if (!InType(p.type, v)) {
        ThrowModelError(e.args[i]->loc, absl::StrCat(OutsideMessage(p.type, v), " of parameter ",
                                                     Quoted(p.name), " of ", Quoted(f.name)));
      }
      callee.scalars[p.slot] = v;
    } else {
      Slice s = arg_slices_[ci++];
      ir::bits::Copy(callee.words, static_cast<uint64_t>(p.slot), s.words, s.bit, p.type->width);
    }
  }
  arg_scalars_.resize(scalar_base);
  arg_slices_.resize(slice_base);

  Frame caller = frame_;
  frame_ = callee;
  if (IsScalarType(f.result)) {
    int64_t r = Scalar(*f.body);
    frame_ = caller;
    if (!InType(f.result, r)) {
      ThrowModelError(
          e.loc, absl::StrCat(OutsideMessage(f.result, r), ": the result of ", Quoted(f.name)));
    }
    *scalar_result = r;
    return {};
  }
  Slice r = Composite(*f.body);
  frame_ = caller;
  // The body's value may live in the fun's frame, which the next call of `f` overwrites.
  uint32_t* t = temps_.Alloc(f.result->width);
  ir::bits::Copy(t, 0, r.words, r.bit, f.result->width);
  return {t, 0};
}

// State variables and locals are Composite's, inline in evaluator.h.
Slice Evaluator::CompositeNode(const ir::Expr& e) {
  using ir::ExprOp;
  switch (e.op) {
    case ExprOp::kIndex: {
      const ir::Type* at = e.args[0]->type;
      Slice base = Composite(*e.args[0]);
      return {base.words, base.bit + ArrayOffset(e, at, Scalar(*e.args[1]))};
    }
    case ExprOp::kField: {
      Slice base = Composite(*e.args[0]);
      return {base.words, base.bit + e.args[0]->type->struct_def->fields[e.index].offset};
    }
    case ExprOp::kIf:
      return Bool(*e.args[0]) ? Composite(*e.args[1]) : Composite(*e.args[2]);
    case ExprOp::kCall:
      return Call(e, nullptr);
    case ExprOp::kTop:
    case ExprOp::kBottom:
    case ExprOp::kSeqAt:
      return SeqElement(e);
    case ExprOp::kUnwrap: {
      Slice s = Composite(*e.args[0]);
      if (ir::bits::Read(s.words, s.bit, 1) == 0) ThrowModelError(e.loc, UnwrapMessage(*e.args[0]));
      return {s.words, s.bit + 1};
    }
    case ExprOp::kSetLiteral:
      return SetLiteral(e);
    case ExprOp::kArrayOf:
      return ArrayOf(e);
    case ExprOp::kBagLiteral:
      return BagLiteral(e);
    case ExprOp::kNone:
      return {temps_.Alloc(e.type->width), 0};
    case ExprOp::kStructLiteral:
      return StructLiteral(e);
    case ExprOp::kSome: {
      const ir::Type* et = e.type->elem;
      uint32_t* t = temps_.Alloc(e.type->width);
      ir::bits::Write(t, 0, 1, 1);
      if (IsScalarType(et)) {
        int64_t v = Scalar(*e.args[0]);
        if (!InType(et, v)) ThrowModelError(e.args[0]->loc, OutsideMessage(et, v));
        ir::bits::Write(t, 1, et->width, EncodeScalar(et, v));
      } else {
        Slice s = Composite(*e.args[0]);
        ir::bits::Copy(t, 1, s.words, s.bit, et->width);
      }
      return {t, 0};
    }
    default:
      assert(false && "not a composite expression");
      ThrowModelError(e.loc, "internal error: a scalar expression used as a composite");
  }
}

Place Evaluator::ResolvePlaceNode(const ir::Expr& place, uint32_t* state) {
  using ir::ExprOp;
  switch (place.op) {
    case ExprOp::kStateVar:
      return {place.type, nullptr, state, place.offset};
    case ExprOp::kLocal:
      if (IsScalarType(place.type)) return {place.type, &frame_.scalars[place.index], nullptr, 0};
      return {place.type, nullptr, frame_.words, static_cast<uint64_t>(place.index)};
    case ExprOp::kIndex: {
      Place base = ResolvePlace(*place.args[0], state);
      base.bit += ArrayOffset(place, place.args[0]->type, Scalar(*place.args[1]));
      base.type = place.type;
      return base;
    }
    case ExprOp::kField: {
      Place base = ResolvePlace(*place.args[0], state);
      base.bit += place.args[0]->type->struct_def->fields[place.index].offset;
      base.type = place.type;
      return base;
    }
    case ExprOp::kUnwrap: {
      Place base = ResolvePlace(*place.args[0], state);
      const ir::Type* option = place.args[0]->type;
      if (IsScalarType(option)) {
        // One scalar with none encoded as 0: the place is the option's own storage.
        const int64_t v =
            base.scalar != nullptr ? *base.scalar : ReadScalar(option, base.words, base.bit);
        if (v == ir::kNoneValue) ThrowModelError(place.loc, UnwrapMessage(*place.args[0]));
        base.storage = option;
        base.type = place.type;
        return base;
      }
      // A composite option: a presence bit, then the value.
      if (base.words == nullptr || ir::bits::Read(base.words, base.bit, 1) == 0) {
        ThrowModelError(place.loc, UnwrapMessage(*place.args[0]));
      }
      base.bit += 1;
      base.type = place.type;
      return base;
    }
    default:
      ThrowModelError(place.loc, "internal error: not a place");
  }
}

std::string Evaluator::UnwrapMessage(const ir::Expr& option) {
  std::string name = PlaceName(option);
  if (name.empty()) return "unwrap (!) of none";
  return absl::StrCat(name, "! of none: ", name, " is none");
}

std::string Evaluator::PlaceName(const ir::Expr& place) {
  using ir::ExprOp;
  switch (place.op) {
    case ExprOp::kStateVar:
      return program_.state[place.index].name;
    case ExprOp::kIndex:
    case ExprOp::kField:
    case ExprOp::kUnwrap: {
      // Only a chain that starts at a state variable has a name.
      std::string base = PlaceName(*place.args[0]);
      if (base.empty()) return base;
      if (place.op == ExprOp::kField) {
        return absl::StrCat(base, ".", place.args[0]->type->struct_def->fields[place.index].name);
      }
      if (place.op == ExprOp::kUnwrap) return absl::StrCat(base, "!");
      const ir::Type* it = place.args[0]->type->index;
      int64_t v = Scalar(*place.args[1]);
      return absl::StrCat(base, "[", InType(it, v) ? FormatScalar(it, v) : absl::StrCat(v), "]");
    }
    default:
      return "";
  }
}

}  // namespace rulecheck::model
