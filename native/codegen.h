// C++ from a model's IR (internal to native/): the per-state work of the search, as the
// interpreter does it, over packed states laid out as ir/state_layout.h says.
//
// The generated source is self-contained (standard headers, and the embedded ir/bits.h and
// native/runtime_abi.h, see prelude.h) and defines the Module of runtime_abi.h: the successors
// of a state (every action instance in the interpreter's order, its guard, `by` and body) and
// whether a state is terminal. What it compiles today: actions and triggers, with forks
// (choose, roll, may over every domain but `sub`) and emit; expressions over scalars,
// arrays, structs, seqs, sets and bags of scalars, their literals, quantifiers over every
// domain but `sub`, and calls of funs. Each invariant and reachable property is compiled on
// its own, when it can be; init and queries stay with the interpreter.
#ifndef RULECHECK_NATIVE_CODEGEN_H_
#define RULECHECK_NATIVE_CODEGEN_H_

#include <string>

#include "absl/status/statusor.h"
#include "model/model.h"

namespace rulecheck::native {

// The source, or Unimplemented naming the first construct not compiled yet and its
// `file:line:col`. Deterministic: the same model gives the same text. Thread-safe.
absl::StatusOr<std::string> GenerateSource(const model::Model& model);

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_CODEGEN_H_
