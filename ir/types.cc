// Type interning, widths and scalar encodings.
#include "ir/types.h"

#include <algorithm>
#include <cassert>

#include "absl/strings/str_cat.h"

namespace rulecheck::ir {
namespace {

// Widths are computed in 64 bits and saturate, so an absurd declaration such as
// `[0..1000000000] [0..1000000000] bool` yields a huge width the checker can reject instead
// of an overflowed small one.
uint32_t Saturate(uint64_t bits) {
  return bits > std::numeric_limits<uint32_t>::max() ? std::numeric_limits<uint32_t>::max()
                                                     : static_cast<uint32_t>(bits);
}

}  // namespace

uint32_t BitsFor(int64_t n) {
  uint32_t bits = 0;
  while (bits < 63 && (int64_t{1} << bits) < n) ++bits;
  return bits;
}

int StructDef::FieldIndex(const std::string& field_name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field_name) return static_cast<int>(i);
  }
  return -1;
}

bool Type::is_scalar() const {
  switch (kind) {
    case TypeKind::kBool:
    case TypeKind::kInt:
    case TypeKind::kRange:
    case TypeKind::kEnum:
      return true;
    case TypeKind::kOption:
      return elem->is_finite_scalar();
    default:
      return false;
  }
}

int64_t Type::Cardinality() const {
  switch (kind) {
    case TypeKind::kBool:
      return 2;
    case TypeKind::kRange: {
      const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
      return span >= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                 ? std::numeric_limits<int64_t>::max()
                 : static_cast<int64_t>(span) + 1;
    }
    case TypeKind::kEnum:
      return static_cast<int64_t>(enum_def->members.size());
    default:
      assert(false && "Cardinality of a non-finite type");
      return 0;
  }
}

bool Type::Contains(int64_t value) const {
  switch (kind) {
    case TypeKind::kBool:
      return value == 0 || value == 1;
    case TypeKind::kInt:
      return true;
    case TypeKind::kRange:
      return value >= lo && value <= hi;
    case TypeKind::kEnum:
      return value >= 0 && value < Cardinality();
    case TypeKind::kOption:
      return value == kNoneValue || elem->Contains(value);
    default:
      return false;
  }
}

uint64_t Type::Encode(int64_t value) const {
  switch (kind) {
    case TypeKind::kInt:
      return static_cast<uint64_t>(value);
    case TypeKind::kOption:
      return value == kNoneValue ? 0 : static_cast<uint64_t>(elem->OrdinalOf(value)) + 1;
    default:
      return static_cast<uint64_t>(OrdinalOf(value));
  }
}

int64_t Type::Decode(uint64_t bits) const {
  switch (kind) {
    case TypeKind::kInt:
      return static_cast<int64_t>(bits);
    case TypeKind::kOption:
      return bits == 0 ? kNoneValue : elem->ValueAt(static_cast<int64_t>(bits) - 1);
    default:
      return ValueAt(static_cast<int64_t>(bits));
  }
}

std::string Type::ToString() const {
  switch (kind) {
    case TypeKind::kBool:
      return "bool";
    case TypeKind::kInt:
      return "int";
    case TypeKind::kRange:
      return absl::StrCat(lo, "..", hi);
    case TypeKind::kEnum:
      return enum_def->name;
    case TypeKind::kStruct:
      return struct_def->name;
    case TypeKind::kArray:
      return absl::StrCat("[", index->ToString(), "] ", elem->ToString());
    case TypeKind::kBag:
      return absl::StrCat("bag<", elem->ToString(), ", ", capacity, ">");
    case TypeKind::kSeq:
      return absl::StrCat("seq<", elem->ToString(), ", ", capacity, ">");
    case TypeKind::kSet:
      return absl::StrCat("set<", elem->ToString(), ">");
    case TypeKind::kOption:
      return absl::StrCat(elem->ToString(), "?");
  }
  return "?";
}

TypeTable::TypeTable() {
  Type b;
  b.kind = TypeKind::kBool;
  b.width = 1;
  bool_ = Intern(b);
  Type i;
  i.kind = TypeKind::kInt;
  i.lo = std::numeric_limits<int64_t>::min();
  i.hi = std::numeric_limits<int64_t>::max();
  i.width = 64;
  int_ = Intern(i);
}

uint32_t TypeTable::Widest() const {
  uint32_t widest = 0;
  for (const Type& t : types_) widest = std::max(widest, t.width);
  return widest;
}

const Type* TypeTable::Intern(Type t) {
  auto key = std::make_tuple(
      static_cast<int>(t.kind), t.lo, t.hi,
      t.enum_def ? static_cast<const void*>(t.enum_def) : static_cast<const void*>(t.struct_def),
      static_cast<const void*>(t.elem),
      t.kind == TypeKind::kArray ? static_cast<int64_t>(reinterpret_cast<intptr_t>(t.index))
                                 : t.capacity);
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  types_.push_back(t);
  const Type* interned = &types_.back();
  index_.emplace(key, interned);
  return interned;
}

const Type* TypeTable::Range(int64_t lo, int64_t hi) {
  assert(lo <= hi);
  Type t;
  t.kind = TypeKind::kRange;
  t.lo = lo;
  t.hi = hi;
  // hi - lo + 1 may overflow for huge ranges; such a range needs 64 bits anyway.
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  t.width = span >= (uint64_t{1} << 62) ? 64 : BitsFor(static_cast<int64_t>(span) + 1);
  return Intern(t);
}

const Type* TypeTable::Enum(const EnumDef* def) {
  Type t;
  t.kind = TypeKind::kEnum;
  t.enum_def = def;
  t.width = BitsFor(static_cast<int64_t>(def->members.size()));
  return Intern(t);
}

const Type* TypeTable::Struct(const StructDef* def) {
  // Field offsets are assigned here, once, because a struct's layout is part of its type.
  auto* mutable_def = const_cast<StructDef*>(def);
  uint64_t offset = 0;
  for (StructDef::Field& f : mutable_def->fields) {
    f.offset = Saturate(offset);
    offset += f.type->width;
  }
  Type t;
  t.kind = TypeKind::kStruct;
  t.struct_def = def;
  t.width = Saturate(offset);
  return Intern(t);
}

const Type* TypeTable::Array(const Type* index, const Type* elem) {
  Type t;
  t.kind = TypeKind::kArray;
  t.index = index;
  t.elem = elem;
  t.width = Saturate(static_cast<uint64_t>(index->Cardinality()) * elem->width);
  return Intern(t);
}

const Type* TypeTable::Bag(const Type* elem, int64_t capacity) {
  Type t;
  t.kind = TypeKind::kBag;
  t.elem = elem;
  t.capacity = capacity;
  t.count_width = BitsFor(capacity + 1);
  t.width = Saturate(static_cast<uint64_t>(elem->Cardinality()) * t.count_width);
  return Intern(t);
}

const Type* TypeTable::Seq(const Type* elem, int64_t capacity) {
  Type t;
  t.kind = TypeKind::kSeq;
  t.elem = elem;
  t.capacity = capacity;
  t.count_width = BitsFor(capacity + 1);
  t.width = Saturate(t.count_width + static_cast<uint64_t>(capacity) * elem->width);
  return Intern(t);
}

const Type* TypeTable::Set(const Type* elem) {
  Type t;
  t.kind = TypeKind::kSet;
  t.elem = elem;
  t.width = Saturate(static_cast<uint64_t>(elem->Cardinality()));
  return Intern(t);
}

const Type* TypeTable::Option(const Type* elem) {
  Type t;
  t.kind = TypeKind::kOption;
  t.elem = elem;
  t.width = elem->is_finite_scalar() ? BitsFor(elem->Cardinality() + 1)
                                     : Saturate(uint64_t{1} + elem->width);
  return Intern(t);
}

EnumDef* TypeTable::NewEnum() { return &enums_.emplace_back(); }
StructDef* TypeTable::NewStruct() { return &structs_.emplace_back(); }

}  // namespace rulecheck::ir
