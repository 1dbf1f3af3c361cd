// Constant tables (internal to model/): an array built from constants alone, such as a list
// literal `[0, 1, 6, 3]` or a grid of them, has one value, so the interpreter need not build it
// again at each `TAB[i]`. A list literal is a comprehension whose element at i is picked by
// halving the index range (front/type_checker_literals.cc), so building a table of n elements
// costs n steps and about n log2(n) comparisons; a lookup inside a loop of a few thousand
// passes spent the step budget of a move (2^24), where the lookup itself is one read.
//
// The value is worked out once, as the loader's last pass; the lookups then cost no step. The
// compiled engine still builds the array (at native speed), and hands a move that runs out of
// steps to the interpreter, so both give the same successors. Z3 translates the comprehension
// as before: its value is the same.
#ifndef RULECHECK_MODEL_CONSTANT_TABLES_H_
#define RULECHECK_MODEL_CONSTANT_TABLES_H_

#include "ir/ir.h"

namespace rulecheck::model {

// Sets Expr::table of every outermost kArrayOf of `program` that reads nothing but constants
// and the indices it binds itself, and whose evaluation gives no model error (one that would
// fail is left to fail where it is used, as before).
void ComputeConstantTables(ir::Program& program);

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_CONSTANT_TABLES_H_
