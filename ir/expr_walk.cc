// VisitExprs (see expr_walk.h).
#include "ir/expr_walk.h"

namespace rulecheck::ir {
namespace {

class Walker {
 public:
  explicit Walker(const std::function<bool(Expr&)>& visit) : visit_(visit) {}

  void Visit(Expr* e) {
    if (e == nullptr || !visit_(*e)) return;
    Visit(e->domain.get());
    Visit(e->filter.get());
    for (ExprPtr& arg : e->args) Visit(arg.get());
  }

  void Visit(Domain* d) {
    if (d == nullptr) return;
    Visit(d->lo.get());
    Visit(d->hi.get());
    Visit(d->collection.get());
  }

  void Visit(Block& b) {
    for (StmtPtr& s : b.stmts) Visit(*s);
  }

  void Visit(Stmt& s) {
    Visit(s.place.get());
    Visit(s.target.get());
    Visit(s.value.get());
    Visit(s.index.get());
    Visit(s.domain.get());
    Visit(s.filter.get());
    for (ExprPtr& c : s.conds) Visit(c.get());
    for (Block& b : s.blocks) Visit(b);
    if (s.else_block) Visit(*s.else_block);
    for (ExprPtr& arg : s.args) Visit(arg.get());
  }

 private:
  const std::function<bool(Expr&)>& visit_;
};

}  // namespace

void VisitExprs(Program& program, const std::function<bool(Expr&)>& visit) {
  Walker walker(visit);
  for (StateVar& var : program.state) walker.Visit(var.initial.get());
  walker.Visit(program.init);
  for (Fun& f : program.funs) walker.Visit(f.body.get());
  for (Action& a : program.actions) {
    walker.Visit(a.by.get());
    walker.Visit(a.guard.get());
    walker.Visit(a.body);
  }
  for (Trigger& t : program.triggers) {
    walker.Visit(t.by.get());
    walker.Visit(t.guard.get());
    walker.Visit(t.body);
  }
  for (auto* properties : {&program.terminals, &program.invariants, &program.reachables}) {
    for (Property& p : *properties) walker.Visit(p.expr.get());
  }
  for (Query& q : program.queries) walker.Visit(q.expr.get());
  for (ChanceQuery& q : program.chance_queries) walker.Visit(q.expr.get());
  for (Policy& policy : program.policies) {
    for (Preference& p : policy.preferences) walker.Visit(p.condition.get());
  }
}

}  // namespace rulecheck::ir
