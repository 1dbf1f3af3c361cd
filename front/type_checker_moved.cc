// `moved(R)` and `moved(R(a, _, ...))`: in a property, "the move that reached this state was
// an instance of action or trigger R (whose arguments match the pattern)". It is a rewrite
// into the IR both engines already run, so it has one meaning: each distinct pattern gets a
// hidden bool state variable (ir::StateVar::hidden), `moved(...)` reads it, and every action
// and trigger body starts by setting it to whether that move matches the pattern. A model
// that uses no `moved` gets no hidden state, so its states are the same as before; one that
// does has its states told apart by the markers it asks about, as a ghost variable would.
//
// The markers are false in the initial states (no move reached them). A trigger's resolution
// is a move like an action: after it, `moved(attack)` is false and `moved(mimicry)` true.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

bool IsWildcard(const ast::Expr& e) { return e.kind == ast::ExprKind::kName && e.name == "_"; }

}  // namespace

bool TypeChecker::IsMovedCall(const ast::Expr& e) const {
  return e.name == "moved" && FindLocal(e.name) == nullptr && FindGlobal(e.name) == nullptr;
}

std::optional<ir::MovePattern> TypeChecker::CheckMovePattern(const ast::Expr& rule,
                                                             std::string_view form) {
  if (rule.kind != ast::ExprKind::kName && rule.kind != ast::ExprKind::kCall) {
    Error(rule.loc, absl::StrCat("expected an action or trigger after ", std::string(form),
                                 ", as in attack or attack(P1, _)"));
    return std::nullopt;
  }
  const Symbol* s = FindGlobal(rule.name);
  if (s == nullptr || (s->kind != SymbolKind::kAction && s->kind != SymbolKind::kTrigger)) {
    Error(rule.loc,
          s == nullptr
              ? absl::StrCat(
                    "unknown action or trigger ", Quote(rule.name),
                    Suggest(rule.name,
                            [&] {
                              return GlobalNames({SymbolKind::kAction, SymbolKind::kTrigger});
                            }))
              : absl::StrCat(Quote(rule.name), " is ", WithArticle(s->kind),
                             ", not an action or trigger"));
    return std::nullopt;
  }
  ir::MovePattern pattern;
  pattern.trigger = s->kind == SymbolKind::kTrigger;
  pattern.rule = s->index;
  const std::vector<ir::Param>& params =
      pattern.trigger ? program_.triggers[s->index].binders : program_.actions[s->index].params;
  if (rule.kind == ast::ExprKind::kCall) {
    if (!ArgCount(absl::StrCat(Describe(s->kind), " ", Quote(rule.name)), rule.loc, params.size(),
                  rule.operands.size())) {
      return std::nullopt;
    }
    bool ok = true;
    for (size_t i = 0; i < params.size(); ++i) {
      const ast::Expr& arg = *rule.operands[i];
      if (IsWildcard(arg)) {
        pattern.args.emplace_back();
        continue;
      }
      ir::ExprPtr value = Coerce(CheckExpr(arg), params[i].type);
      // A parameter whose type was refused (reported at the rule) matches nothing: its
      // argument keeps its own type (`none` its placeholder, with no element type).
      if (IsError(value->type) || IsError(params[i].type)) {
        ok = false;
        continue;
      }
      const std::optional<int64_t> folded = Fold(*value);
      if (!folded.has_value()) {
        Error(arg.loc, absl::StrCat("an argument of ", std::string(form),
                                    " is a constant or `_`, which matches any value of ",
                                    Quote(params[i].name)));
        ok = false;
      } else if (!params[i].type->Contains(*folded)) {
        Error(arg.loc, absl::StrCat(*folded, " is not a value of ", Quote(params[i].name), " (",
                                    TypeName(params[i].type), ")"));
        ok = false;
      }
      pattern.args.push_back(folded);
    }
    if (!ok) return std::nullopt;
  }
  // `r` and `r(_, _)` are one pattern.
  if (std::none_of(pattern.args.begin(), pattern.args.end(),
                   [](const std::optional<int64_t>& a) { return a.has_value(); })) {
    pattern.args.clear();
  }
  return pattern;
}

ir::ExprPtr TypeChecker::CheckMoved(const ast::Expr& e) {
  if (!moved_allowed_) {
    Error(e.loc,
          "`moved(...)` names the move that reached a state: it can be used only in "
          "`invariant`, `reachable` and `query` conditions, not in a guard, a body, a fun, "
          "`terminal when`, a policy or a constant");
    return ErrorExpr(e.loc);
  }
  if (e.operands.size() != 1) {
    Error(e.loc, absl::StrCat("`moved` takes one action or trigger, as in moved(attack) or "
                              "moved(attack(P1, _)); found ",
                              e.operands.size(), " arguments"));
    return ErrorExpr(e.loc);
  }
  std::optional<ir::MovePattern> pattern = CheckMovePattern(*e.operands[0], "`moved`");
  if (!pattern.has_value()) return ErrorExpr(e.loc);
  MoveMarker marker;
  marker.pattern = std::move(*pattern);
  // One hidden variable per distinct pattern (`moved(r)` and `moved(r(_, _))` are one).
  int var = -1;
  for (const MoveMarker& m : move_markers_) {
    if (m.pattern == marker.pattern) var = m.var;
  }
  if (var < 0) {
    ir::StateVar hidden;
    hidden.name = absl::StrCat("moved#", move_markers_.size());
    hidden.loc = e.loc;
    hidden.type = types_.Bool();
    hidden.hidden = true;
    var = static_cast<int>(program_.state.size());
    program_.state.push_back(std::move(hidden));
    marker.var = var;
    move_markers_.push_back(std::move(marker));
  }
  ir::ExprPtr r = MakeExpr(ir::ExprOp::kStateVar, types_.Bool(), e.loc);
  r->index = var;
  return r;
}

void TypeChecker::AddMoveMarkers() {
  if (move_markers_.empty()) return;
  // Whether the move of a rule matches `m`: false for another rule, else its pattern.
  auto matches = [&](const MoveMarker& m, bool trigger, int rule,
                     const std::vector<ir::Param>& params, ir::Location loc) {
    auto literal = [&](const ir::Type* type, int64_t value) {
      ir::ExprPtr c = MakeExpr(ir::ExprOp::kConst, type, loc);
      c->value = value;
      return c;
    };
    const ir::MovePattern& pattern = m.pattern;
    if (pattern.trigger != trigger || pattern.rule != rule) return literal(types_.Bool(), 0);
    ir::ExprPtr all;
    for (size_t i = 0; i < pattern.args.size() && i < params.size(); ++i) {
      if (!pattern.args[i].has_value()) continue;
      ir::ExprPtr eq = MakeExpr(ir::ExprOp::kEq, types_.Bool(), loc);
      ir::ExprPtr local = MakeExpr(ir::ExprOp::kLocal, params[i].type, loc);
      local->index = params[i].slot;
      eq->args.push_back(std::move(local));
      eq->args.push_back(literal(params[i].type, *pattern.args[i]));
      if (all == nullptr) {
        all = std::move(eq);
        continue;
      }
      ir::ExprPtr both = MakeExpr(ir::ExprOp::kAnd, types_.Bool(), loc);
      both->args.push_back(std::move(all));
      both->args.push_back(std::move(eq));
      all = std::move(both);
    }
    return all != nullptr ? std::move(all) : literal(types_.Bool(), 1);
  };
  auto mark = [&](ir::Block& body, bool trigger, int rule, const std::vector<ir::Param>& params,
                  ir::Location loc) {
    std::vector<ir::StmtPtr> stmts;
    for (const MoveMarker& m : move_markers_) {
      auto set = std::make_unique<ir::Stmt>();
      set->op = ir::StmtOp::kAssign;
      set->loc = loc;
      set->place = MakeExpr(ir::ExprOp::kStateVar, types_.Bool(), loc);
      set->place->index = m.var;
      set->value = matches(m, trigger, rule, params, loc);
      stmts.push_back(std::move(set));
    }
    for (ir::StmtPtr& stmt : body.stmts) stmts.push_back(std::move(stmt));
    body.stmts = std::move(stmts);
  };
  for (size_t a = 0; a < program_.actions.size(); ++a) {
    ir::Action& action = program_.actions[a];
    mark(action.body, false, static_cast<int>(a), action.params, action.loc);
  }
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    ir::Trigger& trigger = program_.triggers[t];
    mark(trigger.body, true, static_cast<int>(t), trigger.binders, trigger.loc);
  }
}

}  // namespace rulecheck::front
