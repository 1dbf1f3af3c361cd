// The type checker: resolves and types an AST into the IR.
//
// It checks the whole program and reports every error it can find (undefined names, type
// mismatches, wrong argument counts, recursion among funs and procs, non-constant bounds,
// duplicate declarations, ...) into a Diagnostics, each at the position of the text at fault,
// rather than stopping at the first. Constants are evaluated here, with `--const` overrides
// applied before any type that depends on them is built.
#ifndef RULECHECK_FRONT_TYPE_CHECKER_H_
#define RULECHECK_FRONT_TYPE_CHECKER_H_

#include <string>
#include <vector>

#include "front/ast.h"
#include "front/const_override.h"
#include "front/diagnostics.h"
#include "ir/ir.h"

namespace rulecheck::front {

// Fills `program` from `file`. Errors in the file go to `diagnostics`; problems with the
// overrides themselves (no such constant, a value that is not an integer or true/false, or
// of the wrong kind) go to `override_errors` as complete sentences that name the override.
// The program is usable only when both are empty.
void Check(const ast::File& file, const std::vector<ConstOverride>& overrides, ir::Program& program,
           Diagnostics& diagnostics, std::vector<std::string>& override_errors);

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_TYPE_CHECKER_H_
