// ComputeConstantTables (see constant_tables.h).
#include "model/constant_tables.h"

#include <algorithm>
#include <vector>

#include "ir/bits.h"
#include "ir/expr_walk.h"
#include "model/evaluator.h"

namespace rulecheck::model {
namespace {

// Whether `e` reads nothing but constants and the indices of the comprehensions around it
// inside the table (`bound`), through operations that need nothing else. `max_slot` is raised
// to the highest index slot bound.
bool Closed(const ir::Expr& e, std::vector<int64_t>& bound, int64_t& max_slot) {
  using ir::ExprOp;
  auto args_closed = [&]() {
    return std::all_of(e.args.begin(), e.args.end(),
                       [&](const ir::ExprPtr& arg) { return Closed(*arg, bound, max_slot); });
  };
  switch (e.op) {
    case ExprOp::kConst:
      return true;
    case ExprOp::kLocal:
      return e.type->is_scalar() && std::find(bound.begin(), bound.end(), e.index) != bound.end();
    // Arithmetic, comparison, logic, and reading a part of a value: nothing but the arguments.
    case ExprOp::kAdd:
    case ExprOp::kSub:
    case ExprOp::kMul:
    case ExprOp::kDiv:
    case ExprOp::kMod:
    case ExprOp::kNeg:
    case ExprOp::kMin:
    case ExprOp::kMax:
    case ExprOp::kAbs:
    case ExprOp::kEq:
    case ExprOp::kNe:
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe:
    case ExprOp::kIf:
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kNot:
    case ExprOp::kImplies:
    case ExprOp::kIndex:
    case ExprOp::kField:
    case ExprOp::kStructLiteral:
      return e.domain == nullptr && e.filter == nullptr && args_closed();
    case ExprOp::kArrayOf: {
      const ir::Domain* d = e.domain.get();
      if (d == nullptr || e.filter != nullptr) return false;
      const bool range = d->kind == ir::DomainKind::kRange && d->lo != nullptr &&
                         d->hi != nullptr && Closed(*d->lo, bound, max_slot) &&
                         Closed(*d->hi, bound, max_slot);
      if (d->kind != ir::DomainKind::kType && !range) return false;
      bound.push_back(e.index);
      max_slot = std::max(max_slot, e.index);
      const bool closed = args_closed();
      bound.pop_back();
      return closed;
    }
    default:
      return false;
  }
}

}  // namespace

void ComputeConstantTables(ir::Program& program) {
  Evaluator evaluator(program);
  FrameBuffer frame;
  ir::VisitExprs(program, [&](ir::Expr& e) {
    if (e.op != ir::ExprOp::kArrayOf || e.type->width == 0) return true;
    std::vector<int64_t> bound;
    int64_t max_slot = -1;
    if (!Closed(e, bound, max_slot)) return true;
    frame.Reserve(ir::FrameLayout{static_cast<uint32_t>(max_slot + 1), 0});
    evaluator.set_frame(frame.frame());
    evaluator.Reset();
    evaluator.StartMove();
    try {
      const Slice value = evaluator.Composite(e);
      std::vector<uint32_t> table((e.type->width + 31) / 32, 0);
      ir::bits::Copy(table.data(), 0, value.words, value.bit, e.type->width);
      e.table = std::move(table);
    } catch (const ModelError&) {
      return true;  // left to fail where it is used, with the trace that gets there
    }
    return false;  // the tables inside it are read through it
  });
}

}  // namespace rulecheck::model
