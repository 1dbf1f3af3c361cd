// Visiting every expression node of a checked program: the passes that write into the IR
// (state offsets, constant tables) walk it the same way.
#ifndef RULECHECK_IR_EXPR_WALK_H_
#define RULECHECK_IR_EXPR_WALK_H_

#include <functional>

#include "ir/ir.h"

namespace rulecheck::ir {

// Calls `visit` on every expression node of `program` (state initialisers, `init`, funs,
// actions, triggers, properties, queries, chance queries and policy conditions, with the
// domains, filters and statements inside them), each parent before its children; where
// `visit` returns false, the node's children are skipped.
void VisitExprs(Program& program, const std::function<bool(Expr&)>& visit);

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_EXPR_WALK_H_
