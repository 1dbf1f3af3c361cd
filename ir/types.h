// The types of the rules language and how many bits each needs in a packed state.
//
// Every value has one canonical bit pattern of exactly `Type::width` bits, so two values are
// equal exactly when their bits are; this is what lets the explorer hash and compare whole
// states as word vectors. Scalars (bool, int, ranges, enums, options of those) are handled
// during evaluation as one int64 "logical value": the integer itself, an enumerator's
// ordinal, 0/1 for bool, and kNoneValue for an absent option. Composites (arrays, structs,
// bags, seqs, sets, options of composites) are only ever bit slices.
//
// Types are interned in a TypeTable, so two types are the same exactly when their pointers
// are equal.
#ifndef RULECHECK_IR_TYPES_H_
#define RULECHECK_IR_TYPES_H_

#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "ir/source.h"

namespace rulecheck::ir {

inline constexpr int64_t kNoneValue = std::numeric_limits<int64_t>::min();

struct Type;

// An `enum` or a `cards` declaration. Members of a `cards` enum carry attribute values.
struct EnumDef {
  std::string name;
  Location loc;
  bool is_cards = false;
  std::vector<std::string> members;
  std::vector<Location> member_locs;
  struct Attr {
    std::string name;
    Location loc;
    const Type* type = nullptr;  // a scalar type
  };
  std::vector<Attr> attrs;
  std::vector<std::vector<int64_t>> attr_values;  // [member][attr], logical values
};

struct StructDef {
  std::string name;
  Location loc;
  struct Field {
    std::string name;
    Location loc;
    const Type* type = nullptr;
    uint32_t offset = 0;  // bit offset inside the struct
  };
  std::vector<Field> fields;
  // Index of the field named `name`, or -1.
  int FieldIndex(const std::string& name) const;
};

enum class TypeKind { kBool, kInt, kRange, kEnum, kArray, kStruct, kBag, kSeq, kSet, kOption };

struct Type {
  TypeKind kind = TypeKind::kBool;
  int64_t lo = 0, hi = 0;             // kRange bounds (inclusive)
  const EnumDef* enum_def = nullptr;  // kEnum
  const StructDef* struct_def = nullptr;
  const Type* index = nullptr;  // kArray: a finite scalar type
  const Type* elem = nullptr;   // kArray, kBag, kSeq, kSet, kOption
  int64_t capacity = 0;         // kBag: copies of one member; kSeq: elements
  uint32_t width = 0;           // bits of the canonical packed form
  uint32_t count_width = 0;     // kBag: bits of one member's count; kSeq: of the length

  bool is_scalar() const;
  bool is_integer() const { return kind == TypeKind::kInt || kind == TypeKind::kRange; }
  // bool, ranges and enums: types that can index arrays, fill zones and be enumerated.
  bool is_finite_scalar() const {
    return kind == TypeKind::kBool || kind == TypeKind::kRange || kind == TypeKind::kEnum;
  }
  bool is_collection() const {
    return kind == TypeKind::kBag || kind == TypeKind::kSeq || kind == TypeKind::kSet;
  }
  // For finite scalars: how many values (at most INT64_MAX: a range of more values, such as
  // -1..9223372036854775807, says INT64_MAX, more than anything can enumerate), and the
  // value <-> position maps (0-based).
  int64_t Cardinality() const;
  // The logical values of positions 0 and Cardinality() - 1, exact for every range.
  int64_t FirstValue() const { return kind == TypeKind::kRange ? lo : 0; }
  int64_t LastValue() const { return kind == TypeKind::kRange ? hi : Cardinality() - 1; }
  int64_t ValueAt(int64_t ordinal) const {
    return kind == TypeKind::kRange ? lo + ordinal : ordinal;
  }
  int64_t OrdinalOf(int64_t value) const { return kind == TypeKind::kRange ? value - lo : value; }
  // Whether a logical value belongs to this scalar type (ranges check bounds, options accept
  // none).
  bool Contains(int64_t value) const;

  // Bit layout of the composite kinds.
  uint32_t CountWidth() const { return count_width; }  // read on every seq and bag access
  uint32_t ElemWidth() const { return elem ? elem->width : 0; }

  // Canonical bits of a scalar logical value, and back. REQUIRES: is_scalar(), Contains(v).
  uint64_t Encode(int64_t value) const;
  int64_t Decode(uint64_t bits) const;

  // As the rules language writes it: `0..3`, `[Player] bag<Card, 3>`, `Card?`.
  std::string ToString() const;
};

// Bits needed to tell `n` values apart (0 for n <= 1).
uint32_t BitsFor(int64_t n);

// Owns every type, enum and struct of one program. Not thread-safe while types are being
// made; read-only afterwards.
class TypeTable {
 public:
  TypeTable();
  TypeTable(const TypeTable&) = delete;
  TypeTable& operator=(const TypeTable&) = delete;

  const Type* Bool() const { return bool_; }
  const Type* Int() const { return int_; }
  const Type* Range(int64_t lo, int64_t hi);  // REQUIRES: lo <= hi
  const Type* Enum(const EnumDef* def);
  const Type* Struct(const StructDef* def);  // computes field offsets
  const Type* Array(const Type* index, const Type* elem);
  const Type* Bag(const Type* elem, int64_t capacity);
  const Type* Seq(const Type* elem, int64_t capacity);
  const Type* Set(const Type* elem);
  const Type* Option(const Type* elem);

  EnumDef* NewEnum();
  StructDef* NewStruct();

  // The width of the widest type made so far, in bits.
  uint32_t Widest() const;

 private:
  const Type* Intern(Type t);

  std::deque<Type> types_;
  std::deque<EnumDef> enums_;
  std::deque<StructDef> structs_;
  std::map<std::tuple<int, int64_t, int64_t, const void*, const void*, int64_t>, const Type*>
      index_;
  const Type* bool_;
  const Type* int_;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_TYPES_H_
