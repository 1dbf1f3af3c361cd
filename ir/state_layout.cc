// StateLayout::Build: packs the state variables in the sharing order of layout_order.h, then
// the pending-trigger list, and writes each variable's bit offset into every kStateVar node of
// the program so that evaluation needs no lookup.
//
// A variable of at most 32 bits that would straddle a word boundary starts on the next word
// instead, when the state has spare bits for it in its last word: then a move that writes
// it changes one word, not two, and the tree store rehashes one leaf path instead of two.
#include "ir/state_layout.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "ir/bits.h"
#include "ir/expr_walk.h"
#include "ir/layout_order.h"
#include "ir/passes.h"

namespace rulecheck::ir {
namespace {

uint32_t CheckedBits(uint64_t bits) {
  assert(bits <= std::numeric_limits<uint32_t>::max() && "state too large for 32-bit offsets");
  return static_cast<uint32_t>(bits);
}

}  // namespace

StateLayout StateLayout::Build(ir::Program& program) {
  StateLayout layout;
  uint64_t total = 0;  // bits of the variables, unpadded
  for (const ir::StateVar& var : program.state) total += var.type->width;
  // The pending list packs after the variables; spare bits are those the last word has left.
  uint64_t pending_bits = 0;
  if (!program.triggers.empty()) {
    uint64_t args_width = 0;
    for (const ir::Event& event : program.events) {
      uint64_t sum = 0;
      for (const ir::Param& p : event.params) sum += p.type->width;
      args_width = std::max(args_width, sum);
    }
    pending_bits = BitsFor(program.pending_capacity + 1) +
                   (BitsFor(static_cast<int64_t>(program.triggers.size()) + 1) + args_width) *
                       static_cast<uint64_t>(program.pending_capacity);
  }
  uint64_t spare = (32 - (total + pending_bits) % 32) % 32;
  layout.var_offsets_.assign(program.state.size(), 0);
  uint64_t bit = 0;
  for (int index : SharingOrder(program)) {
    const uint32_t width = program.state[index].type->width;
    const uint64_t in_word = bit % 32;
    if (width <= 32 && in_word + width > 32 && 32 - in_word <= spare) {
      spare -= 32 - in_word;
      bit += 32 - in_word;
    }
    layout.var_offsets_[index] = CheckedBits(bit);
    bit += width;
  }

  if (!program.triggers.empty()) {
    layout.pending_capacity_ = program.pending_capacity;
    layout.pending_length_offset_ = CheckedBits(bit);
    layout.pending_length_width_ = BitsFor(program.pending_capacity + 1);
    bit += layout.pending_length_width_;
    uint64_t args_width = 0;
    for (const ir::Event& event : program.events) {
      uint64_t sum = 0;
      for (const ir::Param& p : event.params) sum += p.type->width;
      args_width = std::max(args_width, sum);
    }
    layout.pending_trigger_width_ = BitsFor(static_cast<int64_t>(program.triggers.size()) + 1);
    layout.pending_entry_width_ = CheckedBits(layout.pending_trigger_width_ + args_width);
    layout.pending_entries_offset_ = CheckedBits(bit);
    bit += static_cast<uint64_t>(layout.pending_entry_width_) *
           static_cast<uint64_t>(program.pending_capacity);
  }
  layout.bits_ = CheckedBits(bit);
  layout.words_ = std::max<uint32_t>(1, CheckedBits((bit + 31) / 32));

  // Every kStateVar node gets its variable's offset.
  const std::vector<uint32_t>& offsets = layout.var_offsets_;
  VisitExprs(program, [&offsets](ir::Expr& e) {
    if (e.op == ir::ExprOp::kStateVar) {
      assert(e.index >= 0 && static_cast<size_t>(e.index) < offsets.size());
      e.offset = offsets[e.index];
    }
    return true;
  });
  return layout;
}

LaidOutProgram LayOut(NumberedProgram numbered) {
  Program& program = numbered.program();
  return LaidOutProgram(program, StateLayout::Build(program));
}

int64_t StateLayout::PendingLength(const uint32_t* state) const {
  if (!has_triggers()) return 0;
  return static_cast<int64_t>(bits::Read(state, pending_length_offset_, pending_length_width_));
}

int StateLayout::PendingTrigger(const uint32_t* state, int64_t i) const {
  return static_cast<int>(bits::Read(state, pending_entry_offset(i), pending_trigger_width_)) - 1;
}

void StateLayout::MovePendingToFront(uint32_t* state, int64_t i) const {
  if (i == 0) return;
  // Entries may be wider than 64 bits: move them through a scratch copy of the list.
  const std::vector<uint32_t> before(state, state + words_);
  bits::Copy(state, pending_entry_offset(0), before.data(), pending_entry_offset(i),
             pending_entry_width_);
  for (int64_t j = 0; j < i; ++j) {
    bits::Copy(state, pending_entry_offset(j + 1), before.data(), pending_entry_offset(j),
               pending_entry_width_);
  }
}

}  // namespace rulecheck::ir
