// NumberTrailPoints: gives every statement and every `if` branch of the rules' code a small
// integer id, so that a move can record which points it passed (Move::trail) as a list of
// integers and a coverage analysis can count them in flat arrays. Ids are assigned depth
// first in program order, so they are the same on every load of one file. Funs are
// expressions and procs are inlined by the checker, so a proc's statements get one set of
// ids per call site (they share their locations).
#include <cstdint>
#include <utility>
#include <vector>

#include "ir/ir.h"
#include "ir/passes.h"

namespace rulecheck::ir {
namespace {

// Whether reading `e` is a plain read of a variable or an element of one: no call, no step,
// so a move that records its trail reads it once more at no cost.
bool IsPlainRead(const Expr& e) {
  switch (e.op) {
    case ExprOp::kLocal:
    case ExprOp::kStateVar:
      return true;
    case ExprOp::kField:
      return IsPlainRead(*e.args[0]);
    case ExprOp::kIndex:
      return IsPlainRead(*e.args[0]) &&
             (e.args[1]->op == ExprOp::kConst || IsPlainRead(*e.args[1]));
    default:
      return false;
  }
}

// Whether `s` acts on a card read from a variable (Stmt::card_trail).
bool ActsOnACardVariable(const Stmt& s) {
  if (!ActsOnValue(s.op) || s.value == nullptr || !IsPlainRead(*s.value)) return false;
  const Type* t = s.value->type;
  return t != nullptr && t->kind == TypeKind::kEnum && t->enum_def->is_cards;
}

class Numberer {
 public:
  explicit Numberer(Program& program) : points_(program.trail_points) {}

  void Rule(TrailPoint::Rule rule, int index, const Block& body) {
    rule_ = rule;
    rule_index_ = index;
    NumberBlock(body, -1);
  }

  // Once every point has its id: the card ids past them (Stmt::card_trail).
  void MarkCardStatements(const Program& program) {
    const std::vector<std::pair<const EnumDef*, int64_t>> bases = CardBases(program);
    const int64_t points = static_cast<int64_t>(points_.size());
    for (Stmt* s : card_statements_) {
      for (const auto& [def, base] : bases) {
        if (def == s->value->type->enum_def) s->card_trail = points + base;
      }
    }
  }

 private:
  uint32_t Add(const Stmt* stmt, int branch, Location loc, int32_t parent) {
    TrailPoint point;
    point.stmt = stmt;
    point.branch = branch;
    point.loc = loc;
    point.rule = rule_;
    point.rule_index = rule_index_;
    point.parent_branch = parent;
    points_.push_back(point);
    return static_cast<uint32_t>(points_.size() - 1);
  }

  void NumberBlock(const Block& block, int32_t parent) {
    for (const StmtPtr& stmt : block.stmts) NumberStmt(*stmt, parent);
  }

  void NumberStmt(Stmt& s, int32_t parent) {
    s.id = Add(&s, -1, s.loc, parent);
    if (ActsOnACardVariable(s)) card_statements_.push_back(&s);
    if (s.op != StmtOp::kIf) {
      for (const Block& b : s.blocks) NumberBlock(b, parent);
      return;
    }
    // The branch points first, contiguous, then the statements inside each branch.
    s.branch_id = static_cast<uint32_t>(points_.size());
    for (size_t i = 0; i < s.conds.size(); ++i) {
      Add(&s, static_cast<int>(i), s.conds[i]->loc, parent);
    }
    const Location else_loc = s.else_block != nullptr ? s.else_block->loc : s.loc;
    Add(&s, static_cast<int>(s.conds.size()), else_loc, parent);
    for (size_t i = 0; i < s.blocks.size(); ++i) {
      NumberBlock(s.blocks[i], static_cast<int32_t>(s.branch_id + i));
    }
    if (s.else_block != nullptr) {
      NumberBlock(*s.else_block, static_cast<int32_t>(s.branch_id + s.conds.size()));
    }
  }

  std::vector<TrailPoint>& points_;
  std::vector<Stmt*> card_statements_;
  TrailPoint::Rule rule_ = TrailPoint::Rule::kInit;
  int rule_index_ = -1;
};

}  // namespace

NumberedProgram NumberTrailPoints(Program& program) {
  program.trail_points.clear();
  Numberer numberer(program);
  numberer.Rule(TrailPoint::Rule::kInit, -1, program.init);
  for (size_t a = 0; a < program.actions.size(); ++a) {
    numberer.Rule(TrailPoint::Rule::kAction, static_cast<int>(a), program.actions[a].body);
  }
  for (size_t t = 0; t < program.triggers.size(); ++t) {
    numberer.Rule(TrailPoint::Rule::kTrigger, static_cast<int>(t), program.triggers[t].body);
  }
  numberer.MarkCardStatements(program);
  return NumberedProgram(program);
}

}  // namespace rulecheck::ir
