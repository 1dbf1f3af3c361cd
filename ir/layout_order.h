// The order in which state variables are packed into the state vector (internal to ir/).
//
// The tree-compressed store (explorer/state_store.h, tree layout) re-interns only the words a move
// changed, and shares every sub-tree of words that repeat across states. Both work best when the
// variables a move writes sit together in few words, and the variables it leaves alone sit
// in other words. So variables are grouped by the set of rules (actions and triggers) that
// write them: a group is written together or not at all. Groups come in the order of their
// first writer, variables no rule writes first (they never change after `init`), and within
// a group the declaration order is kept.
#ifndef RULECHECK_IR_LAYOUT_ORDER_H_
#define RULECHECK_IR_LAYOUT_ORDER_H_

#include <vector>

#include "ir/ir.h"

namespace rulecheck::ir {

// A permutation of the state variables' indices: the packing order.
std::vector<int> SharingOrder(const ir::Program& program);

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_LAYOUT_ORDER_H_
