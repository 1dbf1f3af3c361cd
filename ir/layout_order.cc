// Grouping state variables by their writers (see layout_order.h).
#include "ir/layout_order.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace rulecheck::ir {
namespace {

// The state variable at the root of a place expression, or -1 (a local).
int RootVariable(const ir::Expr* place) {
  while (place != nullptr) {
    if (place->op == ir::ExprOp::kStateVar) return static_cast<int>(place->index);
    if (place->args.empty()) return -1;
    place = place->args[0].get();
  }
  return -1;
}

void CollectWrites(const ir::Block& block, int rule, std::vector<std::set<int>>& writers);

void CollectWrites(const ir::Stmt& s, int rule, std::vector<std::set<int>>& writers) {
  for (const ir::Expr* place : {s.place.get(), s.target.get()}) {
    const int var = RootVariable(place);
    if (var >= 0) writers[var].insert(rule);
  }
  for (const ir::Block& b : s.blocks) CollectWrites(b, rule, writers);
  if (s.else_block) CollectWrites(*s.else_block, rule, writers);
}

void CollectWrites(const ir::Block& block, int rule, std::vector<std::set<int>>& writers) {
  for (const ir::StmtPtr& s : block.stmts) CollectWrites(*s, rule, writers);
}

}  // namespace

std::vector<int> SharingOrder(const ir::Program& program) {
  const int n = static_cast<int>(program.state.size());
  std::vector<std::set<int>> writers(n);
  int rule = 0;
  for (const ir::Action& action : program.actions) CollectWrites(action.body, rule++, writers);
  for (const ir::Trigger& trigger : program.triggers) {
    CollectWrites(trigger.body, rule++, writers);
  }
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  // Never-written variables (empty writer set) sort first; then by the writer set itself,
  // which puts equal sets together and orders groups by their first writer.
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return writers[a] < writers[b]; });
  return order;
}

}  // namespace rulecheck::ir
