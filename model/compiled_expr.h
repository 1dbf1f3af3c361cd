// Expressions compiled to trees of specialised closures (internal to model/).
//
// The interpreter (evaluator.h) pays a big switch, a function prologue and a type dispatch at
// every node; for the guards and bodies that run millions of times that is most of a search's
// time. After the layout is fixed, CompileExpressions turns the common node shapes (leaves,
// comparisons, arithmetic, `and`/`or`/`if`, array and struct reads, calls of funs with scalar
// parameters, seq, bag and set queries, and the places statements write) into CompiledExpr
// nodes whose function is chosen for
// the op and the operand types, with offsets, bounds and widths resolved in advance, and
// points each ir::Expr::compiled at its node. The evaluator runs a compiled node whenever an
// expression has one; anything else is interpreted as before, and its operands may again be
// compiled, so the two mix freely.
//
// Semantics do not change, errors included: a compiled node never builds an error message.
// When it meets a value the interpreter would reject (an index outside its type, an
// overflow, the top of an empty seq, an argument outside its parameter's type), it hands the
// whole node to the interpreter, which evaluates it again (expressions have no side effects)
// and throws exactly the error it always did.
#ifndef RULECHECK_MODEL_COMPILED_EXPR_H_
#define RULECHECK_MODEL_COMPILED_EXPR_H_

#include <cstdint>
#include <deque>
#include <memory>

#include "ir/ir.h"
#include "ir/passes.h"

namespace rulecheck::model {

class Evaluator;
struct Place;
struct Slice;

struct CompiledExpr {
  using ScalarFn = int64_t (*)(const CompiledExpr& node, Evaluator& eval);
  using SliceFn = Slice (*)(const CompiledExpr& node, Evaluator& eval);
  using PlaceFn = Place (*)(const CompiledExpr& node, Evaluator& eval, uint32_t* state);
  ScalarFn scalar = nullptr;  // set for a scalar node
  SliceFn slice = nullptr;    // set for a composite node
  PlaceFn place = nullptr;    // set for an l-value written by a statement
  const ir::Expr* expr = nullptr;
  // Operands, compiled or interpreted (a node whose `scalar`/`slice` calls the evaluator).
  const CompiledExpr* a = nullptr;
  const CompiledExpr* b = nullptr;
  const CompiledExpr* c = nullptr;
  const ir::Type* type = nullptr;  // what the node reads or checks against; by op
  const ir::Fun* fun = nullptr;    // a call's fun
  int64_t k = 0;                   // a constant, a frame slot, an attribute or fun number
  int64_t lo = 0, hi = 0;          // an index type's or parameter's bounds
  uint64_t offset = 0;             // a bit offset (state variable, field)
  uint32_t width = 0;              // bits of the value read
  uint32_t stride = 0;             // bits of one array or seq element
  uint32_t count_width = 0;        // bits of a seq's length or a bag's count
};

// The compiled nodes of one program. Immutable once built, so every thread's evaluator
// shares them.
class CompiledCode {
 public:
  // Compiles the expressions of the program's funs, actions, triggers, terminal conditions,
  // properties and queries, setting their ir::Expr::compiled. The result must outlive every
  // evaluation of the program.
  static std::unique_ptr<CompiledCode> Compile(const ir::LaidOutProgram& laid_out);

  size_t size() const { return nodes_.size(); }

 private:
  friend class ExprCompiler;
  std::deque<CompiledExpr> nodes_;
};

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_COMPILED_EXPR_H_
