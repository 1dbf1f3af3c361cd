// The collection statements of the executor (see executor.h): add, remove, clear, push and
// pop at either end, insert_at and remove_at, and move ... from ... to, over bags, sets and
// seqs in their packed layouts (state_layout.h). Each checks what its type allows (a bag
// count past its capacity, a full seq, removing what is not there) and reports a model error
// that names the place and the element rather than clipping.
#include <algorithm>
#include <cassert>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/executor.h"
#include "model/value_format.h"

namespace rulecheck::model {
namespace {

// Outcomes of the collection primitives; the caller words the message.
enum Outcome { kDone = 0, kFull, kAbsent, kPresent };

uint64_t SlotBit(const ir::Type* seq, uint64_t base, int64_t i) {
  return base + seq->CountWidth() + static_cast<uint64_t>(i) * seq->ElemWidth();
}

}  // namespace

Executor::Elem Executor::EvalElem(const ir::Type* elem_type, const ir::Expr& e) {
  Elem elem;
  elem.type = elem_type;
  if (IsScalarType(elem_type)) {
    elem.scalar = eval_.Scalar(e);
    if (!InType(elem_type, elem.scalar)) {
      ThrowModelError(e.loc, OutsideMessage(elem_type, elem.scalar));
    }
  } else {
    // Copied, so that writing the collection cannot change the element.
    Slice s = eval_.Composite(e);
    uint32_t* t = eval_.temps().Alloc(elem_type->width);
    ir::bits::Copy(t, 0, s.words, s.bit, elem_type->width);
    elem.slice = {t, 0};
  }
  return elem;
}

void Executor::WriteElem(uint32_t* words, uint64_t bit, const Elem& e) {
  if (IsScalarType(e.type)) {
    ir::bits::Write(words, bit, e.type->width, EncodeScalar(e.type, e.scalar));
  } else {
    ir::bits::Copy(words, bit, e.slice.words, e.slice.bit, e.type->width);
  }
}

bool Executor::ElemEquals(const uint32_t* words, uint64_t bit, const Elem& e) {
  if (IsScalarType(e.type)) return Evaluator::ReadScalar(e.type, words, bit) == e.scalar;
  return ir::bits::Equal(words, bit, e.slice.words, e.slice.bit, e.type->width);
}

std::string Executor::ElemText(const Elem& e) {
  if (IsScalarType(e.type)) return FormatScalar(e.type, e.scalar);
  return FormatValue(DecodeValue(e.type, e.slice.words, e.slice.bit));
}

int Executor::Insert(const Place& p, const Elem& e, bool strict) {
  const ir::Type* ct = p.type;
  switch (ct->kind) {
    case ir::TypeKind::kBag: {
      const uint32_t cw = ct->CountWidth();
      uint64_t at = p.bit + static_cast<uint64_t>(ct->elem->OrdinalOf(e.scalar)) * cw;
      uint64_t count = ir::bits::Read(p.words, at, cw);
      if (static_cast<int64_t>(count) >= ct->capacity) return kFull;
      ir::bits::Write(p.words, at, cw, count + 1);
      return kDone;
    }
    case ir::TypeKind::kSet: {
      uint64_t at = p.bit + static_cast<uint64_t>(ct->elem->OrdinalOf(e.scalar));
      if (ir::bits::Read(p.words, at, 1) != 0) return strict ? kPresent : kDone;
      ir::bits::Write(p.words, at, 1, 1);
      return kDone;
    }
    case ir::TypeKind::kSeq: {
      int64_t length = Evaluator::SeqLength(ct, {p.words, p.bit});
      if (length >= ct->capacity) return kFull;
      WriteElem(p.words, SlotBit(ct, p.bit, length), e);
      ir::bits::Write(p.words, p.bit, ct->CountWidth(), static_cast<uint64_t>(length) + 1);
      return kDone;
    }
    default:
      assert(false && "not a collection");
      return kDone;
  }
}

int Executor::Erase(const Place& p, const Elem& e) {
  const ir::Type* ct = p.type;
  switch (ct->kind) {
    case ir::TypeKind::kBag:
    case ir::TypeKind::kSet: {
      const uint32_t cw = ct->kind == ir::TypeKind::kBag ? ct->CountWidth() : 1;
      uint64_t at = p.bit + static_cast<uint64_t>(ct->elem->OrdinalOf(e.scalar)) * cw;
      uint64_t count = ir::bits::Read(p.words, at, cw);
      if (count == 0) return kAbsent;
      ir::bits::Write(p.words, at, cw, count - 1);
      return kDone;
    }
    case ir::TypeKind::kSeq: {
      // The topmost occurrence goes.
      for (int64_t i = Evaluator::SeqLength(ct, {p.words, p.bit}) - 1; i >= 0; --i) {
        if (ElemEquals(p.words, SlotBit(ct, p.bit, i), e)) {
          SeqRemoveAt(p, i);
          return kDone;
        }
      }
      return kAbsent;
    }
    default:
      assert(false && "not a collection");
      return kDone;
  }
}

void Executor::SeqInsertAt(const Place& p, int64_t i, const Elem& e) {
  const ir::Type* ct = p.type;
  int64_t length = Evaluator::SeqLength(ct, {p.words, p.bit});
  for (int64_t j = length; j > i; --j) {
    ir::bits::Copy(p.words, SlotBit(ct, p.bit, j), p.words, SlotBit(ct, p.bit, j - 1),
                   ct->ElemWidth());
  }
  WriteElem(p.words, SlotBit(ct, p.bit, i), e);
  ir::bits::Write(p.words, p.bit, ct->CountWidth(), static_cast<uint64_t>(length) + 1);
}

void Executor::SeqRemoveAt(const Place& p, int64_t i) {
  const ir::Type* ct = p.type;
  int64_t length = Evaluator::SeqLength(ct, {p.words, p.bit});
  for (int64_t j = i; j + 1 < length; ++j) {
    ir::bits::Copy(p.words, SlotBit(ct, p.bit, j), p.words, SlotBit(ct, p.bit, j + 1),
                   ct->ElemWidth());
  }
  ir::bits::Clear(p.words, SlotBit(ct, p.bit, length - 1), ct->ElemWidth());
  ir::bits::Write(p.words, p.bit, ct->CountWidth(), static_cast<uint64_t>(length) - 1);
}

std::string Executor::Quote(const char* op, const ir::Expr& place, const Elem* e,
                            const int64_t* index) {
  std::string text = absl::StrCat(op, "(", eval_.PlaceName(place));
  if (index != nullptr) absl::StrAppend(&text, ", ", *index);
  if (e != nullptr) absl::StrAppend(&text, ", ", ElemText(*e));
  return text + ")";
}

void Executor::ExecCollection(const ir::Stmt& s) {
  using ir::StmtOp;
  if (s.value != nullptr && s.value->type->kind == ir::TypeKind::kBag) return ExecBagCopies(s);
  Place p = eval_.ResolvePlace(*s.place, state_.data());
  const ir::Type* ct = p.type;
  const int64_t capacity = ct->capacity;
  switch (s.op) {
    case StmtOp::kClear:
      ir::bits::Clear(p.words, p.bit, ct->width);
      return;
    case StmtOp::kAdd:
    case StmtOp::kPush: {
      Elem e = EvalElem(ct->elem, *s.value);
      const char* op = s.op == StmtOp::kAdd ? "add" : "push";
      if (Insert(p, e, /*strict=*/false) == kFull) {
        std::string name = eval_.PlaceName(*s.place);
        ThrowModelError(s.loc, ct->kind == ir::TypeKind::kBag
                                   ? absl::StrCat(Quote(op, *s.place, &e, nullptr), ": ", name,
                                                  " already holds ", capacity, " ", ElemText(e),
                                                  ", its capacity")
                                   : absl::StrCat(Quote(op, *s.place, &e, nullptr), ": ", name,
                                                  " is full (capacity ", capacity, ")"));
      }
      return;
    }
    case StmtOp::kRemove: {
      Elem e = EvalElem(ct->elem, *s.value);
      if (Erase(p, e) == kAbsent) {
        ThrowModelError(s.loc, absl::StrCat(Quote("remove", *s.place, &e, nullptr), ": ",
                                            eval_.PlaceName(*s.place), " holds no ", ElemText(e)));
      }
      return;
    }
    case StmtOp::kPushBottom:
    case StmtOp::kInsertAt: {
      int64_t i = 0;
      if (s.op == StmtOp::kInsertAt) i = eval_.Scalar(*s.index);
      Elem e = EvalElem(ct->elem, *s.value);
      const char* op = s.op == StmtOp::kInsertAt ? "insert_at" : "push_bottom";
      const int64_t* shown = s.op == StmtOp::kInsertAt ? &i : nullptr;
      int64_t length = Evaluator::SeqLength(ct, {p.words, p.bit});
      if (length >= capacity) {
        ThrowModelError(
            s.loc, absl::StrCat(Quote(op, *s.place, &e, shown), ": ", eval_.PlaceName(*s.place),
                                " is full (capacity ", capacity, ")"));
      }
      if (i < 0 || i > length) {
        ThrowModelError(s.loc, absl::StrCat(Quote(op, *s.place, &e, shown), ": index ", i,
                                            " is outside 0..", length));
      }
      SeqInsertAt(p, i, e);
      return;
    }
    case StmtOp::kPop:
    case StmtOp::kPopBottom:
    case StmtOp::kRemoveAt: {
      int64_t length = Evaluator::SeqLength(ct, {p.words, p.bit});
      int64_t i = s.op == StmtOp::kPop ? length - 1 : 0;
      if (s.op == StmtOp::kRemoveAt) i = eval_.Scalar(*s.index);
      const char* op = s.op == StmtOp::kPop         ? "pop"
                       : s.op == StmtOp::kPopBottom ? "pop_bottom"
                                                    : "remove_at";
      const int64_t* shown = s.op == StmtOp::kRemoveAt ? &i : nullptr;
      if (length == 0) {
        ThrowModelError(s.loc, absl::StrCat(Quote(op, *s.place, nullptr, shown), ": ",
                                            eval_.PlaceName(*s.place), " is empty"));
      }
      if (i < 0 || i >= length) {
        ThrowModelError(s.loc, absl::StrCat(Quote(op, *s.place, nullptr, shown), ": index ", i,
                                            " is outside 0..", length - 1));
      }
      SeqRemoveAt(p, i);
      return;
    }
    default:
      assert(false && "not a collection statement");
      ThrowModelError(s.loc, "internal error: unexpected statement");
  }
}

void Executor::ExecMove(const ir::Stmt& s) {
  if (s.value->type->kind == ir::TypeKind::kBag) return ExecBagCopies(s);
  // The element is evaluated first: it may read the source (`move top(a) from a to b`).
  Elem e = EvalElem(s.place->type->elem, *s.value);
  Place from = eval_.ResolvePlace(*s.place, state_.data());
  Place to = eval_.ResolvePlace(*s.target, state_.data());
  const ir::Type* tt = to.type;
  auto what = [&]() {
    return absl::StrCat("move ", ElemText(e), " from ", eval_.PlaceName(*s.place), " to ",
                        eval_.PlaceName(*s.target));
  };
  if (Erase(from, e) == kAbsent) {
    ThrowModelError(
        s.loc, absl::StrCat(what(), ": ", eval_.PlaceName(*s.place), " holds no ", ElemText(e)));
  }
  if (IsScalarType(e.type) && !InType(tt->elem, e.scalar)) {
    ThrowModelError(s.loc, absl::StrCat(what(), ": ", OutsideMessage(tt->elem, e.scalar)));
  }
  e.type = tt->elem;
  switch (Insert(to, e, /*strict=*/true)) {
    case kFull:
      ThrowModelError(
          s.loc, tt->kind == ir::TypeKind::kBag
                     ? absl::StrCat(what(), ": ", eval_.PlaceName(*s.target), " already holds ",
                                    tt->capacity, " ", ElemText(e), ", its capacity")
                     : absl::StrCat(what(), ": ", eval_.PlaceName(*s.target), " is full (capacity ",
                                    tt->capacity, ")"));
    case kPresent:
      ThrowModelError(s.loc, absl::StrCat(what(), ": ", eval_.PlaceName(*s.target),
                                          " already holds ", ElemText(e)));
    default:
      return;
  }
}

}  // namespace rulecheck::model
