// Expression evaluation over a packed state and a frame of locals (internal to model/).
//
// Scalar expressions evaluate to their int64 logical value (types.h); composite expressions
// evaluate to a Slice: a pointer to words and a bit offset, pointing into the state, into a
// frame, or into a temporary (the result of a fun, a set literal, `none` or a present option
// of a composite). A value that leaves its type (an index outside the index type, the top of
// an empty seq, `x!` of none, division by zero, int64 overflow, ...) throws ModelError; the
// SuccessorGenerator catches it and reports a StepFailure, so no exception leaves model/.
//
// Each fun has one frame of its own: funs cannot recurse, so a fun is never active twice at
// once, and a call only binds its parameters after all its arguments are evaluated.
#ifndef RULECHECK_MODEL_EVALUATOR_H_
#define RULECHECK_MODEL_EVALUATOR_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/bits.h"
#include "ir/ir.h"

namespace rulecheck::model {

// What went wrong and where. Thrown by evaluation and by checked writes; never leaves model/.
struct ModelError {
  ir::Location loc;
  std::string message;
  bool limit = false;  // one of the engine's limits (ir::StepFailure::limit)
};

// Thrown when the cancel flag (Evaluator::set_cancel) is seen set: the move under way is given
// up, and with it the expansion of its state. Never leaves model/.
struct MoveCancelled {};

[[noreturn]] void ThrowModelError(ir::Location loc, std::string message);
// A model error that is one of the engine's limits rather than an error of the rules.
[[noreturn]] void ThrowLimitError(ir::Location loc, std::string message);

// A composite value: bits starting at bit `bit` of `words`.
struct Slice {
  const uint32_t* words = nullptr;
  uint64_t bit = 0;
};

// The locals of one running code unit, laid out as its ir::FrameLayout says.
struct Frame {
  int64_t* scalars = nullptr;
  uint32_t* words = nullptr;
};

// Owns a frame's storage.
class FrameBuffer {
 public:
  FrameBuffer() = default;
  explicit FrameBuffer(const ir::FrameLayout& layout) { Reserve(layout); }
  // Makes room for `layout` (never shrinks; contents of a grown buffer are zero).
  void Reserve(const ir::FrameLayout& layout);
  Frame frame() { return {scalars_.data(), words_.data()}; }
  size_t scalar_count() const { return scalars_.size(); }
  size_t word_count() const { return words_.size(); }

 private:
  std::vector<int64_t> scalars_;
  std::vector<uint32_t> words_;
};

// A stack of temporaries whose addresses never move: memory comes in chunks that are kept
// for reuse, so after warm-up no allocation happens.
class TempStack {
 public:
  struct Mark {
    size_t chunk = 0;
    size_t used = 0;
  };
  Mark mark() const { return {chunk_, used_}; }
  void Reset(Mark m) {
    chunk_ = m.chunk;
    used_ = m.used;
  }
  // `bits` zeroed bits.
  uint32_t* Alloc(uint64_t bits);

 private:
  static constexpr size_t kChunkWords = 4096;
  std::vector<std::unique_ptr<uint32_t[]>> chunks_;
  std::vector<size_t> sizes_;
  size_t chunk_ = 0;
  size_t used_ = 0;
};

// Inline versions of Type::is_scalar and Type::Contains for the hot paths.
inline bool IsScalarType(const ir::Type* t) {
  switch (t->kind) {
    case ir::TypeKind::kBool:
    case ir::TypeKind::kInt:
    case ir::TypeKind::kRange:
    case ir::TypeKind::kEnum:
      return true;
    case ir::TypeKind::kOption:
      return t->elem->is_finite_scalar();
    default:
      return false;
  }
}
inline bool InType(const ir::Type* t, int64_t v) {
  switch (t->kind) {
    case ir::TypeKind::kBool:
      return v == 0 || v == 1;
    case ir::TypeKind::kInt:
      return true;
    case ir::TypeKind::kRange:
      return v >= t->lo && v <= t->hi;
    case ir::TypeKind::kEnum:
      return v >= 0 && v < static_cast<int64_t>(t->enum_def->members.size());
    default:
      return t->Contains(v);
  }
}

// Canonical bits of a scalar logical value and back (Type::Encode/Decode, inline). A range's
// ordinals are taken in uint64 (wrapping, exact in two's complement): a range of more than
// 2^63 values has ordinals past int64.
inline uint64_t EncodeScalar(const ir::Type* t, int64_t v) {
  switch (t->kind) {
    case ir::TypeKind::kRange:
      return static_cast<uint64_t>(v) - static_cast<uint64_t>(t->lo);
    case ir::TypeKind::kOption:
      return v == ir::kNoneValue ? 0 : static_cast<uint64_t>(t->elem->OrdinalOf(v)) + 1;
    default:
      return static_cast<uint64_t>(v);
  }
}
inline int64_t DecodeScalar(const ir::Type* t, uint64_t b) {
  switch (t->kind) {
    case ir::TypeKind::kRange:
      return static_cast<int64_t>(static_cast<uint64_t>(t->lo) + b);
    case ir::TypeKind::kOption:
      return b == 0 ? ir::kNoneValue : t->elem->ValueAt(static_cast<int64_t>(b) - 1);
    default:
      return static_cast<int64_t>(b);
  }
}

// A writable place: a scalar local, or bits of the state or of a frame.
struct Place {
  const ir::Type* type = nullptr;
  int64_t* scalar = nullptr;  // set for a scalar local
  uint32_t* words = nullptr;
  uint64_t bit = 0;
  // How a scalar is stored, when not as `type`: `x!` of a scalar option `x` is a value of
  // the option's element type, kept in x's encoding (0 for none, else ordinal + 1).
  const ir::Type* storage = nullptr;
  const ir::Type* stored_as() const { return storage != nullptr ? storage : type; }
};

// Evaluates expressions of one program. Holds scratch storage; one per thread. Not
// thread-safe.
class Evaluator {
 public:
  explicit Evaluator(const ir::Program& program);

  // The state kStateVar reads and the frame kLocal reads, until changed.
  void set_state(const uint32_t* state) { state_ = state; }
  void set_frame(Frame frame) { frame_ = frame; }
  // Drops every temporary and pending argument: call before evaluating anew.
  void Reset();

  // The step budget of one move. Every value a quantifier, `for`, `choose` or `roll` visits,
  // every statement run and every fun called costs one step; StartMove refills the budget,
  // and a move (an action instance, a trigger, `init`, or one property evaluation) that runs
  // out throws a model error where it ran out. Between two steps only straight-line code of
  // one statement or fun body runs, so this bounds what one successor computation can spend
  // (a huge domain such as `all x in 0..2^62: ...`, nested loops, funs that call each other
  // twice over); being a count, not a time, it gives the same finding on every run and
  // thread count. What stops a run part-way is the cancel flag (set_cancel).
  static constexpr int64_t kMaxMoveSteps = int64_t{1} << 24;
  void StartMove() {
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) throw MoveCancelled{};
    const int64_t first = cancel_ != nullptr ? poll_steps_ : kMaxMoveSteps;
    steps_left_ = first;
    steps_banked_ = kMaxMoveSteps - first;
    paths_ended_ = 0;
  }
  // The executor's note that one way through the move (one outcome of each of its choose,
  // roll and may) ran to its end: the steps of all of them count against the one budget, so
  // the message of a spent budget says how many had run, where that is what spent it.
  void NotePathEnded() { ++paths_ended_; }
  // One step at `loc`. Throws ModelError when the budget is spent, MoveCancelled when the
  // cancel flag is seen set.
  void Step(ir::Location loc) {
    if (--steps_left_ < 0) NextSteps(loc);
  }
  // A flag that, once set (from any thread), makes StartMove and every few thousand Steps
  // throw MoveCancelled, so that no move, however long, holds up a stop for long: the budget
  // is then handed out that many steps at a time and the flag read at each. Null: never.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  // Steps between two readings of the flag: kPollSteps, fewer where one step can take long
  // (an operation on a collection of a million members passes over a million bits).
  static constexpr int64_t kPollSteps = int64_t{1} << 16;
  static int64_t PollSteps(const ir::Program& program);
  TempStack& temps() { return temps_; }

  // REQUIRES: e.type->is_scalar(). The leaves (constants, locals, state variables) are
  // handled here, inline in the caller, and every other node in ScalarNode.
  int64_t Scalar(const ir::Expr& e) {
    switch (e.op) {
      case ir::ExprOp::kConst:
        return e.value;
      case ir::ExprOp::kLocal:
        return frame_.scalars[e.index];
      case ir::ExprOp::kStateVar:
        return ReadScalar(e.type, state_, e.offset);
      default:
        return ScalarNode(e);
    }
  }
  bool Bool(const ir::Expr& e) { return Scalar(e) != 0; }
  // REQUIRES: !e.type->is_scalar(). The slice is valid until the temps are reset past it and
  // the state or frame it points into changes.
  Slice Composite(const ir::Expr& e) {
    switch (e.op) {
      case ir::ExprOp::kStateVar:
        return {state_, e.offset};
      case ir::ExprOp::kLocal:
        return {frame_.words, static_cast<uint64_t>(e.index)};
      default:
        return CompositeNode(e);
    }
  }

  // The place an l-value (a kStateVar/kLocal/kIndex/kField/kUnwrap chain) denotes, with
  // state variables in `state`.
  Place ResolvePlace(const ir::Expr& place, uint32_t* state) {
    return ResolvePlaceNode(place, state);
  }
  // How a message names a place: `hand[P1]`, `species[P2].fed`. Evaluates the indices again.
  std::string PlaceName(const ir::Expr& place);
  // The message for `x!` of none, naming `x` when it is a place.
  std::string UnwrapMessage(const ir::Expr& option);

  // Calls f(value) for each value of a domain whose bound variable is a scalar, in domain
  // order, until f returns false; returns whether it went through. Collections are read
  // once, before the first call. Each value is a Step of the loop at `loc`.
  template <typename F>
  bool ForEachValue(const ir::Domain& domain, ir::Location loc, F&& f);
  // The same, calling `f(value, copies)`: `copies` is a bag member's number of copies, and 1
  // for every other domain's values (a roll's weights, docs/language.md#chance).
  template <typename F>
  bool ForEachCountedValue(const ir::Domain& domain, ir::Location loc, F&& f);

  // Reading one scalar from bits.
  static int64_t ReadScalar(const ir::Type* t, const uint32_t* words, uint64_t bit) {
    return DecodeScalar(t, ir::bits::Read(words, bit, t->width));
  }

  // The number of elements of a seq at `s`.
  static int64_t SeqLength(const ir::Type* seq, Slice s) {
    return static_cast<int64_t>(ir::bits::Read(s.words, s.bit, seq->CountWidth()));
  }

 private:
  int64_t ScalarNode(const ir::Expr& e);
  Slice CompositeNode(const ir::Expr& e);
  Place ResolvePlaceNode(const ir::Expr& place, uint32_t* state);
  int64_t Binary(const ir::Expr& e);
  int64_t Arith(const ir::Expr& e, int64_t a, int64_t b);
  int64_t Quantify(const ir::Expr& e);
  int64_t CollectionScalar(const ir::Expr& e);
  int64_t ScalarOfComposite(const ir::Expr& e);
  Slice SeqElement(const ir::Expr& e);
  Slice Call(const ir::Expr& e, int64_t* scalar_result);
  // The composite literals (evaluator_literals.cc).
  Slice SetLiteral(const ir::Expr& e);
  Slice ArrayOf(const ir::Expr& e);
  Slice BagLiteral(const ir::Expr& e);
  Slice StructLiteral(const ir::Expr& e);
  uint64_t ArrayOffset(const ir::Expr& e, const ir::Type* array, int64_t index);
  // Steps_left_ ran out: the next poll_steps_ of the budget, or the budget is spent.
  void NextSteps(ir::Location loc);
  [[noreturn]] void StepBudgetSpent(ir::Location loc) const;

  const ir::Program& program_;
  const uint32_t* state_ = nullptr;
  Frame frame_;
  std::vector<FrameBuffer> fun_frames_;
  TempStack temps_;
  int64_t steps_left_ = kMaxMoveSteps;
  int64_t steps_banked_ = 0;  // the rest of the move's budget, beyond steps_left_
  const std::atomic<bool>* cancel_ = nullptr;
  int64_t poll_steps_;
  int64_t paths_ended_ = 0;
  std::vector<int64_t> arg_scalars_;
  std::vector<Slice> arg_slices_;
};

// "value 4 is outside 0..3" and friends, with values named as the language writes them.
std::string OutsideMessage(const ir::Type* type, int64_t value);

template <typename F>
bool Evaluator::ForEachValue(const ir::Domain& domain, ir::Location loc, F&& f) {
  return ForEachCountedValue(domain, loc, [&f](int64_t v, uint64_t /*copies*/) { return f(v); });
}

template <typename F>
bool Evaluator::ForEachCountedValue(const ir::Domain& domain, ir::Location loc, F&& f) {
  switch (domain.kind) {
    case ir::DomainKind::kType: {
      const bool option = domain.elem_type->kind == ir::TypeKind::kOption;
      const ir::Type* t = option ? domain.elem_type->elem : domain.elem_type;
      int64_t n = t->Cardinality();
      for (int64_t o = 0; o < n; ++o) {
        Step(loc);
        if (!f(t->ValueAt(o), 1)) return false;
      }
      return !option || f(ir::kNoneValue, 1);
    }
    case ir::DomainKind::kRange: {
      int64_t lo = Scalar(*domain.lo);
      int64_t hi = Scalar(*domain.hi);
      for (int64_t v = lo; v <= hi; ++v) {
        Step(loc);
        if (!f(v, 1)) return false;
        if (v == hi) break;  // hi may be INT64_MAX
      }
      return true;
    }
    case ir::DomainKind::kSet:
    case ir::DomainKind::kBag: {
      const ir::Type* ct = domain.collection->type;
      const ir::Type* et = ct->elem;
      Slice s = Composite(*domain.collection);
      int64_t n = et->Cardinality();
      uint32_t cw = domain.kind == ir::DomainKind::kSet ? 1 : ct->CountWidth();
      for (int64_t o = 0; o < n; ++o) {
        Step(loc);
        const uint64_t copies = ir::bits::Read(s.words, s.bit + static_cast<uint64_t>(o) * cw, cw);
        if (copies == 0) continue;
        if (!f(et->ValueAt(o), copies)) return false;
      }
      return true;
    }
    case ir::DomainKind::kSeq: {
      const ir::Type* ct = domain.collection->type;
      const ir::Type* et = ct->elem;
      if (!et->is_scalar()) {
        ThrowModelError(domain.collection->loc,
                        "iterating over a seq of composite values is not supported");
      }
      Slice s = Composite(*domain.collection);
      int64_t len = SeqLength(ct, s);
      uint64_t base = s.bit + ct->CountWidth();
      for (int64_t i = 0; i < len; ++i) {
        Step(loc);
        if (!f(ReadScalar(et, s.words, base + static_cast<uint64_t>(i) * et->width), 1)) {
          return false;
        }
      }
      return true;
    }
    case ir::DomainKind::kSubBag:  // the checker allows it in `choose` and `roll` only
                                   // (executor.cc)
      ThrowModelError(loc, "`sub(b, n)` is a domain of `choose` and `roll` only");
  }
  return true;
}

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_EVALUATOR_H_
