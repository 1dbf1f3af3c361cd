// Where each state variable lives in a packed state vector.
//
// A state is a fixed number of 32-bit words. Each state variable gets exactly `type->width`
// bits at a fixed bit offset; after the variables comes the pending-trigger list: a length
// field and `pending_capacity` entries, each a trigger number (1-based, 0 = empty slot)
// followed by the trigger's event arguments. Unused bits are always zero, so equal states
// have equal words.
//
// Inside a value (all-zero bits are always the type's default):
// - scalars: Type::Encode (an ordinal, or for options 0 = none and ordinal + 1);
// - arrays: the elements in index order, each `elem->width` bits;
// - structs: the fields in declaration order at StructDef::Field::offset;
// - bags: one count of CountWidth() bits per member of the element type, in member order;
// - sets: one bit per member, in member order;
// - seqs: the length in CountWidth() bits, then `capacity` slots of ElemWidth() bits, slot 0
//   the bottom; slots at and above the length are zero;
// - options of a composite: one presence bit, then the value (zero when absent).
// A state has at least one word, even when the program's state needs no bits.
#ifndef RULECHECK_IR_STATE_LAYOUT_H_
#define RULECHECK_IR_STATE_LAYOUT_H_

#include <cstdint>
#include <vector>

#include "ir/ir.h"

namespace rulecheck::ir {

class NumberedProgram;  // passes.h
class LaidOutProgram;

class StateLayout {
 public:
  StateLayout() = default;

  uint32_t words() const { return words_; }
  uint32_t bits() const { return bits_; }
  uint32_t var_offset(int var) const { return var_offsets_[var]; }

  // The pending-trigger list.
  int64_t pending_capacity() const { return pending_capacity_; }
  uint32_t pending_length_offset() const { return pending_length_offset_; }
  uint32_t pending_length_width() const { return pending_length_width_; }
  uint32_t pending_entry_offset(int64_t i) const {
    return pending_entries_offset_ + static_cast<uint32_t>(i) * pending_entry_width_;
  }
  uint32_t pending_trigger_width() const { return pending_trigger_width_; }
  uint32_t pending_entry_width() const { return pending_entry_width_; }
  bool has_triggers() const { return pending_trigger_width_ > 0; }
  // How many triggers wait in `state`'s pending list.
  int64_t PendingLength(const uint32_t* state) const;
  // The trigger (index into Program::triggers) of entry `i` < PendingLength(state).
  int PendingTrigger(const uint32_t* state, int64_t i) const;
  // Moves entry `i` < PendingLength(state) to the front of the list, the others keeping
  // their order: the state in which that trigger is the one to resolve next.
  void MovePendingToFront(uint32_t* state, int64_t i) const;

 private:
  friend LaidOutProgram LayOut(NumberedProgram numbered);
  // Assigns offsets to the program's state variables and writes each kStateVar node's
  // `offset`.
  static StateLayout Build(Program& program);

  uint32_t words_ = 0;
  uint32_t bits_ = 0;
  std::vector<uint32_t> var_offsets_;
  int64_t pending_capacity_ = 0;
  uint32_t pending_length_offset_ = 0;
  uint32_t pending_length_width_ = 0;
  uint32_t pending_entries_offset_ = 0;
  uint32_t pending_trigger_width_ = 0;
  uint32_t pending_entry_width_ = 0;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_STATE_LAYOUT_H_
