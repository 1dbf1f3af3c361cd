// Calls of funs in expressions, and the recursion check. Funs are evaluated with one frame
// each and procs are inlined, so neither may call itself, directly or through others. The
// call graphs (fun -> fun, proc -> proc) are read off the AST before any body is lowered, a
// depth-first search finds each cycle at the call that closes it, and the error points at
// that call; every fun or proc on a cycle is marked so that inlining never follows it.
#include <algorithm>
#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

struct Edge {
  int callee = 0;
  ir::Location loc;
};

void ExprCalls(const ast::Expr* e, const std::function<void(const std::string&, ir::Location)>& f) {
  // Too high a body is reported when it is checked; its calls are not needed before that.
  if (e == nullptr || e->height > kMaxExprDepth) return;
  if (e->kind == ast::ExprKind::kCall) f(e->name, e->loc);
  for (const ast::ExprPtr& o : e->operands) ExprCalls(o.get(), f);
  if (e->domain) {
    ExprCalls(e->domain->expr.get(), f);
    ExprCalls(e->domain->hi.get(), f);
  }
  ExprCalls(e->filter.get(), f);
}

void BlockCalls(const ast::Block& b,
                const std::function<void(const std::string&, ir::Location)>& f);

void StmtCalls(const ast::Stmt& s, const std::function<void(const std::string&, ir::Location)>& f) {
  if (s.kind == ast::StmtKind::kCall) f(s.name, s.name_loc);
  for (const ast::Block& b : s.blocks) BlockCalls(b, f);
  if (s.else_block) BlockCalls(*s.else_block, f);
}

void BlockCalls(const ast::Block& b,
                const std::function<void(const std::string&, ir::Location)>& f) {
  for (const ast::StmtPtr& s : b.stmts) StmtCalls(*s, f);
}

// Finds cycles by an iterative depth-first search (a long chain of calls must not exhaust the
// stack): `report(from, edge)` is called for each edge that closes a cycle, and every node on
// such a cycle is marked in `on_cycle`.
void FindCycles(const std::vector<std::vector<Edge>>& graph,
                const std::function<void(int, const Edge&)>& report, std::vector<bool>& on_cycle) {
  enum Color { kWhite, kGray, kBlack };
  std::vector<Color> color(graph.size(), kWhite);
  struct Frame {
    int node;
    size_t next_edge;
  };
  std::vector<Frame> stack;
  for (size_t root = 0; root < graph.size(); ++root) {
    if (color[root] != kWhite) continue;
    color[root] = kGray;
    stack.push_back({static_cast<int>(root), 0});
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next_edge == graph[top.node].size()) {
        color[top.node] = kBlack;
        stack.pop_back();
        continue;
      }
      const Edge& edge = graph[top.node][top.next_edge++];
      if (color[edge.callee] == kGray) {
        report(top.node, edge);
        for (size_t i = stack.size(); i > 0; --i) {
          on_cycle[stack[i - 1].node] = true;
          if (stack[i - 1].node == edge.callee) break;
        }
      } else if (color[edge.callee] == kWhite) {
        color[edge.callee] = kGray;
        stack.push_back({edge.callee, 0});
      }
    }
  }
}

// How deeply evaluating each fun nests: its body's height plus the deepest of its callees'
// (an upper bound on the recursion of the evaluator, the compiled code and the Z3 translation,
// which follow a call into the callee's body). `own[i]` is fun i's body height; calls into
// a cycle (already reported) count nothing. Iterative, like FindCycles, and capped at
// `cap` so that a long chain cannot overflow an int.
std::vector<int> EvalDepths(const std::vector<std::vector<Edge>>& graph,
                            const std::vector<int>& own, const std::vector<bool>& on_cycle,
                            int cap) {
  enum State { kNew, kOpen, kDone };
  std::vector<State> state(graph.size(), kNew);
  std::vector<int> depth(graph.size(), 0);
  std::vector<std::pair<int, size_t>> stack;  // node, next edge
  for (size_t root = 0; root < graph.size(); ++root) {
    if (state[root] != kNew) continue;
    state[root] = kOpen;
    stack.push_back({static_cast<int>(root), 0});
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      if (next == graph[node].size()) {
        int deepest = 0;
        for (const Edge& e : graph[node]) {
          if (state[e.callee] == kDone && !on_cycle[e.callee]) {
            deepest = std::max(deepest, depth[e.callee]);
          }
        }
        depth[node] = std::min(cap, own[node] + deepest);
        state[node] = kDone;
        stack.pop_back();
        continue;
      }
      int callee = graph[node][next++].callee;
      if (state[callee] == kNew) {
        state[callee] = kOpen;
        stack.push_back({callee, 0});
      }
    }
  }
  return depth;
}

std::string LocalWord(LocalKind kind) {
  switch (kind) {
    case LocalKind::kParam:
      return "parameter";
    case LocalKind::kLet:
      return "`let` local";
    case LocalKind::kLoop:
      return "loop variable";
    case LocalKind::kBinder:
      return "trigger binder";
    case LocalKind::kPlace:
      return "`var` parameter";
  }
  return "local";
}

}  // namespace

ir::ExprPtr TypeChecker::CheckCall(const ast::Expr& e) {
  if (IsMovedCall(e)) return CheckMoved(e);
  bool handled = false;
  ir::ExprPtr builtin = CheckBuiltinCall(e, &handled);
  if (handled) return builtin;
  auto check_args = [&] {
    for (const ast::ExprPtr& a : e.operands) CheckExpr(*a);
  };
  const Symbol* s = FindGlobal(e.name);
  if (const Local* local = FindLocal(e.name)) {
    Error(e.loc, absl::StrCat(Quote(e.name), " is a ", LocalWord(local->kind), ", not a function"));
    check_args();
    return ErrorExpr(e.loc);
  }
  if (s == nullptr && IsSubBagCall(e)) {
    Error(e.loc,
          "`sub(b, n)` is written only as the domain of a `choose` or a `roll` (`choose h in "
          "sub(hand, 2) { }`): it is each way of taking n copies out of b");
    check_args();
    return ErrorExpr(e.loc);
  }
  if (s == nullptr) {
    std::vector<std::string> names = GlobalNames({SymbolKind::kFun});
    for (const char* b :
         {"len", "size", "top", "bottom", "empty", "min", "max", "abs", "next", "prev", "ord"}) {
      names.push_back(b);
    }
    Error(e.loc, absl::StrCat("undefined function ", Quote(e.name),
                              Suggest(e.name, [&] { return names; })));
    check_args();
    return ErrorExpr(e.loc);
  }
  if (s->kind == SymbolKind::kType) {
    if (const ir::Type* et = EnumTypeNamed(e.name)) return CheckEnumOf(e, et);
  }
  if (s->kind != SymbolKind::kFun) {
    Error(e.loc,
          s->kind == SymbolKind::kProc
              ? absl::StrCat(Quote(e.name),
                             " is a procedure: call it as a statement, "
                             "not inside an expression")
              : absl::StrCat(Quote(e.name), " is ", WithArticle(s->kind), ", not a function"));
    check_args();
    return ErrorExpr(e.loc);
  }
  const ir::Fun& f = program_.funs[s->index];
  if (!ArgCount(absl::StrCat("function ", Quote(e.name)), e.loc, f.params.size(),
                e.operands.size())) {
    check_args();
    return ErrorExpr(e.loc);
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kCall, f.result, e.loc);
  r->index = s->index;
  bool ok = !IsError(f.result);
  for (size_t i = 0; i < e.operands.size(); ++i) {
    r->args.push_back(Coerce(CheckExpr(*e.operands[i]), f.params[i].type));
    ok = ok && !IsError(r->args.back()->type);
  }
  return ok ? std::move(r) : ErrorExpr(e.loc);
}

void TypeChecker::CheckRecursion() {
  auto build = [&](SymbolKind kind, size_t n, auto&& body_calls) {
    std::vector<std::vector<Edge>> graph(n);
    for (size_t i = 0; i < n; ++i) {
      body_calls(i, [&](const std::string& name, ir::Location loc) {
        const Symbol* s = FindGlobal(name);
        if (s != nullptr && s->kind == kind) graph[i].push_back({s->index, loc});
      });
    }
    return graph;
  };
  auto names = [](const auto& decl_of, int from, int to) {
    return from == to ? absl::StrCat(Quote(decl_of(from)), " calls itself")
                      : absl::StrCat(Quote(decl_of(from)), " calls ", Quote(decl_of(to)),
                                     ", which leads back to ", Quote(decl_of(from)));
  };

  fun_recursive_.assign(fun_decls_.size(), false);
  auto fun_graph = build(SymbolKind::kFun, fun_decls_.size(),
                         [&](size_t i, auto&& f) { ExprCalls(fun_decls_[i]->value.get(), f); });
  auto fun_name = [&](int i) { return fun_decls_[i]->name; };
  FindCycles(
      fun_graph,
      [&](int from, const Edge& e) {
        Error(e.loc, absl::StrCat("recursive call: ", names(fun_name, from, e.callee),
                                  "; functions cannot be recursive"));
      },
      fun_recursive_);
  // Every later stage follows a call into the callee's body by recursion; bound how deep that
  // goes. The error names the fun where the chain first grows too deep.
  std::vector<int> own(fun_decls_.size(), 1);
  for (size_t i = 0; i < own.size(); ++i) {
    if (fun_decls_[i]->value != nullptr) own[i] = fun_decls_[i]->value->height;
  }
  std::vector<int> depth = EvalDepths(fun_graph, own, fun_recursive_, kMaxEvalDepth + 1);
  for (size_t i = 0; i < depth.size(); ++i) {
    bool callees_fit = std::all_of(fun_graph[i].begin(), fun_graph[i].end(),
                                   [&](const Edge& e) { return depth[e.callee] <= kMaxEvalDepth; });
    if (depth[i] > kMaxEvalDepth && callees_fit &&
        TooDeep(
            depth[i], kMaxEvalDepth, fun_decls_[i]->name_loc,
            absl::StrCat("evaluating ", Quote(fun_decls_[i]->name), ", with the funs it calls,"))) {
      break;
    }
  }

  proc_recursive_.assign(procs_.size(), false);
  auto proc_graph = build(SymbolKind::kProc, procs_.size(),
                          [&](size_t i, auto&& f) { BlockCalls(procs_[i].decl->body, f); });
  auto proc_name = [&](int i) { return procs_[i].decl->name; };
  FindCycles(
      proc_graph,
      [&](int from, const Edge& e) {
        Error(e.loc, absl::StrCat("recursive call: ", names(proc_name, from, e.callee),
                                  "; procedures are inlined and cannot be recursive"));
      },
      proc_recursive_);
}

}  // namespace rulecheck::front
