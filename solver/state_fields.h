// The scalar fields of a packed state (internal to solver/): every place in the state that
// holds one small number, found by walking each state variable's type down to its scalars.
// A field is a bool, a range or enum value (an option of one), the count of one member of a
// bag, the bit of one member of a set, the length of a seq or one of its slots, or the
// presence bit of an option of a composite; and, in the pending-trigger area, the list's
// length and the trigger number of each entry. Its value is its raw bits as an unsigned number
// (state_layout.h: an ordinal, 0 for an absent option), so a field reads the same way out of
// a concrete state (ir::bits::Read) and out of a symbolic one (an extract). The invariant
// candidates (invariant_candidates.h) are clauses over these fields.
#ifndef RULECHECK_SOLVER_STATE_FIELDS_H_
#define RULECHECK_SOLVER_STATE_FIELDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "model/model.h"

namespace rulecheck::solver::internal {

struct StateField {
  int var = 0;          // the state variable; kPendingArea: the pending-trigger area
  uint32_t offset = 0;  // bit offset inside the variable
  uint32_t width = 0;   // 1..kMaxFieldWidth bits
  std::string name;     // as the rules would write it: `hand[P1][Dragon]`, `#field[P1][Might]`
};

inline constexpr int kPendingArea = -1;

// Fields wider than this (plain `int`s) are left out: their values are not small.
inline constexpr uint32_t kMaxFieldWidth = 16;

// Every field of the model's state variables, variable by variable, in layout order, then
// those of the pending-trigger area (offsets from its length field). Thread-safe.
std::vector<StateField> StateFields(const model::Model& model);

// The field's value in a packed state of `model`.
uint64_t ReadField(const model::Model& model, const StateField& field, const uint32_t* state);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_STATE_FIELDS_H_
