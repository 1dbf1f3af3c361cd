// Who makes a move (internal to properties/): the seat its `by` names, or the rules for a move
// without `by` (docs/language.md#chance). The chance graph of `odds`, the policies and the
// playout step of `simulate` all tell seats apart by this one key, so the two commands agree
// on who moves.
//
//   if (SeatOf(a) == SeatOf(b)) ...  // a and b are moves of one seat
#ifndef RULECHECK_PROPERTIES_MOVE_SEAT_H_
#define RULECHECK_PROPERTIES_MOVE_SEAT_H_

#include <compare>
#include <cstdint>

#include "ir/move.h"

namespace rulecheck::properties {

struct Seat {
  const ir::Type* type = nullptr;  // the `by` expression's type; null: the rules
  int64_t player = 0;              // 0 for the rules

  bool rules() const { return type == nullptr; }
  friend auto operator<=>(const Seat&, const Seat&) = default;
};

// The seat that makes `move`. Every move without `by` (an action or trigger without one,
// `init`) is the rules', whatever its `player` field holds. Thread-safe.
inline Seat SeatOf(const ir::Move& move) {
  if (move.player_type == nullptr) return Seat{};
  return Seat{move.player_type, move.player};
}

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_MOVE_SEAT_H_
